import type { Browser, Page } from 'playwright-core';
import { Api, describeInBrowser, launchBrowser, logInThroughUi, newPage, startTarget, type Target } from './browserTarget';
import { expectConsoleErrors, failedLoad } from './pageWatch';
import { eventually, rowAction } from './waits';

/**
 * The client as a person uses it: logging in and out, the drawer an access
 * profile allows, and a store's whole life through the generic list and
 * record dialog.
 */
describeInBrowser('client in a browser', () => {
  jest.setTimeout(120_000);

  let target: Target;
  let browser: Browser;
  let api: Api;
  // Unique per run, so the tests also work against a long-lived server.
  const run = Date.now().toString(36);
  const storeTypeName = `Kiosk ${run}`;
  const staffEmail = `staff.${run}@example.com`;
  const staffPassword = 'Staff123!pass';

  beforeAll(async () => {
    target = await startTarget();
    browser = await launchBrowser();
    api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);

    // A sales-staff user: one store, only RecordSales.
    const storeType = await api.send('POST', 'storeType', {
      name: storeTypeName,
      recordFootfall: true,
      recordChatCount: false,
      recordStaffCount: false,
    });
    const store = await api.send('POST', 'store', {
      name: `Staff store ${run}`,
      storeTypeID: storeType.data.storeTypeID,
      targetRevenue: true,
      targetQuantity: false,
      postCode: 'SW1A 1AA',
      squareFeet: 1200,
    });
    const profile = await api.send('POST', 'accessProfile', {
      name: `Sales staff ${run}`,
      systemAreas: 'RecordSales',
      showRevenue: true,
      showCommission: false,
      storeIDs: [store.data.storeID],
    });
    await api.send('POST', 'user', {
      name: `Sam Staff ${run}`,
      email: staffEmail,
      password: staffPassword,
      confirm: staffPassword,
      active: true,
      storeID: store.data.storeID,
      accessProfileID: profile.data.accessProfileID,
      defaultDaysBack: 180,
      fromHour: 0,
      toHour: 24,
      days: 0,
      proRateTargetsOnActual: false,
      salesMonthsBack: 0,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  async function adminPage(width = 1280): Promise<Page> {
    const { page } = await newPage(browser, width);
    await logInThroughUi(page, target.baseUrl, target.adminEmail, target.adminPassword);
    return page;
  }

  const dialog = (page: Page) => page.locator('.ant-modal-content');
  const rowOf = (page: Page, text: string) => page.locator('tr.ant-table-row', { hasText: text });

  async function chooseStoreType(page: Page, name: string) {
    await dialog(page).getByLabel('Store type').click();
    await page.keyboard.type(name);
    await page.locator('.ant-select-item-option', { hasText: name }).click();
  }

  it('refuses a wrong password and lets the user try again', async () => {
    expectConsoleErrors(failedLoad(400, '/api/user/login'));
    const { page, context } = await newPage(browser);
    await page.goto(`${target.baseUrl}/`);
    await page.getByText('Authorised access only. For help logging in contact your line manager.').waitFor();
    await page.getByLabel('Email').fill(target.adminEmail);
    await page.getByLabel('Password').fill('not the password');
    await page.getByLabel('Password').press('Enter');
    await page.locator('.login-alert').waitFor();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await page.getByRole('button', { name: 'Log in' }).isEnabled()).toBe(true);
    await context.close();
  });

  it('shows an administrator the System setup menu', async () => {
    const page = await adminPage();
    const menu = page.locator('.shell-drawer');
    await menu.getByText('System setup').click();
    await menu.getByText('Stores').waitFor();
    await menu.getByText('Store types').waitFor();
    await menu.getByText('Access Profiles').waitFor();
    await page.getByText('Quick actions').waitFor();
    // The browser tab names the screen (its title in the screen registry), then the app.
    await menu.getByText('Stores').click();
    await eventually(async () => expect(await page.title()).toMatch(/^Stores – /));
    await page.context().close();
  });

  it('shows sales staff no System setup menu', async () => {
    const { page, context } = await newPage(browser);
    await logInThroughUi(page, target.baseUrl, staffEmail, staffPassword);
    const menu = page.locator('.shell-drawer');
    await menu.getByText('Users').waitFor();
    expect(await menu.getByText('Home').count()).toBe(1);
    expect(await menu.getByText('System setup').count()).toBe(0);
    // Only the Active users tab, and no add button.
    await menu.getByText('Users').click();
    await page.getByRole('tab', { name: 'Active users' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Access Profiles' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add' }).count()).toBe(0);
    // Nor the master data screens: not routed for them, so 'Page not found', and their lists,
    // which answer 403 without SystemSetup (a 403 logs out), are never asked for.
    await page.goto(`${target.baseUrl}/data/stores`);
    await page.getByText('Page not found').waitFor();
    expect(await page.locator('.ant-table').count()).toBe(0);
    await page.locator('.top-bar-avatar').waitFor();
    await context.close();
  });

  it('creates, edits, copies and deletes a store', async () => {
    const page = await adminPage();
    await page.goto(`${target.baseUrl}/data/stores`);
    const name = `Harbour ${run}`;

    // create
    await page.getByRole('button', { name: 'Add' }).click();
    await dialog(page).getByText('New store').waitFor();
    await dialog(page).getByLabel('Name').fill(name);
    await chooseStoreType(page, storeTypeName);
    await dialog(page).getByLabel('Post code').fill('M1 1AE');
    await dialog(page).getByLabel('Square feet').fill('2500');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await rowOf(page, name).waitFor();
    expect(await rowOf(page, name).textContent()).toContain(storeTypeName);
    expect(await rowOf(page, name).textContent()).toContain('2,500');

    // edit
    await rowOf(page, name).getByRole('button', { name: 'Edit' }).click();
    await dialog(page).getByText('Edit store').waitFor();
    await dialog(page).getByLabel('Name').fill(`${name} North`);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await rowOf(page, `${name} North`).waitFor();

    // copy: a new store from the edited one
    await rowAction(rowOf(page, `${name} North`), 'Copy');
    await dialog(page).getByText('Copy store').waitFor();
    await dialog(page).getByLabel('Name').fill(`${name} South`);
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await rowOf(page, `${name} South`).waitFor();
    await rowOf(page, `${name} North`).waitFor();

    // delete the copy
    await rowAction(rowOf(page, `${name} South`), 'Delete');
    await dialog(page).getByText('Delete store').waitFor();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await rowOf(page, `${name} South`).waitFor({ state: 'detached' });
    expect(await rowOf(page, `${name} North`).count()).toBe(1);
    await page.context().close();
  });

  it('keeps the dialog open and shows the server validation message', async () => {
    expectConsoleErrors(failedLoad(400, '/api/store'));
    const page = await adminPage();
    await page.goto(`${target.baseUrl}/data/stores`);
    await page.getByRole('button', { name: 'Add' }).click();
    await chooseStoreType(page, storeTypeName);
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    // The summary on top and the message under the Name field.
    await dialog(page).locator('.ant-alert-error').waitFor();
    await dialog(page).locator('.ant-form-item-explain-error', { hasText: 'Name' }).waitFor();
    expect(await dialog(page).getByRole('button', { name: 'Create' }).isEnabled()).toBe(true);
    await page.context().close();
  });

  it('logs out', async () => {
    const page = await adminPage();
    await page.locator('.top-bar-user').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'token')).toBeUndefined();
    await page.context().close();
  });
});
