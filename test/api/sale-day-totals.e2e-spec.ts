import { createRateCard, expectStatus, Row, TestUser } from '../support/api';
import { createRecLine, createRecSheet, waitForOperation } from '../support/rec-fixtures';
import { createSeller, newLineStore, recordSale, saleBody, SalesWorld, salesWorld } from './sales-fixtures';

/**
 * The day totals the dashboard reads (saleDayTotal, kept by triggers on sale): after every kind
 * of write to sales, through the API or by SQL, they equal the counted sales summed per day,
 * store, seller and sale type, worked out here from the sale table.
 */

const YEAR = 2005;
let w: SalesWorld;
let rec: TestUser;

beforeAll(async () => {
  w = await salesWorld(YEAR);
  rec = await createSeller(w.t, w.admin, [w.storeA.storeID, w.storeB.storeID], {
    areas: ['RevenueReconciliation', 'RecordSales', 'UpdateSales', 'RecordRefunds'],
  });
});
afterAll(() => w?.t.close());

type Total = {
  saleDate: string;
  storeID: number;
  attributableToUserID: number;
  saleTypeID: number;
  revenueCount: number;
  adjustedRevenue: number;
  commission: number;
};

const KEYS = 'saleDate, storeID, attributableToUserID, saleTypeID';
const NOT_ZERO = 'revenueCount <> 0 OR adjustedRevenue <> 0 OR commission <> 0';

function totals(rows: Row[]): Total[] {
  return rows.map((r) => ({
    saleDate: String(r.saleDate).slice(0, 10),
    storeID: Number(r.storeID),
    attributableToUserID: Number(r.attributableToUserID),
    saleTypeID: Number(r.saleTypeID),
    revenueCount: Number(r.revenueCount),
    adjustedRevenue: Math.round(Number(r.adjustedRevenue) * 100) / 100,
    commission: Math.round(Number(r.commission) * 100) / 100,
  }));
}

/** The day totals that are not all zero, checked against the sales' own sums; answers them. */
async function expectTotalsEqualSales(): Promise<Total[]> {
  const kept = totals(
    await w.t.dataSource.query(`SELECT ${KEYS}, revenueCount, adjustedRevenue, commission FROM saleDayTotal WHERE ${NOT_ZERO} ORDER BY ${KEYS}`),
  );
  const summed = totals(
    await w.t.dataSource.query(
      `SELECT ${KEYS}, revenueCount, adjustedRevenue, commission FROM (
         SELECT ${KEYS}, SUM(CASE WHEN isRefund = 1 THEN -1 ELSE 1 END) AS revenueCount, SUM(adjustedRevenue) AS adjustedRevenue, SUM(commission) AS commission
           FROM sale WHERE currentHistoryStep IN ('recorded', 'modified', 'reconciled') GROUP BY ${KEYS}) summed
        WHERE ${NOT_ZERO} ORDER BY ${KEYS}`,
    ),
  );
  expect(kept).toEqual(summed);
  await expectSkuTotalsEqualSales();
  return kept;
}

/** The month SKU totals that hold a counted row, checked against the counted sales grouped here by month, store, SKU and line. */
async function expectSkuTotalsEqualSales(): Promise<void> {
  const key = (r: Row) => `${String(r.saleDate ?? r.saleMonth).slice(0, 7)}|${r.storeID}|${r.sku}|${r.rateCardLineID}`;
  const rows: Row[] = await w.t.dataSource.query(
    "SELECT saleDate, storeID, sku, rateCardLineID, isRefund, adjustedRevenue, commission FROM sale WHERE currentHistoryStep IN ('recorded', 'modified', 'reconciled')",
  );
  const summed = new Map<string, number[]>();
  for (const r of rows) {
    const [n, count, revenue, commission] = summed.get(key(r)) ?? [0, 0, 0, 0];
    summed.set(key(r), [
      n + 1,
      count + (Number(r.isRefund) ? -1 : 1),
      revenue + Math.round(Number(r.adjustedRevenue) * 100),
      commission + Math.round(Number(r.commission) * 100),
    ]);
  }
  const kept: Row[] = await w.t.dataSource.query(
    'SELECT saleMonth, storeID, sku, rateCardLineID, rowCount, revenueCount, adjustedRevenue, commission FROM saleMonthSkuTotal WHERE rowCount <> 0',
  );
  const keptMap = new Map(
    kept.map((r) => [
      key(r),
      [Number(r.rowCount), Number(r.revenueCount), Math.round(Number(r.adjustedRevenue) * 100), Math.round(Number(r.commission) * 100)],
    ]),
  );
  expect(new Map([...keptMap].sort())).toEqual(new Map([...summed].sort()));
}

const put = async (s: Row, body: Row, api = w.admin) => expectStatus(await api.put(`/api/sale/${s.saleID}`, { ...s, ...body }), 200).body.data;
/** A day's totals at a store (A unless told), once every total is checked against the sales. */
const dayOf = async (date: string, storeID = w.storeA.storeID) => (await expectTotalsEqualSales()).filter((t) => t.saleDate === date && t.storeID === storeID);

describe('day totals follow every write to sales', () => {
  it('a recorded sale adds 1 and its amounts; a credit-check fail adds nothing', async () => {
    await recordSale(w, w.seller.api, { saleDate: `${YEAR}-03-01` });
    await recordSale(w, w.seller.api, { saleDate: `${YEAR}-03-01` });
    const fail = expectStatus(await w.admin.post('/api/sale', saleBody(w, { saleDate: `${YEAR}-03-01`, newStep: 'cancelled' })), 201).body.data;
    expect(fail.currentHistoryStep).toBe('cancelled');
    expect(await dayOf(`${YEAR}-03-01`)).toEqual([
      {
        saleDate: `${YEAR}-03-01`,
        storeID: w.storeA.storeID,
        attributableToUserID: w.seller.userID,
        saleTypeID: w.saleType.saleTypeID,
        revenueCount: 2,
        adjustedRevenue: 200,
        commission: 80,
      },
    ]);
  });

  it('an edit moves the sale to its new day, store and seller; a cancel takes it off', async () => {
    const s = await recordSale(w, w.admin, { saleDate: `${YEAR}-03-02`, attributableToUserID: w.adminID });
    const moved = await put(s, {
      saleDate: `${YEAR}-03-03`,
      storeID: w.storeB.storeID,
      rateCardLineStoreID: w.lineB.rateCardLineStoreID,
      attributableToUserID: rec.userID,
    });
    expect(await dayOf(`${YEAR}-03-02`)).toEqual([]);
    expect(await dayOf(`${YEAR}-03-03`, w.storeB.storeID)).toEqual([
      expect.objectContaining({ attributableToUserID: rec.userID, revenueCount: 1, adjustedRevenue: 90, commission: 30 }),
    ]);
    await put(moved, { newStep: 'cancelled', newStepNote: 'Customer left' });
    expect(await dayOf(`${YEAR}-03-03`, w.storeB.storeID)).toEqual([]);
  });

  it('a refund counts -1 with negated amounts on its own date, its sale still 1; a deleted sale leaves', async () => {
    const s = await recordSale(w, w.admin, { saleDate: `${YEAR}-03-04`, attributableToUserID: w.adminID });
    await put(s, { isRefunded: true, isRefundedNote: 'Back', isRefundedOrderRef: 'R'.repeat(20) });
    const [refund] = await w.t.dataSource.query('SELECT saleDate FROM sale WHERE refSaleID = ?', [s.saleID]);
    const refundDate = String(refund.saleDate).slice(0, 10);
    expect(refundDate).not.toBe(`${YEAR}-03-04`);
    expect(await dayOf(`${YEAR}-03-04`)).toEqual([
      expect.objectContaining({ attributableToUserID: w.adminID, revenueCount: 1, adjustedRevenue: 100, commission: 40 }),
    ]);
    expect(await dayOf(refundDate)).toEqual([
      expect.objectContaining({ attributableToUserID: w.adminID, revenueCount: -1, adjustedRevenue: -100, commission: -40 }),
    ]);
    const gone = await recordSale(w, w.admin, { saleDate: `${YEAR}-03-05` });
    expect(await dayOf(`${YEAR}-03-05`)).toHaveLength(1);
    expectStatus(await w.admin.delete(`/api/sale/${gone.saleID}`), 200);
    expect(await dayOf(`${YEAR}-03-05`)).toEqual([]);
  });

  it('a manual reconcile with an adjustment moves the revenue; unreconcile moves it back', async () => {
    const s = await recordSale(w, w.admin, { saleDate: `${YEAR}-03-06`, orderRef: '50000000000000000006' });
    const sheet = await createRecSheet(rec.api, { name: `Totals ${YEAR} manual` });
    const line = await createRecLine(rec.api, {
      recSheetID: sheet.recSheetID,
      storeName: w.storeA.name,
      saleDate: `${YEAR}-03-06`,
      orderRef: s.orderRef,
      sku: s.sku,
      revenue: 95.5,
    });
    expectStatus(
      await rec.api.put(`/api/recSheetLine/${line.recSheetLineID}/recSale/${s.saleID}`, { recNotes: 'Supplier paid less', changes: { adjustment: -4.5 } }),
      200,
    );
    expect(await dayOf(`${YEAR}-03-06`)).toEqual([expect.objectContaining({ revenueCount: 1, adjustedRevenue: 95.5, commission: 40 })]);
    expectStatus(await rec.api.put(`/api/sale/${s.saleID}/unreconcile`), 200);
    expect(await dayOf(`${YEAR}-03-06`)).toEqual([expect.objectContaining({ revenueCount: 1, adjustedRevenue: 100, commission: 40 })]);
  });

  it('auto reconcile and its undo (set-based updates) keep the totals', async () => {
    const s = await recordSale(w, w.admin, { saleDate: `${YEAR}-03-07`, orderRef: '50000000000000000007' });
    const sheet = await createRecSheet(rec.api, { name: `Totals ${YEAR} auto` });
    await createRecLine(rec.api, {
      recSheetID: sheet.recSheetID,
      storeName: w.storeA.name,
      saleDate: `${YEAR}-03-07`,
      orderRef: s.orderRef,
      sku: s.sku,
      revenue: 100,
    });
    const started = expectStatus(await rec.api.put(`/api/recSheet/${sheet.recSheetID}/autoRec`), 202).body.data;
    expect((await waitForOperation(rec.api, started.operationID)).state).toBe('completed');
    // The run wrote its link and left the sale row (and so the totals triggers) alone: the sale
    // reads as reconciled through the link.
    const [stored] = await w.t.dataSource.query('SELECT currentHistoryStep FROM sale WHERE saleID = ?', [s.saleID]);
    expect(stored.currentHistoryStep).toBe('recorded');
    const [links] = await w.t.dataSource.query('SELECT COUNT(*) AS n FROM recLink WHERE saleID = ?', [s.saleID]);
    expect(Number(links.n)).toBe(1);
    expect(await dayOf(`${YEAR}-03-07`)).toEqual([expect.objectContaining({ revenueCount: 1, adjustedRevenue: 100 })]);
    const [run] = await w.t.dataSource.query('SELECT autoRecRunID FROM autoRecRun WHERE recSheetID = ?', [sheet.recSheetID]);
    const undo = expectStatus(await rec.api.put(`/api/autoRecRun/${run.autoRecRunID}/undo`), 202).body.data;
    expect((await waitForOperation(rec.api, undo.operationID)).state).toBe('completed');
    expect(await dayOf(`${YEAR}-03-07`)).toEqual([expect.objectContaining({ revenueCount: 1, adjustedRevenue: 100 })]);
  });

  it('a change of rate card prices the sales again, and the totals follow', async () => {
    const card2 = await createRateCard(w.admin, { fromDate: `${YEAR}-06-01` });
    await newLineStore(w, w.storeA, { revenue: 70, commission: 7 }, { rateCardID: card2.rateCardID, sku: w.line.sku });
    const s = await recordSale(w, w.admin, { saleDate: `${YEAR}-03-08` });
    expectStatus(await w.admin.put('/api/sales/changeRateCard', { saleID: String(s.saleID), rateCardID: card2.rateCardID, notes: 'Supplier moved' }), 200);
    expect(await dayOf(`${YEAR}-03-08`)).toEqual([expect.objectContaining({ revenueCount: 1, adjustedRevenue: 70, commission: 7 })]);
  });

  it('a change made in SQL (a fix by hand) moves the totals too', async () => {
    const s = await recordSale(w, w.admin, { saleDate: `${YEAR}-03-09` });
    await w.t.dataSource.query(`UPDATE sale SET saleDate = '${YEAR}-03-10', commission = 12.34 WHERE saleID = ?`, [s.saleID]);
    expect(await dayOf(`${YEAR}-03-09`)).toEqual([]);
    expect(await dayOf(`${YEAR}-03-10`)).toEqual([expect.objectContaining({ revenueCount: 1, adjustedRevenue: 100, commission: 12.34 })]);
    await w.t.dataSource.query('DELETE FROM saleAnalysisValue WHERE saleID = ?', [s.saleID]);
    await w.t.dataSource.query('UPDATE sale SET currentHistoryID = NULL WHERE saleID = ?', [s.saleID]);
    await w.t.dataSource.query('DELETE FROM history WHERE documentType = ? AND documentID = ?', ['sale', s.saleID]);
    await w.t.dataSource.query('DELETE FROM sale WHERE saleID = ?', [s.saleID]);
    expect(await dayOf(`${YEAR}-03-10`)).toEqual([]);
  });

  it("the top SKU of a past month's day counts that month's sales up to the day only", async () => {
    const at = async (saleDate: string, line: Row) => recordSale(w, w.admin, { saleDate, rateCardLineStoreID: line.rateCardLineStoreID });
    const vouchers = [await at(`${YEAR}-05-05`, w.exclLineA), await at(`${YEAR}-05-05`, w.exclLineA), await at(`${YEAR}-05-05`, w.exclLineA)]; // 3 × 50
    const handsets = [await at(`${YEAR}-05-10`, w.lineA), await at(`${YEAR}-05-10`, w.lineA)]; // 2 × 100, after the 8th
    const topSku = async (date: string) => {
      const cards = expectStatus(await w.admin.get(`/api/kpi/cards?date=${date}&userID=${w.adminID}`), 200).body.data.cards;
      return cards.find((c: Row) => c.period === 'month').tops.revenue.topSKU;
    };
    expect(await topSku(`${YEAR}-05-08`)).toEqual(expect.objectContaining({ sku: vouchers[0].sku, adjustedRevenueTotal: 150, revenueCount: 3 }));
    expect(await topSku(`${YEAR}-05-31`)).toEqual(expect.objectContaining({ sku: handsets[0].sku, adjustedRevenueTotal: 200, revenueCount: 2 }));
    await expectTotalsEqualSales();
  });
});
