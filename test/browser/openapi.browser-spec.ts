import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { adminPage, Api, describeInBrowser, launchBrowser, newPage, startTarget, type Target } from './browserTarget';

/** Screenshots to look at (SHOTS=dir, default /tmp/shots-openapi). */
const SHOTS = process.env.SHOTS ?? '/tmp/shots-openapi';

/**
 * OpenAPI (issue 14): the Swagger UI at /api/docs runs in Chromium under the app's CSP (no
 * refused script or style, the operations listed), and the API details dialog links to it.
 */
describeInBrowser('API documentation in a browser', () => {
  jest.setTimeout(120_000);

  let target: Target;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    target = await startTarget();
    browser = await launchBrowser();
    // The sales screen (where the dialog is) needs a store in the administrator's profile.
    const api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const run = Date.now().toString(36);
    const storeType = (await api.send<{ data: { storeTypeID: number } }>('POST', 'storeType', { name: `Docs type ${run}` })).data;
    await api.send('POST', 'store', { name: `Docs store ${run}`, storeTypeID: storeType.storeTypeID });
  });
  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  /** Console errors of a page, CSP refusals included. */
  function consoleErrors(page: Page): string[] {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    return errors;
  }

  it('shows the Swagger UI at /api/docs without a token and without CSP errors', async () => {
    const { page, context } = await newPage(browser);
    const errors = consoleErrors(page);
    await page.goto(`${target.baseUrl}/api/docs`);
    await page.locator('.swagger-ui .info .title').getByText('Retail Back Office API').waitFor();
    // Tags per module; opening one lists its operations with their paths.
    await page.locator('.opblock-tag', { hasText: 'Targets' }).first().click();
    await page.locator('.opblock-summary-path', { hasText: '/api/targets/{storeID}/{date}' }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/swagger-ui-1280.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('links the API details dialog to /api/docs', async () => {
    const page = await adminPage(browser, target);
    await page.goto(`${target.baseUrl}/sales`);
    await page.getByRole('button', { name: 'API details' }).click();
    const dialog = page.locator('.api-details .ant-modal-content');
    const link = dialog.getByRole('link', { name: 'API documentation (OpenAPI)' });
    await link.waitFor({ state: 'visible' });
    expect(await link.getAttribute('href')).toBe('/api/docs');
    await dialog.screenshot({ path: `${SHOTS}/api-details-1280.png`, animations: 'disabled' });
    // The link opens the documentation in a new tab.
    const [docs] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await docs.locator('.swagger-ui .info .title').waitFor();
    expect(new URL(docs.url()).pathname).toBe('/api/docs');
    await page.context().close();
  });
});
