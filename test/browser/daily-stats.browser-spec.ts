import type { Browser, Page } from 'playwright-core';
import { Api, adminPage, attemptName, describeInBrowser, launchBrowser, logInThroughUi, newPage, startTarget, type Target } from './browserTarget';
import { expectConsoleErrors, failedLoad } from './pageWatch';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The exact texts of spec 02 §2.1, §2.2 and §4. */
const UNSAVED_QUESTION = 'You have NOT saved your changes, are you sure you want to continue?';
const NO_STATS_TO_RECORD = 'There are no stats to record. Consider changing the settings on the store type to record staff count, footfall or chat count...';

/** March 2019: this file's month (stores are its own, so nothing else writes them). */
const MONTH = '2019-03-01';
/** Monday 4 to Sunday 10 March 2019. */
const WEEK = [4, 5, 6, 7, 8, 9, 10].map((day) => {
  const date = `2019-03-${String(day).padStart(2, '0')}`;
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][day - 4];
  return {
    date,
    label: `${weekday} ${String(day).padStart(2, '0')}/03/2019`,
    footfall: 100 + day,
    chatCount: day,
    staffCount: day % 2 ? `${day}.5` : String(day),
  };
});

/**
 * The daily stats input screen (issue 11) on the shared grid editor: a week typed in, saved,
 * read back after a reload; keystrokes filtered by column; the question on leaving unsaved
 * changes (staying on No, leaving on Yes); 'Saving...' with its cancelling overlay; the text for
 * a store type recording nothing; at 1280 and 800 px.
 */
describeInBrowser('daily stats input in a browser', () => {
  jest.setTimeout(180_000);

  let target: Target;
  let browser: Browser;
  let api: Api;
  let recording: Row;
  let recordingNothing: Row;

  beforeAll(async () => {
    target = await startTarget();
    browser = await launchBrowser();
    api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    // New stores join the administrator's profile.
    const allThree = await api.send('POST', 'storeType', {
      name: attemptName('Counting'),
      recordFootfall: true,
      recordChatCount: true,
      recordStaffCount: true,
    });
    const none = await api.send('POST', 'storeType', { name: attemptName('Quiet') });
    recording = (await api.send('POST', 'store', { name: attemptName('Daily North'), storeTypeID: allThree.data.storeTypeID })).data;
    recordingNothing = (await api.send('POST', 'store', { name: attemptName('Daily Quiet'), storeTypeID: none.data.storeTypeID })).data;
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  const monthPath = (store: Row) => `${target.baseUrl}/daily/dailyStats/${MONTH}/${store.storeID}`;
  const cell = (page: Page, title: string, label: string) => page.getByLabel(`${title} ${label}`, { exact: true });
  const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });

  async function openMonth(page: Page, store: Row): Promise<void> {
    await page.goto(monthPath(store));
    await page.locator('.grid-editor-table').waitFor();
  }

  it('enters a week, saves it and reads it back after a reload (1280 px)', async () => {
    const page = await adminPage(browser, target, 1280);
    await openMonth(page, recording);
    expect(await page.locator('.grid-editor-table tbody tr.ant-table-row').count()).toBe(31);
    expect(await page.locator('.grid-editor-table thead th').allInnerTexts()).toEqual(['Day', 'Footfall', 'Chats', 'Staff']);
    expect(await saveButton(page).isDisabled()).toBe(true);

    // Footfall and chats take digits only, staff digits and one point (spec 02 §5).
    const firstFootfall = cell(page, 'Footfall', WEEK[0].label);
    await firstFootfall.pressSequentially('1a0.4');
    expect(await firstFootfall.inputValue()).toBe('104');
    const firstStaff = cell(page, 'Staff', WEEK[0].label);
    await firstStaff.pressSequentially('4.x5.');
    expect(await firstStaff.inputValue()).toBe('4.5');
    await firstFootfall.fill('');
    await firstStaff.fill('');

    for (const day of WEEK) {
      await cell(page, 'Footfall', day.label).fill(String(day.footfall));
      await cell(page, 'Chats', day.label).fill(String(day.chatCount));
      await cell(page, 'Staff', day.label).fill(day.staffCount);
    }
    expect(await saveButton(page).isEnabled()).toBe(true);
    await saveButton(page).click();
    await page.waitForFunction(
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs in the page, where document is the DOM's
      (selector) => Boolean((globalThis as any).document.querySelector(selector)?.disabled),
      '.grid-editor-save button.ant-btn-primary',
    );

    const saved = await api.send<{ listData: Row[] }>('GET', `dailyStats?storeID=${recording.storeID}&dailyStatDateGEQ=2019-03-01&dailyStatDateLEQ=2019-03-31`);
    expect(saved.listData.map((row) => [row.dailyStatDate.slice(0, 10), row.footfall, row.chatCount, Number(row.staffCount)])).toEqual(
      WEEK.map((day) => [day.date, day.footfall, day.chatCount, Number(day.staffCount)]),
    );

    await page.reload();
    await page.locator('.grid-editor-table').waitFor();
    for (const day of WEEK) {
      expect(await cell(page, 'Footfall', day.label).inputValue()).toBe(String(day.footfall));
      expect(await cell(page, 'Chats', day.label).inputValue()).toBe(String(day.chatCount));
      expect(await cell(page, 'Staff', day.label).inputValue()).toBe(day.staffCount);
    }
    expect(await cell(page, 'Footfall', 'Mon 11/03/2019').inputValue()).toBe('');
    expect(await saveButton(page).isDisabled()).toBe(true);
    await page.context().close();
  });

  it('asks before leaving unsaved changes: No stays, Yes leaves', async () => {
    const page = await adminPage(browser, target, 1280);
    await openMonth(page, recording);
    await cell(page, 'Footfall', 'Mon 18/03/2019').fill('77');
    await page.getByRole('tab', { name: 'Daily Report' }).click();

    const question = page.getByRole('dialog').filter({ hasText: UNSAVED_QUESTION });
    await question.waitFor();
    await question.getByRole('button', { name: 'No' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(`/daily/dailyStats/${MONTH}/${recording.storeID}`);
    expect(await cell(page, 'Footfall', 'Mon 18/03/2019').inputValue()).toBe('77');
    expect(await saveButton(page).isEnabled()).toBe(true);

    // Asked again on the next try; Yes leaves without saving.
    await page.getByRole('tab', { name: 'Daily Report' }).click();
    await question.waitFor();
    await question.getByRole('button', { name: 'Yes' }).click();
    // The report opens (at its default store and day: /daily/dailyReport/{storeID}/{date}).
    await page.waitForURL(/\/daily\/dailyReport(\/|$)/);
    await page.getByRole('tab', { name: 'Daily Report', selected: true }).waitFor();

    // Nothing was saved by leaving.
    const stats = await api.send<{ listData: Row[] }>('GET', `dailyStats?storeID=${recording.storeID}&dailyStatDateGEQ=2019-03-18&dailyStatDateLEQ=2019-03-18`);
    expect(stats.listData).toEqual([]);
    await page.context().close();
  });

  it('closing the tab with unsaved changes asks the browser question', async () => {
    const page = await adminPage(browser, target, 1280);
    await openMonth(page, recording);
    await cell(page, 'Chats', 'Tue 19/03/2019').fill('5');
    // Answered 'Leave', so the tab closes as a user's would: a tab kept open after the question
    // and then torn down with its context once took the whole browser down (Chromium 156).
    const dialog = new Promise<string>((resolve) => page.once('dialog', (d) => void d.accept().then(() => resolve(d.type()))));
    const closed = page.waitForEvent('close');
    await page.close({ runBeforeUnload: true });
    expect(await dialog).toBe('beforeunload');
    await closed;
    await page.context().close();
  });

  it('shows Saving... with an overlay that cancels, leaving the grid unsaved', async () => {
    const page = await adminPage(browser, target, 1280);
    await openMonth(page, recording);
    // The save is held until the test lets it go, so the saving state can be seen.
    let held: (() => Promise<void>) | undefined;
    await page.route('**/api/dailyStats/*', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      held = () => route.abort();
    });
    await cell(page, 'Footfall', 'Wed 20/03/2019').fill('88');
    await saveButton(page).click();
    const saveArea = page.locator('.grid-editor-save');
    await saveArea.getByRole('button', { name: /Saving\.\.\./ }).waitFor();
    await saveArea.getByRole('button', { name: 'Cancel', exact: true }).waitFor();
    const overlay = page.getByText('Saving... click to cancel');
    await overlay.waitFor();

    await overlay.click();
    await overlay.waitFor({ state: 'hidden' });
    expect(await saveButton(page).isEnabled()).toBe(true);
    expect(await cell(page, 'Footfall', 'Wed 20/03/2019').inputValue()).toBe('88');
    await held?.();
    await page.unroute('**/api/dailyStats/*');

    // Saving again goes through.
    await saveButton(page).click();
    await page.waitForFunction(
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs in the page, where document is the DOM's
      (selector) => Boolean((globalThis as any).document.querySelector(selector)?.disabled),
      '.grid-editor-save button.ant-btn-primary',
    );
    const stats = await api.send<{ listData: Row[] }>('GET', `dailyStats?storeID=${recording.storeID}&dailyStatDateGEQ=2019-03-20&dailyStatDateLEQ=2019-03-20`);
    expect(stats.listData.map((row) => row.footfall)).toEqual([88]);
    await page.context().close();
  });

  it('a refused save names each failing cell, as the record dialog does, and stays unsaved', async () => {
    // The server refuses the save with a 400 naming the cells.
    expectConsoleErrors(failedLoad(400, '/api/dailyStats/'));
    const page = await adminPage(browser, target, 1280);
    await openMonth(page, recording);
    await cell(page, 'Footfall', 'Mon 25/03/2019').fill('9999999');
    await cell(page, 'Staff', 'Tue 26/03/2019').fill('5000');
    await saveButton(page).click();
    const failure = page.locator('.grid-editor-failure');
    const summary = failure.locator('.ant-alert-message');
    await summary.waitFor();
    expect(await summary.innerText()).toBe('Please correct 2 fields');
    expect(await failure.locator('.fail-details li').allInnerTexts()).toEqual([
      'Mon 25/03/2019 Footfall - Footfall must be at most 1000000',
      'Tue 26/03/2019 Staff - Staff count must be at most 1000',
    ]);
    expect(await saveButton(page).isEnabled()).toBe(true);

    // One left: its message alone.
    await cell(page, 'Staff', 'Tue 26/03/2019').fill('5');
    await saveButton(page).click();
    await page.waitForFunction(
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs in the page, where document is the DOM's
      (text) => (globalThis as any).document.querySelector('.grid-editor-failure .ant-alert-message')?.textContent === text,
      'Mon 25/03/2019 Footfall - Footfall must be at most 1000000',
    );
    expect(await failure.locator('.fail-details li').count()).toBe(0);
    const stats = await api.send<{ listData: Row[] }>('GET', `dailyStats?storeID=${recording.storeID}&dailyStatDateGEQ=2019-03-25&dailyStatDateLEQ=2019-03-26`);
    expect(stats.listData).toEqual([]);
    await page.context().close();
  });

  it('a store whose type records nothing says there is nothing to record', async () => {
    const page = await adminPage(browser, target, 1280);
    await page.goto(monthPath(recordingNothing));
    await page.getByText(NO_STATS_TO_RECORD, { exact: true }).waitFor();
    expect(await page.locator('.grid-editor-table').count()).toBe(0);
    await page.context().close();
  });

  it('without parameters opens the first of the current month at a store of the profile', async () => {
    const page = await adminPage(browser, target, 1280);
    await page.goto(`${target.baseUrl}/daily/dailyStats`);
    await page.waitForURL(/\/daily\/dailyStats\/\d{4}-\d{2}-01\/\d+$/);
    const now = new Date();
    const first = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-01`;
    expect(new URL(page.url()).pathname.startsWith(`/daily/dailyStats/${first}/`)).toBe(true);
    await page.context().close();
  });

  it('without RecordDailyStats the same month shows read-only: values, no boxes, no Save', async () => {
    const profile = await api.send('POST', 'accessProfile', { name: attemptName('Daily readers'), systemAreas: 'RecordSales', storeIDs: [recording.storeID] });
    const name = attemptName('Rita Reader');
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
    const password = 'Reader-pass-1234';
    await api.send('POST', 'user', { name, email, password, confirm: password, accessProfileID: profile.data.accessProfileID, storeID: recording.storeID });

    const { page } = await newPage(browser, 1280);
    await logInThroughUi(page, target.baseUrl, email, password);
    await openMonth(page, recording);
    const monday = page.locator('.grid-editor-table tbody tr', { hasText: WEEK[0].label });
    expect(await monday.locator('td').allInnerTexts()).toEqual([WEEK[0].label, String(WEEK[0].footfall), String(WEEK[0].chatCount), WEEK[0].staffCount]);
    expect(await page.locator('.grid-editor-table input').count()).toBe(0);
    expect(await saveButton(page).count()).toBe(0);
    await page.context().close();
  });

  it('at 800 px the table scrolls inside its area with the day column fixed', async () => {
    const page = await adminPage(browser, target, 800);
    await openMonth(page, recording);
    expect(await cell(page, 'Footfall', WEEK[0].label).inputValue()).toBe(String(WEEK[0].footfall));
    // The page itself never scrolls sideways; every column header is there.
    const overflow = await page.evaluate(() => {
      const doc = (globalThis as any).document; // eslint-disable-line @typescript-eslint/no-explicit-any
      return doc.documentElement.scrollWidth - doc.documentElement.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.locator('.grid-editor-table thead th').allInnerTexts()).toEqual(['Day', 'Footfall', 'Chats', 'Staff']);
    expect(await page.locator('.grid-editor-table thead th').first().getAttribute('class')).toContain('ant-table-cell-fix-left');
    await page.context().close();
  });
});
