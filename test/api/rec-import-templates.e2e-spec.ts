import ExcelJS from 'exceljs';
import { normalizeHeader } from '../../src/shared/header-names';
import { as, Client, createStore, createUser, expectStatus, login, Row, TestUser, unique } from '../support/api';
import { createRecSheet, runImport, SUPPLIER_HEADERS, supplierStatement, uploadRecFile } from '../support/rec-fixtures';
import { refused, refusedOn } from '../support/refusals';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * Supplier templates of the rec sheet import (issue 24, docs/http-api.md "Supplier templates"):
 * a small record (name = the supplier, mappings = header name -> field), RevenueReconciliation
 * only, and offered for a worksheet whose headers hold every header it maps, wherever the
 * worksheet, the header row and the columns are.
 */

let t: TestApp;
let admin: Client;
let store: Row;
let outsider: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  store = await createStore(admin, { name: unique('Template store') });
  outsider = await createUser(t.http, admin, { areas: ['RecordSales', 'SystemSetup'], storeIDs: [store.storeID] });
}, 120_000);
afterAll(() => t?.close());

/** SUPPLIER_HEADERS' mapping, with the header names as the file writes them. */
const ACME = { 'Txn Date': 'saleDate', Branch: 'storeName', 'Order No.': 'orderRef', 'Product code': 'sku', Details: 'description', 'Net Revenue': 'revenue' };
/** The same, as saved (normalised header names). */
const ACME_SAVED = {
  'txn date': 'saleDate',
  branch: 'storeName',
  'order no': 'orderRef',
  'product code': 'sku',
  details: 'description',
  'net revenue': 'revenue',
};

const create = async (body: Row) => expectStatus(await admin.post('/api/recImportTemplate', body), 201).body.data as Row;
const read = async (id: number) => expectStatus(await admin.get(`/api/recImportTemplates?templateID=${id}`), 200).body.data as Row;
const match = async (headers: string[]) => expectStatus(await admin.post('/api/recImportTemplates/match', { headers }), 200).body.listData as Row[];

describe('create, list, read, rename, change and delete', () => {
  it('saves the name trimmed and the header names normalised, with the audit fields', async () => {
    const name = unique('Acme Mobile');
    const saved = await create({ name: `  ${name}  `, mappings: ACME });
    expect(saved).toEqual(
      expect.objectContaining({
        templateID: expect.any(Number),
        name,
        mappings: ACME_SAVED,
        headerCount: 6,
        createdByUserName: expect.any(String),
        createdDate: expect.any(String),
        updatedByUserName: expect.any(String),
        updatedDate: expect.any(String),
      }),
    );
    expect(await read(saved.templateID)).toEqual(saved);

    const listed = expectStatus(await admin.get(`/api/recImportTemplates?quickFilter=${encodeURIComponent(name)}`), 200).body;
    expect(listed.listData).toEqual([saved]);
    expect(listed.page).toEqual(expect.objectContaining({ rowCount: 1 }));
    expect(listed.listIDs).toEqual([expect.objectContaining({ id: saved.templateID })]);
  });

  it('a rename keeps the mappings; new mappings keep the name; the read record goes back unchanged', async () => {
    const saved = await create({ name: unique('Rename me'), mappings: ACME });
    const renamed = unique('B2B Soft Wireless Standard');
    const afterRename = expectStatus(await admin.put(`/api/recImportTemplate/${saved.templateID}`, { name: renamed }), 200).body;
    expect(afterRename.validationResult).toEqual({ fail: false });
    expect(afterRename.data).toEqual(expect.objectContaining({ name: renamed, mappings: ACME_SAVED }));

    const mappings = { 'Transaction date': 'saleDate', Store: 'storeName', 'Order ref': 'orderRef', SKU: 'sku', Description: 'description', Amount: 'revenue' };
    const changed = expectStatus(await admin.put(`/api/recImportTemplate/${saved.templateID}`, { name: renamed, mappings }), 200).body.data;
    expect(changed.mappings).toEqual({
      'transaction date': 'saleDate',
      store: 'storeName',
      'order ref': 'orderRef',
      sku: 'sku',
      description: 'description',
      amount: 'revenue',
    });
    expect(changed.name).toBe(renamed);

    // Round trip: the record as read, sent back as it is.
    const again = expectStatus(await admin.put(`/api/recImportTemplate/${saved.templateID}`, await read(saved.templateID)), 200).body.data;
    expect(again.mappings).toEqual(changed.mappings);
  });

  it('delete answers the id; the template is gone', async () => {
    const saved = await create({ name: unique('Delete me'), mappings: ACME });
    expect(expectStatus(await admin.delete(`/api/recImportTemplate/${saved.templateID}`), 200).body).toEqual({
      validationResult: { fail: false },
      data: { id: saved.templateID },
    });
    await refused(t, () => admin.get(`/api/recImportTemplates?templateID=${saved.templateID}`), 404);
    await refused(t, () => admin.delete(`/api/recImportTemplate/${saved.templateID}`), 404);
  });
});

describe('RevenueReconciliation only', () => {
  it('is a 403 without the area, on every call, and nothing is written', async () => {
    const saved = await create({ name: unique('Guarded'), mappings: ACME });
    const api = outsider.api;
    await refused(t, () => api.get('/api/recImportTemplates'), 403);
    await refused(t, () => api.post('/api/recImportTemplate', { name: unique('Not mine'), mappings: ACME }), 403);
    await refused(t, () => api.put(`/api/recImportTemplate/${saved.templateID}`, { name: unique('Not mine') }), 403);
    await refused(t, () => api.delete(`/api/recImportTemplate/${saved.templateID}`), 403);
    await refused(t, () => api.post('/api/recImportTemplates/match', { headers: SUPPLIER_HEADERS }), 403);
    expect(await read(saved.templateID)).toEqual(saved);
  });
});

describe('bad input is a 400 naming the field, nothing written', () => {
  let existing: Row;
  beforeAll(async () => {
    existing = await create({ name: unique('Existing supplier'), mappings: ACME });
  });

  it.each<[string, () => Row, string, RegExp]>([
    ['an empty name', () => ({ name: '', mappings: ACME }), 'name', /Name is required/],
    ['a name of spaces', () => ({ name: '   ', mappings: ACME }), 'name', /Name is required/],
    ['no name', () => ({ mappings: ACME }), 'name', /Name is required/],
    ['a 101-character name', () => ({ name: 'n'.repeat(101), mappings: ACME }), 'name', /at most 100/],
    ['a duplicate name (other case, outer spaces)', () => ({ name: ` ${String(existing.name).toUpperCase()} `, mappings: ACME }), 'name', /already called/],
    ['an unknown field in mappings', () => ({ name: unique('S'), mappings: { ...ACME, Colour: 'colour' } }), 'mappings', /Colour.*unknown field/],
    ['a field that is not text', () => ({ name: unique('S'), mappings: { 'Txn Date': 1 } }), 'mappings', /unknown field/],
    ['mappings as a list', () => ({ name: unique('S'), mappings: [['Txn Date', 'saleDate']] }), 'mappings', /must be an object/],
    ['mappings as text', () => ({ name: unique('S'), mappings: JSON.stringify(ACME) }), 'mappings', /must be an object/],
    ['null mappings', () => ({ name: unique('S'), mappings: null }), 'mappings', /must be an object/],
    ['no mappings', () => ({ name: unique('S') }), 'mappings', /must be an object/],
    ['empty mappings', () => ({ name: unique('S'), mappings: {} }), 'mappings', /at least one header/],
    ['a header of punctuation only', () => ({ name: unique('S'), mappings: { '--': 'saleDate' } }), 'mappings', /letters or digits/],
    [
      'two headers for one field',
      () => ({ name: unique('S'), mappings: { Date: 'saleDate', 'Txn date': 'saleDate' } }),
      'mappings',
      /Sale date is mapped from two headers/,
    ],
    [
      'one header (written two ways) for two fields',
      () => ({ name: unique('S'), mappings: { 'Order No.': 'orderRef', 'order no': 'sku' } }),
      'mappings',
      /two fields/,
    ],
  ])('POST with %s', async (_what, body, field, message) => {
    const failure = await refusedOn(t, [field], () => admin.post('/api/recImportTemplate', body()));
    expect(failure.failMessages[field]).toMatch(message);
  });

  it('an unknown body field is a 400', async () => {
    const failure = await refused(t, () => admin.post('/api/recImportTemplate', { name: unique('S'), mappings: ACME, colour: 'red' }));
    expect(failure.failMessages.colour).toBe('Unknown field colour');
  });

  it.each<[string, () => Row, string]>([
    ['the name of another template', () => ({ name: existing.name }), 'name'],
    ['an empty name', () => ({ name: '' }), 'name'],
    ['an unknown field in mappings', () => ({ name: 'x', mappings: { Date: 'when' } }), 'mappings'],
    ['mappings that are not an object', () => ({ name: 'x', mappings: 'Date=saleDate' }), 'mappings'],
  ])('PUT with %s, the template unchanged', async (_what, body, field) => {
    const other = await create({ name: unique('Other supplier'), mappings: { Date: 'saleDate' } });
    await refusedOn(t, [field], () => admin.put(`/api/recImportTemplate/${other.templateID}`, body()));
    expect(await read(other.templateID)).toEqual(other);
  });

  it('match takes a list of header names', async () => {
    await refusedOn(t, ['headers'], () => admin.post('/api/recImportTemplates/match', { headers: 'Txn Date' }));
    await refusedOn(t, ['headers'], () => admin.post('/api/recImportTemplates/match', { headers: [1, 2] }));
    await refusedOn(t, ['headers'], () => admin.post('/api/recImportTemplates/match', {}));
  });
});

/** A workbook of one worksheet: `title` rows above the headers, then the headers and the rows. */
async function workbook(worksheet: string, title: string[][], headers: string[], rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(worksheet);
  for (const row of [...title, headers, ...rows]) ws.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('a template offered on a second file with the headers moved', () => {
  it('is offered for the headers of another worksheet, header row and column order, and imports that file', async () => {
    const supplier = unique('Acme Mobile');
    // The first statement: worksheet 'October 2016', the headers on row 5 past the title block.
    const first = await uploadRecFile(
      admin,
      await supplierStatement('October 2016', '01/10/2016 - 31/10/2016', [['03/10/2016', store.name, 'OCT-1', 'SIM-30', 'SIM only', 10]], []),
    );
    const [firstSheet] = expectStatus(await admin.get(`/api/file/${first}/excelHeaders/allSheets`), 200).body.listData;
    expect(firstSheet.headerRow).toBe(5);
    // Saved as the wizard does: each mapped header's name -> its field.
    const fieldOfCol: Record<number, string> = { 1: 'saleDate', 2: 'storeName', 3: 'orderRef', 4: 'sku', 5: 'description', 6: 'revenue' };
    const mappings = Object.fromEntries(firstSheet.headers.map((h: Row) => [h.header, fieldOfCol[h.col]]));
    const template = await create({ name: supplier, mappings });
    // A template of another supplier naming a header this file lacks is not offered; one naming fewer headers comes after.
    const other = await create({
      name: unique('Other supplier'),
      mappings: { ...ACME, 'Dealer code': 'sku', 'Product code': 'description', Details: undefined },
    });
    expect(other.mappings).not.toHaveProperty('details');
    const fewer = await create({ name: unique('Fewer headers'), mappings: { 'txn-date': 'saleDate', 'NET REVENUE': 'revenue' } });

    // The second statement: another worksheet name, one title row (headers on row 2), the columns in another order and case.
    const moved = ['net revenue', 'Details', 'Branch', 'ORDER NO', 'Txn  Date', 'Product Code', 'Notes'];
    const second = await uploadRecFile(
      admin,
      await workbook('Statement Nov', [['Acme Mobile Ltd - November']], moved, [
        [20, 'SIM only', store.name, 'NOV-1', '03/11/2016', 'SIM-30', 'first'],
        [35.5, 'iPhone 15', store.name, 'NOV-2', '04/11/2016', 'IP15-128', ''],
      ]),
      'acme-november.xlsx',
    );
    const [sheet] = expectStatus(await admin.get(`/api/file/${second}/excelHeaders/allSheets`), 200).body.listData;
    expect(sheet.worksheet).toBe('Statement Nov');
    expect(sheet.headerRow).toBe(2);

    const offered = await match(sheet.headers.map((h: Row) => h.header));
    const names = offered.map((o) => o.name);
    expect(names).toContain(supplier);
    expect(names).toContain(fewer.name);
    expect(names).not.toContain(other.name);
    expect(names.indexOf(supplier)).toBeLessThan(names.indexOf(fewer.name));
    expect(offered.find((o) => o.name === supplier)).toEqual(
      expect.objectContaining({ templateID: template.templateID, matchedHeaders: 6, mappings: template.mappings }),
    );

    // The template's mapping applied to the second file's columns, as the wizard applies it.
    const applied: Record<string, number> = {};
    for (const { col, header } of sheet.headers as Array<{ col: number; header: string }>) {
      const field = template.mappings[normalizeHeader(header)];
      if (field) applied[field] = col;
    }
    expect(applied).toEqual({ revenue: 1, description: 2, storeName: 3, orderRef: 4, saleDate: 5, sku: 6 });
    const recSheet = await createRecSheet(admin);
    const run = await runImport(admin, {
      fileID: second,
      recSheetID: recSheet.recSheetID,
      mappings: { 'Statement Nov': applied },
      headerRows: { 'Statement Nov': 2 },
      commit: true,
    });
    expect(run.result.data).toEqual(expect.objectContaining({ lines: 2, errors: 0, committed: true }));
    const lines = expectStatus(await admin.get(`/api/recSheetLines?recSheetID=${recSheet.recSheetID}`), 200).body.listData as Row[];
    expect(lines.map((l) => [l.saleDate.slice(0, 10), l.orderRef, l.sku, l.description, l.revenue])).toEqual([
      ['2016-11-03', 'NOV-1', 'SIM-30', 'SIM only', 20],
      ['2016-11-04', 'NOV-2', 'IP15-128', 'iPhone 15', 35.5],
    ]);
  });

  it('headers with none of a template offer nothing', async () => {
    expect(await match(['Colour', 'Size', unique('Nothing')])).toEqual([]);
  });
});
