import { expectFailure, expectStatus, listIDs, Row, TestUser } from '../support/api';
import { createRecLine, createRecSheet, saleOrderRef, waitForOperation } from '../support/rec-fixtures';
import { createSeller, readSale, recordSale, SalesWorld, salesWorld } from './sales-fixtures';

/**
 * Issue 24's links-only redesign, slice 3: reconciliation reads whether a line is reconciled, and
 * whether a sale is, from the links (recLink), not from the line's or the sale's own columns.
 * Each test links a line to a sale by writing its recLink row alone, the state a run that writes
 * only links will leave, and checks every rule that asks. This file's card and sales are dated 2021.
 */

let w: SalesWorld;
let rec: TestUser;
const YEAR = 2021;
const ONLY_UNRECONCILED = 'Only unreconciled lines can be changed';
const LINE_RECONCILED = 'This rec sheet line is already reconciled';
const LINKED_AT = `${YEAR}-04-01 10:30:00.000`;

/** A 20-digit order reference no other sale of this run has. */
const ref = () => saleOrderRef(YEAR);

beforeAll(async () => {
  w = await salesWorld(YEAR);
  rec = await createSeller(w.t, w.admin, [w.storeA.storeID, w.storeB.storeID], { areas: ['RevenueReconciliation', 'AccessAPI'] });
});
afterAll(() => w?.t.close());

async function sale(): Promise<Row> {
  return recordSale(w, w.seller.api, { saleDate: `${YEAR}-03-01`, orderRef: ref() });
}

/** A line of the sheet that matches the sale exactly (store, date, order, SKU, revenue). */
async function lineFor(recSheetID: number, s: Row): Promise<Row> {
  return createRecLine(rec.api, {
    recSheetID,
    storeName: w.storeA.name,
    saleDate: s.saleDate.slice(0, 10),
    orderRef: s.orderRef,
    sku: s.sku,
    revenue: s.revenue,
  });
}

/** Links the line to the sale in recLink only: the line's saleID and the sale's step and counts stay as they were. */
async function linkOnly(line: Row, s: Row, extra: { autoRecRunID?: number; adjustment?: number } = {}): Promise<void> {
  await w.t.dataSource.query(
    'INSERT INTO recLink (recSheetLineID, saleID, autoRecRunID, rule, adjustment, adjustmentReason, linkedByUserName, linkedDate) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    [
      line.recSheetLineID,
      s.saleID,
      extra.autoRecRunID ?? null,
      extra.autoRecRunID ? 'exact' : 'manual',
      (extra.adjustment ?? 0).toFixed(2),
      extra.adjustment ? 'Within tolerance' : '',
      'Link Maker',
      LINKED_AT,
    ],
  );
  const [stored] = await w.t.dataSource.query<Row[]>('SELECT saleID FROM recSheetLine WHERE recSheetLineID = ?', [line.recSheetLineID]);
  expect(Number(stored.saleID)).toBe(0);
}

describe('a line linked in recLink alone', () => {
  it('is reconciled for the sheet’s percents and segments, and cannot be changed, deleted or linked again', async () => {
    const sheet = await createRecSheet(rec.api);
    const [s1, s2, s3] = [await sale(), await sale(), await sale()];
    const byHand = await lineFor(sheet.recSheetID, s1);
    const byRun = await lineFor(sheet.recSheetID, s2);
    const open = await lineFor(sheet.recSheetID, s3);
    await linkOnly(byHand, s1, { adjustment: -2.5 });
    await linkOnly(byRun, s2, { autoRecRunID: 999 });

    const [row] = expectStatus(await rec.api.get(`/api/recSheets?recSheetID=${sheet.recSheetID}`), 200).body.listData;
    expect(row).toEqual(expect.objectContaining({ recSheetLineCount: 3, reconciledPercent: 66.7, autoReconciledPercent: 33.3 }));
    // The lines list reads each line's link: its row, a filter on the sale, and the sale it joins.
    const lines = expectStatus(await rec.api.get(`/api/recSheetLines?recSheetID=${sheet.recSheetID}&fkJoins=sale`), 200).body.listData as Row[];
    expect(
      lines.map((l) => [l.saleID, l.autoRecRunID, l.recByUserName, l.recDate && new Date(l.recDate).getUTCDate(), l.adjustment, l.adjustmentReason]),
    ).toEqual([
      [s1.saleID, null, 'Link Maker', 1, -2.5, 'Within tolerance'],
      [s2.saleID, 999, 'Link Maker', 1, 0, ''],
      [0, null, '', null, 0, ''],
    ]);
    expect(lines.map((l) => l.sale?.saleID ?? null)).toEqual([s1.saleID, s2.saleID, null]);
    expect(listIDs(expectStatus(await rec.api.get(`/api/recSheetLines?recSheetID=${sheet.recSheetID}&saleID=${s2.saleID}`), 200))).toEqual([
      byRun.recSheetLineID,
    ]);
    expect(listIDs(expectStatus(await rec.api.get(`/api/recSheetLines?recSheetID=${sheet.recSheetID}&sort=saleID&sortDir=desc`), 200))).toEqual([
      byRun.recSheetLineID,
      byHand.recSheetLineID,
      open.recSheetLineID,
    ]);
    const segment = async (name: string) => listIDs(expectStatus(await rec.api.get(`/api/recSheetLines?recSheetID=${sheet.recSheetID}&segment=${name}`), 200));
    expect(await segment('reconciled')).toEqual([byHand.recSheetLineID, byRun.recSheetLineID]);
    expect(await segment('unreconciled')).toEqual([open.recSheetLineID]);
    expect(await segment('saleAdjustments')).toEqual([byHand.recSheetLineID]);

    const { recSheetLineID: _id, ...body } = byHand;
    expect(expectFailure(await rec.api.put(`/api/recSheetLine/${byHand.recSheetLineID}`, { ...body, description: 'Changed' })).failSummary).toBe(
      ONLY_UNRECONCILED,
    );
    expect(expectFailure(await rec.api.delete(`/api/recSheetLine/${byRun.recSheetLineID}`)).failSummary).toBe(ONLY_UNRECONCILED);
    const many = expectFailure(await rec.api.delete('/api/recSheetLines').send({ recSheetLineIDs: [open.recSheetLineID, byRun.recSheetLineID] }));
    expect(many.failMessages.recSheetLineIDs).toBe(`Rec sheet line ${byRun.recSheetLineID} (order ${s2.orderRef}) is reconciled. ${ONLY_UNRECONCILED}`);
    expect(expectFailure(await rec.api.delete(`/api/recSheet/${sheet.recSheetID}`)).failSummary).toBe(
      '2 lines of this rec sheet are reconciled, so it cannot be deleted',
    );
    expect(expectFailure(await rec.api.put(`/api/recSheetLine/${byHand.recSheetLineID}/recSale/${s3.saleID}/validate`, { recNotes: '' })).failMessages).toEqual(
      {
        recSheetLineID: LINE_RECONCILED,
      },
    );
    // Nothing was deleted.
    expect(listIDs(expectStatus(await rec.api.get(`/api/recSheetLines?recSheetID=${sheet.recSheetID}`), 200))).toHaveLength(3);
  });
});

describe('auto reconcile', () => {
  it('passes over lines and sales that a link already joins, and links the rest', async () => {
    const sheet = await createRecSheet(rec.api);
    const [linkedSale, takenSale, freeSale] = [await sale(), await sale(), await sale()];
    // One line already linked; another line matching a sale another sheet's line links; one free pair.
    const linkedLine = await lineFor(sheet.recSheetID, linkedSale);
    await linkOnly(linkedLine, linkedSale);
    const elsewhere = await createRecSheet(rec.api);
    await linkOnly(await createRecLine(rec.api, { recSheetID: elsewhere.recSheetID, storeName: w.storeA.name, orderRef: ref() }), takenSale);
    const takenLine = await lineFor(sheet.recSheetID, takenSale);
    const freeLine = await lineFor(sheet.recSheetID, freeSale);

    const started = expectStatus(await rec.api.put(`/api/recSheet/${sheet.recSheetID}/autoRec`), 202).body.data;
    expect((await waitForOperation(rec.api, started.operationID)).state).toBe('completed');
    const [run] = expectStatus(await rec.api.get(`/api/autoRecRuns?recSheetID=${sheet.recSheetID}`), 200).body.listData;
    expect(run).toEqual(expect.objectContaining({ considered: 2, reconciled: 1, matchNone: 1 }));
    const links: Row[] = await w.t.dataSource.query('SELECT recSheetLineID, saleID FROM recLink WHERE recSheetLineID IN (?, ?, ?) ORDER BY recSheetLineID', [
      linkedLine.recSheetLineID,
      takenLine.recSheetLineID,
      freeLine.recSheetLineID,
    ]);
    expect(links.map((k) => [Number(k.recSheetLineID), Number(k.saleID)])).toEqual([
      [linkedLine.recSheetLineID, linkedSale.saleID],
      [freeLine.recSheetLineID, freeSale.saleID],
    ]);
  });
});

describe('unreconcile', () => {
  it('of a sale linked in recLink alone: its links go, with the adjustment they put on it', async () => {
    const sheet = await createRecSheet(rec.api);
    const s = await sale();
    const l = await lineFor(sheet.recSheetID, s);
    // Linked by hand with an adjustment of -£2.50, which a manual link writes on the sale too (not on the line here).
    await linkOnly(l, s, { adjustment: -2.5 });
    await w.t.dataSource.query('UPDATE sale SET adjustment = -2.5, adjustedRevenue = revenue - 2.5 WHERE saleID = ?', [s.saleID]);
    expect(await readSale(w, s.saleID)).toEqual(expect.objectContaining({ currentHistoryStep: 'reconciled', adjustedRevenue: s.revenue - 2.5 }));
    const row = expectStatus(await rec.api.put(`/api/sale/${s.saleID}/unreconcile`), 200).body.data;
    expect(row).toEqual(
      expect.objectContaining({
        saleID: s.saleID,
        currentHistoryStep: 'recorded',
        recSheetLinesCount: 0,
        adjustment: 0,
        adjustedRevenue: s.revenue,
        unreconciledRevenue: s.revenue,
      }),
    );
    expect(await w.t.dataSource.query('SELECT recSheetLineID FROM recLink WHERE saleID = ?', [s.saleID])).toEqual([]);
    // And the line can be linked again.
    expectStatus(await rec.api.put(`/api/recSheetLine/${l.recSheetLineID}/recSale/${s.saleID}/validate`, { recNotes: '' }), 200);
  });
});
