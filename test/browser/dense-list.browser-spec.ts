import type { Browser, Page } from 'playwright-core';
import { Api, adminPage, describeInBrowser, launchBrowser, startTarget, type Target } from './browserTarget';
import { eventually, expectNoOverflow, shot as shotInto } from './waits';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Screenshots to look at (SHOTS=dir, default /tmp/shots-dense-list). */
const SHOTS = process.env.SHOTS ?? '/tmp/shots-dense-list';

/** yyyy-mm-dd of today plus `days` (UTC). */
const day = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Dense lists (issue 26) on the sales list with revenue and commission shown: at 1280 x 800 and
 * 800 x 900 every row is one line (no cell wraps: a long store name and SKU end in an ellipsis,
 * whole on hover), every default column's header lies inside the window, the refund row shows
 * the refund's own order reference; at 390 x 844 a card per sale shows its date, SKU, order
 * reference, status and revenue. Typing part of an order reference in 'Filter table' finds it.
 */
describeInBrowser('dense sales list', () => {
  jest.setTimeout(180_000);

  let target: Target;
  let browser: Browser;
  let api: Api;
  const run = Date.now().toString(36).toUpperCase();
  const storeName = `Brighton Churchill Square Shopping Centre ${run}`;
  const sku = `DL${run}-512-WHT-LNG`; // 21 characters (at most 25), longer than the column
  const orderRef = `${Date.now()}`.padEnd(20, '7').slice(0, 20);
  const refundRef = `${Date.now()}`.padEnd(20, '3').slice(0, 20);
  let sale: Row;
  let refund: Row;

  beforeAll(async () => {
    target = await startTarget();
    browser = await launchBrowser();
    api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const me = (await api.send('GET', 'user/me')).data;
    const storeType = (await api.send('POST', 'storeType', { name: `Dense ${run}` })).data;
    const storeID = Number((await api.send('POST', 'store', { name: storeName, storeTypeID: storeType.storeTypeID })).data.storeID);
    const saleType = (await api.send('POST', 'saleType', { name: `Upgrade ${run}`, storeIDs: [storeID] })).data;
    const skuType = (await api.send('POST', 'skuType', { name: `Device ${run}` })).data;
    const card = (await api.send('POST', 'rateCard', { name: `Dense card ${run}`, fromDate: day(-30) })).data;
    const line: Row = (
      await api.send('POST', 'rateCardLine', {
        rateCardID: card.rateCardID,
        saleTypeID: saleType.saleTypeID,
        skuTypeID: skuType.skuTypeID,
        sku,
        description: `Phone ${run}`,
        customerRRP: 300,
        customerMonthly: 20,
        contractMonths: 24,
        rateCardLineStores: [{ storeID, active: true, revenue: 1234.56, commission: 123.45 }],
      })
    ).data;
    sale = (
      await api.send('POST', 'sale', {
        storeID,
        saleTypeID: saleType.saleTypeID,
        attributableToUserID: me.userID,
        rateCardLineStoreID: Number(line.rateCardLineStores[0].rateCardLineStoreID),
        saleDate: day(-1),
        orderRef,
      })
    ).data;
    const original = (await api.send('GET', `sales?saleID=${sale.saleID}`)).data;
    await api.send('PUT', `sale/${sale.saleID}`, { ...original, isRefunded: true, isRefundedNote: 'Changed their mind', isRefundedOrderRef: refundRef });
    refund = (await api.send<{ listData: Row[] }>('GET', `sales?refSaleID=${sale.saleID}`)).listData[0];
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  /** The sales list filtered to this file's two sales (by the SKU), at `width` x `height`. */
  async function salesList(width: number, height: number): Promise<Page> {
    const page = await adminPage(browser, target, width);
    await page.setViewportSize({ width, height });
    await page.goto(`${target.baseUrl}/sales?quickFilter=${encodeURIComponent(sku)}`);
    return page;
  }

  it.each([
    [1280, 800],
    [800, 900],
  ])('one line per row, every default column inside the window, long text cut with its whole on hover (%ix%i)', async (width, height) => {
    const page = await salesList(width, height);
    const refundRow = page.locator(`tr.ant-table-row[data-row-key="${String(refund.saleID)}"]`);
    await refundRow.waitFor();
    await page.locator(`tr.ant-table-row[data-row-key="${String(sale.saleID)}"]`).waitFor();
    await shotInto(page, SHOTS, `sales-${width}`, false);

    // Read in the page (a string: these tests compile without the DOM's types).
    const layout = await page.evaluate<{
      rows: number[];
      headers: { text: string; left: number; right: number }[];
      wrapped: number;
      overflowX: number;
      tableScrolls: boolean;
    }>(`(() => {
      const table = document.querySelector('.list-card .ant-table');
      return {
        rows: [...table.querySelectorAll('tr.ant-table-row')].map((row) => row.getBoundingClientRect().height),
        headers: [...table.querySelectorAll('thead th')].map((th) => {
          const box = th.getBoundingClientRect();
          return { text: (th.textContent || '').trim(), left: box.left, right: box.right };
        }),
        // Cells that may wrap (every body cell is one line: white-space nowrap).
        wrapped: [...table.querySelectorAll('tr.ant-table-row td')].filter((td) => getComputedStyle(td).whiteSpace !== 'nowrap').length,
        overflowX: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        tableScrolls: [...document.querySelectorAll('.list-card .ant-table-content, .list-card .ant-table-body')].some((box) => box.scrollWidth > box.clientWidth + 1),
      };
    })()`);
    expect(layout.rows).toHaveLength(2);
    for (const height of layout.rows) expect(height).toBeLessThanOrEqual(40);
    expect(layout.wrapped).toBe(0);
    expect(layout.overflowX).toBeLessThanOrEqual(0);
    expect(layout.tableScrolls).toBe(false);
    for (const header of layout.headers) {
      expect(header.left).toBeGreaterThanOrEqual(0);
      expect(header.right).toBeLessThanOrEqual(width);
    }
    const titles = layout.headers.map((header) => header.text);
    // The columns a sale is told apart by stay at every width; both figures at 1280.
    expect(titles).toEqual(expect.arrayContaining(['Date', 'SKU', 'Status', 'Revenue', 'Order reference']));
    if (width === 1280) expect(titles).toEqual(expect.arrayContaining(['Store', 'Commission']));

    // The refund row shows the refund's own order reference; the SKU cut short shows whole on hover.
    const refCell = refundRow.locator('td', { hasText: refundRef });
    await refCell.waitFor();
    expect(await refCell.getAttribute('title')).toContain(refundRef);
    const skuCell = refundRow.locator('td', { hasText: sku });
    expect(await skuCell.getAttribute('title')).toBe(sku);
    expect(
      await skuCell.evaluate(
        (td) => (td as unknown as { scrollWidth: number; clientWidth: number }).scrollWidth > (td as unknown as { clientWidth: number }).clientWidth,
      ),
    ).toBe(true);
    if (width === 1280) expect(await refundRow.locator('td', { hasText: storeName }).getAttribute('title')).toBe(storeName);

    // Row actions: view and edit where allowed, the rest in one menu.
    const ordinaryRow = page.locator(`tr.ant-table-row[data-row-key="${String(sale.saleID)}"]`);
    expect(await ordinaryRow.getByRole('button').count()).toBeLessThanOrEqual(3);
    await page.close();
  });

  it('a phone shows a card per sale: date, SKU, order reference, status and revenue (390x844)', async () => {
    const page = await salesList(390, 844);
    const cards = page.locator('li.list-row-card');
    await eventually(async () => expect(await cards.count()).toBe(2));
    await expectNoOverflow(page);
    expect(await page.locator('.list-card table').count()).toBe(0);
    await shotInto(page, SHOTS, 'sales-390', false);
    const refundCard = cards.filter({ hasText: refundRef });
    const text = await refundCard.innerText();
    const [y, m, d] = day().split('-');
    expect(text).toContain(`${d}/${m}/${y}`);
    expect(text).toContain(sku);
    expect(text).toContain(refundRef);
    expect(text).toContain('Recorded');
    expect(text).toContain('-£1,234.56');
    // Each card is inside the window.
    for (const box of await cards.evaluateAll((items) =>
      items
        .map((item) => (item as unknown as { getBoundingClientRect: () => { left: number; right: number } }).getBoundingClientRect())
        .map(({ left, right }) => ({ left, right })),
    )) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(390);
    }
    await page.close();
  });

  it("'Filter table' finds a sale by part of its order reference, typed in groups", async () => {
    const page = await adminPage(browser, target, 1280);
    await page.goto(`${target.baseUrl}/sales`);
    const filter = page.getByLabel('Filter table');
    await filter.fill(`${orderRef.slice(4, 9)} ${orderRef.slice(9, 14)}`);
    await page.locator(`tr.ant-table-row[data-row-key="${String(sale.saleID)}"]`).waitFor();
    // The sale and its refund row, which repeats its sale's reference.
    await eventually(async () => expect(await page.locator('tr.ant-table-row').count()).toBe(2));
    await page.close();
  });
});
