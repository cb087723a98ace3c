import { binary, createAnalysisField, createSaleType, expectFailure, expectStatus, isoDay, listIDs, Row, TestUser, xlsxRows } from '../support/api';
import { createSeller, discountAt, newLineStore, recordSale, saleBody, SalesWorld, salesWorld, today } from './sales-fixtures';

/**
 * The sales list (docs/http-api.md, "Sale row" and its filters): every filter of the console's
 * panel, the default days back, the sort, selectable rows, hidden figures and the Excel download.
 * This file's card starts on 2014-01-01 and its sales are dated 2014, apart from the days-back
 * sales (dated a number of days before today) and the refund row (today).
 */

let w: SalesWorld;
const YEAR = 2014;
const S: Record<string, Row> = {};
let colleague: TestUser;
let staff: Row;
let saleType2: Row;
let extras: Row;
let source: Row;
const ref = (n: number) => String(n).padStart(20, '9');
/** Every sale of this file's year, as the seller lists them. */
const IN_YEAR = `saleDateGEQ=${YEAR}-01-01&saleDateLEQ=${YEAR}-12-31`;

beforeAll(async () => {
  w = await salesWorld(YEAR);
  const store = [w.storeA.storeID];
  extras = await createAnalysisField(w.admin, { label: 'Extras', inputType: 'multi', storeIDs: store, analysisListItems: [{ code: 'X1' }, { code: 'X2' }] });
  source = await createAnalysisField(w.admin, { label: 'Source', inputType: 'text', storeIDs: store });
  staff = await discountAt(w, { captureVariablePercent: false, revenueReductionFixed: 10, commissionSameAsRevenue: true }, w.storeA, { name: `Staff ${YEAR}` });
  colleague = await createSeller(w.t, w.admin, store, { login: false });
  saleType2 = await createSaleType(w.admin, { storeIDs: store });
  const type2Line = await newLineStore(w, w.storeA, { revenue: 5, commission: 1 }, { saleTypeID: saleType2.saleTypeID });

  const sell = (name: string, body: Row) => recordSale(w, w.seller.api, body).then((sale) => (S[name] = sale));
  await sell('a', { saleDate: `${YEAR}-02-03`, orderRef: ref(1), saleAnalysisValues: [{ analysisFieldID: extras.analysisFieldID, analysisValue: 'X1' }] });
  await sell('b', {
    saleDate: `${YEAR}-02-10`,
    orderRef: ref(2),
    discountStoreID: staff.discountStoreID,
    saleAnalysisValues: [{ analysisFieldID: source.analysisFieldID, analysisValue: 'Web' }],
  });
  await sell('c', { saleDate: `${YEAR}-03-05`, orderRef: ref(2) });
  await sell('d', { saleDate: `${YEAR}-03-20`, orderRef: ref(3), rateCardLineStoreID: w.exclLineA.rateCardLineStoreID });
  await sell('e', { saleDate: `${YEAR}-04-01`, orderRef: ref(4) });
  expectStatus(await w.seller.api.put(`/api/sale/${S.e.saleID}`, { ...S.e, isRefunded: true, isRefundedNote: 'Returned', isRefundedOrderRef: ref(40) }), 200);
  S.f = expectStatus(await w.seller.api.get(`/api/sales?refSaleID=${S.e.saleID}`), 200).body.listData[0];
  await sell('g', { saleDate: `${YEAR}-04-15`, orderRef: ref(5) });
  expectStatus(await w.seller.api.put(`/api/sale/${S.g.saleID}`, { ...S.g, newStep: 'cancelled', newStepNote: 'Left' }), 200);
  await sell('h', { saleDate: `${YEAR}-05-01`, orderRef: ref(6) });
  expectStatus(await w.seller.api.put(`/api/sale/${S.h.saleID}`, { ...S.h, notes: 'Changed' }), 200);
  await sell('i', { saleDate: `${YEAR}-05-02`, orderRef: ref(7), attributableToUserID: colleague.userID });
  // Store B's sale shares a's order reference; the seller does not see store B.
  S.j = await recordSale(w, w.admin, {
    saleDate: `${YEAR}-05-03`,
    orderRef: ref(1),
    storeID: w.storeB.storeID,
    rateCardLineStoreID: w.lineB.rateCardLineStoreID,
    attributableToUserID: w.adminID,
  });
  const checker = await createSeller(w.t, w.admin, store, { areas: ['RecordCreditFails'] });
  S.k = expectStatus(
    await checker.api.post('/api/sale', {
      ...saleBodyOf({ saleDate: `${YEAR}-06-01`, attributableToUserID: checker.userID }),
      newStep: 'cancelled',
      notes: 'Credit check fail',
    }),
    201,
  ).body.data;
  S.k2 = expectStatus(
    await checker.api.post('/api/sale', {
      ...saleBodyOf({ saleDate: `${YEAR}-06-02`, attributableToUserID: checker.userID }),
      newStep: 'cancelled',
      notes: 'Credit check fail',
    }),
    201,
  ).body.data;
  await sell('l', { saleDate: `${YEAR}-06-10`, orderRef: ref(8), saleTypeID: saleType2.saleTypeID, rateCardLineStoreID: type2Line.rateCardLineStoreID });
});
afterAll(() => w?.t.close());

/** A sale body of this file (the fixtures' body with an order reference no other sale here has). */
function saleBodyOf(body: Row): Row {
  return saleBody(w, { orderRef: ref(99), ...body });
}

/** The names of the sales a query lists for `api` (the seller unless told), in the answer's order. */
async function names(query: string, api = w.seller.api): Promise<string[]> {
  const res = expectStatus(await api.get(`/api/sales?${query}&pageLength=100`), 200);
  expect(res.body.page.rowCount).toBe(res.body.listIDs.length);
  const byID = new Map(Object.entries(S).map(([name, sale]) => [sale.saleID, name]));
  return listIDs(res).map((id) => byID.get(id) ?? `#${id}`);
}

describe('filters', () => {
  it('lists every sale of the year, saleID descending by default', async () => {
    expect(await names(IN_YEAR)).toEqual(['l', 'k2', 'k', 'i', 'h', 'g', 'e', 'd', 'c', 'b', 'a']);
    expect(await names(`${IN_YEAR}&sortDir=asc&sort=saleID`)).toEqual(['a', 'b', 'c', 'd', 'e', 'g', 'h', 'i', 'k', 'k2', 'l']);
  });

  it('refund status and refunded status', async () => {
    expect(await names('isRefund=1&saleDateGEQ=2000-01-01')).toEqual(['f']);
    expect(await names(`${IN_YEAR}&isRefunded=1`)).toEqual(['e']);
    expect(await names(`${IN_YEAR}&isRefunded=0`)).not.toContain('e');
    expect(await names('isRefund=0&saleDateGEQ=2000-01-01')).not.toContain('f');
  });

  it('order reference duplicates: 2 lists the duplicates, 1 the others, with dupeCount in the rows', async () => {
    expect(await names(`${IN_YEAR}&orderRefDuplicates=2`)).toEqual(['c', 'b']);
    // Credit-check fails share one code but are never duplicates; a refund row repeats its sale's reference without counting.
    expect(await names(`${IN_YEAR}&orderRefDuplicates=1`)).toEqual(['l', 'k2', 'k', 'i', 'h', 'g', 'e', 'd', 'a']);
    expect(await names('saleDateGEQ=2000-01-01&orderRefDuplicates=2&isRefund=1')).toEqual([]);
    expect(await names(`${IN_YEAR}&orderRefDuplicates=1,2`)).toEqual(['l', 'k2', 'k', 'i', 'h', 'g', 'e', 'd', 'c', 'b', 'a']);
    const rows: Row[] = expectStatus(await w.seller.api.get(`/api/sales?${IN_YEAR}&pageLength=100`), 200).body.listData;
    const dupe = (name: string) => rows.find((r) => r.saleID === S[name].saleID)!.dupeCount;
    expect([dupe('a'), dupe('b'), dupe('c'), dupe('e'), dupe('k'), dupe('k2')]).toEqual([0, 1, 1, 0, 0, 0]);
    // A refund row repeats its sale's reference by design: never a duplicate.
    expect(expectStatus(await w.seller.api.get(`/api/sales?saleID=${S.f.saleID}`), 200).body.data.dupeCount).toBe(0);
    // The administrator sees store B, where sale j repeats a's reference.
    const adminRows: Row[] = expectStatus(await w.admin.get(`/api/sales?${IN_YEAR}&orderRefDuplicates=2&pageLength=100`), 200).body.listData;
    expect(adminRows.map((r) => [r.saleID, r.dupeCount])).toEqual([
      [S.j.saleID, 1],
      [S.c.saleID, 1],
      [S.b.saleID, 1],
      [S.a.saleID, 1],
    ]);
  });

  it('excludeDiscount, step list, dates, seller, sale type', async () => {
    expect(await names(`${IN_YEAR}&excludeDiscount=1`)).toEqual(['d']);
    expect(await names(`${IN_YEAR}&excludeDiscount=0`)).not.toContain('d');
    expect(await names(`${IN_YEAR}&currentHistoryStep=cancelled,modified`)).toEqual(['k2', 'k', 'h', 'g']);
    expect(await names(`${IN_YEAR}&currentHistoryStep=recorded`)).toEqual(['l', 'i', 'e', 'd', 'c', 'b', 'a']);
    expect(await names(`saleDateGEQ=${YEAR}-03-01&saleDateLEQ=${YEAR}-03-31`)).toEqual(['d', 'c']);
    expect(await names(`saleDateGEQ=${YEAR}-03-05&saleDateLEQ=${YEAR}-03-05`)).toEqual(['c']);
    expect(await names(`${IN_YEAR}&attributableToUserID=${colleague.userID}`)).toEqual(['i']);
    expect(await names(`${IN_YEAR}&attributableToUserID=${colleague.userID},${w.adminID}`)).toEqual(['i']);
    expect(await names(`${IN_YEAR}&saleTypeID=${saleType2.saleTypeID}`)).toEqual(['l']);
  });

  it('SKU list ignoring case, description, discount name, analysis values, target month', async () => {
    expect(await names(`${IN_YEAR}&sku=${S.d.sku.toLowerCase()}`)).toEqual(['d']);
    expect(await names(`${IN_YEAR}&sku=${S.d.sku.toLowerCase()},${S.l.sku}`)).toEqual(['l', 'd']);
    expect(S.d.description).toBe('Prepaid Voucher');
    expect(await names(`${IN_YEAR}&descriptionLower=voucher`)).toEqual(['d']);
    expect(await names(`${IN_YEAR}&discountName=${encodeURIComponent(`Staff ${YEAR}`)}`)).toEqual(['b']);
    expect(await names(`${IN_YEAR}&discountNameLower=staff`)).toEqual(['b']);
    expect(await names(`${IN_YEAR}&analysisValue=X1`)).toEqual(['a']);
    expect(await names(`${IN_YEAR}&analysisValue=Web,X1`)).toEqual(['b', 'a']);
    expect(await names(`${IN_YEAR}&analysisValue=X2`)).toEqual([]);
    expect(await names(`targetDate=${YEAR}-03-15`)).toEqual(['d', 'c']);
    expect(await names(`targetDate=${YEAR}-02-28`)).toEqual(['b', 'a']);
    // The month's last day counts (31 January).
    S.m = await recordSale(w, w.seller.api, { saleDate: `${YEAR}-01-31`, orderRef: ref(9) });
    expect(await names(`targetDate=${YEAR}-01-10`)).toEqual(['m']);
    expect(await names(`targetDate=${YEAR}-02-01`)).toEqual(['b', 'a']);
  });

  it('listIDs say which rows can be changed', async () => {
    const res = expectStatus(await w.seller.api.get(`/api/sales?${IN_YEAR}&pageLength=100`), 200);
    const selectable = Object.fromEntries((res.body.listIDs as Row[]).map((r) => [r.id, r.selectable]));
    const of = (name: string) => selectable[S[name].saleID];
    expect(['a', 'h', 'e', 'g', 'k'].map(of)).toEqual([true, true, false, false, false]);
    const refund = expectStatus(await w.seller.api.get(`/api/sales?saleID=${S.f.saleID}`), 200).body;
    expect(refund.listIDs[0].selectable).toBe(false);
  });
});

describe('quick filter by an order reference (issue 26)', () => {
  // ref(n) is n padded with 9s to 20 digits: sale i's is 99999999999999999997, refund f's own is ...40.
  it('finds a sale by any part of its order reference, typed as printed (groups with spaces or dashes)', async () => {
    const own = (await recordSale(w, w.seller.api, { saleDate: `${YEAR}-07-01`, orderRef: '12345678901234567890' })).saleID;
    const ids = async (text: string) => listIDs(expectStatus(await w.seller.api.get(`/api/sales?${IN_YEAR}&quickFilter=${encodeURIComponent(text)}`), 200));
    expect(await ids('12345678901234567890')).toEqual([own]);
    // A part from the middle, and the part as the phone's boxes or a receipt group it.
    expect(await ids('56789012')).toEqual([own]);
    expect(await ids('45678 90123')).toEqual([own]);
    expect(await ids('2345-6789-0123')).toEqual([own]);
    // Letters and other text are still matched as typed, on the other quick fields.
    expect(await ids('zz 45678')).toEqual([]);
  });

  it("finds a refund by its own order reference, and its sale's", async () => {
    const found = async (text: string) => names(`saleDateGEQ=2000-01-01&quickFilter=${encodeURIComponent(text)}`);
    // The refund's own reference (isRefundedOrderRef) names the refund row and the refunded sale.
    expect(await found('99999999999999999940')).toEqual(['f', 'e']);
    expect(await found('9999 40')).toEqual(['f', 'e']);
  });
});

describe('default days back', () => {
  it('lists only the last defaultDaysBack days unless a date bound or a sale is named', async () => {
    const recent = await recordSale(w, w.seller.api, { saleDate: isoDay(-20), orderRef: ref(20) });
    const older = await recordSale(w, w.seller.api, { saleDate: isoDay(-100), orderRef: ref(21) });
    const oldest = await recordSale(w, w.seller.api, { saleDate: isoDay(-200), orderRef: ref(22) });
    const ids = (res: Row) => listIDs(expectStatus(res as never, 200));
    // 180 days when unset.
    const unset = ids(await w.seller.api.get('/api/sales'));
    expect(unset).toEqual(expect.arrayContaining([recent.saleID, older.saleID, S.f.saleID]));
    expect(unset).not.toContain(oldest.saleID);
    expect(unset).not.toContain(S.a.saleID);

    const month = await createSeller(w.t, w.admin, [w.storeA.storeID], { defaultDaysBack: 30 });
    const last30 = ids(await month.api.get('/api/sales'));
    expect(last30).toContain(recent.saleID);
    expect(last30).not.toContain(older.saleID);
    expect(ids(await month.api.get(`/api/sales?saleDateGEQ=${isoDay(-150)}`))).toEqual(expect.arrayContaining([recent.saleID, older.saleID]));
    expect(ids(await month.api.get(`/api/sales?saleDateLEQ=${isoDay(-150)}`))).toContain(oldest.saleID);
    expect(ids(await month.api.get(`/api/sales?saleID=${older.saleID}`))).toEqual([older.saleID]);
    expect(ids(await month.api.get(`/api/sales?refSaleID=${S.e.saleID}`))).toEqual([S.f.saleID]);
    expect(ids(await month.api.get(`/api/sales?targetDate=${isoDay(-100)}`))).toContain(older.saleID);
    expect(today()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('hidden figures', () => {
  const REVENUE_FIGURES = ['revenue', 'adjustment', 'adjustedRevenue', 'unreconciledRevenue', 'recSheetLinesTotal'];

  it('leaves revenue figures out of rows and refuses filters on them without showRevenue', async () => {
    const user = await createSeller(w.t, w.admin, [w.storeA.storeID], { profile: { showRevenue: false } });
    const body = expectStatus(await user.api.get(`/api/sales?${IN_YEAR}`), 200).body;
    for (const row of body.listData) {
      for (const figure of REVENUE_FIGURES) expect(row).not.toHaveProperty(figure);
      expect(row).toHaveProperty('commission');
    }
    // The aggregate (adjustedRevenue) is null on each id and its total absent (docs/http-api.md, lists).
    for (const entry of body.listIDs) expect(entry.aggregate).toBeNull();
    expect(body.page).not.toHaveProperty('aggregateTotal');
    const one = expectStatus(await user.api.get(`/api/sales?saleID=${S.a.saleID}`), 200).body.data;
    expect(one).not.toHaveProperty('revenue');
    for (const query of ['revenue=100', 'adjustedRevenueGEQ=1', 'sort=revenue']) {
      expectFailure(await user.api.get(`/api/sales?${IN_YEAR}&${query}`));
    }
    // The save's answer leaves them out too.
    const saved = await recordSale(w, user.api, { attributableToUserID: user.userID, saleDate: `${YEAR}-07-01`, orderRef: ref(30) });
    expect(saved).not.toHaveProperty('revenue');
    expect(saved).toHaveProperty('commission', 40);
  });

  it('leaves commission out and refuses filters on it without showCommission', async () => {
    const user = await createSeller(w.t, w.admin, [w.storeA.storeID], { profile: { showCommission: false } });
    const rows: Row[] = expectStatus(await user.api.get(`/api/sales?${IN_YEAR}`), 200).body.listData;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).not.toHaveProperty('commission');
      expect(row).toHaveProperty('revenue');
    }
    expectFailure(await user.api.get(`/api/sales?${IN_YEAR}&commission=40`));
    expectFailure(await user.api.get(`/api/sales?${IN_YEAR}&sort=commission`));
  });

  it('shows both to a profile that has them', async () => {
    const row = expectStatus(await w.seller.api.get(`/api/sales?saleID=${S.b.saleID}`), 200).body.data;
    expect(row).toEqual(expect.objectContaining({ revenue: 90, commission: 30, adjustedRevenue: 90, discountName: `Staff ${YEAR}` }));
    expect(await names(`${IN_YEAR}&revenue=90`)).toEqual(['b']);
    const page = expectStatus(await w.seller.api.get(`/api/sales?${IN_YEAR}&currentHistoryStep=recorded&pageLength=100`), 200).body;
    const total = page.listData.reduce((sum: number, r: Row) => sum + r.adjustedRevenue, 0);
    expect(page.page.aggregateTotal).toBeCloseTo(total, 2);
    for (const entry of page.listIDs) expect(entry.aggregate).toBe(page.listData.find((r: Row) => r.saleID === entry.id).adjustedRevenue);
  });
});

describe('a profile without stores', () => {
  it('is refused every sales call (403), whatever its areas', async () => {
    const storeless = await createSeller(w.t, w.admin, [], {
      areas: ['RecordSales', 'RecordRefunds', 'UpdateSales', 'RecordCreditFails', 'RevenueReconciliation', 'AccessAPI'],
    });
    const counts = await w.t.tableCounts();
    for (const res of [
      await storeless.api.get(`/api/sales?${IN_YEAR}`),
      await storeless.api.get(`/api/sales?saleID=${S.a.saleID}`),
      await storeless.api.get(`/api/sales/excel?${IN_YEAR}`),
      await storeless.api.get('/api/sale/steps'),
      await storeless.api.get(`/api/sale/steps/${S.a.saleID}`),
      await storeless.api.get(`/api/sale/revenueCommission?rateCardLineStoreID=${w.lineA.rateCardLineStoreID}`),
      await storeless.api.post('/api/sale', saleBodyOf({ saleDate: `${YEAR}-02-03`, attributableToUserID: storeless.userID })),
      await storeless.api.put(`/api/sale/${S.a.saleID}`, { ...S.a, notes: 'Mine' }),
      await storeless.api.delete(`/api/sale/${S.a.saleID}`),
      await storeless.api.put(`/api/sale/${S.a.saleID}/unreconcile`),
      await storeless.api.put('/api/sales/changeRateCardValidate', { saleID: String(S.a.saleID), rateCardID: w.card.rateCardID }),
    ]) {
      expectFailure(res, 403);
    }
    expect(await w.t.tableCounts()).toEqual(counts);
    expectStatus(await storeless.api.get(`/api/histories?documentType=sale&documentID=${S.a.saleID}`), 404);
  });
});

describe('GET /api/sales/excel', () => {
  it('needs AccessAPI and streams the list with the figures the profile shows', async () => {
    expectFailure(await w.seller.api.get(`/api/sales/excel?${IN_YEAR}`), 403);
    const api = await createSeller(w.t, w.admin, [w.storeA.storeID], { areas: ['AccessAPI'] });
    const { res, body } = await binary(api.api.get(`/api/sales/excel?${IN_YEAR}&currentHistoryStep=cancelled`));
    expectStatus(res, 200);
    const rows = await xlsxRows(body);
    expect(rows[0]).toEqual(expect.arrayContaining(['Sale ID', 'Revenue', 'Commission']));
    const idColumn = (rows[0] as string[]).indexOf('Sale ID');
    expect(rows.slice(1).map((r) => r[idColumn])).toEqual([S.k2.saleID, S.k.saleID, S.g.saleID]);

    const hidden = await createSeller(w.t, w.admin, [w.storeA.storeID], { areas: ['AccessAPI'], profile: { showRevenue: false, showCommission: false } });
    const download = await binary(hidden.api.get(`/api/sales/excel?${IN_YEAR}`));
    expectStatus(download.res, 200);
    const header = (await xlsxRows(download.body))[0];
    expect(header).not.toContain('Revenue');
    expect(header).not.toContain('Commission');
    expect(header).not.toContain('Adjusted revenue');
    expectFailure(await api.api.get('/api/sales/excel?saleDateGEQ=2024-02-30'));
    // A download link carries the token in the query (no header).
    const linked = await binary(w.t.http.get(`/api/sales/excel?token=${api.token}&${IN_YEAR}&currentHistoryStep=cancelled`));
    expectStatus(linked.res, 200);
    expect((await xlsxRows(linked.body)).length).toBe(4);
  });
});
