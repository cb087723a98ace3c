import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { Api, attemptName, describeInBrowser, launchBrowser, logInThroughUi, newPage, startTarget, type Target } from './browserTarget';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Screenshots to look at (SHOTS=dir, default /tmp/shots-sales-list). */
const SHOTS = process.env.SHOTS ?? '/tmp/shots-sales-list';

/** yyyy-mm-dd of today plus `days` (UTC). */
const day = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** base64 JSON for a path segment, as the dashboard writes it (URL-safe, no padding). */
const base64Params = (value: Record<string, unknown>) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * The sales console (issue 9, client): the Sales menu item per access profile, the store tabs,
 * the legend's row colours on an ordinary sale, a refunded sale and its refund row, a filter
 * typed into the filters panel (URL and rows), and /sales/params/{base64} opening filtered.
 * Data is made through the API exactly as docs/http-api.md "Sales (issue 9)" says.
 */
describeInBrowser('sales console in a browser', () => {
  jest.setTimeout(180_000);

  let target: Target;
  let browser: Browser;
  let api: Api;
  const run = Date.now().toString(36);
  const northName = `North ${run}`;
  const southName = `South ${run}`;
  const phoneSku = `PH-${run}`.toUpperCase();
  const tabletSku = `TB-${run}`.toUpperCase();
  let northID: number;
  let southID: number;
  let ordinary: Row;
  let refunded: Row;
  let refundRow: Row;
  let tabletSale: Row;
  const password = 'Sales-console-1!';
  const noSalesEmail = `nosales.${run}@example.com`;
  const refundsEmail = `refunds.${run}@example.com`;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    target = await startTarget();
    browser = await launchBrowser();
    api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const me = (await api.send('GET', 'user/me')).data;
    const storeType = (await api.send('POST', 'storeType', { name: `Type ${run}` })).data;
    // New stores join the administrator's profile.
    northID = Number((await api.send('POST', 'store', { name: northName, storeTypeID: storeType.storeTypeID })).data.storeID);
    southID = Number((await api.send('POST', 'store', { name: southName, storeTypeID: storeType.storeTypeID })).data.storeID);
    const saleType = (await api.send('POST', 'saleType', { name: `Upgrade ${run}`, storeIDs: [northID, southID] })).data;
    const skuType = (await api.send('POST', 'skuType', { name: `Device ${run}` })).data;
    const card = (await api.send('POST', 'rateCard', { name: `Card ${run}`, fromDate: day(-30) })).data;
    const line = async (sku: string, description: string) =>
      (
        await api.send('POST', 'rateCardLine', {
          rateCardID: card.rateCardID,
          saleTypeID: saleType.saleTypeID,
          skuTypeID: skuType.skuTypeID,
          sku,
          description,
          customerRRP: 300,
          customerMonthly: 20,
          contractMonths: 24,
          rateCardLineStores: [
            { storeID: northID, active: true, revenue: 100, commission: 10 },
            { storeID: southID, active: true, revenue: 80, commission: 8 },
          ],
        })
      ).data;
    const phone = await line(phoneSku, `Phone ${run} with case`);
    const tablet = await line(tabletSku, `Tablet ${run} ten inch`);
    const lineStore = (l: Row, storeID: number) => Number(l.rateCardLineStores.find((s: Row) => s.storeID === storeID).rateCardLineStoreID);
    const sale = async (l: Row, storeID: number, orderRef: string) =>
      (
        await api.send('POST', 'sale', {
          storeID,
          saleTypeID: saleType.saleTypeID,
          attributableToUserID: me.userID,
          rateCardLineStoreID: lineStore(l, storeID),
          saleDate: day(-1),
          orderRef,
        })
      ).data;
    const ref = (n: number) => `${Date.now()}${n}`.padEnd(20, '0').slice(0, 20);
    ordinary = await sale(phone, northID, ref(1));
    refunded = await sale(phone, northID, ref(2));
    tabletSale = await sale(tablet, southID, ref(3));
    // A refund: the read row sent back with the refund's fields.
    const original = (await api.send('GET', `sales?saleID=${refunded.saleID}`)).data;
    await api.send('PUT', `sale/${refunded.saleID}`, {
      ...original,
      isRefunded: true,
      isRefundedNote: 'Customer changed their mind',
      isRefundedOrderRef: `rf${run}`.padEnd(20, 'x'),
    });
    const refunds = await api.send<{ listData: Row[] }>('GET', `sales?refSaleID=${refunded.saleID}`);
    expect(refunds.listData).toHaveLength(1);
    refundRow = refunds.listData[0];

    // A user with a store and no sales area, and one with RecordRefunds only.
    const profile = async (name: string, systemAreas: string) =>
      (await api.send('POST', 'accessProfile', { name: attemptName(name), systemAreas, storeIDs: [northID], showRevenue: true, showCommission: true })).data;
    const noSales = await profile('No sales', 'AccessAPI');
    const refundsOnly = await profile('Refunds', 'RecordRefunds');
    await api.send('POST', 'user', { name: attemptName('Nora'), email: noSalesEmail, password, confirm: password, accessProfileID: noSales.accessProfileID, storeID: northID });
    await api.send('POST', 'user', { name: attemptName('Rafe'), email: refundsEmail, password, confirm: password, accessProfileID: refundsOnly.accessProfileID, storeID: northID });
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

  const shot = async (page: Page, name: string) => {
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };

  /** The table row of a sale, by its id in the first cell. */
  const saleRow = (page: Page, saleID: unknown) =>
    page.locator(`tr.ant-table-row[data-row-key="${String(saleID)}"]`);

  /** The sale IDs of the rows shown. */
  const shownIDs = async (page: Page) => (await page.locator('tr.ant-table-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key')))).map(Number);

  /** The background colour of a row's first data cell. */
  const background = (page: Page, saleID: unknown) =>
    saleRow(page, saleID)
      .locator('td')
      .nth(2)
      .evaluate((cell) => getComputedStyle(cell).backgroundColor);

  it('shows the Sales menu item only to users with a store and a sales area', async () => {
    const page = await adminPage();
    await page.locator('.shell-drawer').getByText('Sales', { exact: true }).waitFor();
    await page.context().close();

    const { page: refundsPage } = await newPage(browser);
    await logInThroughUi(refundsPage, target.baseUrl, refundsEmail, password);
    await refundsPage.locator('.shell-drawer').getByText('Sales', { exact: true }).waitFor();
    await refundsPage.context().close();

    const { page: noSalesPage } = await newPage(browser);
    await logInThroughUi(noSalesPage, target.baseUrl, noSalesEmail, password);
    await noSalesPage.locator('.shell-drawer').getByText('Home', { exact: true }).waitFor();
    expect(await noSalesPage.locator('.shell-drawer').getByText('Sales', { exact: true }).count()).toBe(0);
    await noSalesPage.context().close();
  });

  it.each([1280, 800])('lists sales with store tabs and the legend colours at %i px', async (width) => {
    const page = await adminPage(width);
    await page.goto(`${target.baseUrl}/sales`);
    const tabs = page.locator('.sales-tabs');
    await tabs.getByRole('tab', { name: 'All stores' }).waitFor();
    await tabs.getByRole('tab', { name: northName }).waitFor();
    await tabs.getByRole('tab', { name: southName }).waitFor();
    await saleRow(page, ordinary.saleID).waitFor();

    // Every sale of both stores; names, never ids.
    const ids = await shownIDs(page);
    expect(ids).toEqual(expect.arrayContaining([ordinary.saleID, refunded.saleID, refundRow.saleID, tabletSale.saleID]));
    const refundedText = await saleRow(page, refunded.saleID).innerText();
    expect(refundedText).toContain(northName);
    expect(refundedText).toContain(phoneSku);
    expect(refundedText).toContain('Refunded');
    expect(await saleRow(page, refundRow.saleID).innerText()).toContain(`Refund of ${refunded.saleID}`);
    expect(await saleRow(page, ordinary.saleID).innerText()).toContain('Recorded');
    expect(await saleRow(page, ordinary.saleID).innerText()).toContain(day(-1).split('-').reverse().join('/'));

    // The legend's colours: ordinary white, refunded yellow/orange, refund rows red.
    const legend = page.locator('.sales-legend');
    await legend.getByText('Refunded sale').waitFor();
    const swatch = (kind: string) => legend.locator(`.sales-legend-swatch.sale-row-${kind}`).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background(page, ordinary.saleID)).toBe('rgb(255, 255, 255)');
    expect(await background(page, refunded.saleID)).toBe(await swatch('refunded'));
    expect(await background(page, refundRow.saleID)).toBe(await swatch('refund'));
    expect(await swatch('refunded')).toBe('rgb(255, 231, 186)');
    expect(await swatch('refund')).toBe('rgb(255, 204, 199)');
    expect(await swatch('ordinary')).toBe('rgb(255, 255, 255)');

    // Nothing wider than the window but the table's own scroller.
    const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, `sales-all-${width}`);

    // A store tab lists that store's sales only, and the URL follows.
    await tabs.getByRole('tab', { name: southName }).click();
    await page.waitForURL(new RegExp(`/sales/${southID}$`));
    await saleRow(page, tabletSale.saleID).waitFor();
    await saleRow(page, ordinary.saleID).waitFor({ state: 'detached' });
    expect(await shownIDs(page)).toEqual([tabletSale.saleID]);
    await shot(page, `sales-south-${width}`);
    await page.context().close();
  });

  it('applies a filter typed into the panel: the URL and the rows follow', async () => {
    const page = await adminPage();
    await page.goto(`${target.baseUrl}/sales`);
    await saleRow(page, ordinary.saleID).waitFor();
    await page.locator('.sales-filters').getByText('Filters').click();
    await page.getByLabel('SKU description contains').fill(`tablet ${run}`);
    await page.waitForURL(/f\.descriptionLower=tablet/);
    await saleRow(page, ordinary.saleID).waitFor({ state: 'detached' });
    expect(await shownIDs(page)).toEqual([tabletSale.saleID]);
    await shot(page, 'sales-filtered-1280');

    // A status checkbox adds its filter; Clear removes both.
    await page.locator('.sales-filter-steps').getByText('Cancelled').click();
    await page.waitForURL(/f\.currentHistoryStep=cancelled/);
    await page.locator('.ant-table-placeholder').getByText('No rows match the filters').waitFor();
    await page.locator('.sales-filters').getByRole('button', { name: 'Clear' }).click();
    await saleRow(page, ordinary.saleID).waitFor();
    expect(page.url()).not.toMatch(/descriptionLower|currentHistoryStep/);
    expect(await page.getByLabel('SKU description contains').inputValue()).toBe('');
    await page.context().close();
  });

  it.each([1280, 800])('opens /sales/params/{base64} filtered at %i px', async (width) => {
    const page = await adminPage(width);
    await page.goto(`${target.baseUrl}/sales/params/${base64Params({ storeID: northID, isRefund: 1, targetDate: '2000-01-01' })}`);
    await page.waitForURL(new RegExp(`/sales/${northID}\\?f\\.isRefund=1$`));
    await saleRow(page, refundRow.saleID).waitFor();
    expect(await shownIDs(page)).toEqual([refundRow.saleID]);
    await page.locator('.sales-tabs .ant-tabs-tab-active').getByText(northName).waitFor();
    // The panel shows the filter it came with.
    await page.locator('.sales-filters .sales-filters-count').waitFor();
    await page.locator('.sales-filters').getByText('Refunds only').waitFor();
    await shot(page, `sales-params-${width}`);

    // With a store in the path and the sold-by filter from the object.
    await page.goto(`${target.baseUrl}/sales/${southID}/params/${base64Params({ sku: tabletSku.toLowerCase() })}`);
    await page.waitForURL(new RegExp(`/sales/${southID}\\?f\\.sku=`));
    await saleRow(page, tabletSale.saleID).waitFor();
    expect(await shownIDs(page)).toEqual([tabletSale.saleID]);
    await page.context().close();
  });
});
