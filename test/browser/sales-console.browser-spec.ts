import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { Api, attemptName, describeInBrowser, launchBrowser, logInThroughUi, newPage, startTarget, type Target } from './browserTarget';
import { expectConsoleErrors, failedLoad } from './pageWatch';
import { eventually, shot as shotInto, rowAction } from './waits';

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
  /** The bulk change's sale (the others keep their card and step, also when a test is retried). */
  let movable: Row;
  let firstCard: Row;
  let secondCard: Row;
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
    firstCard = (await api.send('POST', 'rateCard', { name: `Card ${run}`, fromDate: day(-30) })).data;
    const line = async (sku: string, description: string, card = firstCard, revenue = 100) =>
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
            { storeID: northID, active: true, revenue, commission: 10 },
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
    movable = await sale(phone, northID, ref(4));
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
    // A later card with the phone only (at a new revenue): the bulk change's target.
    secondCard = (await api.send('POST', 'rateCard', { name: `Later ${run}`, fromDate: day(-20) })).data;
    await line(phoneSku, `Phone ${run} with case`, secondCard, 120);

    // A user with a store and no sales area, and one with RecordRefunds only.
    const profile = async (name: string, systemAreas: string, showCommission: boolean) =>
      (await api.send('POST', 'accessProfile', { name: attemptName(name), systemAreas, storeIDs: [northID], showRevenue: true, showCommission })).data;
    const noSales = await profile('No sales', 'AccessAPI', true);
    const refundsOnly = await profile('Refunds', 'RecordRefunds', false);
    await api.send('POST', 'user', {
      name: attemptName('Nora'),
      email: noSalesEmail,
      password,
      confirm: password,
      accessProfileID: noSales.accessProfileID,
      storeID: northID,
    });
    await api.send('POST', 'user', {
      name: attemptName('Rafe'),
      email: refundsEmail,
      password,
      confirm: password,
      accessProfileID: refundsOnly.accessProfileID,
      storeID: northID,
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

  const shot = (page: Page, name: string) => shotInto(page, SHOTS, name);

  /** The table row of a sale, by its id in the first cell. */
  const saleRow = (page: Page, saleID: unknown) => page.locator(`tr.ant-table-row[data-row-key="${String(saleID)}"]`);

  /** The sale IDs of the rows shown. */
  const shownIDs = async (page: Page) =>
    (await page.locator('tr.ant-table-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key')))).map(Number);

  /** Waits until the rows shown are exactly these sales (a list being replaced shows none for a moment). */
  const waitForIDs = (page: Page, ids: unknown[]) => eventually(async () => expect(await shownIDs(page)).toEqual(ids.map(Number)));

  /** The background colour of a row's first data cell. */
  const background = (page: Page, saleID: unknown) =>
    saleRow(page, saleID)
      .locator('td')
      .nth(2)
      .evaluate((cell) => (globalThis as any).getComputedStyle(cell).backgroundColor); // eslint-disable-line @typescript-eslint/no-explicit-any

  it('shows the Sales menu item only to users with a store and a sales area', async () => {
    const page = await adminPage();
    await page.locator('.shell-drawer').getByText('Sales', { exact: true }).waitFor();
    await page.context().close();

    const { page: refundsPage } = await newPage(browser);
    await logInThroughUi(refundsPage, target.baseUrl, refundsEmail, password);
    await refundsPage.locator('.shell-drawer').getByText('Sales', { exact: true }).click();
    await refundsPage.waitForURL(/\/sales$/);
    // Their store's tab only; revenue columns but no commission (nor an empty column for it), no Add, no row selection.
    await saleRow(refundsPage, ordinary.saleID).waitFor();
    expect(await refundsPage.locator('.sales-tabs').getByRole('tab').allInnerTexts()).toEqual(['All stores', northName]);
    const headers = (await refundsPage.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim());
    expect(headers).toEqual(expect.arrayContaining(['Revenue', 'Status', 'Order reference']));
    expect(headers).not.toContain('Commission');
    expect(headers.filter((h) => h === '')).toHaveLength(0);
    expect(headers.filter((h) => h === 'Actions')).toHaveLength(1); // the row buttons' column, named for screen readers
    expect(await saleRow(refundsPage, ordinary.saleID).innerText()).toContain('£100.00');
    expect(await saleRow(refundsPage, ordinary.saleID).innerText()).not.toContain('£10.00');
    expect(await refundsPage.getByRole('button', { name: 'Add' }).count()).toBe(0);
    expect(await refundsPage.locator('.ant-table-selection-column').count()).toBe(0);
    expect(await refundsPage.getByRole('button', { name: 'API details' }).count()).toBe(0);
    await shot(refundsPage, 'sales-refunds-user-1280');
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
    // At 800 px the Store column gives way to the figures (dense lists, issue 26): the store tabs name it.
    if (width >= 1280) expect(refundedText).toContain(northName);
    expect(refundedText).toContain(phoneSku);
    expect(refundedText).toContain('Refunded');
    expect(await saleRow(page, refundRow.saleID).innerText()).toContain(`Refund of ${refunded.saleID}`);
    expect(await saleRow(page, ordinary.saleID).innerText()).toContain('Recorded');
    expect(await saleRow(page, ordinary.saleID).innerText()).toContain(day(-1).split('-').reverse().join('/'));

    // The legend's colours: ordinary white, refunded yellow/orange, refund rows red.
    const legend = page.locator('.sales-legend');
    await legend.getByText('Refunded sale').waitFor();
    const swatch = (kind: string) =>
      legend.locator(`.sales-legend-swatch.sale-row-${kind}`).evaluate((el) => (globalThis as any).getComputedStyle(el).backgroundColor); // eslint-disable-line @typescript-eslint/no-explicit-any
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
    await waitForIDs(page, [tabletSale.saleID]);
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
    await waitForIDs(page, [tabletSale.saleID]);
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
    await waitForIDs(page, [refundRow.saleID]);
    await page.locator('.sales-tabs .ant-tabs-tab-active').getByText(northName).waitFor();
    // The panel shows the filter it came with.
    await page.locator('.sales-filters .sales-filters-count').waitFor();
    await page.locator('.sales-filters').getByText('Refunds only').waitFor();
    await shot(page, `sales-params-${width}`);

    // With a store in the path and the sold-by filter from the object.
    await page.goto(`${target.baseUrl}/sales/${southID}/params/${base64Params({ sku: tabletSku.toLowerCase() })}`);
    await page.waitForURL(new RegExp(`/sales/${southID}\\?f\\.sku=`));
    await waitForIDs(page, [tabletSale.saleID]);
    await page.context().close();
  });

  /** Picks `option` in the open drop-down of the select inside `scope`. */
  async function choose(page: Page, scope: ReturnType<Page['locator']>, option: string) {
    await scope.locator('.ant-select').first().click();
    await pickOpen(page, option);
  }

  /** Picks `option` in the drop-down that is open, once it has finished opening. */
  async function pickOpen(page: Page, option: string) {
    const item = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last().locator('.ant-select-item-option', { hasText: option });
    await item.click();
  }

  it('shows the SKU history, the API details and the rate card comparison', async () => {
    const page = await adminPage();
    await page.goto(`${target.baseUrl}/sales/${northID}`);
    await rowAction(saleRow(page, ordinary.saleID), 'SKU history');
    const history = page.locator('.sku-history-dialog .ant-modal-content');
    await history.getByText(`Later ${run}`).waitFor();
    const historyRows = await history.locator('tr.ant-table-row').allInnerTexts();
    // Newest card first, each with the North store's revenue and commission.
    expect(historyRows).toHaveLength(2);
    expect(historyRows[0]).toContain(`Later ${run}`);
    expect(historyRows[0]).toContain('£120.00');
    expect(historyRows[1]).toContain(`Card ${run}`);
    expect(historyRows[1]).toContain('£100.00');
    expect(historyRows[1]).toContain('£10.00');
    await shot(page, 'sku-history-1280');
    await history.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await history.waitFor({ state: 'detached' });

    // API details: the list's own query (the tab's store included) and the Excel URL.
    await page.getByRole('button', { name: 'API details' }).click();
    const details = page.locator('.api-details .ant-modal-content');
    const listUrl = await details.getByLabel('List URL').innerText();
    expect(listUrl).toContain(`${target.baseUrl}/api/sales?`);
    expect(listUrl).toContain(`storeID=${northID}`);
    expect(listUrl).toContain('sort=saleID&sortDir=desc');
    expect(await details.getByLabel('Excel URL').innerText()).toContain(`${target.baseUrl}/api/sales/excel?`);
    // The URL answers the rows on screen.
    const listed = await api.send<{ listData: Row[] }>('GET', listUrl.replace(/^GET /, '').replace(`${target.baseUrl}/api/`, ''));
    expect(listed.listData.map((row) => row.saleID)).toEqual(await shownIDs(page));
    await shot(page, 'api-details-1280');
    await details.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    // Until its closing animation ends, the dialog still covers the page and takes the next clicks.
    await details.waitFor({ state: 'hidden' });

    // Compare rate cards: exactly two cards, then the comparison.
    await page.getByRole('button', { name: 'Compare rate cards' }).click();
    const pick = page.locator('.ant-modal-content', { hasText: 'Choose exactly two rate cards' });
    const compare = pick.getByRole('button', { name: 'Compare' });
    expect(await compare.isDisabled()).toBe(true);
    await choose(page, pick, `Card ${run}`);
    expect(await compare.isDisabled()).toBe(true);
    // A multiple choice stays open for the next pick.
    await pickOpen(page, `Later ${run}`);
    await page.keyboard.press('Escape');
    await compare.click();
    const comparison = page.locator('.ant-modal-content', { hasText: 'From' }).filter({ hasText: `Later ${run}` });
    await comparison.locator('.compare-totals').waitFor();
    expect(await comparison.innerText()).toContain(tabletSku);
    await page.context().close();
  });

  it('changes the rate card of ticked sales, listing every failing sale as its own error', async () => {
    // The check refuses the sales that cannot change, with a 400 naming each.
    expectConsoleErrors(failedLoad(400, '/api/sales/changeRateCardValidate'));
    const page = await adminPage();
    await page.goto(`${target.baseUrl}/sales`);
    for (const sale of [movable, refunded, tabletSale]) await saleRow(page, sale.saleID).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Change rate card' }).click();
    const dialog = page.locator('.change-rate-card .ant-modal-content');
    await dialog.getByText('This action cannot be undone! Please double check before taking this action!').waitFor();
    await choose(page, dialog, `Later ${run}`);
    const errors = dialog.locator('.change-rate-card-errors .ant-alert-error');
    await errors.first().waitFor();
    const messages = await errors.allInnerTexts();
    expect(messages).toHaveLength(2);
    expect(messages.join('\n')).toContain(`Sale ${refunded.saleID}`);
    expect(messages.join('\n')).toContain(`Sale ${tabletSale.saleID}: SKU ${tabletSku}`);
    expect(messages.every((text) => !text.includes('|'))).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Change rate card' }).isDisabled()).toBe(true);
    await shot(page, 'change-rate-card-errors-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Only the ordinary sale: the card passes, a reason is required, then the sale moves.
    for (const sale of [refunded, tabletSale]) await saleRow(page, sale.saleID).locator('.ant-checkbox-input').uncheck();
    expect(await page.locator('tr.ant-table-row .ant-checkbox-checked').count()).toBe(1);
    await page.getByRole('button', { name: 'Change rate card' }).click();
    await choose(page, dialog, `Later ${run}`);
    await dialog.getByText("Every ticked sale's SKU is on this rate card.").waitFor();
    await dialog.getByRole('button', { name: 'Change rate card' }).click();
    await dialog.getByText('You must explain the reason for changing the rate card').waitFor();
    await dialog.getByLabel('Reason').fill('Priced on the wrong card');
    await dialog.getByRole('button', { name: 'Change rate card' }).click();
    await dialog.waitFor({ state: 'detached' });
    const moved = (await api.send('GET', `sales?saleID=${movable.saleID}`)).data;
    expect(moved.rateCardID).toBe(secondCard.rateCardID);
    expect(moved.revenue).toBe(120);
    // The list shows the new amount and the selection is gone.
    if (await page.locator('th', { hasText: 'Revenue' }).count()) await saleRow(page, movable.saleID).getByText('£120.00').first().waitFor();
    expect(await page.locator('tr.ant-table-row .ant-checkbox-checked').count()).toBe(0);
    await page.context().close();
  });

  it('opens the sale form from the rows (edit and delete only where the server allows) and from /sales/newSale/{base64}', async () => {
    const page = await adminPage();
    await page.goto(`${target.baseUrl}/sales/${northID}`);
    await saleRow(page, ordinary.saleID).waitFor();
    // A row's icons (View, Edit where allowed) and the items of its 'More actions' menu.
    const actions = async (sale: Row) => {
      const row = saleRow(page, sale.saleID);
      const icons = await row.locator('.row-actions button').evaluateAll((list) => list.map((b) => b.getAttribute('aria-label')));
      await row.getByRole('button', { name: 'More actions' }).click();
      const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last();
      await menu.getByRole('menuitem').first().waitFor();
      const items = await menu.getByRole('menuitem').allInnerTexts();
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      return { icons, items: items.map((item) => item.trim()) };
    };
    expect(await actions(ordinary)).toEqual({ icons: ['View', 'Edit', 'More actions'], items: ['SKU history', 'Copy', 'Delete'] });
    expect(await actions(refunded)).toEqual({ icons: ['View', 'More actions'], items: ['SKU history', 'Copy'] });
    expect(await actions(refundRow)).toEqual({ icons: ['View', 'More actions'], items: ['SKU history', 'Copy'] });

    await saleRow(page, ordinary.saleID).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.locator('.ant-modal-content', { hasText: 'Edit sale' });
    await dialog.waitFor();
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${target.baseUrl}/sales/newSale/${base64Params({ storeID: southID })}`);
    const create = page.locator('.ant-modal-content', { hasText: 'New sale' });
    await create.waitFor();
    await shot(page, 'sales-new-sale-1280');
    await create.locator('.ant-modal-close').click();
    await create.waitFor({ state: 'detached' });
    await page.waitForURL(/\/sales$/);
    await saleRow(page, ordinary.saleID).waitFor();
    await page.context().close();
  });
});
