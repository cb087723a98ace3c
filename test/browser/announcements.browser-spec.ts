import type { Browser, Page } from 'playwright-core';
import { Api, adminPage, attemptName, describeInBrowser, launchBrowser, logInThroughUi, newPage, startTarget, type Target } from './browserTarget';
import { expectConsoleErrors, failedLoad } from './pageWatch';
import { eventually, holdRequests, shot as shotInto } from './waits';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Screenshots for a person to look at (FIGURE_SHOTS=dir); none by default. */
const SHOTS = process.env.FIGURE_SHOTS;

const shot = (page: Page, name: string) => shotInto(page, SHOTS, name);

/**
 * Announcements end to end (spec 02 §2.4, spec 01 §2): the announcer publishes one with a link
 * that must be clicked and adds a user through the 'Add users' dialog; that user sees it on the
 * landing page, is told to click the link first, clicks it (the redirect route goes to the
 * link) and acknowledges it; the list's counts show it. The announcer at 1280 px, the user at 800.
 * The display day is far ahead of the real clock, as the landing page shows only current ones.
 */
describeInBrowser('announcements in a browser', () => {
  jest.setTimeout(240_000);

  let target: Target;
  let browser: Browser;
  let api: Api;
  let reader: Row;
  let store: Row;
  const password = 'Announce-1234!';

  beforeAll(async () => {
    target = await startTarget();
    browser = await launchBrowser();
    api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    store = (
      await api.send('POST', 'store', {
        name: attemptName('Announce store'),
        storeTypeID: (await api.send('POST', 'storeType', { name: attemptName('Announce type') })).data.storeTypeID,
      })
    ).data;
    const profile = (await api.send('POST', 'accessProfile', { name: attemptName('Announce readers'), systemAreas: 'RecordSales', storeIDs: [store.storeID] }))
      .data;
    const name = attemptName('Rita Reader');
    reader = (
      await api.send('POST', 'user', {
        name,
        email: `${name.replace(/\s/g, '.').toLowerCase()}@example.com`,
        password,
        confirm: password,
        accessProfileID: profile.accessProfileID,
      })
    ).data;
  });
  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  it("publish with a link, see it on the user's landing page, click and acknowledge it, see the counts", async () => {
    const title = attemptName('Read the new policy');
    const link = `${target.baseUrl}/api/appName`;

    // The announcer publishes it.
    const admin = await adminPage(browser, target, 1280);
    await admin.locator('.ant-menu').getByText('Announcements').click();
    await admin.waitForURL(/\/announcements$/);
    await admin.getByRole('button', { name: 'Add' }).click();
    const dialog = admin.locator('.ant-modal-content');
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Message').fill('Please read the policy before your next shift.');
    await dialog.getByLabel('Display until').fill('31/12/2099');
    // Enter would save the form: Tab leaves the picker with the typed day.
    await dialog.getByLabel('Display until').press('Tab');
    await dialog.getByText('A link', { exact: true }).click();
    await dialog.getByLabel('URL').fill('ftp://example.com');
    await dialog.getByText('The URL must be a web address starting with http:// or https://').waitFor();
    await dialog.getByLabel('URL').fill(link);
    await dialog.getByLabel('Must click').click();
    await shot(admin, 'announcement-dialog-1280');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = admin.locator('tr.ant-table-row', { hasText: title }).first();
    await row.waitFor();
    await shot(admin, 'announcements-1280');

    // ... and adds the user from the users screen.
    await row.getByRole('button', { name: 'Users' }).click();
    await admin.waitForURL(/\/announcements\/\d+\/announcementUsers$/);
    await admin.locator('.announcement-users-title', { hasText: title }).waitFor();
    await admin.getByRole('button', { name: 'Add users' }).click();
    const add = admin.locator('.ant-modal-content', { hasText: 'Add users' });
    await add.locator('#recipient-users').click();
    await add.locator('#recipient-users').fill(String(reader.name));
    await admin.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: String(reader.name) }).click();
    // A multiple select stays open after a choice: a click beside it closes it.
    await add.locator('p').first().click();
    await shot(admin, 'announcement-add-users-1280');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await admin.getByText('1 user added.').waitFor();
    const recipientRow = admin.locator('tr.ant-table-row', { hasText: String(reader.name) });
    await recipientRow.waitFor();
    expect(await recipientRow.textContent()).toContain('Never');

    // The user sees it on the landing page, at 800 px.
    const { page } = await newPage(browser, 800);
    await logInThroughUi(page, target.baseUrl, String(reader.email), password);
    const card = page.locator('.my-announcement', { hasText: title });
    await card.waitFor();
    await card.getByText('Please read the policy before your next shift.').waitFor();
    await shot(page, 'landing-announcement-800');

    // OK before clicking the link: the server refuses it, the dialog says to click it first, and the announcement stays.
    expectConsoleErrors(failedLoad(400, '/api/announcement/'));
    await card.getByRole('button', { name: /^OK/ }).click();
    const refusal = page.locator('.ant-modal-content', { hasText: 'Please click the link or download the file first' });
    await refusal.getByText('Please click the link before acknowledging this announcement').waitFor();
    await shot(page, 'landing-refusal-800');
    await refusal.getByRole('button', { name: 'OK' }).click();
    await refusal.waitFor({ state: 'hidden' });

    // The link opens the redirect route in a new tab, which goes on to the link.
    const [popup] = await Promise.all([page.waitForEvent('popup'), card.getByText('Open the link').click()]);
    await popup.waitForURL(link);
    await popup.close();

    await card.getByRole('button', { name: /^OK/ }).click();
    await card.waitFor({ state: 'detached' });

    // The announcer sees it seen, clicked and acknowledged.
    await admin.reload();
    await recipientRow.waitFor();
    const status = (await recipientRow.textContent()) ?? '';
    expect(status.match(/Yes, \d\d\/\d\d\/\d{4}/g)?.length).toBe(3);
    await shot(admin, 'announcement-users-1280');
    await admin.goto(`${target.baseUrl}/announcements`);
    const counts = admin.locator('tr.ant-table-row', { hasText: title }).first();
    await counts.waitFor();
    const cells = await counts.locator('td').allTextContents();
    // Users, seen, clicked, acknowledged: the four count columns, in that order, each 1.
    const headers = await admin.locator('thead th').allTextContents();
    for (const heading of ['Users', 'Seen', 'Clicked', 'Acknowledged']) expect(cells[headers.indexOf(heading)]).toBe('1');
    // At 1280 px every count shows without scrolling: the table fits its card (no column under the row actions).
    const fits = await admin
      .locator('.ant-table-content')
      .first()
      .evaluate((box) => box.scrollWidth <= box.clientWidth);
    expect(fits).toBe(true);
  });

  it('four announcements take one line above the figures; the others are in a drawer, and OK says it was acknowledged', async () => {
    const name = attemptName('Nora Numbers');
    const profile = (
      await api.send('POST', 'accessProfile', { name: attemptName('Numbers first'), systemAreas: 'RecordSales', storeIDs: [store.storeID], showRevenue: true })
    ).data;
    const nora = (
      await api.send('POST', 'user', {
        name,
        email: `${name.replace(/\s/g, '.').toLowerCase()}@example.com`,
        password,
        confirm: password,
        accessProfileID: profile.accessProfileID,
      })
    ).data;
    const titles: string[] = [];
    for (const [i, type] of (['info', 'warning', 'error', 'success'] as const).entries()) {
      const title = attemptName(`Notice ${i + 1}`);
      const created = (
        await api.send('POST', 'announcement', {
          type,
          title,
          message: `Message ${i + 1}: ${'read this before your next shift, '.repeat(4)}`,
          displayUntil: '2099-12-31',
          acknowledgable: true,
        })
      ).data;
      await api.send('POST', `announcement/${Number(created.announcementID)}/announcementUsers`, { userIDs: [nora.userID] });
      titles.push(title);
    }
    const { page } = await newPage(browser, 1280);
    await logInThroughUi(page, target.baseUrl, String(nora.email), password);
    const strip = page.locator('.my-announcements');
    await strip.locator('.my-announcement').first().waitFor();
    // One announcement on one line, the newest, and a link to the three others.
    expect(await strip.locator('.my-announcement').count()).toBe(1);
    await strip.locator('.my-announcement', { hasText: titles[3] }).waitFor();
    const line = (await strip.locator('.my-announcement').boundingBox())!;
    expect(line.height).toBeLessThan(60);
    // The figures start on the first screen (800 px tall).
    const card = page.locator('.kpi-card-title').first();
    await card.waitFor();
    expect((await card.boundingBox())!.y).toBeLessThan(800 - 100);
    await shot(page, 'landing-four-announcements-1280');

    await strip.getByRole('button', { name: '3 more announcements' }).click();
    const drawer = page.locator('.my-announcements-drawer');
    await drawer.getByText('Announcements (4)').waitFor();
    for (const title of titles) await drawer.locator('.my-announcement', { hasText: title }).waitFor();
    await shot(page, 'landing-announcements-drawer-1280');
    await drawer.locator('.my-announcement', { hasText: titles[0] }).getByRole('button', { name: /^OK/ }).click();
    await page.locator('.ant-message', { hasText: `Announcement ${titles[0]} acknowledged` }).waitFor();
    await drawer.getByText('Announcements (3)').waitFor();
    expect(await drawer.locator('.my-announcement', { hasText: titles[0] }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await drawer.locator('.ant-drawer-content').waitFor({ state: 'hidden' });
    await strip.getByRole('button', { name: '2 more announcements' }).waitFor();
    await page.close();
  });

  it('each screen at 800 px, and the redirect route while it loads', async () => {
    const page = await adminPage(browser, target, 800);
    await page.goto(`${target.baseUrl}/announcements`);
    await page.locator('tr.ant-table-row').first().waitFor();
    await shot(page, 'announcements-800');
    await page.locator('tr.ant-table-row').first().getByRole('button', { name: 'Users' }).click();
    await page.locator('tr.ant-table-row').first().waitFor();
    await shot(page, 'announcement-users-800');
    await page.getByRole('button', { name: 'Add users' }).click();
    await page.locator('.ant-modal-content', { hasText: 'Add users' }).getByText('Access profiles', { exact: true }).waitFor();
    // Below the desktop breakpoint the dialog fills the screen.
    await eventually(async () => expect((await page.locator('.ant-modal-content', { hasText: 'Add users' }).boundingBox())?.width).toBe(800));
    await shot(page, 'announcement-add-users-800');
    await page.keyboard.press('Escape');

    // The link's answer is held back, so 'Loading link...' shows; an id not addressed to the user is refused.
    expectConsoleErrors(failedLoad(404, '/api/announcement/999999/url'), /Announcement link failed ApiError: Announcement not found/);
    const link = await holdRequests(page, (url) => /^\/api\/announcement\/\d+\/url$/.test(url.pathname));
    await page.goto(`${target.baseUrl}/announcement/urlRedirect/999999`);
    await page.getByText('Loading link...').waitFor();
    await shot(page, 'url-redirect-loading-800');
    link.release();
    await page.getByText('The link could not be opened').waitFor();
  });
});
