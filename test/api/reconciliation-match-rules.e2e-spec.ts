import { NOTE_CLAWBACK_LINKED, NOTE_CLAWBACK_NONE, NOTE_LINKED, NOTE_NONE, NOTE_UNDONE } from '../../src/modules/reconciliation/auto-rec/auto-rec.service';
import { expectFailure, expectStatus, Row, TestUser } from '../support/api';
import { createRecLine, createRecSheet, saleOrderRef, waitForOperation } from '../support/rec-fixtures';
import { createSeller, historyOf, readSale, recordSale, SalesWorld, salesWorld } from './sales-fixtures';

/**
 * Match rules of auto reconcile and clawbacks (issue 24, "Matching beyond exact equality";
 * docs/http-api.md, "Match rules and clawbacks"): the rules' own calls, each rule and the note it
 * writes, their fixed order, the run's counts per rule, clawbacks matched to refunds or reported,
 * the unreconciled-sales view's refunds apart, and the undo of a mixed run. Sales dated 2019.
 */

let w: SalesWorld;
let rec: TestUser;
let sellerAB: TestUser;
const YEAR = 2019;
const DAY = `${YEAR}-05-10`;

/** A 20-digit order reference no other sale of this run has. */
const ref = () => saleOrderRef(YEAR);

beforeAll(async () => {
  w = await salesWorld(YEAR);
  rec = await createSeller(w.t, w.admin, [w.storeA.storeID, w.storeB.storeID], { areas: ['RevenueReconciliation'] });
  sellerAB = await createSeller(w.t, w.admin, [w.storeA.storeID, w.storeB.storeID]);
});
afterAll(() => w?.t.close());

async function sale(body: Row = {}): Promise<Row> {
  return recordSale(w, sellerAB.api, { saleDate: DAY, orderRef: ref(), ...body });
}

/** A line for the sale `s` as the supplier would send it, with `body` changing what differs. */
async function line(recSheetID: number, s: Row, body: Row = {}): Promise<Row> {
  const storeName = s.storeID === w.storeB.storeID ? w.storeB.name : w.storeA.name;
  return createRecLine(rec.api, {
    recSheetID,
    storeName,
    saleDate: String(s.saleDate).slice(0, 10),
    orderRef: s.orderRef,
    sku: s.sku,
    revenue: s.revenue,
    ...body,
  });
}

async function autoRec(recSheetID: number): Promise<Row> {
  const started = expectStatus(await rec.api.put(`/api/recSheet/${recSheetID}/autoRec`), 202).body;
  const done = await waitForOperation(rec.api, started.data.operationID);
  expect(done.state).toBe('completed');
  return done.result;
}

async function undo(autoRecRunID: number): Promise<Row> {
  const started = expectStatus(await rec.api.put(`/api/autoRecRun/${autoRecRunID}/undo`), 202).body;
  const done = await waitForOperation(rec.api, started.data.operationID);
  expect(done.state).toBe('completed');
  return done.result;
}

async function lineRow(recSheetLineID: number): Promise<Row> {
  return expectStatus(await rec.api.get(`/api/recSheetLines?recSheetLineID=${recSheetLineID}`), 200).body.data;
}

async function addRule(body: Row): Promise<Row> {
  return expectStatus(await w.admin.post('/api/recMatchRule', body), 201).body.data;
}

async function removeRules(): Promise<void> {
  for (const rule of expectStatus(await w.admin.get('/api/recMatchRules'), 200).body.listData)
    expectStatus(await w.admin.delete(`/api/recMatchRule/${rule.recMatchRuleID}`), 200);
}

const counts = (given: Row) => ({
  considered: 0,
  reconciled: 0,
  matchMultiple: 0,
  matchNone: 0,
  exactMatches: 0,
  saleDateMatches: 0,
  revenueMatches: 0,
  orderRefMatches: 0,
  clawbackMatches: 0,
  clawbacksWithoutRefund: 0,
  autoRecRunID: expect.any(Number),
  ...given,
});

const shift = (ymd: string, days: number) => new Date(Date.parse(`${ymd}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('match rules: the calls', () => {
  afterEach(removeRules);

  it('are read with RevenueReconciliation and changed by an administrator (SystemSetup too)', async () => {
    const rule = await addRule({ rule: 'saleDateWithin', days: 3 });
    expect(rule).toEqual(
      expect.objectContaining({
        rule: 'saleDateWithin',
        position: 1,
        days: 3,
        toleranceAmount: null,
        tolerancePercent: null,
        title: 'Sale date within days',
        description: "The sale date may be up to 3 days before or after the line's",
      }),
    );
    expect(expectStatus(await rec.api.get('/api/recMatchRules'), 200).body.listData).toEqual([
      expect.objectContaining({ recMatchRuleID: rule.recMatchRuleID }),
    ]);
    expectFailure(await rec.api.post('/api/recMatchRule', { rule: 'orderRefOnly' }), 403);
    expectFailure(await rec.api.put(`/api/recMatchRule/${rule.recMatchRuleID}`, { rule: 'saleDateWithin', days: 5 }), 403);
    expectFailure(await rec.api.delete(`/api/recMatchRule/${rule.recMatchRuleID}`), 403);
    expectFailure(await w.seller.api.get('/api/recMatchRules'), 403);
  });

  it('take the one setting their kind takes, at most one rule of each kind, listed in the order they are tried', async () => {
    const before = await w.t.tableCounts();
    const refused: Array<[Row, Row]> = [
      [{ rule: 'saleDateWithin' }, { days: 'Days is required: how many days the sale date may be from the line’s' }],
      [{ rule: 'saleDateWithin', days: 40 }, { days: 'Days must be at most 31' }],
      [{ rule: 'saleDateWithin', days: 2, toleranceAmount: 1 }, { toleranceAmount: 'Only the revenue rule takes a tolerance' }],
      [{ rule: 'revenueWithin' }, { toleranceAmount: 'Give the tolerance in pounds or in percent' }],
      [{ rule: 'revenueWithin', toleranceAmount: 1, tolerancePercent: 2 }, { toleranceAmount: 'Give the tolerance in pounds or in percent, not both' }],
      [{ rule: 'revenueWithin', toleranceAmount: 0 }, { toleranceAmount: 'Tolerance in pounds must be more than 0' }],
      [{ rule: 'revenueWithin', tolerancePercent: 0.001 }, { tolerancePercent: 'Tolerance in percent must be a number with at most 2 decimals' }],
      [{ rule: 'orderRefOnly', days: 2 }, { days: 'Only the sale date rule takes days' }],
      [{ rule: 'anything' }, { rule: 'Rule must be one of saleDateWithin, revenueWithin, orderRefOnly' }],
    ];
    for (const [body, messages] of refused) expect(expectFailure(await w.admin.post('/api/recMatchRule', body)).failMessages).toEqual(messages);
    expect(await w.t.tableCounts()).toEqual(before);

    const orderRef = await addRule({ rule: 'orderRefOnly' });
    const revenue = await addRule({ rule: 'revenueWithin', tolerancePercent: 1.5 });
    const date = await addRule({ rule: 'saleDateWithin', days: 1 });
    expect(expectFailure(await w.admin.post('/api/recMatchRule', { rule: 'orderRefOnly' })).failMessages).toEqual({
      rule: "There is already a rule 'Order reference alone': change that one",
    });
    const listed = expectStatus(await rec.api.get('/api/recMatchRules'), 200).body.listData;
    expect(listed.map((r: Row) => [r.position, r.rule, r.description])).toEqual([
      [1, 'saleDateWithin', "The sale date may be up to 1 day before or after the line's"],
      [2, 'revenueWithin', 'The revenue may differ by up to 1.5%; the difference is recorded as an adjustment'],
      [3, 'orderRefOnly', 'The order reference alone: SKU, store and sale date may differ'],
    ]);
    const changed = expectStatus(await w.admin.put(`/api/recMatchRule/${revenue.recMatchRuleID}`, { rule: 'revenueWithin', toleranceAmount: 0.5 }), 200).body
      .data;
    expect(changed).toEqual(
      expect.objectContaining({
        toleranceAmount: 0.5,
        tolerancePercent: null,
        description: 'The revenue may differ by up to £0.50; the difference is recorded as an adjustment',
      }),
    );
    void orderRef;
    void date;
  });
});

describe('auto reconcile with match rules', () => {
  afterEach(removeRules);

  it('tries the exact match, then each rule in order; each line names the rule that matched it, and the run counts per rule', async () => {
    await addRule({ rule: 'saleDateWithin', days: 3 });
    await addRule({ rule: 'revenueWithin', toleranceAmount: 0.5 });
    const sheet = await createRecSheet(rec.api, { name: `Rules ${YEAR}` });
    const exact = await sale();
    const twoDaysOff = await sale();
    const fiveDaysOff = await sale();
    const fortyPenceMore = await sale();
    const sixtyPenceMore = await sale();
    const L = {
      exact: await line(sheet.recSheetID, exact),
      twoDaysOff: await line(sheet.recSheetID, twoDaysOff, { saleDate: shift(DAY, 2) }),
      fiveDaysOff: await line(sheet.recSheetID, fiveDaysOff, { saleDate: shift(DAY, -5) }),
      fortyPenceMore: await line(sheet.recSheetID, fortyPenceMore, { revenue: 100.4 }),
      sixtyPenceMore: await line(sheet.recSheetID, sixtyPenceMore, { revenue: 100.6 }),
    };

    const first = await autoRec(sheet.recSheetID);
    expect(first).toEqual(counts({ considered: 5, reconciled: 3, matchNone: 2, exactMatches: 1, saleDateMatches: 1, revenueMatches: 1 }));
    expect(await lineRow(L.exact.recSheetLineID)).toEqual(
      expect.objectContaining({ saleID: exact.saleID, autoRecNotes: `${NOTE_LINKED}${exact.saleID} (exact match)`, adjustment: 0 }),
    );
    expect(await lineRow(L.twoDaysOff.recSheetLineID)).toEqual(
      expect.objectContaining({ saleID: twoDaysOff.saleID, autoRecNotes: `${NOTE_LINKED}${twoDaysOff.saleID} (sale date within 3 days)`, adjustment: 0 }),
    );
    // The revenue rule writes the difference as the line's and the sale's adjustment, with its reason.
    expect(await lineRow(L.fortyPenceMore.recSheetLineID)).toEqual(
      expect.objectContaining({
        saleID: fortyPenceMore.saleID,
        autoRecNotes: `${NOTE_LINKED}${fortyPenceMore.saleID} (revenue within £0.50)`,
        adjustment: 0.4,
        adjustmentReason: 'Auto reconcile: revenue within the tolerance of £0.50',
      }),
    );
    expect(await readSale(w, fortyPenceMore.saleID)).toEqual(
      expect.objectContaining({
        currentHistoryStep: 'reconciled',
        revenue: 100,
        adjustment: 0.4,
        adjustedRevenue: 100.4,
        recSheetLinesTotal: 100.4,
        unreconciledRevenue: 0,
      }),
    );
    for (const key of ['fiveDaysOff', 'sixtyPenceMore'] as const)
      expect(await lineRow(L[key].recSheetLineID)).toEqual(expect.objectContaining({ saleID: 0, autoRecNotes: NOTE_NONE }));

    // The order reference alone, and the revenue rule in percent, on what is left: 1% of £100 takes
    // the 60p line, by the revenue rule (tried before the order reference); the line five days off
    // matches on its order reference.
    await removeRules();
    await addRule({ rule: 'orderRefOnly' });
    await addRule({ rule: 'revenueWithin', tolerancePercent: 1 });
    const second = await autoRec(sheet.recSheetID);
    expect(second).toEqual(counts({ considered: 2, reconciled: 2, revenueMatches: 1, orderRefMatches: 1 }));
    expect(await lineRow(L.sixtyPenceMore.recSheetLineID)).toEqual(
      expect.objectContaining({ saleID: sixtyPenceMore.saleID, autoRecNotes: `${NOTE_LINKED}${sixtyPenceMore.saleID} (revenue within 1%)`, adjustment: 0.6 }),
    );
    expect(await lineRow(L.fiveDaysOff.recSheetLineID)).toEqual(
      expect.objectContaining({ saleID: fiveDaysOff.saleID, autoRecNotes: `${NOTE_LINKED}${fiveDaysOff.saleID} (order reference alone)`, adjustment: 0 }),
    );
    const runs = expectStatus(await rec.api.get(`/api/autoRecRuns?recSheetID=${sheet.recSheetID}`), 200).body.listData;
    expect(runs.map((r: Row) => [r.reconciled, r.exactMatches, r.saleDateMatches, r.revenueMatches, r.orderRefMatches, r.finished])).toEqual([
      [2, 0, 0, 1, 1, true],
      [3, 1, 1, 1, 0, true],
    ]);
  });

  it('the order reference alone links a sale of another store or SKU (of the user’s stores), and several such sales are left to the user', async () => {
    await addRule({ rule: 'orderRefOnly' });
    const sheet = await createRecSheet(rec.api);
    const atB = await sale({ storeID: w.storeB.storeID, rateCardLineStoreID: w.lineB.rateCardLineStoreID, attributableToUserID: sellerAB.userID });
    const twinA = await sale();
    await sale({ orderRef: twinA.orderRef, saleDate: shift(DAY, 9) });
    const otherStoreLine = await line(sheet.recSheetID, atB, { storeName: w.storeA.name, sku: 'SOMETHING-ELSE', revenue: 90 });
    const twinLine = await line(sheet.recSheetID, twinA, { saleDate: shift(DAY, 4) });
    expect(await autoRec(sheet.recSheetID)).toEqual(counts({ considered: 2, reconciled: 1, matchMultiple: 1, orderRefMatches: 1 }));
    expect(await lineRow(otherStoreLine.recSheetLineID)).toEqual(
      expect.objectContaining({ saleID: atB.saleID, autoRecNotes: `${NOTE_LINKED}${atB.saleID} (order reference alone)` }),
    );
    expect(await lineRow(twinLine.recSheetLineID)).toEqual(
      expect.objectContaining({ saleID: 0, autoRecNotes: '2 sales match (order reference alone): reconcile by hand' }),
    );
  });

  it('with no rule, only the exact match links', async () => {
    const sheet = await createRecSheet(rec.api);
    const s = await sale();
    const l = await line(sheet.recSheetID, s, { saleDate: shift(DAY, 1), revenue: 100.01 });
    expect(await autoRec(sheet.recSheetID)).toEqual(counts({ considered: 1, matchNone: 1 }));
    expect(await lineRow(l.recSheetLineID)).toEqual(expect.objectContaining({ saleID: 0, autoRecNotes: NOTE_NONE }));
  });
});

describe('clawbacks', () => {
  afterEach(removeRules);

  async function refunded(): Promise<{ original: Row; refund: Row }> {
    const original = await sale();
    expectStatus(
      await w.admin.put(`/api/sale/${original.saleID}`, { ...original, isRefunded: true, isRefundedNote: 'Returned', isRefundedOrderRef: ref() }),
      200,
    );
    const [refund] = expectStatus(await w.admin.get(`/api/sales?refSaleID=${original.saleID}`), 200).body.listData;
    return { original, refund };
  }

  it('a line of negative revenue is matched to the refund of its sale, or reported as a clawback without a refund; the unreconciled sales show refunds apart', async () => {
    const sheet = await createRecSheet(rec.api);
    const { original, refund } = await refunded();
    const notRefunded = await sale();
    // The supplier's clawback names the sale's order; its date is the supplier's, not the refund's.
    const clawback = await line(sheet.recSheetID, original, { revenue: -100, saleDate: shift(DAY, 20) });
    const orphan = await line(sheet.recSheetID, notRefunded, { revenue: -100, saleDate: shift(DAY, 20) });
    // The refund is dated today: a sheet whose lines span today lists it, among the refunds only.
    const todaySheet = await createRecSheet(rec.api);
    await line(todaySheet.recSheetID, original, { saleDate: String(refund.saleDate).slice(0, 10) });
    const view = `/api/recSheet/${todaySheet.recSheetID}/unreconciledSales`;
    expect(expectStatus(await rec.api.get(`${view}?refunds=true`), 200).body.listData.map((s: Row) => s.saleID)).toContain(refund.saleID);
    expect(expectStatus(await rec.api.get(view), 200).body.listData.map((s: Row) => s.saleID)).not.toContain(refund.saleID);
    expect(expectStatus(await rec.api.get(`${view}?refunds=false`), 200).body.listData.every((s: Row) => s.isRefund === false)).toBe(true);
    expect(expectFailure(await rec.api.get(`${view}?refunds=maybe`)).failMessages).toEqual({ refunds: 'Refunds must be true or false' });

    const result = await autoRec(sheet.recSheetID);
    expect(result).toEqual(counts({ considered: 2, reconciled: 1, clawbackMatches: 1, clawbacksWithoutRefund: 1 }));
    expect(await lineRow(clawback.recSheetLineID)).toEqual(
      expect.objectContaining({ saleID: refund.saleID, autoRecNotes: `${NOTE_CLAWBACK_LINKED}${refund.saleID}` }),
    );
    expect(await lineRow(orphan.recSheetLineID)).toEqual(expect.objectContaining({ saleID: 0, autoRecNotes: NOTE_CLAWBACK_NONE }));
    expect(NOTE_CLAWBACK_NONE).toBe('Clawback without a refund');
    expect(await readSale(w, refund.saleID)).toEqual(
      expect.objectContaining({ currentHistoryStep: 'reconciled', recSheetLinesCount: 1, recSheetLinesTotal: -100, unreconciledRevenue: 0 }),
    );
    // The sale it claws back is left as it was (its own payment line reconciles it).
    expect(await readSale(w, original.saleID)).toEqual(expect.objectContaining({ currentHistoryStep: 'recorded', recSheetLinesCount: 0 }));
    expect(expectStatus(await rec.api.get(`${view}?refunds=true`), 200).body.listData.map((s: Row) => s.saleID)).not.toContain(refund.saleID);
  });

  it('a positive line never matches a refund, and a clawback never matches a sale', async () => {
    await addRule({ rule: 'orderRefOnly' });
    const sheet = await createRecSheet(rec.api);
    const { original, refund } = await refunded();
    const s = await sale();
    const minus = await line(sheet.recSheetID, s, { revenue: -100 });
    expect(await autoRec(sheet.recSheetID)).toEqual(counts({ considered: 1, clawbacksWithoutRefund: 1 }));
    expect(await lineRow(minus.recSheetLineID)).toEqual(expect.objectContaining({ saleID: 0, autoRecNotes: NOTE_CLAWBACK_NONE }));
    const sheet2 = await createRecSheet(rec.api);
    const plus = await line(sheet2.recSheetID, refund, { revenue: 100 });
    // The original matches on its order reference; the refund (same order reference) does not.
    expect(await autoRec(sheet2.recSheetID)).toEqual(counts({ considered: 1, reconciled: 1, orderRefMatches: 1 }));
    expect((await lineRow(plus.recSheetLineID)).saleID).toBe(original.saleID);
  });
});

describe('undo of a mixed run', () => {
  afterEach(removeRules);

  it('reverses exact, rule and clawback links alike, and takes back the adjustments a rule wrote', async () => {
    await addRule({ rule: 'saleDateWithin', days: 2 });
    await addRule({ rule: 'revenueWithin', toleranceAmount: 1 });
    const sheet = await createRecSheet(rec.api);
    const exact = await sale();
    const dateOff = await sale();
    const revenueOff = await sale();
    const original = await sale();
    expectStatus(
      await w.admin.put(`/api/sale/${original.saleID}`, { ...original, isRefunded: true, isRefundedNote: 'Returned', isRefundedOrderRef: ref() }),
      200,
    );
    const [refund] = expectStatus(await w.admin.get(`/api/sales?refSaleID=${original.saleID}`), 200).body.listData;
    const lines = [
      await line(sheet.recSheetID, exact),
      await line(sheet.recSheetID, dateOff, { saleDate: shift(DAY, -1) }),
      await line(sheet.recSheetID, revenueOff, { revenue: 99.25 }),
      await line(sheet.recSheetID, original, { revenue: -99.5 }),
    ];
    const run = await autoRec(sheet.recSheetID);
    expect(run).toEqual(counts({ considered: 4, reconciled: 4, exactMatches: 1, saleDateMatches: 1, revenueMatches: 1, clawbackMatches: 1 }));
    // The clawback is within the tolerance of its refund: adjusted too.
    expect(await readSale(w, refund.saleID)).toEqual(expect.objectContaining({ adjustment: 0.5, adjustedRevenue: -99.5, unreconciledRevenue: 0 }));
    expect(await readSale(w, revenueOff.saleID)).toEqual(expect.objectContaining({ adjustment: -0.75, adjustedRevenue: 99.25, unreconciledRevenue: 0 }));

    expect(await undo(run.autoRecRunID)).toEqual({ autoRecRunID: run.autoRecRunID, undone: 4 });
    for (const l of lines)
      expect(await lineRow(l.recSheetLineID)).toEqual(expect.objectContaining({ saleID: 0, autoRecNotes: NOTE_UNDONE, adjustment: 0, adjustmentReason: '' }));
    for (const s of [exact, dateOff, revenueOff]) {
      expect(await readSale(w, s.saleID)).toEqual(
        expect.objectContaining({
          currentHistoryStep: 'recorded',
          adjustment: 0,
          adjustedRevenue: 100,
          recSheetLinesCount: 0,
          recSheetLinesTotal: 0,
          unreconciledRevenue: 100,
        }),
      );
    }
    expect(await readSale(w, refund.saleID)).toEqual(
      expect.objectContaining({ currentHistoryStep: 'recorded', adjustment: 0, adjustedRevenue: -100, recSheetLinesCount: 0, unreconciledRevenue: -100 }),
    );
    expect((await historyOf(w.admin, refund.saleID)).map((h: Row) => h.step).slice(-2)).toEqual(['reconciled', 'recorded']);
    // Run again, the same links are made.
    expect(await autoRec(sheet.recSheetID)).toEqual(
      counts({ considered: 4, reconciled: 4, exactMatches: 1, saleDateMatches: 1, revenueMatches: 1, clawbackMatches: 1 }),
    );
  });
});
