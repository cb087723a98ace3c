import {
  adjustmentRequired,
  LINE_RECONCILED,
  NO_ADJUSTMENT_NEEDED,
  NOTES_REQUIRED,
  NOTES_TOO_LONG,
  SALE_CANCELLED,
  ZERO_WARNING,
} from '../../src/modules/reconciliation/manual-rec/manual-rec.service';
import {
  as,
  createRateCard,
  createRateCardLine,
  createSaleType,
  createSkuType,
  createStore,
  expectFailure,
  expectStatus,
  login,
  Row,
  TestUser,
} from '../support/api';
import { createRecLine, createRecSheet, waitForOperation } from '../support/rec-fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp } from '../support/test-app';
import { createSeller, historyOf, lineStoreOf, readSale, recordSale, SalesWorld } from './sales-fixtures';

/**
 * Manual reconcile, suggestions, unreconcile and the sale search (docs/http-api.md, "Auto and
 * manual reconcile"). This file's card starts on 1 July 2017 and its sales are dated July to
 * December 2017 (reconciliation-auto's card starts 1 January 2017, its sales are before July).
 */

const YEAR = 2017;
let w: SalesWorld;
let rec: TestUser;
let recA: TestUser;
let sellerAB: TestUser;
let lineA2: Row;
let sku: string;
let sku2: string;

let refSequence = 0;
function ref(): string {
  refSequence += 1;
  return `27${String(Date.now()).slice(-9)}${String(refSequence).padStart(9, '0')}`;
}

beforeAll(async () => {
  const t = await startTestApp();
  const admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  const storeA = await createStore(admin, { name: `Rec manual ${YEAR} A` });
  const storeB = await createStore(admin, { name: `Rec manual ${YEAR} B`, storeTypeID: storeA.storeTypeID });
  const saleType = await createSaleType(admin, { storeIDs: [storeA.storeID, storeB.storeID] });
  const skuType = await createSkuType(admin, { excludeDiscount: false });
  const card = await createRateCard(admin, { fromDate: `${YEAR}-07-01` });
  const line = await createRateCardLine(admin, {
    rateCardID: card.rateCardID,
    saleTypeID: saleType.saleTypeID,
    skuTypeID: skuType.skuTypeID,
    rateCardLineStores: [
      { storeID: storeA.storeID, active: true, revenue: 100, commission: 40 },
      { storeID: storeB.storeID, active: true, revenue: 90, commission: 30 },
    ],
  });
  const line2 = await createRateCardLine(admin, {
    rateCardID: card.rateCardID,
    saleTypeID: saleType.saleTypeID,
    skuTypeID: skuType.skuTypeID,
    rateCardLineStores: [{ storeID: storeA.storeID, active: true, revenue: 80, commission: 20 }],
  });
  const seller = await createSeller(t, admin, [storeA.storeID]);
  sellerAB = await createSeller(t, admin, [storeA.storeID, storeB.storeID]);
  w = {
    t,
    admin,
    year: YEAR,
    storeA,
    storeB,
    saleType,
    skuType,
    card,
    line,
    lineA: lineStoreOf(line, storeA),
    lineB: lineStoreOf(line, storeB),
    seller,
  } as unknown as SalesWorld;
  lineA2 = lineStoreOf(line2, storeA);
  sku = line.sku;
  sku2 = line2.sku;
  rec = await createSeller(t, admin, [storeA.storeID, storeB.storeID], { areas: ['RevenueReconciliation'] });
  recA = await createSeller(t, admin, [storeA.storeID], { areas: ['RevenueReconciliation'] });
});
afterAll(() => w?.t.close());

async function sale(body: Row = {}): Promise<Row> {
  return recordSale(w, sellerAB.api, { saleDate: `${YEAR}-12-01`, orderRef: ref(), attributableToUserID: sellerAB.userID, ...body });
}

async function line(recSheetID: number, body: Row = {}): Promise<Row> {
  return createRecLine(rec.api, { recSheetID, storeName: w.storeA.name, saleDate: `${YEAR}-12-01`, orderRef: ref(), sku, revenue: 100, ...body });
}

let sheet: Row;
beforeAll(async () => {
  sheet = await createRecSheet(rec.api, { name: `Manual ${YEAR}` });
});

const validate = (l: Row, s: Row, body: Row, api = rec.api) => api.put(`/api/recSheetLine/${l.recSheetLineID}/recSale/${s.saleID}/validate`, body);
const commit = (l: Row, s: Row, body: Row, api = rec.api) => api.put(`/api/recSheetLine/${l.recSheetLineID}/recSale/${s.saleID}`, body);
const steps = (history: Row[]) => history.map((h) => [h.step, h.description]);

/** The line's link as recLink holds it (none: sale 0). */
async function lineRow(id: number): Promise<Row> {
  const [row] = await w.t.dataSource.query(
    'SELECT saleID, adjustment, adjustmentReason, linkedByUserName AS recByUserName, autoRecRunID FROM recLink WHERE recSheetLineID = ?',
    [id],
  );
  if (!row) return { saleID: 0, adjustment: 0, adjustmentReason: '', recByUserName: '', autoRecRunID: null };
  return { ...row, saleID: Number(row.saleID), adjustment: Number(row.adjustment) };
}

/** Runs `action` and checks that no table and neither record changed. */
async function writesNothing(l: Row, s: Row, action: () => Promise<void>): Promise<void> {
  const counts = await w.t.tableCounts();
  const before = [await readSale(w, s.saleID), await lineRow(l.recSheetLineID)];
  await action();
  expect([await readSale(w, s.saleID), await lineRow(l.recSheetLineID)]).toEqual(before);
  expect(await w.t.tableCounts()).toEqual(counts);
}

describe('permissions and scope', () => {
  it('needs RevenueReconciliation (403); lines and sales of other stores are 404', async () => {
    const s = await sale();
    const l = await line(sheet.recSheetID, { orderRef: s.orderRef });
    const sB = await sale({ storeID: w.storeB.storeID, rateCardLineStoreID: w.lineB.rateCardLineStoreID });
    const lB = await line(sheet.recSheetID, { storeName: w.storeB.name });
    await writesNothing(l, s, async () => {
      expectFailure(await w.seller.api.get(`/api/recSheetLine/${l.recSheetLineID}/recSuggest`), 403);
      expectFailure(await validate(l, s, { recNotes: '' }, w.seller.api), 403);
      expectFailure(await commit(l, s, { recNotes: '' }, w.seller.api), 403);
      expectFailure(await w.seller.api.put(`/api/sale/${s.saleID}/unreconcile`), 403);
      expectFailure(await recA.api.get(`/api/recSheetLine/${lB.recSheetLineID}/recSuggest`), 404);
      expectFailure(await commit(lB, s, { recNotes: '' }, recA.api), 404);
      expectFailure(await commit(l, sB, { recNotes: '' }, recA.api), 404);
      expectFailure(await commit(l, { saleID: 99999999 }, { recNotes: '' }), 404);
      expectFailure(await rec.api.get('/api/recSheetLine/99999999/recSuggest'), 404);
    });
  });
});

describe('recSuggest', () => {
  it('ranks same order reference first, then SKU, store, date and revenue closeness, with reasons', async () => {
    const r = ref();
    const l = await line(sheet.recSheetID, { orderRef: r, saleDate: `${YEAR}-09-10` });
    const best = await sale({ orderRef: r, saleDate: `${YEAR}-09-08` });
    const atB = await sale({ orderRef: r, saleDate: `${YEAR}-09-15`, storeID: w.storeB.storeID, rateCardLineStoreID: w.lineB.rateCardLineStoreID });
    const sameSku = await sale({ saleDate: `${YEAR}-09-10` });
    const otherSku = await sale({ saleDate: `${YEAR}-09-11`, rateCardLineStoreID: lineA2.rateCardLineStoreID });
    await sale({ orderRef: r, saleDate: `${YEAR}-10-11` }); // 31 days: outside the window
    const cancelled = await sale({ orderRef: r, saleDate: `${YEAR}-09-10` });
    expectStatus(await sellerAB.api.put(`/api/sale/${cancelled.saleID}`, { ...cancelled, newStep: 'cancelled', newStepNote: 'Gone' }), 200);
    const res = expectStatus(await rec.api.get(`/api/recSheetLine/${l.recSheetLineID}/recSuggest`), 200).body;
    expect(res.validationResult).toEqual({ fail: false });
    expect(res.listData.map((s: Row) => s.saleID)).toEqual([best.saleID, atB.saleID, sameSku.saleID, otherSku.saleID]);
    expect(res.listData.map((s: Row) => s.reason)).toEqual([
      'Same order reference, same SKU, same store, 2 days apart, same revenue',
      'Same order reference, same SKU, 5 days apart, revenue £10.00 lower',
      'Same SKU, same store, same day, same revenue',
      'Same store, 1 day apart, revenue £20.00 lower',
    ]);
    const scores = res.listData.map((s: Row) => s.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(res.listData[0]).toEqual(
      expect.objectContaining({
        saleID: best.saleID,
        storeID: w.storeA.storeID,
        storeName: w.storeA.name,
        saleDate: `${YEAR}-09-08T00:00:00.000Z`,
        sku,
        orderRef: r,
        revenue: 100,
        adjustedRevenue: 100,
        adjustment: 0,
        unreconciledRevenue: 100,
        recSheetLinesTotal: 0,
        recSheetLinesCount: 0,
        attributableToUserID: sellerAB.userID,
        isRefund: false,
        isRefunded: false,
        currentHistoryStep: 'recorded',
        saleAnalysisValues: '',
      }),
    );
    // Only the user's stores.
    const scoped = expectStatus(await recA.api.get(`/api/recSheetLine/${l.recSheetLineID}/recSuggest`), 200).body.listData;
    expect(scoped.map((s: Row) => s.saleID)).toEqual([best.saleID, sameSku.saleID, otherSku.saleID]);
  });
});

describe('manual reconcile', () => {
  it('links a line whose revenue equals the unreconciled revenue; validate writes nothing', async () => {
    const s = await sale();
    const l = await line(sheet.recSheetID, { orderRef: s.orderRef });
    await writesNothing(l, s, async () => {
      const res = expectStatus(await validate(l, s, { recNotes: '', changes: {} }), 200).body;
      expect(res.validationResult).toEqual({ fail: false });
      expect(res.data).toEqual(expect.objectContaining({ adjustment: 0, adjustedRevenue: 100, unreconciledRevenue: 0, recSheetLinesCount: 1 }));
    });
    expectStatus(await commit(l, s, { recNotes: 'Matches', changes: {} }), 200);
    expect(await lineRow(l.recSheetLineID)).toEqual(
      expect.objectContaining({ saleID: s.saleID, recByUserName: rec.data.name, autoRecRunID: null, adjustment: 0 }),
    );
    const after = await readSale(w, s.saleID);
    expect(after).toEqual(
      expect.objectContaining({ currentHistoryStep: 'reconciled', recSheetLinesCount: 1, recSheetLinesTotal: 100, unreconciledRevenue: 0, adjustment: 0 }),
    );
    const history = await historyOf(w.admin, s.saleID);
    expect(steps(history).at(-1)).toEqual(['reconciled', `Reconciled by hand: rec sheet Manual ${YEAR}, line ${l.recSheetLineID}: Matches`]);
    expect(after.currentHistoryID).toBe(history.at(-1)!.historyID);
    // The line is reconciled now.
    const other = await sale();
    expect(expectFailure(await commit(l, other, { recNotes: '' })).failMessages).toEqual({ recSheetLineID: LINE_RECONCILED });
  });

  it('needs the adjustment that makes up the difference, with notes; unreconcile takes it off again', async () => {
    const s = await sale();
    const l = await line(sheet.recSheetID, { orderRef: s.orderRef, revenue: 95.5 });
    const required = adjustmentRequired(-4.5, 95.5, 100);
    expect(required).toBe("A revenue adjustment of -£4.50 is required: the line's revenue is £95.50 and the sale's unreconciled revenue £100.00");
    await writesNothing(l, s, async () => {
      expect(expectFailure(await validate(l, s, { recNotes: 'x' })).failMessages).toEqual({ recNotes: required });
      expect(expectFailure(await commit(l, s, { recNotes: 'x', changes: { adjustment: -4 } })).failMessages).toEqual({ recNotes: required });
      expect(expectFailure(await commit(l, s, { recNotes: '  ', changes: { adjustment: -4.5 } })).failMessages).toEqual({ recNotes: NOTES_REQUIRED });
      expect(expectFailure(await commit(l, s, { recNotes: 'x'.repeat(1001), changes: { adjustment: -4.5 } })).failMessages).toEqual({
        recNotes: NOTES_TOO_LONG,
      });
      expect(expectFailure(await commit(l, s, { recNotes: 'x', changes: { adjustment: 'a lot' } })).failMessages).toEqual({
        changesAdjustment: 'The adjustment must be an amount with up to 2 decimals',
      });
      const ok = expectStatus(await validate(l, s, { recNotes: 'Supplier paid less', changes: { adjustment: -4.5 } }), 200).body;
      expect(ok.data).toEqual(expect.objectContaining({ adjustment: -4.5, adjustedRevenue: 95.5, unreconciledRevenue: 0, recSheetLinesTotal: 95.5 }));
    });
    expectStatus(await commit(l, s, { recNotes: 'Supplier paid less', changes: { adjustment: -4.5 } }), 200);
    expect(await readSale(w, s.saleID)).toEqual(
      expect.objectContaining({
        currentHistoryStep: 'reconciled',
        adjustment: -4.5,
        adjustedRevenue: 95.5,
        recSheetLinesTotal: 95.5,
        unreconciledRevenue: 0,
        revenue: 100,
      }),
    );
    expect(await lineRow(l.recSheetLineID)).toEqual(expect.objectContaining({ saleID: s.saleID, adjustment: -4.5, adjustmentReason: 'Supplier paid less' }));
    expect(steps(await historyOf(w.admin, s.saleID)).at(-1)![1]).toBe(
      `Reconciled by hand: rec sheet Manual ${YEAR}, line ${l.recSheetLineID}, adjustment -£4.50: Supplier paid less`,
    );

    // Unreconcile (the route moved to the reconciliation module: same path, same answer).
    const back = expectStatus(await rec.api.put(`/api/sale/${s.saleID}/unreconcile`), 200).body;
    expect(back.validationResult).toEqual({ fail: false });
    expect(back.data).toEqual(
      expect.objectContaining({
        saleID: s.saleID,
        currentHistoryStep: 'recorded',
        adjustment: 0,
        adjustedRevenue: 100,
        recSheetLinesTotal: 0,
        recSheetLinesCount: 0,
        unreconciledRevenue: 100,
      }),
    );
    expect(await lineRow(l.recSheetLineID)).toEqual(expect.objectContaining({ saleID: 0, adjustment: 0, adjustmentReason: '', recByUserName: '' }));
    expect(steps(await historyOf(w.admin, s.saleID)).at(-1)).toEqual(['recorded', 'Unreconciled']);
    expect(expectFailure(await rec.api.put(`/api/sale/${s.saleID}/unreconcile`)).failSummary).toBe('Only reconciled sales can be unreconciled');
  });

  it('refuses an adjustment that is not needed, and a cancelled sale', async () => {
    const s = await sale();
    const l = await line(sheet.recSheetID, { orderRef: s.orderRef });
    const cancelled = await sale();
    expectStatus(await sellerAB.api.put(`/api/sale/${cancelled.saleID}`, { ...cancelled, newStep: 'cancelled', newStepNote: 'Gone' }), 200);
    await writesNothing(l, s, async () => {
      expect(expectFailure(await commit(l, s, { recNotes: 'x', changes: { adjustment: 1 } })).failMessages).toEqual({ recNotes: NO_ADJUSTMENT_NEEDED });
      expect(expectFailure(await commit(l, cancelled, { recNotes: '' })).failMessages).toEqual({ saleID: SALE_CANCELLED });
    });
  });

  it('warns when the sale already has unreconciled revenue 0, and links another line to it', async () => {
    const s = await sale();
    const first = await line(sheet.recSheetID, { orderRef: s.orderRef });
    expectStatus(await commit(first, s, { recNotes: '' }), 200);
    const clawback = await line(sheet.recSheetID, { revenue: -100 });
    const needed = adjustmentRequired(-100, -100, 0);
    expect(expectFailure(await validate(clawback, s, { recNotes: '' })).failMessages).toEqual({ recNotes: needed });
    const res = expectStatus(await validate(clawback, s, { recNotes: 'Clawed back', changes: { adjustment: -100 } }), 200).body;
    expect(res.validationResult).toEqual({ fail: false, warning: ZERO_WARNING });
    expect(res.data).toEqual(expect.objectContaining({ adjustedRevenue: 0, recSheetLinesTotal: 0, recSheetLinesCount: 2, unreconciledRevenue: 0 }));
    expect(expectStatus(await commit(clawback, s, { recNotes: 'Clawed back', changes: { adjustment: -100 } }), 200).body.validationResult.warning).toBe(
      ZERO_WARNING,
    );
    expect(await readSale(w, s.saleID)).toEqual(
      expect.objectContaining({ currentHistoryStep: 'reconciled', recSheetLinesCount: 2, adjustment: -100, adjustedRevenue: 0, unreconciledRevenue: 0 }),
    );
  });

  it('changes the SKU and store only when the sale is unlocked', async () => {
    // SKU: the sale moves to the other line of its card and is priced again (80).
    const s = await sale();
    const l = await line(sheet.recSheetID, { orderRef: s.orderRef, sku: sku2, revenue: 80 });
    expect(expectFailure(await validate(l, s, { recNotes: '' })).failMessages).toEqual({ recNotes: adjustmentRequired(-20, 80, 100) });
    const planned = expectStatus(await validate(l, s, { recNotes: '', changes: { sku: sku2.toLowerCase() } }), 200).body.data;
    expect(planned).toEqual(expect.objectContaining({ sku: sku2, revenue: 80, adjustedRevenue: 80, unreconciledRevenue: 0 }));
    expectStatus(await commit(l, s, { recNotes: '', changes: { sku: sku2 } }), 200);
    expect(await readSale(w, s.saleID)).toEqual(
      expect.objectContaining({ sku: sku2, rateCardLineStoreID: lineA2.rateCardLineStoreID, revenue: 80, commission: 20, currentHistoryStep: 'reconciled' }),
    );
    expect(steps(await historyOf(w.admin, s.saleID)).at(-1)![1]).toBe(
      `Reconciled by hand: rec sheet Manual ${YEAR}, line ${l.recSheetLineID}, changed SKU to ${sku2}`,
    );

    // Store: the sale moves to store B's line store (90).
    const s2 = await sale();
    const l2 = await line(sheet.recSheetID, { orderRef: s2.orderRef, storeName: w.storeB.name, revenue: 90 });
    expect(expectFailure(await validate(l2, s2, { recNotes: '', changes: { storeName: 'No such store' } })).failMessages).toEqual({
      changesStoreName: 'There is no store named No such store in your access profile',
    });
    expectStatus(await commit(l2, s2, { recNotes: '', changes: { storeName: w.storeB.name } }), 200);
    expect(await readSale(w, s2.saleID)).toEqual(
      expect.objectContaining({ storeID: w.storeB.storeID, rateCardLineStoreID: w.lineB.rateCardLineStoreID, revenue: 90, unreconciledRevenue: 0 }),
    );

    // Locked: a sale with a line already, or one of a refund pair.
    const locked = 'is locked: only a recorded or modified sale with no rec sheet line that is not part of a refund can change';
    const l3 = await line(sheet.recSheetID, { sku: sku, revenue: 100 });
    await writesNothing(l3, s, async () => {
      expect(expectFailure(await validate(l3, s, { recNotes: 'x', changes: { sku, adjustment: 100 } })).failMessages).toEqual(
        expect.objectContaining({ changesSKU: `The SKU ${locked}` }),
      );
    });
    const refunded = await sale();
    expectStatus(
      await sellerAB.api.put(`/api/sale/${refunded.saleID}`, { ...refunded, isRefunded: true, isRefundedNote: 'Back', isRefundedOrderRef: ref() }),
      200,
    );
    const l4 = await line(sheet.recSheetID, { orderRef: refunded.orderRef, storeName: w.storeB.name });
    await writesNothing(l4, refunded, async () => {
      expect(expectFailure(await commit(l4, refunded, { recNotes: '', changes: { storeName: w.storeB.name } })).failMessages).toEqual(
        expect.objectContaining({ changesStoreName: `The store ${locked}` }),
      );
    });
  });

  it('auto and manual reconcile of one line at once link it once', async () => {
    const s = await sale();
    const sheet2 = await createRecSheet(rec.api);
    const l = await line(sheet2.recSheetID, { orderRef: s.orderRef });
    const [auto, manual] = await Promise.all([rec.api.put(`/api/recSheet/${sheet2.recSheetID}/autoRec`), commit(l, s, { recNotes: '' })]);
    const done = await waitForOperation(rec.api, expectStatus(auto, 202).body.data.operationID);
    expect(done.state).toBe('completed');
    expect([200, 400]).toContain(manual.status);
    expect(done.result.reconciled + (manual.status === 200 ? 1 : 0)).toBe(1);
    if (manual.status === 400) expect(manual.body.validationResult.failMessages).toEqual({ recSheetLineID: LINE_RECONCILED });
    expect(await readSale(w, s.saleID)).toEqual(expect.objectContaining({ recSheetLinesCount: 1, recSheetLinesTotal: 100, currentHistoryStep: 'reconciled' }));
    expect(steps(await historyOf(w.admin, s.saleID)).filter(([step]) => step === 'reconciled')).toHaveLength(1);
  });
});

describe('sale search for manual reconcile', () => {
  it('GET /api/sales takes the filters of spec 02 section 7 for a RevenueReconciliation-only user, one page of 50', async () => {
    const s = await sale({ saleDate: `${YEAR}-11-20` });
    const base = `saleDateGEQ=${YEAR}-11-20&saleDateLEQ=${YEAR}-11-20&pageLength=50&page=0&sort=saleID&unreconciledRevenueNot=0&currentHistoryStep=recorded,modified&adjustmentNot=1`;
    const res = expectStatus(await rec.api.get(`/api/sales?${base}&quickFilter=${s.orderRef}`), 200).body;
    expect(res.listData.map((r: Row) => r.saleID)).toEqual([s.saleID]);
    expect(expectStatus(await rec.api.get(`/api/sales?saleID=${s.saleID}`), 200).body.data.saleID).toBe(s.saleID);
    expect(expectStatus(await rec.api.get(`/api/sales?${base.replace('unreconciledRevenueNot=0', 'unreconciledRevenueNot=100')}`), 200).body.listData).toEqual(
      [],
    );
  });
});

describe('a reconciliation profile without showRevenue', () => {
  it('gets no revenue figure from lines, suggestions or the reconcile answers, and cannot sort on one', async () => {
    const blind = await createSeller(w.t, w.admin, [w.storeA.storeID, w.storeB.storeID], {
      areas: ['RevenueReconciliation', 'AccessAPI'],
      profile: { showRevenue: false, showCommission: false },
    });
    const s = await sale({ orderRef: ref() });
    const l = await line(sheet.recSheetID, { orderRef: s.orderRef, revenue: 95.5 });

    const lines = expectStatus(await blind.api.get(`/api/recSheetLines?recSheetLineID=${l.recSheetLineID}`), 200).body;
    expect(lines.data).toEqual(expect.objectContaining({ recSheetLineID: l.recSheetLineID, orderRef: s.orderRef }));
    expect(lines.data).not.toHaveProperty('revenue');
    expect(lines.data).not.toHaveProperty('adjustment');
    // The same line as a profile with revenue reads it.
    expect(expectStatus(await rec.api.get(`/api/recSheetLines?recSheetLineID=${l.recSheetLineID}`), 200).body.data).toEqual(
      expect.objectContaining({ revenue: 95.5, adjustment: 0 }),
    );
    expectFailure(await blind.api.get(`/api/recSheetLines?recSheetID=${sheet.recSheetID}&sort=revenue`), 400);

    const [suggested] = expectStatus(await blind.api.get(`/api/recSheetLine/${l.recSheetLineID}/recSuggest`), 200).body.listData;
    expect(suggested.saleID).toBe(s.saleID);
    for (const figure of ['revenue', 'adjustedRevenue', 'adjustment', 'unreconciledRevenue', 'recSheetLinesTotal'])
      expect(suggested).not.toHaveProperty(figure);
    expect(suggested.reason).not.toMatch(/£|revenue/);

    // The adjustment rule holds, without amounts; the answer's figures are left out.
    expect(expectFailure(await validate(l, s, { recNotes: 'x', changes: {} }, blind.api)).failMessages).toEqual({
      recNotes: "A revenue adjustment is required: the line's revenue differs from the sale's unreconciled revenue",
    });
    const answer = expectStatus(await validate(l, s, { recNotes: 'Supplier paid less', changes: { adjustment: -4.5 } }, blind.api), 200).body;
    expect(answer.data).toEqual(expect.objectContaining({ recSheetLineID: l.recSheetLineID, saleID: s.saleID, currentHistoryStep: 'reconciled' }));
    for (const figure of ['lineRevenue', 'lineAdjustment', 'revenue', 'adjustment', 'adjustedRevenue', 'recSheetLinesTotal', 'unreconciledRevenue'])
      expect(answer.data).not.toHaveProperty(figure);
  });
});
