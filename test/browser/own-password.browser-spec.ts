import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { Api, attemptName, describeInBrowser, launchBrowser, logInThroughUi, newPage, startTarget, type Target } from './browserTarget';
import { expectConsoleErrors, failedLoad } from './pageWatch';

/** Screenshots of the profile dialog go here when set (for looking at them). */
const SHOTS = process.env.PASSWORD_SHOTS;

/**
 * Issue 8: changing your own password in the Profile dialog asks for the current one, and the
 * user stays signed in afterwards (the answer's fresh token replaces the ended one).
 */
describeInBrowser('own password change in the Profile dialog', () => {
  jest.setTimeout(120_000);

  let target: Target;
  let browser: Browser;
  let api: Api;
  let accessProfileID: number;
  let storeID: number;

  beforeAll(async () => {
    target = await startTarget();
    browser = await launchBrowser();
    api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const storeType = await api.send('POST', 'storeType', { name: attemptName('Password type') });
    storeID = Number((await api.send('POST', 'store', { name: attemptName('Password store'), storeTypeID: storeType.data.storeTypeID })).data.storeID);
    const profile = await api.send('POST', 'accessProfile', { name: attemptName('Password staff'), systemAreas: 'RecordSales', storeIDs: [storeID] });
    accessProfileID = Number(profile.data.accessProfileID);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  async function newUser(password: string): Promise<{ email: string; name: string }> {
    const name = attemptName('Pat Password');
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
    await api.send('POST', 'user', { name, email, password, confirm: password, accessProfileID, storeID });
    return { email, name };
  }

  const dialog = (page: Page) => page.locator('.ant-modal-content');
  const errorUnder = (page: Page, text: string) => dialog(page).locator('.ant-form-item-explain-error', { hasText: text });

  async function openProfile(page: Page) {
    await page.locator('.top-bar-user').click();
    await page.locator('.ant-dropdown-menu-item', { hasText: 'Profile' }).click();
    await dialog(page).getByLabel('Current password').waitFor();
  }

  it.each([1280, 800])('asks for the current password and keeps the user signed in (%i px)', async (width) => {
    // The server refuses the save without the current password, then with a wrong one.
    expectConsoleErrors(failedLoad(400, '/api/user/'));
    const oldPassword = 'Old-password-1';
    const newPassword = 'New-password-2';
    const user = await newUser(oldPassword);
    const { page, context } = await newPage(browser, width);
    await logInThroughUi(page, target.baseUrl, user.email, oldPassword);
    await openProfile(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-${width}.png` });

    await dialog(page).getByLabel('Password', { exact: true }).fill(newPassword);
    await dialog(page).getByLabel('Confirm password').fill(newPassword);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await errorUnder(page, 'Enter your current password').waitFor();

    await dialog(page).getByLabel('Current password').fill('Not-my-password');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await errorUnder(page, 'The current password is wrong').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-wrong-${width}.png` });

    await dialog(page).getByLabel('Current password').fill(oldPassword);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    // Still signed in, also after a reload: the cookie holds the fresh token.
    await page.reload();
    await page.locator('.top-bar-avatar').waitFor();
    expect(await page.getByRole('button', { name: 'Log in' }).count()).toBe(0);
    const token = (await context.cookies()).find((cookie) => cookie.name === 'token')?.value;
    const me = await fetch(`${target.baseUrl}/api/user/me`, { headers: { 'x-access-token': decodeURIComponent(token ?? '') } });
    expect(me.status).toBe(200);
    await context.close();

    const again = await newPage(browser, width);
    await logInThroughUi(again.page, target.baseUrl, user.email, newPassword);
    await again.context.close();
  });

  it('an administrator editing someone else is not asked for a current password', async () => {
    const user = await newUser('Someone-else-1');
    const { page, context } = await newPage(browser, 1280);
    await logInThroughUi(page, target.baseUrl, target.adminEmail, target.adminPassword);
    await page.goto(`${target.baseUrl}/data/users`);
    await page.locator('tr.ant-table-row', { hasText: user.name }).getByRole('button', { name: 'Edit' }).click();
    await dialog(page).getByLabel('Confirm password').waitFor();
    expect(await dialog(page).getByLabel('Current password').count()).toBe(0);
    await context.close();
  });
});
