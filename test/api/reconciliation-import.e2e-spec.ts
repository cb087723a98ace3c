import { as, Client, createStore, createUser, expectFailure, expectStatus, login, Row, TestUser, unique } from '../support/api';
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
  type WorkbookSheet,
} from '../support/rec-fixtures';
import { refused } from '../support/refusals';
import { Operation } from '../../src/modules/jobs/entities/operation.entity';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';
import { sharedStringsBomb } from '../support/xlsx-files';

/**
 * The rec sheet import (docs/http-api.md, "Revenue reconciliation: sheets, lines and import"):
 * upload fields, the saved mapping, POST /recSheetLines/excel checked at once and run as a job,
 * every worksheet mapped on its own, incomplete sheets skipped, row errors, duplicate order
 * numbers, the all-or-nothing commit, a second commit creating nothing, autoRec, zip bombs.
 * Dates in this file are 2016.
 */

let t: TestApp;
let admin: Client;
let storeX: Row;
let storeY: Row;
/** RevenueReconciliation, store X only. */
let recX: TestUser;
/** No RevenueReconciliation. */
let outsider: TestUser;

const SKIPPED = 'Sheet skipped due to incomplete mapping';
const d = (ymd: string) => new Date(`${ymd}T00:00:00.000Z`);

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  storeX = await createStore(admin, { name: unique('Rec import X') });
  storeY = await createStore(admin, { name: unique('Rec import Y'), storeTypeID: storeX.storeTypeID });
  recX = await createUser(t.http, admin, { areas: ['RevenueReconciliation'], storeIDs: [storeX.storeID] });
  outsider = await createUser(t.http, admin, { areas: ['RecordSales'], storeIDs: [storeX.storeID] });
}, 120_000);
afterAll(() => t?.close());

const linesOf = async (api: Client, recSheetID: number) =>
  expectStatus(await api.get(`/api/recSheetLines?recSheetID=${recSheetID}&fkJoins=file&pageLength=500`), 200).body.listData as Row[];

describe('the wizard’s reads', () => {
  it('GET /recSheetLine/uploadFields: the six fields, four required; 403 without RevenueReconciliation', async () => {
    const res = expectStatus(await recX.api.get('/api/recSheetLine/uploadFields'), 200);
    expect(res.body).toEqual({
      validationResult: { fail: false },
      listData: [
        { field: 'saleDate', label: 'Sale date', required: true, aliases: expect.arrayContaining(['Txn date', 'Transaction date', 'Date']) },
        { field: 'storeName', label: 'Store', required: true, aliases: expect.any(Array) },
        { field: 'orderRef', label: 'Order number', required: true, aliases: expect.arrayContaining(['Order no', 'Order ref']) },
        { field: 'sku', label: 'SKU', required: false, aliases: expect.any(Array) },
        { field: 'description', label: 'Description', required: false, aliases: expect.any(Array) },
        { field: 'revenue', label: 'Revenue', required: true, aliases: expect.arrayContaining(['Net revenue', 'Amount']) },
      ],
    });
    expectStatus(await outsider.api.get('/api/recSheetLine/uploadFields'), 403);
    expectStatus(await outsider.api.post('/api/recSheetLines/excel', {}), 403);
    expectStatus(
      await outsider.api.post('/api/file/recSheets/xlsx').attach('file', await recSheetWorkbook([{ name: 'A', rows: [REC_HEADERS] }]), { filename: 'a.xlsx' }),
      403,
    );
  });

  it('GET /file/{id}/excelHeaders/allSheets of a recSheets upload: every worksheet’s headers', async () => {
    const fileID = await uploadRecFile(
      recX.api,
      await recSheetWorkbook([
        { name: 'Jan', rows: [REC_HEADERS] },
        { name: 'Other', rows: [['Date', 'Ref']] },
      ]),
    );
    const res = expectStatus(await recX.api.get(`/api/file/${fileID}/excelHeaders/allSheets`), 200);
    expect(res.body.listData).toEqual([
      {
        worksheet: 'Jan',
        headerRow: 1,
        headers: REC_HEADERS.map((header, i) => ({ col: i + 1, header })),
        rowChoices: [{ row: 1, text: 'Sale date | Store | Order number | SKU | ...' }],
      },
      {
        worksheet: 'Other',
        headerRow: 1,
        headers: [
          { col: 1, header: 'Date' },
          { col: 2, header: 'Ref' },
        ],
        rowChoices: [{ row: 1, text: 'Date | Ref' }],
      },
    ]);
  });

  it('the saved mapping: PUT then GET /user/userPreference/defaults/recSheetMap', async () => {
    const path = '/api/user/userPreference/defaults/recSheetMap';
    const value = JSON.stringify({ Jan: FULL_MAPPING, Notes: { ...FULL_MAPPING, sku: null } });
    expectStatus(await recX.api.put(path, { value }), 200);
    const read = expectStatus(await recX.api.get(path), 200).body;
    expect(read.validationResult).toEqual({ fail: false });
    expect(JSON.parse(read.data.value)).toEqual({ Jan: FULL_MAPPING, Notes: { ...FULL_MAPPING, sku: null } });
    // Per user.
    expect(expectStatus(await admin.get(path), 200).body.data?.value ?? null).not.toBe(value);
  });
});

describe('POST /recSheetLines/excel: the request is checked at once (400, nothing written, no operation)', () => {
  let sheet: Row;
  let fileID: number;
  const body = (extra: Row = {}) => ({ fileID, recSheetID: sheet.recSheetID, mappings: { Jan: FULL_MAPPING }, commit: false, autoRec: false, ...extra });

  beforeAll(async () => {
    sheet = await createRecSheet(admin);
    fileID = await uploadRecFile(admin, await recSheetWorkbook([{ name: 'Jan', rows: [REC_HEADERS, [d('2016-01-02'), storeX.name, 'BAD-1', '', '', 1]] }]));
  });

  it.each<[string, () => Row, Record<string, string> | RegExp]>([
    ['an unknown field', () => body({ colour: 'red' }), { colour: 'Unknown field colour' }],
    ['a file id that is not a number', () => body({ fileID: '7' }), { fileID: 'Choose a file' }],
    ['a rec sheet that does not exist', () => body({ recSheetID: 99_999_999 }), { recSheetID: 'Choose a rec sheet that exists' }],
    ['commit that is not a flag', () => body({ commit: 'yes' }), { commit: 'commit must be true or false' }],
    [
      'a worksheet the file does not have',
      () => body({ mappings: { Jan: FULL_MAPPING, Nope: FULL_MAPPING } }),
      { 'mappings.Nope': 'There is no worksheet called Nope in the file' },
    ],
    ['a field no upload has', () => body({ mappings: { Jan: { ...FULL_MAPPING, colour: 7 } } }), { 'mappings.Jan.colour': 'Unknown field colour' }],
    [
      'a column that is no column',
      () => body({ mappings: { Jan: { ...FULL_MAPPING, revenue: 0 } } }),
      { 'mappings.Jan.revenue': 'A column must be a whole number from 1 to 16384, or null' },
    ],
    [
      'no worksheet with every field mapped',
      () => body({ mappings: { Jan: { ...FULL_MAPPING, sku: null } } }),
      { mappings: 'Map every field of at least one worksheet' },
    ],
    ['mappings that are not an object', () => body({ mappings: [] }), /mappings must be an object/],
  ])('%s', async (_what, make, expected) => {
    const failure = await refused(t, () => admin.post('/api/recSheetLines/excel', make()));
    if (expected instanceof RegExp) expect(failure.failMessages.mappings).toMatch(expected);
    else expect(failure.failMessages).toEqual(expected);
  });

  it('a file of another library, or no file', async () => {
    const rateCardFile = expectStatus(
      await admin.post('/api/file/rateCards/xlsx').attach('file', await recSheetWorkbook([{ name: 'Jan', rows: [REC_HEADERS] }]), { filename: 'rates.xlsx' }),
      201,
    ).body.data.fileID;
    expect((await refused(t, () => admin.post('/api/recSheetLines/excel', body({ fileID: rateCardFile })))).failMessages).toEqual({
      fileID: 'The file was not uploaded as recSheets',
    });
    expect((await refused(t, () => admin.post('/api/recSheetLines/excel', body({ fileID: 99_999_999 })))).failMessages).toEqual({
      fileID: 'There is no uploaded file with this id',
    });
  });

  it('a zip bomb (shared strings that unzip to 60 MB from a few hundred KB) is refused from its zip directory, before parsing', async () => {
    const bomb = await uploadRecFile(admin, await sharedStringsBomb(60 * 1024 * 1024), 'bomb.xlsx');
    const failure = await refused(t, () => admin.post('/api/recSheetLines/excel', body({ fileID: bomb, mappings: { Lines: FULL_MAPPING } })));
    expect(failure.failMessages.fileID).toMatch(/^The file's part xl\/sharedStrings\.xml unzips to 60 MB .*\(XLSX_MAX_COMPRESSION_RATIO\)$/);
  });
});

describe('the import job', () => {
  it('validation: every worksheet mapped on its own, an incomplete one skipped with the warning, row errors with their exact text, nothing written', async () => {
    const sheet = await createRecSheet(recX.api);
    await createRecLine(admin, { recSheetID: sheet.recSheetID, storeName: storeX.name, orderRef: 'EXISTING-1' });
    const sheets: WorkbookSheet[] = [
      {
        name: 'January',
        rows: [
          REC_HEADERS,
          [d('2016-01-05'), storeX.name, 'JAN-1', 'SKU1', 'Phone', 10.5],
          ['2016-13-01', storeX.name, 'JAN-2', '', '', 5],
          ['05/01/2016', storeY.name, 'JAN-3', '', '', 5],
          ['2016-01-06', storeX.name, '', '', '', 5],
          ['2016-01-07', storeX.name, 'JAN-4', '', '', 1.005],
          [],
          ['2016-01-08', storeX.name, 'jan-1', '', '', 1],
          ['2016-01-09', storeX.name, 'existing-1', '', '', 1],
        ],
      },
      { name: 'February', rows: [REC_HEADERS, [42_401, storeX.name, 'JAN-1', '', '', 2], ['2016-02-02', storeX.name, 'FEB-2', '', '', '£1,234.50']] },
      { name: 'Notes', rows: [REC_HEADERS, ['not', 'a', 'line']] },
    ];
    const mappings = { January: FULL_MAPPING, February: FULL_MAPPING, Notes: { ...FULL_MAPPING, sku: null } };
    const before = await t.tableCounts();
    const operation = await importWorkbook(recX.api, sheet.recSheetID, sheets, { mappings, commit: false });

    expect(operation).toEqual(
      expect.objectContaining({
        name: 'recSheetImport',
        state: 'completed',
        result: expect.objectContaining({ validationResult: expect.objectContaining({ fail: true, failSummary: '7 errors' }) }),
      }),
    );
    const row = (worksheet: string, r: number, col: number, letter: string, value: string, error: string) => ({
      worksheet,
      row: r,
      col,
      value,
      error,
      message: `Row ${r} col ${letter} value "${value}" error: "${error}"`,
    });
    expect(operation.result.validationResult).toEqual({ fail: true, failSummary: '7 errors', failMessages: {} });
    expect(operation.result.listData).toEqual([
      row('January', 3, 1, 'A', '2016-13-01', 'Sale date must be a date (yyyy-mm-dd, dd/mm/yyyy or an Excel date)'),
      row('January', 4, 2, 'B', storeY.name, `Your access profile does not include store ${storeY.name}`),
      row('January', 5, 3, 'C', '', 'Order number is required'),
      row('January', 6, 6, 'F', '1.005', 'Revenue must have at most 2 decimals'),
      row('January', 8, 3, 'C', 'jan-1', 'Order number JAN-1 is already on row 2'),
      row('January', 9, 3, 'C', 'existing-1', 'Order number EXISTING-1 is already on this sheet'),
      row('February', 2, 3, 'C', 'JAN-1', 'Order number JAN-1 is already on row 2 of worksheet January'),
      { worksheet: 'Notes', row: 0, col: 0, value: '', error: SKIPPED, message: SKIPPED, warning: true },
    ]);
    expect(operation.result.data).toEqual({
      worksheets: 2,
      skippedWorksheets: ['Notes'],
      rows: 9,
      skippedRows: 0,
      lines: 0,
      errors: 7,
      committed: false,
      recSheetID: sheet.recSheetID,
    });
    const after = await t.tableCounts();
    // The import and one part per mapped worksheet (January, February); its staged rows are gone.
    expect(after).toEqual({ ...before, file: before.file + 1, operation: before.operation + 3 });
  });

  it('commit: exactly the valid lines, once, in every date format; a second commit of the same file creates nothing new', async () => {
    const sheet = await createRecSheet(admin);
    const sheets: WorkbookSheet[] = [
      {
        name: 'Jan',
        rows: [
          REC_HEADERS,
          [d('2016-01-05'), storeX.name.toUpperCase(), ' c-1 ', 'SKU-A', 'Handset', 10.5],
          ['06/01/2016', storeY.name, 'C-2', null, null, -3],
          ['2016-01-07', 'Somewhere Else', 'C-3', 'SKU-C', '', '12'],
        ],
      },
      {
        name: 'Feb',
        rows: [REC_HEADERS, [42_430, storeX.name, 'C-4', 12345, 'Number SKU', 99.99], [], ['2016-02-02', storeY.name, 'C-5', '', '', '£1,234.50']],
      },
      { name: 'Summary', rows: [['Total'], [123]] },
    ];
    const fileID = await uploadRecFile(admin, await recSheetWorkbook(sheets), 'march-statement.xlsx');
    const mappings = { Jan: FULL_MAPPING, Feb: FULL_MAPPING };

    // Validation alone writes nothing and reports what a commit would write.
    const checked = await runImport(admin, { fileID, recSheetID: sheet.recSheetID, mappings, commit: false });
    expect(checked.state).toBe('completed');
    expect(checked.result.data).toEqual({
      worksheets: 2,
      skippedWorksheets: ['Summary'],
      rows: 5,
      skippedRows: 0,
      lines: 5,
      errors: 0,
      committed: false,
      recSheetID: sheet.recSheetID,
    });
    expect(await linesOf(admin, sheet.recSheetID)).toEqual([]);

    const operation = await runImport(admin, { fileID, recSheetID: sheet.recSheetID, mappings, commit: true });
    expect(operation).toEqual(expect.objectContaining({ state: 'completed', resultID: sheet.recSheetID, message: 'Committed 5 lines', percentage: 100 }));
    expect(operation.result).toEqual({
      validationResult: { fail: false },
      data: { worksheets: 2, skippedWorksheets: ['Summary'], rows: 5, skippedRows: 0, lines: 5, errors: 0, committed: true, recSheetID: sheet.recSheetID },
      listData: [{ worksheet: 'Summary', row: 0, col: 0, value: '', error: SKIPPED, message: SKIPPED, warning: true }],
    });
    const lines = await linesOf(admin, sheet.recSheetID);
    const common = {
      recSheetID: sheet.recSheetID,
      fileID,
      file: { fileID, originalName: 'march-statement.xlsx' },
      operationID: operation.operationID,
      saleID: 0,
      recByUserName: '',
      autoRecRunID: null,
    };
    expect(lines).toEqual([
      expect.objectContaining({
        ...common,
        worksheet: 'Jan',
        rowNumber: 2,
        saleDate: '2016-01-05T00:00:00.000Z',
        storeID: storeX.storeID,
        storeName: storeX.name,
        orderRef: 'C-1',
        sku: 'SKU-A',
        description: 'Handset',
        revenue: 10.5,
      }),
      expect.objectContaining({
        ...common,
        worksheet: 'Jan',
        rowNumber: 3,
        saleDate: '2016-01-06T00:00:00.000Z',
        storeID: storeY.storeID,
        storeName: storeY.name,
        orderRef: 'C-2',
        sku: '',
        description: '',
        revenue: -3,
      }),
      expect.objectContaining({
        ...common,
        worksheet: 'Jan',
        rowNumber: 4,
        saleDate: '2016-01-07T00:00:00.000Z',
        storeID: null,
        storeName: 'Somewhere Else',
        orderRef: 'C-3',
        revenue: 12,
      }),
      expect.objectContaining({
        ...common,
        worksheet: 'Feb',
        rowNumber: 2,
        saleDate: '2016-03-01T00:00:00.000Z',
        storeID: storeX.storeID,
        orderRef: 'C-4',
        sku: '12345',
        revenue: 99.99,
      }),
      expect.objectContaining({
        ...common,
        worksheet: 'Feb',
        rowNumber: 4,
        saleDate: '2016-02-02T00:00:00.000Z',
        storeID: storeY.storeID,
        orderRef: 'C-5',
        revenue: 1234.5,
      }),
    ]);
    const sheetRow = expectStatus(await admin.get(`/api/recSheets?recSheetID=${sheet.recSheetID}`), 200).body.data;
    expect(sheetRow.recSheetLineCount).toBe(5);

    const again = await runImport(admin, { fileID, recSheetID: sheet.recSheetID, mappings, commit: true });
    expect(again).toEqual(
      expect.objectContaining({
        state: 'completed',
        result: expect.objectContaining({ validationResult: expect.objectContaining({ fail: true, failSummary: '5 errors' }) }),
      }),
    );
    expect(again.result.listData.filter((r: Row) => !r.warning).map((r: Row) => r.error)).toEqual(
      ['C-1', 'C-2', 'C-3', 'C-4', 'C-5'].map((ref) => `Order number ${ref} is already on this sheet`),
    );
    expect(await linesOf(admin, sheet.recSheetID)).toHaveLength(5);
  });

  it('all or nothing: one refused row and no line is written', async () => {
    const sheet = await createRecSheet(admin);
    const operation = await importWorkbook(admin, sheet.recSheetID, [
      { name: 'Jan', rows: [REC_HEADERS, ['2016-01-02', storeX.name, 'AON-1', '', '', 1], ['2016-01-03', storeX.name, 'AON-2', '', '', 'lots']] },
    ]);
    expect(operation).toEqual(
      expect.objectContaining({
        state: 'completed',
        result: expect.objectContaining({ validationResult: expect.objectContaining({ fail: true, failSummary: '1 error' }) }),
      }),
    );
    expect(operation.result.listData).toEqual([
      expect.objectContaining({ row: 3, col: 6, message: 'Row 3 col F value "lots" error: "Revenue must be a number"' }),
    ]);
    expect(await linesOf(admin, sheet.recSheetID)).toEqual([]);
  });

  it('autoRec true: after the commit an auto reconcile of the sheet is queued as the importing user', async () => {
    const sheet = await createRecSheet(admin);
    const operation = await importWorkbook(admin, sheet.recSheetID, [{ name: 'Jan', rows: [REC_HEADERS, ['2016-01-02', storeX.name, 'AUTO-1', '', '', 1]] }], {
      autoRec: true,
    });
    expect(operation.state).toBe('completed');
    const autoRecID = operation.result.autoRecOperationID;
    expect(autoRecID).toEqual(expect.any(Number));
    const autoRec = await waitForOperation(admin, autoRecID);
    expect(autoRec).toEqual(expect.objectContaining({ operationID: autoRecID, name: 'recSheetAutoRec' }));
    // Without autoRec none is queued.
    const plain = await importWorkbook(admin, sheet.recSheetID, [{ name: 'Jan', rows: [REC_HEADERS, ['2016-01-02', storeX.name, 'AUTO-2', '', '', 1]] }]);
    expect(plain.result.autoRecOperationID).toBeUndefined();
  });

  it('progress: the part’s "Validating sheet First: row 501 of 1,501" (rows from the sheet’s dimension), the import’s "Validating 2 sheets: …", then "Committed 1,500 lines"', async () => {
    const sheet = await createRecSheet(admin);
    const rows = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ['2016-01-02', storeX.name, `${prefix}-${i}`, '', '', 1]);
    const operations = t.dataSource.getRepository(Operation);
    const messages: string[] = [];
    const update = operations.update.bind(operations);
    const spy = jest.spyOn(operations, 'update').mockImplementation((criteria, partial) => {
      const message = (partial as { message?: unknown }).message;
      if (typeof message === 'string') messages.push(message);
      return update(criteria, partial);
    });
    try {
      const operation = await importWorkbook(admin, sheet.recSheetID, [
        { name: 'First', rows: [REC_HEADERS, ...rows('P1', 1500)] },
        { name: 'Second', rows: [REC_HEADERS] },
      ]);
      expect(operation.state).toBe('completed');
    } finally {
      spy.mockRestore();
    }
    expect(messages).toContain('Validating sheet First: row 501 of 1,501');
    expect(messages).toContainEqual(expect.stringMatching(/^Validating 2 sheets: [\d,]+( of [\d,]+)? rows$/));
    expect(messages.at(-1)).toBe('Committed 1,500 lines');
  });

  it('a validation ends on the figures of its report ("Validated 1 sheet: 5 rows, 1 error"), even when its last progress was thinned out', async () => {
    const sheet = await createRecSheet(admin);
    const rows = [
      REC_HEADERS,
      ...Array.from({ length: 4 }, (_, i) => ['2016-01-02', storeX.name, `LAST-${i}`, '', '', 1]),
      ['2016-01-02', storeX.name, 'LAST-X', '', '', 'twelve pounds'],
    ];
    const operation = await importWorkbook(admin, sheet.recSheetID, [{ name: 'Only', rows }], { commit: false });
    expect(operation).toEqual(expect.objectContaining({ state: 'completed', percentage: 100, message: 'Validated 1 sheet: 5 rows, 1 error' }));
  });

  it('a retried commit writes nothing twice: an attempt that failed after its commit is answered from what it committed', async () => {
    const sheet = await createRecSheet(admin);
    const jobs = t.app.get(JobsService);
    const enqueue = jobs.enqueue.bind(jobs);
    let failed = 0;
    // The first attempt commits, then fails queueing the auto reconcile (Redis gone): the job is retried.
    const spy = jest.spyOn(jobs, 'enqueue').mockImplementation(async (name, data, user, message) => {
      if (name === 'recSheetAutoRec' && failed === 0) {
        failed += 1;
        throw new Error('Redis went away');
      }
      return enqueue(name, data, user, message);
    });
    try {
      const operation = await importWorkbook(
        admin,
        sheet.recSheetID,
        [{ name: 'Jan', rows: [REC_HEADERS, ['2016-01-02', storeX.name, 'RETRY-1', '', '', 1], ['2016-01-03', storeX.name, 'RETRY-2', '', '', 2]] }],
        { autoRec: true },
      );
      expect(failed).toBe(1);
      expect(operation).toEqual(expect.objectContaining({ state: 'completed', attempts: 2 }));
      expect(operation.result.data).toEqual(expect.objectContaining({ lines: 2, committed: true, errors: 0 }));
      expect(operation.result.autoRecOperationID).toEqual(expect.any(Number));
      expect((await linesOf(admin, sheet.recSheetID)).map((l) => l.orderRef)).toEqual(['RETRY-1', 'RETRY-2']);
    } finally {
      spy.mockRestore();
    }
  });

  it('the operation belongs to its user: another user cannot read it', async () => {
    const sheet = await createRecSheet(recX.api);
    const operation = await importWorkbook(recX.api, sheet.recSheetID, [{ name: 'Jan', rows: [REC_HEADERS, ['2016-01-02', storeX.name, 'OWN-1', '', '', 1]] }]);
    expect(operation.state).toBe('completed');
    expectFailure(await outsider.api.get(`/api/longRunningOperation?operationID=${operation.operationID}`), 404);
  });
});
