import type { Browser, Page } from 'playwright-core';
import { Api, attemptName, describeInBrowser, launchBrowser, logInThroughUi, newPage, startTarget, type Target } from './browserTarget';
import { shot as shotInto } from './waits';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Screenshots for a person to look at (FIGURE_SHOTS=dir); none by default. */
const SHOTS = process.env.FIGURE_SHOTS;

/**
 * Revenue and commission visibility in a browser (docs/http-api.md, "Revenue and commission
 * figures"): sales staff whose profile shows revenue but not commission see, on a card's lines
 * (the table's summary, the expanded stores, the line's view dialog) and in the compare dialog,
 * revenue only: no Commission column, no empty column, no 'undefined'. At desktop and narrow widths.
 */
describeInBrowser('revenue and commission figures in a browser', () => {
  jest.setTimeout(180_000);

  let target: Target;
  let browser: Browser;
  let api: Api;
  const run = Date.now().toString(36);
  const northName = `North ${run}`;
  const saleTypeName = `Handsets ${run}`;
  const sku = `FIG-${run}`.toUpperCase();
  let from: Row;
  let to: Row;
  let email: string;
  const password = `Pw-${run}-figures`;

  beforeAll(async () => {
    target = await startTarget();
    browser = await launchBrowser();
    api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const storeType = (await api.send('POST', 'storeType', { name: attemptName('Type') })).data;
    const north = (await api.send('POST', 'store', { name: northName, storeTypeID: storeType.storeTypeID })).data;
    const south = (await api.send('POST', 'store', { name: `South ${run}`, storeTypeID: storeType.storeTypeID })).data;
    const saleType = (await api.send('POST', 'saleType', { name: saleTypeName, storeIDs: [north.storeID, south.storeID] })).data;
    const skuType = (await api.send('POST', 'skuType', { name: attemptName('Device') })).data;
    // Two cards a day apart, far in the past so no other test's card is in the way.
    const day = 2000 + Math.floor(Math.random() * 5000);
    const date = (offset: number) => new Date(Date.UTC(1970, 0, 1) + (day + offset) * 86_400_000).toISOString().slice(0, 10);
    from = (await api.send('POST', 'rateCard', { name: attemptName('Summer'), fromDate: date(0) })).data;
    to = (await api.send('POST', 'rateCard', { name: attemptName('Autumn'), fromDate: date(1) })).data;
    const line = (card: Row, sku: string, commission: number, revenue = 30) =>
      api.send('POST', 'rateCardLine', {
        rateCardID: card.rateCardID,
        saleTypeID: saleType.saleTypeID,
        skuTypeID: skuType.skuTypeID,
        sku,
        description: 'Phone twelve with case',
        customerRRP: 499,
        customerMonthly: 25,
        contractMonths: 24,
        rateCardLineStores: [
          { storeID: north.storeID, active: true, revenue, commission },
          { storeID: south.storeID, active: true, revenue: 40, commission: 8 },
        ],
      });
    await line(from, sku, 6.5);
    await line(to, sku, 7.25, 31);
    await line(to, `${sku}-NEW`, 3);
    const profile = (
      await api.send('POST', 'accessProfile', {
        name: attemptName('Sales staff'),
        systemAreas: 'RecordSales',
        storeIDs: [north.storeID],
        showRevenue: true,
        showCommission: false,
      })
    ).data;
    email = `staff.${run}@example.com`;
    await api.send('POST', 'user', {
      name: attemptName('Sam Sales'),
      email,
      password,
      confirm: password,
      accessProfileID: profile.accessProfileID,
      storeID: north.storeID,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  const shot = (page: Page, name: string) => shotInto(page, SHOTS, name, false);
  const noCommission = (text: string | null) => {
    expect(text ?? '').not.toMatch(/commission/i);
    expect(text ?? '').not.toMatch(/undefined|NaN/);
  };

  it.each([1920, 1280, 800])('shows revenue and no commission at %i px', async (width) => {
    const { page } = await newPage(browser, width, 900);
    await logInThroughUi(page, target.baseUrl, email, password);

    // The lines: the stores column sums up revenue only; the expanded stores have no Commission column.
    await page.goto(`${target.baseUrl}/data/rateCards/${from.rateCardID}/lines`);
    const row = page.locator('tr.ant-table-row', { hasText: sku });
    await row.waitFor();
    // The Stores column shows on a wide screen (narrower it gives way to the line's own fields).
    if (width >= 1920) expect(await row.textContent()).toContain('revenue £30.00');
    noCommission(await row.textContent());
    await row.locator('.ant-table-row-expand-icon').click();
    const stores = page.locator('.line-stores');
    await stores.getByText(northName).waitFor();
    const headers = await stores.locator('th').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['Store', 'Active', 'Revenue']));
    expect(headers.filter((h) => h.trim() === '')).toEqual([]);
    noCommission(await stores.textContent());
    await shot(page, `lines-${width}`);

    // The line's view dialog: its stores with revenue, no commission.
    await row.getByRole('button', { name: 'View' }).click();
    const dialog = page.locator('.ant-modal-content', { hasText: 'View rate card line' });
    await dialog.getByText(northName).waitFor();
    expect(await dialog.textContent()).toContain('Revenue');
    noCommission(await dialog.textContent());
    await shot(page, `line-dialog-${width}`);
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'detached' });

    // The compare dialog: the commission-only change is no change; the new line shows revenue only.
    await page.goto(`${target.baseUrl}/data/rateCards/all`);
    // By the name cell alone: a card's row also names the next card.
    const rowOf = (name: string) => page.locator('tr.ant-table-row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await rowOf(from.name).waitFor();
    await rowOf(from.name).locator('.ant-checkbox-input').check();
    await rowOf(to.name).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Compare' }).click();
    const compare = page.locator('.ant-modal-content', { hasText: 'Compare rate cards' });
    await compare.locator('.compare-sale-type').first().waitFor();
    const text = await compare.textContent();
    noCommission(text);
    // One row per line and store: the store's row names it in its own cell.
    expect(await compare.locator('tr.compare-added', { hasText: northName }).textContent()).toContain('Revenue £30.00');
    expect(await compare.locator('tr.compare-changed', { hasText: northName }).textContent()).toContain('Revenue £30.00 → £31.00');
    await shot(page, `compare-${width}`);
    await page.context().close();
  });
});
