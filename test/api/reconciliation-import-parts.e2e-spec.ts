import { In } from 'typeorm';
import { as, Client, createStore, createUser, expectStatus, login, Row, TestUser, unique } from '../support/api';
import {
  createRecLine,
  createRecSheet,
  FULL_MAPPING,
  importWorkbook,
  REC_HEADERS,
  recSheetWorkbook,
  runImport,
  uploadRecFile,
  waitForOperation,
  type Cell,
  type ImportBody,
  type WorkbookSheet,
} from '../support/rec-fixtures';
import { JobDriver } from '../../src/modules/jobs/drivers/job-driver';
import type { InProcessJobDriver } from '../../src/modules/jobs/drivers/in-process.driver';
import { Operation } from '../../src/modules/jobs/entities/operation.entity';
import { RecSheetImportLine } from '../../src/modules/reconciliation/entities';
import { isKeptValidation } from '../../src/modules/reconciliation/import/kept-validations';
import { stagedImports } from '../../src/modules/reconciliation/import/staging';
import { RecSheetImportSheetJob } from '../../src/modules/reconciliation/import/rec-sheet-import-sheet.job';
import { RecSheetImportJob } from '../../src/modules/reconciliation/import/rec-sheet-import.job';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * The rec sheet import fanned out per worksheet (docs/decisions.md, "The import fans out per
 * worksheet"): one recSheetImportSheet part per mapped worksheet, rows staged in
 * recSheetImportLine, order numbers checked across worksheets over the staged rows, the commit
 * one INSERT ... SELECT in one transaction, the staging emptied whatever the outcome (but for an
 * error-free validation, kept for its commit), a part or a commit run twice writing nothing twice.
 * A commit reuses its validation (docs/decisions.md, "A commit reuses its validation"): no part,
 * the order numbers checked again against the sheet under its lock; two imports committing into
 * one sheet at once: one writes, the other reports. Dates in this file are 2016.
 */

let t: TestApp;
let admin: Client;
let store: Row;
/** RevenueReconciliation, the store of this file only: a second user importing into the same sheets. */
let clerk: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  store = await createStore(admin, { name: unique('Rec parts') });
  clerk = await createUser(t.http, admin, { areas: ['RevenueReconciliation'], storeIDs: [store.storeID] });
}, 120_000);
afterAll(() => t?.close());

/** `n` valid rows of order numbers `{prefix}-{i}`, dated in 2016. */
const rows = (prefix: string, n: number): Cell[][] =>
  Array.from({ length: n }, (_, i) => [`2016-03-${String((i % 28) + 1).padStart(2, '0')}`, store.name, `${prefix}-${i}`, 'SKU-P', 'Part', (i % 50) + 0.25]);
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
    expect(checked.result.data).toEqual({
      worksheets: 3,
      skippedWorksheets: ['Notes'],
      rows: 90,
      skippedRows: 0,
      lines: 90,
      errors: 0,
      committed: false,
      recSheetID: sheet.recSheetID,
    });
    const parts = await partsOf(checked.operationID);
    expect(parts).toEqual(
      ['Lines 1', 'Lines 2', 'Lines 3'].map(() =>
        expect.objectContaining({ name: 'recSheetImportSheet', queue: 'importSheets', state: 'completed', parentOperationID: checked.operationID }),
      ),
    );
    expect(parts.map((p) => p.message)).toEqual(['Validated sheet Lines 1: 40 rows', 'Validated sheet Lines 2: 30 rows', 'Validated sheet Lines 3: 20 rows']);
    // Without an id, the caller's latest operation is the import, not one of its (later) parts.
    expect(expectStatus(await admin.get('/api/longRunningOperation'), 200).body.data).toEqual(
      expect.objectContaining({ operationID: checked.operationID, name: 'recSheetImport' }),
    );
    // A clean validation keeps its staged rows for its commit.
    expect(await staged(checked.operationID)).toBe(90);
    expect(await linesOf(sheet.recSheetID)).toEqual([]);

    // Another upload of the same workbook is another file: this commit validates it again, in parts.
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
    expect(lines[41]).toEqual(
      expect.objectContaining({
        storeID: store.storeID,
        storeName: store.name,
        saleDate: '2016-03-02T00:00:00.000Z',
        sku: 'SKU-P',
        revenue: 1.25,
        operationID: committed.operationID,
        saleID: 0,
      }),
    );
  });

  it('order numbers repeated across worksheets are reported on the later row, a refused row’s number included; the staging is empty after the refused run and nothing is written', async () => {
    const sheet = await createRecSheet(admin);
    const sheets = [
      // Row 3's date is refused, but its order number still counts as first seen there.
      sheetOf('First', [
        ['2016-04-01', store.name, 'X-1', '', '', 1],
        ['not a date', store.name, 'z-9', '', '', 1],
      ]),
      sheetOf('Second', [
        ['2016-04-02', store.name, 'Y-1', '', '', 1],
        ['2016-04-02', store.name, 'x-1', '', '', 1],
        ['2016-04-02', store.name, 'Y-2', '', '', 1],
        ['2016-04-02', store.name, 'X-1 ', '', '', 1],
      ]),
      sheetOf('Third', [
        ['2016-04-03', store.name, 'Z-9', '', '', 1],
        ['2016-04-03', store.name, 'Y-2', '', '', 1],
      ]),
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

describe('a commit reuses its validation', () => {
  /** Three worksheets (90 rows) and a skipped one, uploaded; the body that validates or commits it into `recSheetID`. */
  const workbook = async (api: Client, recSheetID: number, prefix: string): Promise<ImportBody> => {
    const sheets = [
      sheetOf('Lines 1', rows(`${prefix}A`, 40)),
      sheetOf('Lines 2', rows(`${prefix}B`, 30)),
      sheetOf('Lines 3', rows(`${prefix}C`, 20)),
      sheetOf('Notes', [['x']]),
    ];
    const fileID = await uploadRecFile(api, await recSheetWorkbook(sheets));
    return { fileID, recSheetID, mappings: { 'Lines 1': FULL_MAPPING, 'Lines 2': FULL_MAPPING, 'Lines 3': FULL_MAPPING } };
  };
  const skipped = {
    worksheet: 'Notes',
    row: 0,
    col: 0,
    value: '',
    error: 'Sheet skipped due to incomplete mapping',
    message: 'Sheet skipped due to incomplete mapping',
    warning: true,
  };

  it('the commit of the request just validated runs no part and writes exactly the validated lines; the kept rows are then deleted', async () => {
    const sheet = await createRecSheet(admin);
    const body = await workbook(admin, sheet.recSheetID, 'KU');
    const checked = await runImport(admin, { ...body, commit: false });
    expect(checked.result.data).toEqual({
      worksheets: 3,
      skippedWorksheets: ['Notes'],
      rows: 90,
      skippedRows: 0,
      lines: 90,
      errors: 0,
      committed: false,
      recSheetID: sheet.recSheetID,
    });
    expect(await partsOf(checked.operationID)).toHaveLength(3);
    expect(await staged(checked.operationID)).toBe(90);

    // The same body, mappings sent in another order and with an unmapped field as null: the same mappings.
    const reordered = { 'Lines 3': FULL_MAPPING, 'Lines 2': { ...FULL_MAPPING }, 'Lines 1': FULL_MAPPING, Notes: { sku: null } };
    const committed = await runImport(admin, { ...body, mappings: reordered, commit: true });
    expect(committed).toEqual(
      expect.objectContaining({ state: 'completed', attempts: 1, message: 'Committed 90 lines', percentage: 100, resultID: sheet.recSheetID }),
    );
    // The result as a commit that validated would answer it.
    expect(committed.result).toEqual({
      validationResult: { fail: false },
      data: { worksheets: 3, skippedWorksheets: ['Notes'], rows: 90, skippedRows: 0, lines: 90, errors: 0, committed: true, recSheetID: sheet.recSheetID },
      listData: [skipped],
    });
    expect(await partsOf(committed.operationID)).toEqual([]);
    const lines = await linesOf(sheet.recSheetID);
    expect(lines.map((l) => [l.worksheet, l.rowNumber, l.orderRef])).toEqual([
      ...Array.from({ length: 40 }, (_, i) => ['Lines 1', i + 2, `KUA-${i}`]),
      ...Array.from({ length: 30 }, (_, i) => ['Lines 2', i + 2, `KUB-${i}`]),
      ...Array.from({ length: 20 }, (_, i) => ['Lines 3', i + 2, `KUC-${i}`]),
    ]);
    expect(lines[41]).toEqual(
      expect.objectContaining({
        storeID: store.storeID,
        storeName: store.name,
        saleDate: '2016-03-02T00:00:00.000Z',
        sku: 'SKU-P',
        description: 'Part',
        revenue: 1.25,
        fileID: body.fileID,
        operationID: committed.operationID,
        saleID: 0,
      }),
    );
    expect(await staged(checked.operationID)).toBe(0);
    expect(await staged(committed.operationID)).toBe(0);
  });

  it('a line put on the sheet between validation and commit is caught by the commit: a report, nothing written, the kept rows deleted', async () => {
    const sheet = await createRecSheet(admin);
    const body = await workbook(admin, sheet.recSheetID, 'KC');
    const checked = await runImport(admin, { ...body, commit: false });
    expect(checked.result.validationResult).toEqual({ fail: false });
    await createRecLine(admin, { recSheetID: sheet.recSheetID, storeName: store.name, orderRef: 'kcb-3' });
    await createRecLine(admin, { recSheetID: sheet.recSheetID, storeName: store.name, orderRef: 'KCA-39' });

    const committed = await runImport(admin, { ...body, commit: true });
    expect(committed).toEqual(expect.objectContaining({ state: 'completed', attempts: 1, resultID: sheet.recSheetID }));
    expect(committed.result).toEqual({
      validationResult: { fail: true, failSummary: '2 errors', failMessages: {} },
      data: { worksheets: 3, skippedWorksheets: ['Notes'], rows: 90, skippedRows: 0, lines: 0, errors: 2, committed: false, recSheetID: sheet.recSheetID },
      listData: [
        {
          worksheet: 'Lines 1',
          row: 41,
          col: 3,
          value: 'KCA-39',
          error: 'Order number KCA-39 is already on this sheet',
          message: 'Row 41 col C value "KCA-39" error: "Order number KCA-39 is already on this sheet"',
        },
        {
          worksheet: 'Lines 2',
          row: 5,
          col: 3,
          value: 'KCB-3',
          error: 'Order number KCB-3 is already on this sheet',
          message: 'Row 5 col C value "KCB-3" error: "Order number KCB-3 is already on this sheet"',
        },
        skipped,
      ],
    });
    // Caught by the commit's own check: it read nothing of the file.
    expect(await partsOf(committed.operationID)).toEqual([]);
    expect((await linesOf(sheet.recSheetID)).map((l) => l.orderRef)).toEqual(['KCB-3', 'KCA-39']);
    expect(await staged(checked.operationID)).toBe(0);
  });

  it('another mapping, another user or another file validates again; a new validation of the sheet supersedes the user’s older one', async () => {
    const sheet = await createRecSheet(admin);
    const body = await workbook(admin, sheet.recSheetID, 'KM');
    const first = await runImport(admin, { ...body, commit: false });
    expect(await staged(first.operationID)).toBe(90);

    // SKU and description swapped: the commit reads the file again, in parts, and writes what this mapping says.
    const swapped = { ...FULL_MAPPING, sku: 5, description: 4 };
    const mappings = { 'Lines 1': swapped, 'Lines 2': swapped };
    const other = await runImport(admin, { ...body, mappings, commit: true });
    expect(other).toEqual(expect.objectContaining({ state: 'completed', message: 'Committed 70 lines' }));
    expect(other.result.data).toEqual({
      worksheets: 2,
      skippedWorksheets: ['Lines 3', 'Notes'],
      rows: 70,
      skippedRows: 0,
      lines: 70,
      errors: 0,
      committed: true,
      recSheetID: sheet.recSheetID,
    });
    expect(await partsOf(other.operationID)).toHaveLength(2);
    const lines = await linesOf(sheet.recSheetID);
    expect(lines).toHaveLength(70);
    expect(lines[0]).toEqual(expect.objectContaining({ orderRef: 'KMA-0', sku: 'Part', description: 'SKU-P' }));
    // A commit does not drop the kept validation it did not use.
    expect(await staged(first.operationID)).toBe(90);

    // The user validates the sheet again (the third worksheet only): the older validation is dropped.
    const third = { 'Lines 3': FULL_MAPPING };
    const second = await runImport(admin, { ...body, mappings: third, commit: false });
    expect(second.result.data).toEqual(expect.objectContaining({ lines: 20, errors: 0 }));
    expect(await staged(first.operationID)).toBe(0);
    expect(await staged(second.operationID)).toBe(20);

    // Another user sending the same commit: not their validation, so the file is read again.
    const clerksFile = await workbook(clerk.api, sheet.recSheetID, 'KV');
    const clerksCheck = await runImport(clerk.api, { ...clerksFile, mappings: third, commit: false });
    expect(await staged(clerksCheck.operationID)).toBe(20);
    // The clerk's validation of the same sheet leaves the admin's alone (it is the admin's own that supersede).
    expect(await staged(second.operationID)).toBe(20);
    const byAdmin = await runImport(admin, { ...clerksFile, mappings: third, commit: true });
    expect(byAdmin).toEqual(expect.objectContaining({ state: 'completed', message: 'Committed 20 lines' }));
    expect(await partsOf(byAdmin.operationID)).toHaveLength(1);
    // The clerk's kept validation is now out of date: its commit reports every number, without reading the file.
    const byClerk = await runImport(clerk.api, { ...clerksFile, mappings: third, commit: true });
    expect(byClerk.result.validationResult).toEqual({ fail: true, failSummary: '20 errors', failMessages: {} });
    expect(byClerk.result.listData.find((r: Row) => !r.warning).message).toBe('Row 2 col C value "KVC-0" error: "Order number KVC-0 is already on this sheet"');
    expect(await partsOf(byClerk.operationID)).toEqual([]);
    expect(await staged(clerksCheck.operationID)).toBe(0);

    // The admin's own validation of the third worksheet commits without parts.
    const committed = await runImport(admin, { ...body, mappings: third, commit: true });
    expect(committed).toEqual(expect.objectContaining({ state: 'completed', message: 'Committed 20 lines' }));
    expect(await partsOf(committed.operationID)).toEqual([]);
    expect(await linesOf(sheet.recSheetID)).toHaveLength(110);
    expect(await staged(second.operationID)).toBe(0);
  });

  it('a validation kept over an hour is deleted when any import starts; its commit then validates again', async () => {
    const sheet = await createRecSheet(admin);
    const body = await workbook(admin, sheet.recSheetID, 'KH');
    const checked = await runImport(admin, { ...body, commit: false });
    expect(await staged(checked.operationID)).toBe(90);
    await t.dataSource.getRepository(Operation).update({ operationID: checked.operationID }, { finishedDate: new Date(Date.now() - 61 * 60_000) });

    // Any import: another user's, into another sheet.
    const elsewhere = await createRecSheet(admin);
    const clerksBody = await workbook(clerk.api, elsewhere.recSheetID, 'KO');
    const other = await runImport(clerk.api, { ...clerksBody, commit: false });
    expect(other.result.validationResult).toEqual({ fail: false });
    expect(await staged(checked.operationID)).toBe(0);
    expect(await staged(other.operationID)).toBe(90);

    const committed = await runImport(admin, { ...body, commit: true });
    expect(committed).toEqual(expect.objectContaining({ state: 'completed', message: 'Committed 90 lines' }));
    expect(await partsOf(committed.operationID)).toHaveLength(3);
    expect(await linesOf(sheet.recSheetID)).toHaveLength(90);
    // The clerk's is left for its own commit.
    expect(await staged(other.operationID)).toBe(90);
    const clerksCommit = await runImport(clerk.api, { ...clerksBody, commit: true });
    expect(clerksCommit).toEqual(expect.objectContaining({ state: 'completed', message: 'Committed 90 lines' }));
    expect(await partsOf(clerksCommit.operationID)).toEqual([]);
    expect(await staged(other.operationID)).toBe(0);
  });

  it('two imports committing overlapping order numbers into one sheet at once: one writes, the other completes with a report; neither fails nor retries', async () => {
    const sheet = await createRecSheet(admin);
    const overlapping = (from: number) => rows('KX', 60).slice(from, from + 30);
    const upload = async (api: Client, from: number) => uploadRecFile(api, await recSheetWorkbook([sheetOf('Lines', overlapping(from))]));
    const bodyOf = (fileID: number): ImportBody => ({ fileID, recSheetID: sheet.recSheetID, mappings: { Lines: FULL_MAPPING } });
    // KX-0 … KX-29 and KX-20 … KX-49: ten numbers in both.
    const a = bodyOf(await upload(admin, 0));
    const b = bodyOf(await upload(clerk.api, 20));
    const checks = [await runImport(admin, { ...a, commit: false }), await runImport(clerk.api, { ...b, commit: false })];
    expect(checks.map((c) => c.result.validationResult)).toEqual([{ fail: false }, { fail: false }]);

    // Both commits run at once (the in-process queue would run them one after the other), and
    // each waits, once its check has passed and before it writes, for the other to get that far
    // too (at most 1.5 s): without the sheet's lock both checks would pass and the second insert
    // would hit the unique index.
    const driver = t.app.get<JobDriver, InProcessJobDriver>(JobDriver);
    const add = driver.add.bind(driver);
    const addSpy = jest.spyOn(driver, 'add').mockImplementation(async (queue, name, operationID) => {
      if (name !== 'recSheetImport') return add(queue, name, operationID);
      void (driver as unknown as { runWithRetries(id: number): Promise<void> }).runWithRetries(operationID);
    });
    const job = t.app.get(RecSheetImportJob);
    const write = job.writeLines.bind(job);
    let arrived = 0;
    const writeSpy = jest.spyOn(job, 'writeLines').mockImplementation(async (...args) => {
      arrived += 1;
      const deadline = Date.now() + 1500;
      while (arrived < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      return write(...args);
    });
    let done: Row[];
    try {
      const started = await Promise.all([
        admin.post('/api/recSheetLines/excel', { ...a, commit: true }),
        clerk.api.post('/api/recSheetLines/excel', { ...b, commit: true }),
      ]);
      done = await Promise.all(started.map((res, i) => waitForOperation([admin, clerk.api][i], expectStatus(res, 202).body.data.operationID)));
    } finally {
      addSpy.mockRestore();
      writeSpy.mockRestore();
    }
    expect(done.map((o) => [o.state, o.attempts, o.error])).toEqual([
      ['completed', 1, null],
      ['completed', 1, null],
    ]);
    const winner = done.find((o) => !o.result.validationResult.fail)!;
    const loser = done.find((o) => o.result.validationResult.fail)!;
    expect(winner.result.data).toEqual(expect.objectContaining({ lines: 30, committed: true }));
    const loserFrom = loser.operationID === done[0].operationID ? 0 : 20;
    const winnerFrom = 20 - loserFrom;
    // The loser's rows whose number the winner wrote: KX-20 … KX-29, on rows 2 … 11 (a) or 22 … 31 (b) of its sheet.
    const both = Array.from({ length: 10 }, (_, i) => 20 + i);
    expect(loser.result).toEqual({
      validationResult: { fail: true, failSummary: '10 errors', failMessages: {} },
      data: { worksheets: 1, skippedWorksheets: [], rows: 30, skippedRows: 0, lines: 0, errors: 10, committed: false, recSheetID: sheet.recSheetID },
      listData: both.map((n) => {
        const row = n - loserFrom + 2;
        const error = `Order number KX-${n} is already on this sheet`;
        return { worksheet: 'Lines', row, col: 3, value: `KX-${n}`, error, message: `Row ${row} col C value "KX-${n}" error: "${error}"` };
      }),
    });
    expect((await linesOf(sheet.recSheetID)).map((l) => l.orderRef)).toEqual(Array.from({ length: 30 }, (_, i) => `KX-${winnerFrom + i}`));
    expect(await staged(checks[0].operationID)).toBe(0);
    expect(await staged(checks[1].operationID)).toBe(0);
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
    const spy = jest.spyOn(job, 'writeLines').mockImplementation(async (manager, data, context, ...rest) => {
      calls += 1;
      if (calls === 1) {
        await write(manager, data, context, ...rest);
        throw new Error('Lost the database connection');
      }
      // The retry: the first transaction left nothing; the staged rows were kept for it.
      const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM recSheetLine WHERE recSheetID = ?', [data.recSheetID]);
      seenByRetry.push({ lines: Number(n), staged: await staged(context.operationID) });
      return write(manager, data, context, ...rest);
    });
    try {
      const operation = await importWorkbook(admin, sheet.recSheetID, [
        sheetOf('A', rows('CA', 30)),
        sheetOf('B', rows('CB', 30)),
        sheetOf('C', rows('CC', 30)),
      ]);
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

  it('the staging holds nothing once the imports are over, but validations kept for their commit', async () => {
    const parents = await stagedImports(t.dataSource);
    const operations = await t.dataSource.getRepository(Operation).findBy({ operationID: In(parents) });
    expect(operations.filter((o) => !isKeptValidation(o))).toEqual([]);
    expect(operations).toHaveLength(parents.length);
  });
});
