import type { Browser, Locator, Page } from 'playwright-core';
import { Api, adminPage, attemptName, describeInBrowser, launchBrowser, startTarget, type Target } from './browserTarget';
import { shot as shotInto } from './waits';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Screenshots for a person to look at (FIGURE_SHOTS=dir); none by default. */
const SHOTS = process.env.FIGURE_SHOTS;

/** Today in the app's time zone (the server's "today", which the daily stats are saved for). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/**
 * The metric parts page's test button (spec 02 sections 2.6, 5 and 8; issue 15): a part is run
 * with the metric engine for a store and today, its value and its metric's result shown by the
 * metric's type; params that are not valid JSON disable the button, which then reads 'Cannot
 * test - JSON is invalid'. At 1280 and 800 px.
 */
describeInBrowser('metric part test in a browser', () => {
  jest.setTimeout(240_000);

  let target: Target;
  let browser: Browser;
  let metric: Row;
  let store: Row;

  beforeAll(async () => {
    target = await startTarget();
    browser = await launchBrowser();
    const api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const storeType = (await api.send('POST', 'storeType', { name: attemptName('Footfall type'), recordFootfall: true, recordStaffCount: true })).data;
    store = (await api.send('POST', 'store', { name: attemptName('Test store'), storeTypeID: storeType.storeTypeID })).data;
    await api.send('PUT', `dailyStats/${store.storeID}`, [{ dailyStatDate: today(), footfall: 123, staffCount: 4 }]);
    metric = (await api.send('POST', 'metric', { name: attemptName('Footfall per staff'), metricType: '2dp' })).data;
    await api.send('POST', 'metricPart', {
      metricID: metric.metricID,
      name: 'Footfall',
      divisionPart: 'numerator',
      tableName: 'dailyStats',
      field: 'footfallTotal',
      params: '{}',
    });
    await api.send('POST', 'metricPart', {
      metricID: metric.metricID,
      name: 'Staff',
      divisionPart: 'denominator',
      tableName: 'dailyStats',
      field: 'staffCountTotal',
      params: '{}',
    });
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  /** Opens a drop-down by its label within `scope` and picks the option showing `option` (the box itself: its input sits under the chosen value). */
  async function choose(page: Page, scope: Locator, label: string, option: string) {
    await scope
      .locator('.ant-select')
      .filter({ has: page.getByRole('combobox', { name: label }) })
      .first()
      .click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
  }

  const shot = (page: Page, name: string) => shotInto(page, SHOTS, name, false);

  it.each([1280, 800])('runs a part for a store today and shows its value and the metric result, at %i px', async (width) => {
    const page = await adminPage(browser, target, width);
    await page.goto(`${target.baseUrl}/data/metrics/${metric.metricID}`);
    const footfallRow = page.locator('tr', { hasText: 'Footfall' }).first();
    await footfallRow.getByRole('button', { name: 'Test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test Footfall' });
    await dialog.waitFor();
    await choose(page, dialog, 'Store', String(store.name));
    expect(await dialog.getByRole('radio', { name: 'Today' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Run test' }).click();
    const result = dialog.locator('.metric-part-test-result');
    await result.waitFor();
    await expect(result.textContent()).resolves.toContain('Part (Footfall total)123');
    // 123 footfall over 4 staff, as a 2dp metric.
    await expect(result.textContent()).resolves.toContain('30.75');
    // Nothing of the dialog is cut off at this width.
    const box = await dialog.locator('.ant-modal-content').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    await shot(page, `metric-part-test-${width}`);

    // Params that are not valid JSON: disabled, with the spec's text.
    await dialog.getByLabel('Params').fill('{"storeID": ');
    const cannot = dialog.getByRole('button', { name: 'Cannot test - JSON is invalid' });
    await expect(cannot.isDisabled()).resolves.toBe(true);
    await expect(cannot.textContent()).resolves.toBe('Cannot test - JSON is invalid');
    // The answer of other params is gone.
    expect(await result.count()).toBe(0);
    await shot(page, `metric-part-test-invalid-${width}`);
    await dialog.getByLabel('Params').fill('{}');
    await expect(dialog.getByRole('button', { name: 'Run test' }).isEnabled()).resolves.toBe(true);
    await page.context().close();
  });

  it('tests a part before it is saved: a new part of the toolbar', async () => {
    const page = await adminPage(browser, target, 1280);
    await page.goto(`${target.baseUrl}/data/metrics/${metric.metricID}`);
    await page.getByRole('button', { name: 'Test a part' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test a part' });
    await dialog.waitFor();
    await choose(page, dialog, 'Table', 'Daily stats');
    await choose(page, dialog, 'Field', 'Day count');
    await choose(page, dialog, 'Store', String(store.name));
    await dialog.getByRole('button', { name: 'Run test' }).click();
    const result = dialog.locator('.metric-part-test-result');
    await result.waitFor();
    // The new numerator adds 1 day: (123 + 1) / 4.
    await expect(result.textContent()).resolves.toContain('31.00');
    await page.context().close();
  });
});
