import { binary, expectFailure, expectStatus, listIDs, Row, TestUser, xlsxRows } from '../support/api';
import { createRecLine, createRecSheet, markReconciled, orderNumber } from '../support/rec-fixtures';
import { refused } from '../support/refusals';
import { createSeller, historyOf, readSale, recordSale, SalesWorld, salesWorld, setStep } from './sales-fixtures';

/**
 * Rec sheets and their lines (docs/http-api.md, "Revenue reconciliation: sheets, lines and
 * import"): RevenueReconciliation only, the sheets' list extras and order, the lines' rules,
 * filters, segments, store scope, bulk delete and the sheet's unreconciled sales. Sales of
 * this file are dated 2016.
 */

const YEAR = 2016;
const ONLY_UNRECONCILED = 'Only unreconciled lines can be changed';
let w: SalesWorld;
/** RevenueReconciliation and AccessAPI, store A only. */
let recA: TestUser;
/** The seller: no RevenueReconciliation. */
let seller: TestUser;

const NOT_EDITABLE = 'Only recorded or modified sales can be changed';
const order20 = (n: number) => `2016${String(n).padStart(16, '0')}`;

beforeAll(async () => {
  w = await salesWorld(YEAR);
  seller = w.seller;
  recA = await createSeller(w.t, w.admin, [w.storeA.storeID], { areas: ['RevenueReconciliation', 'AccessAPI'] });
});
afterAll(() => w?.t.close());

describe('RevenueReconciliation only', () => {
  it.each([
    ['GET', '/api/recSheets'],
    ['GET', '/api/recSheets?recSheetID=1'],
    ['GET', '/api/recSheets/excel'],
    ['POST', '/api/recSheet'],
    ['PUT', '/api/recSheet/1'],
    ['DELETE', '/api/recSheet/1'],
    ['GET', '/api/recSheetLines'],
    ['POST', '/api/recSheetLine'],
    ['PUT', '/api/recSheetLine/1'],
    ['DELETE', '/api/recSheetLine/1'],
    ['DELETE', '/api/recSheetLines'],
    ['GET', '/api/recSheet/1/unreconciledSales'],
    ['GET', '/api/recSheet/1/unreconciledSales/excel'],
  ])('%s %s without the area: 403', async (method, path) => {
    const api = seller.api;
    const call = method === 'GET' ? api.get(path) : method === 'POST' ? api.post(path, {}) : method === 'PUT' ? api.put(path, {}) : api.delete(path);
    expectStatus(await call, 403);
  });

  it('Excel exports also need AccessAPI', async () => {
    const noApi = await createSeller(w.t, w.admin, [w.storeA.storeID], { areas: ['RevenueReconciliation'] });
    const sheet = await createRecSheet(w.admin);
    expectStatus(await noApi.api.get('/api/recSheets/excel'), 403);
    expectStatus(await noApi.api.get(`/api/recSheet/${sheet.recSheetID}/unreconciledSales/excel`), 403);
    expectStatus(await noApi.api.get('/api/recSheets'), 200);
  });
});

describe('rec sheets', () => {
  it('are listed by recDate descending with recSheetLineCount, reconciledPercent and autoReconciledPercent (1 decimal)', async () => {
    const march = await createRecSheet(w.admin, { recDate: '2016-03-01' });
    const may = await createRecSheet(w.admin, { recDate: '2016-05-01' });
    const april = await createRecSheet(w.admin, { recDate: '2016-04-01' });
    const lines = [];
    for (let i = 0; i < 3; i += 1) lines.push(await createRecLine(w.admin, { recSheetID: march.recSheetID, storeName: w.storeA.name }));
    const sale = await recordSale(w, w.seller.api, { orderRef: order20(1) });
    const other = await recordSale(w, w.seller.api, { orderRef: order20(2) });
    await markReconciled(w.t.dataSource, lines[0].recSheetLineID, sale.saleID);
    await markReconciled(w.t.dataSource, lines[1].recSheetLineID, other.saleID, { autoRecRunID: 999 });
    await createRecLine(w.admin, { recSheetID: april.recSheetID, storeName: w.storeA.name });

    const res = expectStatus(await recA.api.get('/api/recSheets?recDateGEQ=2016-03-01&recDateLEQ=2016-05-01'), 200);
    expect(res.body.listData.map((s: Row) => s.recSheetID)).toEqual([may.recSheetID, april.recSheetID, march.recSheetID]);
    const byID = new Map(res.body.listData.map((s: Row) => [s.recSheetID, s]));
    expect(byID.get(march.recSheetID)).toEqual(
      expect.objectContaining({ recDate: '2016-03-01T00:00:00.000Z', recSheetLineCount: 3, reconciledPercent: 66.7, autoReconciledPercent: 33.3 }),
    );
    expect(byID.get(april.recSheetID)).toEqual(expect.objectContaining({ recSheetLineCount: 1, reconciledPercent: 0, autoReconciledPercent: 0 }));
    expect(byID.get(may.recSheetID)).toEqual(expect.objectContaining({ recSheetLineCount: 0, reconciledPercent: 0, autoReconciledPercent: 0 }));

    const one = expectStatus(await recA.api.get(`/api/recSheets?recSheetID=${march.recSheetID}`), 200).body;
    expect(one.data).toEqual(expect.objectContaining({ recSheetID: march.recSheetID, name: march.name, recSheetLineCount: 3 }));
    expectStatus(await recA.api.get('/api/recSheets?recSheetID=99999999'), 404);
  });

  it('are created, renamed and exported; bad input is a 400 that writes nothing', async () => {
    const sheet = await createRecSheet(recA.api, { name: '  Supplier March  ', recDate: '2016-03-31' });
    expect(sheet).toEqual(
      expect.objectContaining({ name: 'Supplier March', recDate: '2016-03-31T00:00:00.000Z', createdByUserName: recA.data.name, recSheetLineCount: 0 }),
    );
    const renamed = expectStatus(await recA.api.put(`/api/recSheet/${sheet.recSheetID}`, { ...sheet, name: 'Supplier March v2' }), 200).body.data;
    expect(renamed).toEqual(expect.objectContaining({ name: 'Supplier March v2', recDate: '2016-03-31T00:00:00.000Z' }));

    expect((await refused(w.t, () => recA.api.post('/api/recSheet', { name: '', recDate: '2016-01-01' }))).failMessages).toEqual({ name: 'Name is required' });
    // The message names the label the form shows ('Date', issue 26), not the column ('Rec date').
    expect((await refused(w.t, () => recA.api.post('/api/recSheet', { name: 'A sheet' }))).failMessages).toEqual({ recDate: 'Date is required' });
    expect((await refused(w.t, () => recA.api.post('/api/recSheet', { name: 'x'.repeat(101), recDate: '2016-01-01' }))).failMessages).toEqual({
      name: 'Name must be at most 100 characters',
    });
    expect(Object.keys((await refused(w.t, () => recA.api.post('/api/recSheet', { name: 'Bad date', recDate: '01/02/2016' }))).failMessages)).toEqual([
      'recDate',
    ]);
    expect(
      Object.keys((await refused(w.t, () => recA.api.post('/api/recSheet', { name: 'Extra', recDate: '2016-01-01', colour: 'red' }))).failMessages),
    ).toEqual(['colour']);

    const { res, body } = await binary(w.admin.get(`/api/recSheets/excel?recSheetID=${sheet.recSheetID}&token=${w.admin.token}`));
    expectStatus(res, 200);
    const rows = await xlsxRows(body);
    expect(rows[0]).toEqual(expect.arrayContaining(['ID', 'Name', 'Rec date']));
    expect(rows[1]).toEqual(expect.arrayContaining([sheet.recSheetID, 'Supplier March v2']));
  });

  it('delete: refused while any line is reconciled; otherwise the sheet goes with its lines', async () => {
    const sheet = await createRecSheet(w.admin);
    const line = await createRecLine(w.admin, { recSheetID: sheet.recSheetID, storeName: w.storeA.name });
    const reconciled = await createRecLine(w.admin, { recSheetID: sheet.recSheetID, storeName: w.storeA.name });
    const sale = await recordSale(w, w.seller.api, { orderRef: order20(3) });
    await markReconciled(w.t.dataSource, reconciled.recSheetLineID, sale.saleID);
    const failure = await refused(w.t, () => recA.api.delete(`/api/recSheet/${sheet.recSheetID}`));
    expect(failure.failSummary).toBe('1 line of this rec sheet is reconciled, so it cannot be deleted');

    await markReconciled(w.t.dataSource, reconciled.recSheetLineID, 0);
    expectStatus(await recA.api.delete(`/api/recSheet/${sheet.recSheetID}`), 200);
    expectStatus(await w.admin.get(`/api/recSheets?recSheetID=${sheet.recSheetID}`), 404);
    expect(listIDs(await w.admin.get(`/api/recSheetLines?recSheetLineID=${line.recSheetLineID},${reconciled.recSheetLineID}`))).toEqual([]);
  });
});

describe('rec sheet lines', () => {
  let sheet: Row;
  beforeAll(async () => {
    sheet = await createRecSheet(w.admin);
  });

  it('a line typed in: the store resolved ignoring case, the order number trimmed and upper-cased, negative revenue allowed', async () => {
    const ref = orderNumber('ab');
    const line = await createRecLine(recA.api, {
      recSheetID: sheet.recSheetID,
      storeName: `  ${w.storeA.name.toUpperCase()} `,
      orderRef: `  ${ref.toLowerCase()} `,
      sku: 'X-1',
      description: 'Returned handset',
      revenue: -12.5,
      saleDate: '2016-02-09',
    });
    expect(line).toEqual(
      expect.objectContaining({
        recSheetID: sheet.recSheetID,
        storeID: w.storeA.storeID,
        storeName: w.storeA.name,
        orderRef: ref.toUpperCase(),
        sku: 'X-1',
        description: 'Returned handset',
        revenue: -12.5,
        saleDate: '2016-02-09T00:00:00.000Z',
        saleID: 0,
        worksheet: '',
        rowNumber: 0,
        fileID: null,
        autoRecRunID: null,
        recByUserName: '',
        createdByUserName: recA.data.name,
      }),
    );
  });

  it('bad input is a 400 naming the field, and writes nothing', async () => {
    const taken = await createRecLine(w.admin, { recSheetID: sheet.recSheetID, storeName: w.storeA.name });
    const body = (extra: Row) => ({
      recSheetID: sheet.recSheetID,
      saleDate: '2016-02-03',
      storeName: w.storeA.name,
      orderRef: orderNumber(),
      revenue: 10,
      ...extra,
    });
    const cases: Array<[Row, Record<string, string> | string[]]> = [
      [{ orderRef: ` ${taken.orderRef.toLowerCase()}` }, { orderRef: `Order number ${taken.orderRef} is already on this sheet` }],
      [{ storeName: w.storeB.name }, { storeName: `Your access profile does not include store ${w.storeB.name}` }],
      [{ storeName: 'No such store anywhere' }, { storeName: 'There is no store called No such store anywhere' }],
      [{ orderRef: '' }, { orderRef: 'Order ref is required' }],
      [{ orderRef: 'x'.repeat(51) }, { orderRef: 'Order ref must be at most 50 characters' }],
      [{ sku: 'x'.repeat(51) }, { sku: 'SKU must be at most 50 characters' }],
      [{ description: 'x'.repeat(256) }, { description: 'Description must be at most 255 characters' }],
      [{ revenue: 1.005 }, ['revenue']],
      [{ revenue: 10_000_000 }, ['revenue']],
      [{ revenue: -10_000_000 }, ['revenue']],
      [{ revenue: '10' }, ['revenue']],
      [{ saleDate: '03/02/2016' }, ['saleDate']],
      [{ saleDate: '2016-02-30' }, ['saleDate']],
      [{ recSheetID: 99_999_999 }, { recSheetID: 'Choose a rec sheet that exists' }],
      [{ saleID: 5, storeID: 3, colour: 'red' }, ['colour']],
    ];
    for (const [extra, expected] of cases) {
      const failure = await refused(w.t, () => recA.api.post('/api/recSheetLine', body(extra)));
      if (Array.isArray(expected)) expect(Object.keys(failure.failMessages)).toEqual(expected);
      else expect(failure.failMessages).toEqual(expected);
    }
  });

  it('only unreconciled lines can be edited or deleted', async () => {
    const open = await createRecLine(recA.api, { recSheetID: sheet.recSheetID, storeName: w.storeA.name });
    const edited = expectStatus(await recA.api.put(`/api/recSheetLine/${open.recSheetLineID}`, { ...open, revenue: 55.1, sku: 'NEW' }), 200).body.data;
    expect(edited).toEqual(expect.objectContaining({ revenue: 55.1, sku: 'NEW', orderRef: open.orderRef }));
    // Keeping its own order number is not a duplicate; the record as read with every join goes back unchanged.
    const read = expectStatus(await recA.api.get(`/api/recSheetLines?recSheetLineID=${open.recSheetLineID}&fkJoins=file,sale`), 200).body.data;
    const back = expectStatus(await recA.api.put(`/api/recSheetLine/${open.recSheetLineID}`, read), 200).body.data;
    expect({ ...back, updatedDate: null }).toEqual({ ...edited, updatedDate: null });

    const sale = await recordSale(w, w.seller.api, { orderRef: order20(4) });
    await markReconciled(w.t.dataSource, open.recSheetLineID, sale.saleID);
    expect((await refused(w.t, () => recA.api.put(`/api/recSheetLine/${open.recSheetLineID}`, { ...back, revenue: 1 }))).failSummary).toBe(ONLY_UNRECONCILED);
    expect((await refused(w.t, () => recA.api.delete(`/api/recSheetLine/${open.recSheetLineID}`))).failSummary).toBe(ONLY_UNRECONCILED);

    await markReconciled(w.t.dataSource, open.recSheetLineID, 0);
    expectStatus(await recA.api.delete(`/api/recSheetLine/${open.recSheetLineID}`), 200);
    expectStatus(await recA.api.get(`/api/recSheetLines?recSheetLineID=${open.recSheetLineID}`), 404);
  });

  it('DELETE /recSheetLines: all or nothing, a reconciled line named', async () => {
    const a = await createRecLine(recA.api, { recSheetID: sheet.recSheetID, storeName: w.storeA.name });
    const b = await createRecLine(recA.api, { recSheetID: sheet.recSheetID, storeName: w.storeA.name });
    const c = await createRecLine(recA.api, { recSheetID: sheet.recSheetID, storeName: w.storeA.name });
    const sale = await recordSale(w, w.seller.api, { orderRef: order20(5) });
    await markReconciled(w.t.dataSource, b.recSheetLineID, sale.saleID);
    const ids = [a.recSheetLineID, b.recSheetLineID, c.recSheetLineID];

    const failure = await refused(w.t, () => recA.api.delete('/api/recSheetLines').send({ recSheetLineIDs: ids }));
    expect(failure.failMessages.recSheetLineIDs).toBe(`Rec sheet line ${b.recSheetLineID} (order ${b.orderRef}) is reconciled. ${ONLY_UNRECONCILED}`);
    expect(failure.failSummary).toContain('nothing was deleted');
    expect(listIDs(await recA.api.get(`/api/recSheetLines?recSheetLineID=${ids.join(',')}`)).sort()).toEqual([...ids].sort());

    expect((await refused(w.t, () => recA.api.delete('/api/recSheetLines').send({ recSheetLineIDs: [a.recSheetLineID, 99_999_999] }))).failMessages).toEqual({
      recSheetLineIDs: '1 of these rec sheet lines does not exist',
    });
    expect(Object.keys((await refused(w.t, () => recA.api.delete('/api/recSheetLines').send({ recSheetLineIDs: [] }))).failMessages)).toEqual([
      'recSheetLineIDs',
    ]);
    const tooMany = Array.from({ length: 10_001 }, (_, i) => i + 1);
    expect((await refused(w.t, () => recA.api.delete('/api/recSheetLines').send({ recSheetLineIDs: tooMany }))).failMessages).toEqual({
      recSheetLineIDs: 'At most 10000 rec sheet lines can be deleted at once',
    });

    const done = expectStatus(await recA.api.delete('/api/recSheetLines').send({ recSheetLineIDs: [a.recSheetLineID, c.recSheetLineID] }), 200).body.data;
    expect(done).toEqual({ recSheetLineIDs: [a.recSheetLineID, c.recSheetLineID], count: 2 });
    expect(listIDs(await recA.api.get(`/api/recSheetLines?recSheetLineID=${ids.join(',')}`))).toEqual([b.recSheetLineID]);
  });

  it('store scope: a line of another store is not listed and answers 404; a line with no store resolved is visible to all', async () => {
    const own = await createRecLine(w.admin, { recSheetID: sheet.recSheetID, storeName: w.storeA.name });
    const other = await createRecLine(w.admin, { recSheetID: sheet.recSheetID, storeName: w.storeB.name });
    const unresolved = await createRecLine(w.admin, { recSheetID: sheet.recSheetID, storeName: w.storeB.name });
    await w.t.dataSource.query('UPDATE recSheetLine SET storeID = NULL, storeName = ? WHERE recSheetLineID = ?', ['Unknown shop', unresolved.recSheetLineID]);
    const ids = [own, other, unresolved].map((l) => l.recSheetLineID);

    const seen = listIDs(await recA.api.get(`/api/recSheetLines?recSheetID=${sheet.recSheetID}&recSheetLineID=${ids.join(',')}`));
    expect(seen).toEqual([own.recSheetLineID, unresolved.recSheetLineID]);
    expectStatus(await recA.api.get(`/api/recSheetLines?recSheetLineID=${other.recSheetLineID}`), 404);
    const before = await w.t.tableCounts();
    expectStatus(await recA.api.put(`/api/recSheetLine/${other.recSheetLineID}`, { ...other, storeName: w.storeA.name }), 404);
    expectStatus(await recA.api.delete(`/api/recSheetLine/${other.recSheetLineID}`), 404);
    expect(
      expectFailure(await recA.api.delete('/api/recSheetLines').send({ recSheetLineIDs: [own.recSheetLineID, other.recSheetLineID] })).failMessages,
    ).toEqual({
      recSheetLineIDs: '1 of these rec sheet lines does not exist',
    });
    expect(await w.t.tableCounts()).toEqual(before);
    expect(listIDs(await w.admin.get(`/api/recSheetLines?recSheetLineID=${ids.join(',')}`))).toEqual(ids);
  });

  it('filters and segments: saleID, saleIDNot, unreconciled, reconciled, saleAdjustments; fkJoins=file,sale', async () => {
    const own = await createRecSheet(w.admin);
    const open = await createRecLine(w.admin, { recSheetID: own.recSheetID, storeName: w.storeA.name });
    const plain = await createRecLine(w.admin, { recSheetID: own.recSheetID, storeName: w.storeA.name });
    const adjusted = await createRecLine(w.admin, { recSheetID: own.recSheetID, storeName: w.storeA.name });
    const saleP = await recordSale(w, w.seller.api, { orderRef: order20(6), saleDate: '2016-02-05' });
    const saleQ = await recordSale(w, w.seller.api, { orderRef: order20(7) });
    await markReconciled(w.t.dataSource, plain.recSheetLineID, saleP.saleID);
    await markReconciled(w.t.dataSource, adjusted.recSheetLineID, saleQ.saleID, { adjustment: -5 });
    const list = async (query: string) => listIDs(expectStatus(await recA.api.get(`/api/recSheetLines?recSheetID=${own.recSheetID}&${query}`), 200));

    expect(await list('saleID=0')).toEqual([open.recSheetLineID]);
    expect(await list('saleIDNot=0')).toEqual([plain.recSheetLineID, adjusted.recSheetLineID]);
    expect(await list(`saleID=${saleP.saleID}`)).toEqual([plain.recSheetLineID]);
    expect(await list('segment=unreconciled')).toEqual([open.recSheetLineID]);
    expect(await list('segment=reconciled')).toEqual([plain.recSheetLineID, adjusted.recSheetLineID]);
    expect(await list('segment=saleAdjustments')).toEqual([adjusted.recSheetLineID]);
    expectFailure(await recA.api.get(`/api/recSheetLines?segment=everything`));
    expectFailure(await recA.api.get(`/api/recSheetLines?fkJoins=store`));

    const joined = expectStatus(await recA.api.get(`/api/recSheetLines?recSheetID=${own.recSheetID}&fkJoins=file,sale`), 200).body.listData;
    expect(joined[0]).toEqual(expect.objectContaining({ recSheetLineID: open.recSheetLineID, file: null, sale: null }));
    expect(joined[1].sale).toEqual(
      expect.objectContaining({
        saleID: saleP.saleID,
        storeName: w.storeA.name,
        saleDate: '2016-02-05T00:00:00.000Z',
        sku: saleP.sku,
        orderRef: order20(6),
        revenue: saleP.revenue,
        adjustedRevenue: saleP.adjustedRevenue,
        // Derived from the link alone (markReconciled writes no sale column): one line of 100.
        unreconciledRevenue: saleP.adjustedRevenue - 100,
        recSheetLinesTotal: 100,
        recSheetLinesCount: 1,
        currentHistoryStep: 'reconciled',
      }),
    );
    // Without the join, no sale.
    expect(expectStatus(await recA.api.get(`/api/recSheetLines?recSheetID=${own.recSheetID}&fkJoins=file`), 200).body.listData[1].sale).toBeUndefined();
  });
});

// Issue 24's links-only redesign, slice 2: the sales module reads a sale's reconcile state from
// the links (recLink), so a sale a line links is reconciled even where its stored columns were
// never written, as they will not be once auto reconcile writes only links.
describe('a sale a rec sheet line links, its stored step and counts untouched', () => {
  it('reads as reconciled wherever sales are read: row, Status filter and sort, counts, selectable, edits refused, not suggested; its newest history row', async () => {
    const sheet = await createRecSheet(w.admin);
    const line = await createRecLine(w.admin, {
      recSheetID: sheet.recSheetID,
      storeName: w.storeA.name,
      orderRef: order20(31),
      saleDate: '2016-08-10',
      revenue: 60,
    });
    const linked = await recordSale(w, w.seller.api, { orderRef: order20(31), saleDate: '2016-08-10' });
    const open = await recordSale(w, w.seller.api, { orderRef: order20(32), saleDate: '2016-08-10' });
    await markReconciled(w.t.dataSource, line.recSheetLineID, linked.saleID);
    const [stored] = await w.t.dataSource.query<Row[]>('SELECT currentHistoryStep, recSheetLinesCount FROM sale WHERE saleID = ?', [linked.saleID]);
    expect({ ...stored, recSheetLinesCount: Number(stored.recSheetLinesCount) }).toEqual({ currentHistoryStep: 'recorded', recSheetLinesCount: 0 });

    // The row's currentHistoryID is the sale's newest history row, whatever the stored pointer says.
    await w.t.dataSource.query('UPDATE sale SET currentHistoryID = NULL WHERE saleID = ?', [linked.saleID]);
    const newest = Math.max(...(await historyOf(w.admin, linked.saleID)).map((h) => Number(h.historyID)));
    expect((await readSale(w, linked.saleID)).currentHistoryID).toBe(newest);

    const sales = async (query: string) => expectStatus(await w.admin.get(`/api/sales?saleID=${linked.saleID},${open.saleID}&${query}`), 200).body;
    const rows = (await sales('')).listData as Row[];
    expect(rows.find((r) => r.saleID === linked.saleID)).toEqual(
      expect.objectContaining({
        currentHistoryStep: 'reconciled',
        recSheetLinesCount: 1,
        recSheetLinesTotal: 60,
        unreconciledRevenue: linked.adjustedRevenue - 60,
      }),
    );
    expect(rows.find((r) => r.saleID === open.saleID)).toEqual(
      expect.objectContaining({ currentHistoryStep: 'recorded', recSheetLinesCount: 0, recSheetLinesTotal: 0, unreconciledRevenue: open.adjustedRevenue }),
    );
    const ids = async (query: string) => listIDs({ body: await sales(query) } as never);
    expect(await ids('currentHistoryStep=reconciled')).toEqual([linked.saleID]);
    expect(await ids('currentHistoryStep=recorded')).toEqual([open.saleID]);
    expect(await ids('currentHistoryStep=recorded,modified')).toEqual([open.saleID]);
    expect(await ids('currentHistoryStep=modified,reconciled')).toEqual([linked.saleID]);
    expect(await ids('currentHistoryStep=recorded,modified,reconciled')).toEqual([open.saleID, linked.saleID]);
    expect(await ids('currentHistoryStep=cancelled,reconciled')).toEqual([linked.saleID]);
    expect(await ids('currentHistoryStepNot=reconciled')).toEqual([open.saleID]);
    expect(await ids('currentHistoryStepLower=RECONC')).toEqual([linked.saleID]);
    expect(await ids('currentHistoryStep=nonsense')).toEqual([]);
    expect(await ids('recSheetLinesCount=1')).toEqual([linked.saleID]);
    expect(await ids('recSheetLinesTotalGEQ=60')).toEqual([linked.saleID]);
    // 'reconciled' sorts before 'recorded'.
    expect(await ids('sort=currentHistoryStep&sortDir=asc')).toEqual([linked.saleID, open.saleID]);
    expect(await ids('sort=currentHistoryStep&sortDir=desc')).toEqual([open.saleID, linked.saleID]);
    expect((await sales('sort=saleID&sortDir=asc')).listIDs.map((r: Row) => r.selectable)).toEqual([false, true]);

    expect(expectFailure(await w.admin.put(`/api/sale/${linked.saleID}`, { ...linked, notes: 'Edit after reconcile' })).failSummary).toBe(NOT_EDITABLE);
    expect(expectFailure(await w.admin.delete(`/api/sale/${linked.saleID}`)).failSummary).toBe(NOT_EDITABLE);
    const failed = expectFailure(await w.admin.put('/api/sales/changeRateCardValidate', { saleID: String(linked.saleID), rateCardID: linked.rateCardID }));
    expect(failed.failMessages.translation).toBe(`Sale ${linked.saleID} is reconciled: only recorded or modified sales can change rate card`);

    // Manual suggestions for another line of the same store, SKU and day: the open sale, not the linked one.
    const second = await createRecLine(w.admin, {
      recSheetID: sheet.recSheetID,
      storeName: w.storeA.name,
      sku: linked.sku,
      orderRef: order20(33),
      saleDate: '2016-08-10',
    });
    const suggested = expectStatus(await recA.api.get(`/api/recSheetLine/${second.recSheetLineID}/recSuggest`), 200).body.listData as Row[];
    expect(suggested.map((r) => r.saleID)).toContain(open.saleID);
    expect(suggested.map((r) => r.saleID)).not.toContain(linked.saleID);
  });
});

describe('GET /recSheet/{id}/unreconciledSales', () => {
  it('lists the sales of the sheet’s date range and the user’s stores, recorded or modified, that no line links; Excel too', async () => {
    const sheet = await createRecSheet(w.admin);
    // Lines span 2016-07-04 .. 2016-07-20.
    await createRecLine(w.admin, { recSheetID: sheet.recSheetID, storeName: w.storeA.name, saleDate: '2016-07-04' });
    await createRecLine(w.admin, { recSheetID: sheet.recSheetID, storeName: w.storeA.name, saleDate: '2016-07-20' });
    const first = await recordSale(w, w.seller.api, { orderRef: order20(11), saleDate: '2016-07-04' });
    const last = await recordSale(w, w.seller.api, { orderRef: order20(12), saleDate: '2016-07-20' });
    const modified = await recordSale(w, w.seller.api, { orderRef: order20(13), saleDate: '2016-07-10' });
    await setStep(w, modified.saleID, 'modified');
    const before = await recordSale(w, w.seller.api, { orderRef: order20(14), saleDate: '2016-07-03' });
    const after = await recordSale(w, w.seller.api, { orderRef: order20(15), saleDate: '2016-07-21' });
    const cancelled = await recordSale(w, w.seller.api, { orderRef: order20(16), saleDate: '2016-07-10' });
    await setStep(w, cancelled.saleID, 'cancelled');
    const reconciled = await recordSale(w, w.seller.api, { orderRef: order20(17), saleDate: '2016-07-10' });
    await setStep(w, reconciled.saleID, 'reconciled');
    const linked = await recordSale(w, w.seller.api, { orderRef: order20(18), saleDate: '2016-07-10' });
    // Linked by a line of another sheet, its step still recorded as stored: no longer unreconciled.
    const elsewhere = await createRecLine(w.admin, { recSheetID: (await createRecSheet(w.admin)).recSheetID, storeName: w.storeA.name });
    await markReconciled(w.t.dataSource, elsewhere.recSheetLineID, linked.saleID);
    const atB = expectStatus(
      await w.admin.post('/api/sale', {
        storeID: w.storeB.storeID,
        saleTypeID: w.saleType.saleTypeID,
        attributableToUserID: w.adminID,
        rateCardLineStoreID: w.lineB.rateCardLineStoreID,
        saleDate: '2016-07-12',
        orderRef: order20(19),
      }),
      201,
    ).body.data;
    void before;
    void after;

    const path = `/api/recSheet/${sheet.recSheetID}/unreconciledSales`;
    const mine = expectStatus(await recA.api.get(`${path}?sort=saleDate&sortDir=asc`), 200).body;
    expect(mine.validationResult).toEqual({ fail: false });
    expect(mine.listData.map((s: Row) => s.saleID)).toEqual([first.saleID, modified.saleID, last.saleID]);
    expect(mine.page.rowCount).toBe(3);
    expect(Object.keys(mine.listData[0]).sort()).toEqual(
      [
        'saleID',
        'storeID',
        'storeName',
        'saleDate',
        'sku',
        'orderRef',
        'saleAnalysisValues',
        'revenue',
        'adjustedRevenue',
        'adjustment',
        'unreconciledRevenue',
        'recSheetLinesTotal',
        'recSheetLinesCount',
        'attributableToUserID',
        'attributableToUserName',
        'description',
        'isRefund',
        'isRefunded',
        'currentHistoryStep',
      ].sort(),
    );
    // Who made the sale and what it was, as the sales list shows them.
    const [asSold] = expectStatus(await w.admin.get(`/api/sales?saleID=${first.saleID}`), 200).body.listData;
    expect(mine.listData[0]).toEqual(expect.objectContaining({ attributableToUserName: asSold.attributableToUserName, description: asSold.description }));
    expect(asSold.attributableToUserName).toEqual(expect.any(String));
    // Every store of the admin's profile.
    const all = expectStatus(await w.admin.get(`${path}?sort=saleDate&sortDir=asc`), 200).body.listData.map((s: Row) => s.saleID);
    expect(all).toEqual([first.saleID, modified.saleID, atB.saleID, last.saleID]);
    // Paging and quickFilter of the list engine.
    const page = expectStatus(await recA.api.get(`${path}?sort=saleDate&sortDir=asc&pageLength=1&page=1`), 200).body;
    expect(page.listData.map((s: Row) => s.saleID)).toEqual([modified.saleID]);
    expect(page.page).toEqual(expect.objectContaining({ rowCount: 3, pageCount: 3 }));
    expect(expectStatus(await recA.api.get(`${path}?quickFilter=${order20(12)}`), 200).body.listData.map((s: Row) => s.saleID)).toEqual([last.saleID]);
    // The view's filters are its own.
    expect(expectFailure(await recA.api.get(`${path}?saleDateGEQ=2016-01-01`)).failMessages).toEqual({ saleDateGEQ: 'Unknown parameter' });
    expectStatus(await recA.api.get('/api/recSheet/99999999/unreconciledSales'), 404);
    // A sheet with no lines has no range: no sales.
    const empty = await createRecSheet(w.admin);
    expect(expectStatus(await recA.api.get(`/api/recSheet/${empty.recSheetID}/unreconciledSales`), 200).body.listData).toEqual([]);

    const { res, body } = await binary(recA.api.get(`${path}/excel?sort=saleDate&sortDir=asc&token=${recA.token}&fileName=unpaid`));
    expectStatus(res, 200);
    const rows = await xlsxRows(body);
    expect(rows[0]).toEqual(expect.arrayContaining(['Sale ID', 'Date', 'Store', 'Order reference', 'Unreconciled revenue']));
    expect(rows.slice(1).map((r) => r[0])).toEqual([first.saleID, modified.saleID, last.saleID]);
  });
});
