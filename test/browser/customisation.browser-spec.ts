import type { Browser, Page } from 'playwright-core';
import { png, TEXT } from '../api/files-fixtures';
import { Api, describeInBrowser, launchBrowser, logInThroughUi, newPage, startTarget, type Target } from './browserTarget';
import { expectConsoleErrors, failedLoad } from './pageWatch';

/**
 * Customisation and About as people use them (spec 02 sections 2.6 and 2.7): an
 * administrator uploads a logo, sees it previewed and in the top bar, resets it and sees
 * the app name again; a user without UserSetup gets neither the menu entry nor the screen;
 * everyone has the About pages.
 */
describeInBrowser('customisation and about in a browser', () => {
  jest.setTimeout(120_000);

  let target: Target;
  let browser: Browser;
  let appName: string;
  const run = Date.now().toString(36);
  const staffEmail = `brand.staff.${run}@example.com`;
  const staffPassword = 'Staff123!pass';

  beforeAll(async () => {
    target = await startTarget();
    browser = await launchBrowser();
    const api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    appName = (await api.send<{ data: string }>('GET', 'appName')).data;
    const profile = await api.send('POST', 'accessProfile', {
      name: `Brand staff ${run}`,
      systemAreas: 'RecordSales',
      showRevenue: true,
      showCommission: false,
      storeIDs: [],
    });
    await api.send('POST', 'user', {
      name: `Bea Staff ${run}`,
      email: staffEmail,
      password: staffPassword,
      confirm: staffPassword,
      accessProfileID: profile.data.accessProfileID,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  /** The width of the picture an <img> has actually loaded (0 while loading or when broken). */
  const loadedWidth = (page: Page, selector: string) =>
    page.locator(selector).evaluate((img) => {
      const image = img as unknown as { complete: boolean; naturalWidth: number };
      return image.complete ? image.naturalWidth : 0;
    });

  it('uploads a logo, shows it in the preview and the top bar, and resets it back to the app name', async () => {
    // Start from no logo, also against a long-lived server or on a retry.
    await (await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword)).send('DELETE', 'file/logo');
    const { page, context } = await newPage(browser);
    await logInThroughUi(page, target.baseUrl, target.adminEmail, target.adminPassword);
    await page.locator('.top-bar-app-name', { hasText: appName }).waitFor();

    // Through the menu: System setup > Customisation, then the Logo tab.
    const menu = page.locator('.shell-drawer');
    await menu.getByText('System setup').click();
    await menu.getByText('Customisation').click();
    await page.waitForURL('**/data/customisation');
    await page.getByRole('tab', { name: 'Login background' }).waitFor();
    await page.getByRole('tab', { name: 'Logo', exact: true }).click();
    await page.waitForURL('**/data/customisation/logo');
    await page.getByText('Logo is best at 130x48 px.').waitFor();
    await page.locator('.branding-preview').getByText('None set').waitFor();
    expect(await page.getByRole('button', { name: 'Reset' }).isDisabled()).toBe(true);

    // A text file dressed as a PNG is refused with the server's message.
    expectConsoleErrors(failedLoad(400, '/api/file/customisation/logo'));
    await page.locator('.branding-dragger input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TEXT });
    await page.getByRole('alert').filter({ hasText: 'The file must be a PNG image or a JPEG image' }).waitFor();
    await page.locator('.branding-preview').getByText('None set').waitFor();

    // A real logo: previewed, and in the top bar at most 130 px wide.
    await page.locator('.branding-dragger input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(260, 96) });
    await page.locator('.branding-preview-logo img').waitFor();
    await page.locator('.top-bar-logo').waitFor();
    await page.waitForFunction("document.querySelector('.top-bar-logo')?.naturalWidth === 260");
    await page.waitForFunction("document.querySelector('.branding-preview-logo img')?.naturalWidth === 260");
    expect(await loadedWidth(page, '.top-bar-logo')).toBe(260);
    expect(await loadedWidth(page, '.branding-preview-logo img')).toBe(260);
    expect((await page.locator('.top-bar-logo').boundingBox())!.width).toBeLessThanOrEqual(130);
    expect(await page.locator('.top-bar-app-name').count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);

    // It stays after a reload (the server has it).
    await page.reload();
    await page.locator('.top-bar-logo').waitFor();
    await page.locator('.branding-preview-logo img').waitFor();

    // Reset, confirmed: 'None set' and the app name again.
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.locator('.ant-popconfirm').getByText('The top bar shows the app name instead.').waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Reset' }).click();
    await page.locator('.branding-preview').getByText('None set').waitFor();
    await page.locator('.top-bar-app-name', { hasText: appName }).waitFor();
    expect(await page.locator('.top-bar-logo').count()).toBe(0);
    await context.close();
  });

  it('shows a user without UserSetup no Customisation entry, and the screen refuses', async () => {
    const { page, context } = await newPage(browser);
    await logInThroughUi(page, target.baseUrl, staffEmail, staffPassword);
    const menu = page.locator('.shell-drawer');
    await menu.getByText('About').waitFor();
    expect(await menu.getByText('Customisation').count()).toBe(0);
    await page.goto(`${target.baseUrl}/data/customisation/logo`);
    await page.getByText('Changing the branding images needs UserSetup').waitFor();
    expect(await page.locator('.branding-dragger').count()).toBe(0);
    // Still signed in: nothing it called answered 403.
    await page.locator('.top-bar-avatar').waitFor();
    await context.close();
  });

  it('has the About pages for everyone', async () => {
    const { page, context } = await newPage(browser, 800);
    await logInThroughUi(page, target.baseUrl, staffEmail, staffPassword);
    await page.getByRole('button', { name: 'Show menu' }).click();
    const menu = page.locator('.shell-drawer-overlay');
    await menu.getByText('About').click();
    await menu.getByText('Licences').click();
    await page.waitForURL('**/about/licences');
    await page.getByText('Licence code').waitFor();
    await page.getByRole('link', { name: 'contact support' }).click();
    await page.waitForURL('**/about/support');
    await page.getByText('Telephone support').waitFor();
    await page.getByText('Chargeable requests').waitFor();
    await page.getByText('Reverting your data to a previous point in time', { exact: false }).waitFor();
    await page.getByText('kept for 30 days', { exact: false }).waitFor();
    await context.close();
  });
});
