import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { adminPage, Api, attemptName, describeInBrowser, launchBrowser, startTarget, type Target } from './browserTarget';
import { expectConsoleErrors, failedLoad } from './pageWatch';
import { choose, dialog, eventually, expectNoOverflow, messageShown, rowOf, shot as shotInto } from './waits';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Screenshots to look at (SHOTS=dir, default /tmp/shots-match-rules). */
const SHOTS = process.env.SHOTS ?? '/tmp/shots-match-rules';

/**
 * Match rules of auto reconcile (issue 24) in a browser: the administrator adds 'Sale date within
 * days' from the rec sheets' toolbar (confirmed), a rule the server refuses says why under its
 * field; Auto reconcile names the rule before Start and, after the run of a sheet with an exact
 * line, a line dated two days off and a clawback, counts the lines by what matched them; the
 * unreconciled sales' 'Refunds awaiting a clawback' lists the refund no clawback claimed. At
 * 1280x800, 800x900 and 390x844, nothing scrolling sideways. Sales dated 2018 (refunds today).
 */
describeInBrowser('match rules of auto reconcile', () => {
  jest.setTimeout(240_000);

  let target: Target;
  let browser: Browser;
  let api: Api;
  const run = Date.now().toString(36);
  const storeName = `Rules store ${run}`;
  const sku = `MR-${run}`.toUpperCase();
  let sequence = 0;
  /** 20-digit order references unique to this attempt. */
  const ref = () => `${String(Date.now()).slice(-9)}${String((sequence += 1)).padStart(11, '0')}`;
  /** Records a sale of the store on `saleDate` (revenue £100). */
  let sale: (saleDate: string) => Promise<Row>;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    target = await startTarget();
    browser = await launchBrowser();
    api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const me = (await api.send('GET', 'user/me')).data;
    const storeType = (await api.send('POST', 'storeType', { name: `Rules type ${run}` })).data;
    const storeID = Number((await api.send('POST', 'store', { name: storeName, storeTypeID: storeType.storeTypeID })).data.storeID);
    const saleType = (await api.send('POST', 'saleType', { name: `Rules upgrade ${run}`, storeIDs: [storeID] })).data;
    const skuType = (await api.send('POST', 'skuType', { name: `Rules device ${run}` })).data;
    const card = (await api.send('POST', 'rateCard', { name: `Rules card ${run}`, fromDate: '2018-01-01' })).data;
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
        rateCardLineStores: [{ storeID, active: true, revenue: 100, commission: 10 }],
      })
    ).data;
    const rateCardLineStoreID = Number(line.rateCardLineStores[0].rateCardLineStoreID);
    sale = async (saleDate: string) =>
      (
        await api.send('POST', 'sale', {
          storeID,
          saleTypeID: saleType.saleTypeID,
          attributableToUserID: me.userID,
          rateCardLineStoreID,
          saleDate,
          orderRef: ref(),
        })
      ).data;
  });
  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  /** Every rule gone, so each width starts with none (the rules are one list for everyone). */
  const deleteRules = async () => {
    const listed = await api.send<{ listData: Row[] }>('GET', 'recMatchRules');
    for (const rule of listed.listData) await api.send('DELETE', `recMatchRule/${String(rule.recMatchRuleID)}`);
  };

  /** The sale refunded (its refund row dated today); answers the refund row. */
  const refund = async (original: Row): Promise<Row> => {
    await api.send('PUT', `sale/${String(original.saleID)}`, { ...original, isRefunded: true, isRefundedNote: 'Returned', isRefundedOrderRef: ref() });
    return (await api.send<{ listData: Row[] }>('GET', `sales?refSaleID=${String(original.saleID)}`)).listData[0];
  };

  /** A line of the sheet as the supplier sends it for `s`, with `body` changing what differs. */
  const line = (recSheetID: number, s: Row, body: Row = {}) =>
    api.send('POST', 'recSheetLine', {
      recSheetID,
      storeName,
      saleDate: String(s.saleDate).slice(0, 10),
      orderRef: s.orderRef,
      sku,
      description: 'Phone',
      revenue: 100,
      ...body,
    });

  /** The list settled: its rows in, no spinner, nothing wider than the window. */
  const settled = async (page: Page) => {
    // A table, or on a phone a card per row (or the empty list).
    await page.locator('.list-card .ant-table, .list-cards, .list-cards-empty').first().waitFor();
    await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
    await expectNoOverflow(page);
  };

  it.each([
    [1280, 800],
    [800, 900],
    [390, 844],
  ])('adds a rule, auto reconciles by rule and clawback, and lists the refunds awaiting a clawback (%ix%i)', async (width, height) => {
    const shot = (page: Page, name: string) => shotInto(page, SHOTS, `${name}-${width}`);
    await deleteRules();
    const page = await adminPage(browser, target, width);
    await page.setViewportSize({ width, height });

    // ---- The rules screen from the rec sheets: none yet; 'Sale date within days' added ----
    await page.goto(`${target.baseUrl}/recSheets`);
    await settled(page);
    await shot(page, 'rec-sheets');
    await page.getByRole('button', { name: 'Match rules' }).click();
    await page.waitForURL(`${target.baseUrl}/recSheets/matchRules`);
    await page.getByText('There are no match rules to show.').waitFor();
    await settled(page);
    await page.getByRole('button', { name: 'Add' }).click();
    let form = dialog(page, 'New match rule');
    await form.getByText('Auto reconcile tries the exact match first').waitFor();
    await choose(page, form.locator('.ant-select').first(), 'Sale date within days');
    await form.getByLabel('Days').fill('3');
    // Only the sale date rule takes days: no tolerance asked.
    expect(await form.getByLabel('Tolerance in pounds').count()).toBe(0);
    await expectNoOverflow(page);
    await shot(page, 'rules-new');
    await form.getByRole('button', { name: 'Create' }).click();
    await messageShown(page, 'Match rule Sale date within days saved');
    const added = rowOf(page, 'Sale date within days');
    await added.waitFor();
    expect(await added.textContent()).toContain("The sale date may be up to 3 days before or after the line's");
    expect(await added.textContent()).not.toContain('saleDateWithin');
    await settled(page);
    await shot(page, 'rules-list');

    // ---- Refused: the revenue rule without a tolerance; the server's reason under the field ----
    expectConsoleErrors(failedLoad(400, '/api/recMatchRule'));
    await page.getByRole('button', { name: 'Add' }).click();
    form = dialog(page, 'New match rule');
    await choose(page, form.locator('.ant-select').first(), 'Revenue within a tolerance');
    await form.getByLabel('Tolerance in pounds').waitFor();
    await form.getByRole('button', { name: 'Create' }).click();
    await form.locator('.ant-form-item-explain-error', { hasText: 'Give the tolerance in pounds or in percent' }).waitFor();
    await expectNoOverflow(page);
    await shot(page, 'rules-refused');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    expect((await api.send<{ listData: Row[] }>('GET', 'recMatchRules')).listData.map((r) => [r.rule, r.days])).toEqual([['saleDateWithin', 3]]);

    // ---- A sheet: an exact line, a line dated two days off, a clawback; and a refund no clawback claims ----
    const exact = await sale('2018-05-07');
    const dateOff = await sale('2018-05-08');
    const clawed = await refund(await sale('2018-05-09'));
    const awaiting = await refund(await sale('2018-05-10'));
    const sheet = (await api.send('POST', 'recSheet', { name: attemptName('Rules May'), recDate: '2018-05-31' })).data;
    const recSheetID = Number(sheet.recSheetID);
    await line(recSheetID, exact);
    await line(recSheetID, dateOff, { saleDate: '2018-05-10' });
    // The clawback at the refund's date (today), so the sheet's lines span the refunds too.
    await line(recSheetID, clawed, { revenue: -100 });

    await page.goto(`${target.baseUrl}/recSheets/${recSheetID}/lines`);
    await rowOf(page, clawed.orderRef).waitFor();
    await page.getByRole('button', { name: 'Auto reconcile' }).click();
    const autoDialog = page.locator('.auto-rec-dialog .ant-modal-content');
    await autoDialog.locator('.auto-rec-rules', { hasText: 'Also: sale date within 3 days. Clawbacks are matched to refunds.' }).waitFor();
    await expectNoOverflow(page);
    await shot(page, 'auto-rec-rules');
    await autoDialog.getByRole('button', { name: 'Start' }).click();
    await autoDialog.getByText('Auto reconcile finished: 3 of 3 lines reconciled').waitFor();
    const counts = await autoDialog.locator('.auto-rec-counts').textContent();
    expect(counts).toContain('Reconciled3');
    expect(counts).toContain('Exact match1');
    expect(counts).toContain('Sale date within days1');
    expect(counts).toContain('Clawbacks matched to a refund1');
    // Only the parts that linked a line.
    expect(counts).not.toContain('Revenue within a tolerance');
    expect(counts).not.toContain('Clawbacks without a refund');
    await expectNoOverflow(page);
    await shot(page, 'auto-rec-counts');
    await autoDialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await autoDialog.waitFor({ state: 'detached' });
    // Each line's note says what matched it.
    const notes = (await api.send<{ listData: Row[] }>('GET', `recSheetLines?recSheetID=${recSheetID}`)).listData.map((l) => String(l.autoRecNotes));
    expect(notes.some((n) => n.endsWith('(exact match)'))).toBe(true);
    expect(notes.some((n) => n.endsWith('(sale date within 3 days)'))).toBe(true);
    expect(notes.some((n) => n.startsWith('Clawback reconciled automatically to refund'))).toBe(true);
    // The list says a clawback is reconciled to a refund, a payment to a sale.
    await rowOf(page, clawed.orderRef).getByText('Reconciled to refund of').waitFor();
    await rowOf(page, exact.orderRef).getByText('Reconciled to sale of 07/05/2018').waitFor();

    // ---- Unreconciled sales: the refund no clawback claimed, under 'Refunds awaiting a clawback' ----
    await page.locator('.rec-sheet-tabs').getByText('Unreconciled sales').click();
    await page.waitForURL(`**/recSheets/${recSheetID}/lines/unreconciledSales`);
    await settled(page);
    await page.locator('.rec-sales-view').getByText('Refunds awaiting a clawback').click();
    await page.waitForURL(`**/recSheets/${recSheetID}/lines/unreconciledSales?refunds=1`);
    // The refund shares its sale's order reference, so wait for the refunds' own list before reading its row.
    await page.locator('th', { hasText: 'Refund date' }).or(page.locator('ul.list-cards[aria-label="Unreconciled refunds"]')).first().waitFor();
    await settled(page);
    const refundRow = rowOf(page, awaiting.orderRef);
    await eventually(async () => expect(await refundRow.textContent()).toContain('-£100.00'));
    // The clawed-back refund is reconciled; the sales themselves are not listed here.
    expect(await rowOf(page, clawed.orderRef).count()).toBe(0);
    await shot(page, 'unreconciled-refunds');
    // The view survives a reload (it is in the address), and Sales takes it back.
    await page.reload();
    await rowOf(page, awaiting.orderRef).waitFor();
    await page.locator('.rec-sales-view').getByText('Sales', { exact: true }).click();
    await eventually(() => expect(new URL(page.url()).searchParams.get('refunds')).toBeNull());
    // The sales: the refunded sale itself (same order reference), with its own date and revenue.
    await page
      .locator('th', { hasText: /^\s*Date\s*$/ })
      .or(page.locator('ul.list-cards[aria-label="Unreconciled sales"]'))
      .first()
      .waitFor();
    await rowOf(page, '10/05/2018').waitFor();
    await eventually(async () => expect(await rowOf(page, awaiting.orderRef).textContent()).not.toContain('-£100.00'));
    await settled(page);
    await shot(page, 'unreconciled-sales');
    await page.context().close();
  });
});
