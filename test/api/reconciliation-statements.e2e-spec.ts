import ExcelJS from 'exceljs';
import { as, Client, createStore, expectFailure, expectStatus, login, Row, unique } from '../support/api';
import { createRecSheet, runImport, SUPPLIER_HEADERS, supplierStatement, uploadRecFile } from '../support/rec-fixtures';
import { refused } from '../support/refusals';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * Statements as suppliers send them (issue 24): a title block above the headers (a merged
 * company name, a period line, a blank row), headers named the supplier's way, money as text
 * with £, thousands and bracketed or trailing-minus negatives, order numbers with an apostrophe,
 * and a footer (a totals row and a note) under the table. The header row is found where it is,
 * or taken where the user says; the footer is skipped with a warning, never an error.
 */

let t: TestApp;
let admin: Client;
let store: Row;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  store = await createStore(admin, { name: unique('Statement store') });
}, 120_000);
afterAll(() => t?.close());

const HEADERS = SUPPLIER_HEADERS;
/** Where SUPPLIER_HEADERS put each field. */
const MAPPING = { saleDate: 1, storeName: 2, orderRef: 3, sku: 4, description: 5, revenue: 6 };

/** Acme's October statement: the title block on rows 1-4, the headers on row 5, five sales, a total and a note. */
const statement = () =>
  supplierStatement(
    'October 2016',
    '01/10/2016 - 31/10/2016',
    [
      ['03/10/2016', store.name, "'00123", 'ip15-128', 'iPhone 15', '£1,234.50'],
      ['04/10/2016', store.name, ' ORD-2 ', 'IP15-128', 'Clawback', '(12.50)'],
      ['05/10/2016', store.name, 'ORD-3', 'SIM-30', 'SIM only', '7.25-'],
      ['06/10/2016', store.name, 'ORD-4', 'SIM-30', 'SIM only', 20],
      ['07/10/2016', store.name, 'ORD-5', 'SIM-30', 'SIM only', '£ 10.00'],
    ],
    [[null, null, null, null, 'Total', 1244.75], [], ['Payment will be made by BACS within 30 days of the statement date.']],
  );

const linesOf = async (recSheetID: number) =>
  expectStatus(await admin.get(`/api/recSheetLines?recSheetID=${recSheetID}&pageLength=50`), 200).body.listData as Row[];

describe('a statement with a title block and a footer', () => {
  let fileID: number;

  beforeAll(async () => {
    fileID = await uploadRecFile(admin, await statement(), 'acme-october.xlsx');
  });

  it('the headers are found on row 5, past the title block; the rows near the top are offered instead', async () => {
    const [sheet] = expectStatus(await admin.get(`/api/file/${fileID}/excelHeaders/allSheets`), 200).body.listData;
    expect(sheet.worksheet).toBe('October 2016');
    expect(sheet.headerRow).toBe(5);
    expect(sheet.headers).toEqual(HEADERS.map((header, i) => ({ col: i + 1, header })));
    expect(sheet.rowChoices.slice(0, 4)).toEqual([
      { row: 1, text: 'Acme Mobile Ltd - Dealer commission statement' },
      { row: 2, text: 'Period: | 01/10/2016 - 31/10/2016' },
      { row: 3, text: 'Dealer: | Leeds group' },
      { row: 5, text: 'Txn Date | Branch | Order No. | Product code | ...' },
    ]);
  });

  it('another row chosen: its cells are the headers', async () => {
    const [sheet] = expectStatus(await admin.get(`/api/file/${fileID}/excelHeaders/allSheets?worksheet=October%202016&headerRow=2`), 200).body.listData;
    expect(sheet.headerRow).toBe(2);
    expect(sheet.headers).toEqual([
      { col: 1, header: 'Period:' },
      { col: 2, header: '01/10/2016 - 31/10/2016' },
    ]);
  });

  it('imports the five sales: money as text with brackets and trailing minus, order numbers cleaned; the total and the note are skipped as warnings', async () => {
    const sheet = await createRecSheet(admin);
    const body = { fileID, recSheetID: sheet.recSheetID, mappings: { 'October 2016': MAPPING }, headerRows: { 'October 2016': 5 } };
    const checked = await runImport(admin, { ...body, commit: false });
    expect(checked.result.validationResult).toEqual({ fail: false });
    expect(checked.result.data).toEqual(expect.objectContaining({ rows: 5, skippedRows: 2, lines: 5, errors: 0 }));
    expect(checked.result.listData).toEqual([
      expect.objectContaining({ worksheet: 'October 2016', row: 11, message: 'Row 11 skipped: a totals row', warning: true }),
      expect.objectContaining({ worksheet: 'October 2016', row: 13, message: 'Row 13 skipped: a note, not a sale', warning: true }),
    ]);

    const committed = await runImport(admin, { ...body, commit: true });
    expect(committed.state).toBe('completed');
    expect(committed.result.data).toEqual(expect.objectContaining({ lines: 5, committed: true }));
    const lines = await linesOf(sheet.recSheetID);
    expect(lines.map((l) => [l.rowNumber, l.orderRef, l.sku, l.revenue])).toEqual([
      [6, '00123', 'ip15-128', 1234.5],
      [7, 'ORD-2', 'IP15-128', -12.5],
      [8, 'ORD-3', 'SIM-30', -7.25],
      [9, 'ORD-4', 'SIM-30', 20],
      [10, 'ORD-5', 'SIM-30', 10],
    ]);
  });

  it('without headerRows the import finds the same header row as the wizard', async () => {
    const sheet = await createRecSheet(admin);
    const run = await runImport(admin, { fileID, recSheetID: sheet.recSheetID, mappings: { 'October 2016': MAPPING }, commit: true });
    expect(run.result.data).toEqual(expect.objectContaining({ rows: 5, skippedRows: 2, lines: 5, errors: 0, committed: true }));
  });

  it('a row with a sale but no order number is still an error, not a skipped footer', async () => {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('Lines');
    ws.addRow(HEADERS);
    ws.addRow(['03/10/2016', store.name, 'ORD-1', 'SIM', 'SIM only', 5]);
    ws.addRow(['04/10/2016', store.name, null, 'SIM', 'SIM only', 6]);
    const file = await uploadRecFile(admin, Buffer.from(await book.xlsx.writeBuffer()));
    const sheet = await createRecSheet(admin);
    const run = await runImport(admin, { fileID: file, recSheetID: sheet.recSheetID, mappings: { Lines: MAPPING }, commit: false });
    expect(run.result.validationResult).toEqual(expect.objectContaining({ fail: true, failSummary: '1 error' }));
    expect(run.result.listData).toEqual([expect.objectContaining({ row: 3, error: 'Order number is required' })]);
  });
});

describe('the header row a user picks is checked (400, nothing written)', () => {
  let fileID: number;
  let recSheetID: number;
  beforeAll(async () => {
    fileID = await uploadRecFile(admin, await statement());
    recSheetID = (await createRecSheet(admin)).recSheetID;
  });

  it.each<[string, string, Record<string, string>]>([
    ['a row that is not a number', 'worksheet=October%202016&headerRow=abc', { headerRow: 'The header row must be a whole number from 1 to 1048576' }],
    ['row 0', 'worksheet=October%202016&headerRow=0', { headerRow: 'The header row must be a whole number from 1 to 1048576' }],
    ['a row without its worksheet', 'headerRow=3', { worksheet: 'Name the worksheet (at most 31 characters)' }],
    ['an unknown parameter', 'colour=red', { colour: 'Unknown parameter colour' }],
  ])('the headers call: %s', async (_what, query, messages) => {
    expect(expectFailure(await admin.get(`/api/file/${fileID}/excelHeaders/allSheets?${query}`), 400).failMessages).toEqual(messages);
  });

  it.each<[string, unknown, Record<string, string>]>([
    ['not an object', [5], { headerRows: 'headerRows must be an object of worksheet names, each a row number' }],
    ['a row that is not a whole number', { 'October 2016': 2.5 }, { 'headerRows.October 2016': 'A header row must be a whole number from 1 to 1048576' }],
  ])('the import: headerRows %s', async (_what, headerRows, messages) => {
    const failure = await refused(t, () =>
      admin.post('/api/recSheetLines/excel', { fileID, recSheetID, mappings: { 'October 2016': MAPPING }, headerRows, commit: true }),
    );
    expect(failure.failMessages).toEqual(messages);
  });

  it('the import: a chosen row that holds nothing fails the job naming the row, and writes nothing', async () => {
    const run = await runImport(admin, { fileID, recSheetID, mappings: { 'October 2016': MAPPING }, headerRows: { 'October 2016': 4 }, commit: true });
    expect(run.state).toBe('failed');
    expect(JSON.stringify(run)).toContain('Row 4 of worksheet October 2016 holds no headers');
    expect(await linesOf(recSheetID)).toEqual([]);
  });
});
