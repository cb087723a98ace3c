import { as, Client, createStore, expectStatus, login, Row, unique } from '../support/api';
import { createRecSheet, FULL_MAPPING, importWorkbook, REC_HEADERS, type Cell, type WorkbookSheet } from '../support/rec-fixtures';
import { RecSheetImportLine } from '../../src/modules/reconciliation/entities';
import { RecSheetImportSheetJob } from '../../src/modules/reconciliation/import/rec-sheet-import-sheet.job';
import { RecSheetImportJob } from '../../src/modules/reconciliation/import/rec-sheet-import.job';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * The rec sheet import fanned out per worksheet (docs/decisions.md, "The import fans out per
 * worksheet"): one recSheetImportSheet part per mapped worksheet, rows staged in
 * recSheetImportLine, order numbers checked across worksheets over the staged rows, the commit
 * one INSERT ... SELECT in one transaction, the staging emptied whatever the outcome, a part or a
 * commit run twice writing nothing twice. Dates in this file are 2016.
 */

let t: TestApp;
let admin: Client;
let store: Row;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  store = await createStore(admin, { name: unique('Rec parts') });
}, 120_000);
afterAll(() => t?.close());

/** `n` valid rows of order numbers `{prefix}-{i}`, dated in 2016. */
const rows = (prefix: string, n: number): Cell[][] => Array.from({ length: n }, (_, i) => [`2016-03-${String((i % 28) + 1).padStart(2, '0')}`, store.name, `${prefix}-${i}`, 'SKU-P', 'Part', (i % 50) + 0.25]);
const sheetOf = (name: string, body: Cell[][]): WorkbookSheet => ({ name, rows: [REC_HEADERS, ...body] });

const linesOf = async (recSheetID: number) =>
  expectStatus(await admin.get(`/api/recSheetLines?recSheetID=${recSheetID}&pageLength=500`), 200).body.listData as Row[];
const staged = (parentOperationID?: number) =>
  t.dataSource.getRepository(RecSheetImportLine).count(parentOperationID === undefined ? {} : { where: { parentOperationID } });
const partsOf = async (operationID: number) =>
  (expectStatus(await admin.get(`/api/longRunningOperations?parentOperationID=${operationID}&pageLength=100`), 200).body.listData as Row[]).sort(
    (a, b) => a.operationID - b.operationID,
  );

describe('an import of three worksheets', () => {
  it('runs as three part operations (parentOperationID set, listed for operators); the import is still the caller’s latest operation; the staging is empty after validation and after the commit', async () => {
    const sheet = await createRecSheet(admin);
    const sheets = [sheetOf('Lines 1', rows('PA', 40)), sheetOf('Lines 2', rows('PB', 30)), sheetOf('Lines 3', rows('PC', 20)), sheetOf('Notes', [['x']])];
    const body = { mappings: { 'Lines 1': FULL_MAPPING, 'Lines 2': FULL_MAPPING, 'Lines 3': FULL_MAPPING } };

    const checked = await importWorkbook(admin, sheet.recSheetID, sheets, { ...body, commit: false });
    expect(checked).toEqual(expect.objectContaining({ name: 'recSheetImport', state: 'completed', parentOperationID: null }));
    expect(checked.result.data).toEqual({ worksheets: 3, skippedWorksheets: ['Notes'], rows: 90, lines: 90, errors: 0, committed: false, recSheetID: sheet.recSheetID });
    const parts = await partsOf(checked.operationID);
    expect(parts).toEqual(
      ['Lines 1', 'Lines 2', 'Lines 3'].map(() => expect.objectContaining({ name: 'recSheetImportSheet', queue: 'importSheets', state: 'completed', parentOperationID: checked.operationID })),
    );
    expect(parts.map((p) => p.message)).toEqual(['Validated sheet Lines 1: 40 rows', 'Validated sheet Lines 2: 30 rows', 'Validated sheet Lines 3: 20 rows']);
    // Without an id, the caller's latest operation is the import, not one of its (later) parts.
    expect(expectStatus(await admin.get('/api/longRunningOperation'), 200).body.data).toEqual(expect.objectContaining({ operationID: checked.operationID, name: 'recSheetImport' }));
    expect(await staged(checked.operationID)).toBe(0);
    expect(await linesOf(sheet.recSheetID)).toEqual([]);

    const committed = await importWorkbook(admin, sheet.recSheetID, sheets, { ...body, commit: true });
    expect(committed).toEqual(expect.objectContaining({ state: 'completed', message: 'Committed 90 lines', resultID: sheet.recSheetID }));
    expect(committed.result.data).toEqual(expect.objectContaining({ worksheets: 3, lines: 90, errors: 0, committed: true }));
    expect(await partsOf(committed.operationID)).toHaveLength(3);
    expect(await staged(committed.operationID)).toBe(0);
    const lines = await linesOf(sheet.recSheetID);
    // In file order, every line once, with its worksheet, row and money as written.
    expect(lines.map((l) => [l.worksheet, l.rowNumber, l.orderRef])).toEqual([
      ...Array.from({ length: 40 }, (_, i) => ['Lines 1', i + 2, `PA-${i}`]),
      ...Array.from({ length: 30 }, (_, i) => ['Lines 2', i + 2, `PB-${i}`]),
      ...Array.from({ length: 20 }, (_, i) => ['Lines 3', i + 2, `PC-${i}`]),
    ]);
    expect(lines[41]).toEqual(expect.objectContaining({ storeID: store.storeID, storeName: store.name, saleDate: '2016-03-02T00:00:00.000Z', sku: 'SKU-P', revenue: 1.25, operationID: committed.operationID, saleID: 0 }));
  });

  it('order numbers repeated across worksheets are reported on the later row, a refused row’s number included; the staging is empty after the refused run and nothing is written', async () => {
    const sheet = await createRecSheet(admin);
    const sheets = [
      // Row 3's date is refused, but its order number still counts as first seen there.
      sheetOf('First', [['2016-04-01', store.name, 'X-1', '', '', 1], ['not a date', store.name, 'z-9', '', '', 1]]),
      sheetOf('Second', [['2016-04-02', store.name, 'Y-1', '', '', 1], ['2016-04-02', store.name, 'x-1', '', '', 1], ['2016-04-02', store.name, 'Y-2', '', '', 1], ['2016-04-02', store.name, 'X-1 ', '', '', 1]]),
      sheetOf('Third', [['2016-04-03', store.name, 'Z-9', '', '', 1], ['2016-04-03', store.name, 'Y-2', '', '', 1]]),
    ];
    const operation = await importWorkbook(admin, sheet.recSheetID, sheets, { commit: true });
    expect(operation.state).toBe('completed');
    expect(operation.result.validationResult).toEqual({ fail: true, failSummary: '5 errors', failMessages: {} });
    expect(operation.result.listData.map((r: Row) => r.message)).toEqual([
      'Row 3 col A value "not a date" error: "Sale date must be a date (yyyy-mm-dd, dd/mm/yyyy or an Excel date)"',
      'Row 3 col C value "x-1" error: "Order number X-1 is already on row 2 of worksheet First"',
      // A repeat within Second of a number first seen on First names First, as one pass would.
      'Row 5 col C value "X-1" error: "Order number X-1 is already on row 2 of worksheet First"',
      'Row 2 col C value "Z-9" error: "Order number Z-9 is already on row 3 of worksheet First"',
      'Row 3 col C value "Y-2" error: "Order number Y-2 is already on row 4 of worksheet Second"',
    ]);
    expect(operation.result.listData.map((r: Row) => r.worksheet)).toEqual(['First', 'Second', 'Second', 'Third', 'Third']);
    expect(operation.result.data).toEqual(expect.objectContaining({ rows: 8, lines: 0, errors: 5, committed: false }));
    expect(await staged(operation.operationID)).toBe(0);
    expect(await linesOf(sheet.recSheetID)).toEqual([]);
  });
});

describe('run twice, written once', () => {
  it('a part run again (it failed after staging its rows) deletes what it staged first: no line twice', async () => {
    const sheet = await createRecSheet(admin);
    const part = t.app.get(RecSheetImportSheetJob);
    const run = part.run.bind(part);
    let stagedAtFailure = -1;
    const spy = jest.spyOn(part, 'run').mockImplementation(async (data, context) => {
      const answer = await run(data, context);
      if (data.worksheet === 'Two' && context.attempt === 1) {
        stagedAtFailure = await staged(data.parentOperationID);
        throw new Error('The worker went away');
      }
      return answer;
    });
    try {
      const operation = await importWorkbook(admin, sheet.recSheetID, [sheetOf('One', rows('RA', 25)), sheetOf('Two', rows('RB', 35))]);
      expect(operation).toEqual(expect.objectContaining({ state: 'completed', message: 'Committed 60 lines' }));
      // The failed attempt had staged its 35 rows besides One's 25.
      expect(stagedAtFailure).toBe(60);
      const parts = await partsOf(operation.operationID);
      expect(parts.map((p) => p.attempts)).toEqual([1, 2]);
      const lines = await linesOf(sheet.recSheetID);
      expect(lines).toHaveLength(60);
      expect(new Set(lines.map((l) => l.orderRef)).size).toBe(60);
      expect(await staged(operation.operationID)).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('the commit writes every line in one go: a commit that fails after its insert leaves no line, and its retry writes each once', async () => {
    const sheet = await createRecSheet(admin);
    const job = t.app.get(RecSheetImportJob);
    const write = job.writeLines.bind(job);
    const seenByRetry: Array<{ lines: number; staged: number }> = [];
    let calls = 0;
    const spy = jest.spyOn(job, 'writeLines').mockImplementation(async (manager, data, context) => {
      calls += 1;
      if (calls === 1) {
        await write(manager, data, context);
        throw new Error('Lost the database connection');
      }
      // The retry: the first transaction left nothing; the staged rows were kept for it.
      const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM recSheetLine WHERE recSheetID = ?', [data.recSheetID]);
      seenByRetry.push({ lines: Number(n), staged: await staged(context.operationID) });
      return write(manager, data, context);
    });
    try {
      const operation = await importWorkbook(admin, sheet.recSheetID, [sheetOf('A', rows('CA', 30)), sheetOf('B', rows('CB', 30)), sheetOf('C', rows('CC', 30))]);
      expect(operation).toEqual(expect.objectContaining({ state: 'completed', attempts: 2, message: 'Committed 90 lines' }));
      expect(calls).toBe(2);
      expect(seenByRetry).toEqual([{ lines: 0, staged: 90 }]);
      const lines = await linesOf(sheet.recSheetID);
      expect(lines).toHaveLength(90);
      expect(new Set(lines.map((l) => l.orderRef)).size).toBe(90);
      // One statement: every line has the one creation time.
      expect(new Set(lines.map((l) => l.createdDate)).size).toBe(1);
      // The parts were not run again by the retry.
      expect((await partsOf(operation.operationID)).map((p) => p.attempts)).toEqual([1, 1, 1]);
      expect(await staged(operation.operationID)).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('the staging holds nothing once the imports are over', async () => {
    expect(await staged()).toBe(0);
  });
});
