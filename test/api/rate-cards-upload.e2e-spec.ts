import ExcelJS from 'exceljs';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RateCardLineStore } from '../../src/modules/rate-cards/entities/rate-card-line-store.entity';
import { RateCardLine } from '../../src/modules/rate-cards/entities/rate-card-line.entity';
import {
  as,
  Client,
  createBand,
  createRateCard,
  createSaleType,
  createSkuType,
  createStore,
  createUser,
  expectFailure,
  expectStatus,
  login,
  Row,
  TestUser,
  unique,
} from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';
import { pdf } from './files-fixtures';
import { uploadAnswer } from '../support/operations';

/**
 * The xlsx upload of rate card lines (docs/http-api.md, "Upload of lines (xlsx)"; spec 02
 * section 5): headers of every sheet, the fields of a sale type, validation of every cell with
 * 'Row {n} col {c} value "{v}" error: "{e}"', all or nothing, and the write in one transaction.
 */

let t: TestApp;
let admin: Client;
let noSetup: TestUser;
let stores: Row[];
let saleType: Row;
let otherSaleType: Row;
let handset: Row;
let sim: Row;
let bandA: Row;

type Cells = unknown[];

/** An xlsx made in code: sheet name → rows (the first is the header row). */
async function workbook(sheets: Record<string, Cells[]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = wb.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function uploadFile(content: Buffer, path = 'rateCards/xlsx', client = admin): Promise<number> {
  const res = expectStatus(await client.post(`/api/file/${path}`).attach('file', content, { filename: 'rates.xlsx' }), 201);
  return res.body.data.fileID;
}

async function newRateCard(): Promise<number> {
  return (await createRateCard(admin)).rateCardID;
}

async function counts(rateCardID?: number): Promise<{ lines: number; stores: number }> {
  const lines = await t.dataSource.getRepository(RateCardLine).count(rateCardID ? { where: { rateCardID } } : undefined);
  const storesCount = rateCardID
    ? await t.dataSource.getRepository(RateCardLineStore).count({ where: { rateCardLine: { rateCardID } } })
    : await t.dataSource.getRepository(RateCardLineStore).count();
  return { lines, stores: storesCount };
}

async function linesOf(rateCardID: number): Promise<Array<RateCardLine & { rateCardLineStores: RateCardLineStore[] }>> {
  return (
    await t.dataSource.getRepository(RateCardLine).find({
      where: { rateCardID },
      relations: { rateCardLineStores: true },
    })
  ).sort((a, b) => (a.sku < b.sku ? -1 : 1)) as Array<RateCardLine & { rateCardLineStores: RateCardLineStore[] }>;
}

const HEADER = ['SKU', 'Type', 'Description', 'RRP', 'Monthly', 'Months', 'Band', 'Legacy', 'Revenue', 'Commission'];
const LINE_MAP = { sku: 1, skuTypeName: 2, description: 3, customerRRP: 4, customerMonthly: 5, contractMonths: 6, bandName: 7, legacySKU: 8 };
const ALL_STORES_MAP = { ...LINE_MAP, revenue: 9, commission: 10 };

/** The upload call and, when it queued its job, the job's result as the answer (test/support/operations.ts). */
function post(body: Row, client = admin) {
  return uploadAnswer(client, client.post('/api/rateCardLines/excel', body)) as unknown as Promise<import('supertest').Response>;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  stores = [await createStore(admin), await createStore(admin), await createStore(admin)];
  saleType = await createSaleType(admin, { storeIDs: stores.map((s) => s.storeID) });
  otherSaleType = await createSaleType(admin, { storeIDs: [stores[0].storeID] });
  handset = await createSkuType(admin, { name: unique('Handset') });
  sim = await createSkuType(admin, { name: unique('SIM') });
  bandA = await createBand(admin, { name: unique('Band') });
  noSetup = await createUser(t.http, admin, { areas: ['RecordSales', 'AccessAPI', 'UserSetup'], storeIDs: stores.map((s) => s.storeID) });
});
afterAll(() => t?.close());

describe('GET /file/{fileID}/excelHeaders/allSheets', () => {
  it('gives the header row of every worksheet, with column numbers', async () => {
    const fileID = await uploadFile(
      await workbook({
        Handsets: [
          ['SKU', null, 'Description'],
          ['A', 'x', 'y'],
        ],
        Sims: [['Code', 'Rev']],
        Empty: [],
      }),
    );
    const res = expectStatus(await admin.get(`/api/file/${fileID}/excelHeaders/allSheets`), 200);
    expect(res.body.listData.map(({ worksheet, headers }: Row) => ({ worksheet, headers }))).toEqual([
      {
        worksheet: 'Handsets',
        headers: [
          { col: 1, header: 'SKU' },
          { col: 3, header: 'Description' },
        ],
      },
      {
        worksheet: 'Sims',
        headers: [
          { col: 1, header: 'Code' },
          { col: 2, header: 'Rev' },
        ],
      },
      { worksheet: 'Empty', headers: [] },
    ]);
  });

  it('blank rows above the header row are skipped; rich text reads as its text', async () => {
    const book = new ExcelJS.Workbook();
    const titled = book.addWorksheet('Titled');
    titled.getCell('A1').value = '   '; // a row that is there but shows nothing
    titled.getRow(3).values = [null, { richText: [{ text: 'S' }, { font: { bold: true }, text: 'KU' }] }, 'Description'];
    titled.getRow(4).values = ['A', 'x'];
    book.addWorksheet('Plain').addRow(['Code']);
    const fileID = await uploadFile(Buffer.from(await book.xlsx.writeBuffer()));
    const res = expectStatus(await admin.get(`/api/file/${fileID}/excelHeaders/allSheets`), 200);
    expect(res.body.listData.map(({ worksheet, headerRow, headers }: Row) => ({ worksheet, headerRow, headers }))).toEqual([
      {
        worksheet: 'Titled',
        headerRow: 3,
        headers: [
          { col: 2, header: 'SKU' },
          { col: 3, header: 'Description' },
        ],
      },
      { worksheet: 'Plain', headerRow: 1, headers: [{ col: 1, header: 'Code' }] },
    ]);
  });

  it('refuses a file that is not xlsx (400), an unknown one (404) and a user without the area (403)', async () => {
    const res = await admin.post('/api/file/announcements/pdf').attach('file', pdf(), { filename: 'notice.pdf' });
    // The announcements library needs Announce; the admin holds every area.
    const fileID = expectStatus(res, 201).body.data.fileID;
    expectFailure(await admin.get(`/api/file/${fileID}/excelHeaders/allSheets`), 400);
    expectFailure(await admin.get('/api/file/999999/excelHeaders/allSheets'), 404);
    expectFailure(await admin.get('/api/file/abc/excelHeaders/allSheets'), 400);
    const xlsxID = await uploadFile(await workbook({ A: [['x']] }));
    expectFailure(await noSetup.api.get(`/api/file/${xlsxID}/excelHeaders/allSheets`), 403);
  });
});

describe('worksheets skipped or read only up to their header row', () => {
  // exceljs reads sheets stored before the shared strings (as Excel writes them) back from temp
  // files; one left unread used to end the process (ENOENT on a deleted temp file, no listener),
  // and each one read only up to its header row kept a file descriptor open.
  const openFiles = () => (existsSync('/proc/self/fd') ? readdirSync('/proc/self/fd').length : 0);

  it('neither end the process nor leave files open: headers, and an upload mapping one of three sheets', async () => {
    const sheets: Record<string, Cells[]> = {};
    for (let i = 1; i <= 3; i++) sheets[`Sheet ${i}`] = [HEADER, [`SKIP-${i}`, handset.name, 'Skipped']];
    const fileID = await uploadFile(await workbook(sheets));
    const rateCardID = await newRateCard();
    const before = openFiles();
    for (let i = 0; i < 20; i++) {
      expect(expectStatus(await admin.get(`/api/file/${fileID}/excelHeaders/allSheets`), 200).body.listData).toHaveLength(3);
      const res = await post({ fileID, rateCardID, saleTypeID: saleType.saleTypeID, mappings: { 'Sheet 1': LINE_MAP } });
      expect(expectStatus(res, 200).body.data).toEqual(expect.objectContaining({ worksheets: 1, lines: 1, skippedWorksheets: ['Sheet 2', 'Sheet 3'] }));
    }
    // 20 x 3 sheets read up to their header row: none may stay open (a margin for the pool).
    expect(openFiles() - before).toBeLessThan(15);
  });
});

describe('GET /rateCardLine/uploadFields', () => {
  it('lists the line fields, the all-stores columns and three per store of the sale type', async () => {
    const res = expectStatus(await admin.get(`/api/rateCardLine/uploadFields?saleTypeID=${saleType.saleTypeID}`), 200);
    const fields = res.body.listData as Row[];
    expect(fields.slice(0, 10).map((f) => f.field)).toEqual([
      'sku',
      'skuTypeName',
      'description',
      'customerRRP',
      'customerMonthly',
      'contractMonths',
      'bandName',
      'legacySKU',
      'revenue',
      'commission',
    ]);
    expect(fields.filter((f) => f.required).map((f) => f.field)).toEqual(['sku', 'skuTypeName', 'description']);
    expect(fields).toHaveLength(10 + 3 * stores.length);
    const store = stores[1];
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: `revenue.${store.storeID}`, label: `Revenue - ${store.name}`, required: false },
        { field: `commission.${store.storeID}`, label: `Commission - ${store.name}`, required: false },
        { field: `active.${store.storeID}`, label: `Active - ${store.name}`, required: false },
      ]),
    );
  });

  it('400 for a missing, malformed or unknown sale type; 403 without SystemSetup', async () => {
    for (const q of ['', '?saleTypeID=abc', '?saleTypeID=12345678', '?saleTypeID=9999999', `?saleTypeID=${saleType.saleTypeID}&x=1`]) {
      expectFailure(await admin.get(`/api/rateCardLine/uploadFields${q}`), 400);
    }
    expectFailure(await noSetup.api.get(`/api/rateCardLine/uploadFields?saleTypeID=${saleType.saleTypeID}`), 403);
  });
});

describe('POST /rateCardLines/excel', () => {
  it('validates (nothing written) then commits a two-sheet workbook, each sheet with its own mapping', async () => {
    const rateCardID = await newRateCard();
    const [s1, s2, s3] = stores;
    const fileID = await uploadFile(
      await workbook({
        Handsets: [
          HEADER,
          ['H-1', handset.name.toUpperCase(), 'Phone one', 299.99, 25.5, 24, bandA.name.toLowerCase(), 'OLD-1', 100, 10],
          ['H-2', handset.name, 'Phone two', '£1,200.50', '30', '12', null, null, 50.25, 5],
          [null, null, null, null, null, null, null, null, null, null], // blank: ignored
        ],
        // Another layout, per-store columns; the first store's value wins over the all-stores column.
        Sims: [
          ['Code', 'Kind', 'Name', 'All rev', 'All com', `Rev ${s1.name}`, `Com ${s1.name}`, `Active ${s3.name}`],
          ['S-1', sim.name, 'Sim one', 20, 2, 35, 3.5, 'no'],
          ['S-2', sim.name, 'Sim two', 0, 0, null, null, 'no'],
        ],
        Notes: [['Anything'], ['not mapped']],
      }),
    );
    const body = {
      fileID,
      rateCardID,
      saleTypeID: saleType.saleTypeID,
      mappings: {
        Handsets: ALL_STORES_MAP,
        Sims: {
          sku: 1,
          skuTypeName: 2,
          description: 3,
          revenue: 4,
          commission: 5,
          [`revenue.${s1.storeID}`]: 6,
          [`commission.${s1.storeID}`]: 7,
          [`active.${s3.storeID}`]: 8,
        },
      },
      commit: false,
    };
    const before = await counts();
    const validated = expectStatus(await post(body), 200);
    expect(validated.body.validationResult).toEqual({ fail: false });
    expect(validated.body.listData).toEqual([]);
    expect(validated.body.data).toEqual(
      expect.objectContaining({ worksheets: 2, skippedWorksheets: ['Notes'], rows: 4, lines: 4, added: 4, updated: 0, committed: false }),
    );
    expect(await counts()).toEqual(before);

    const committed = expectStatus(await post({ ...body, commit: true }), 200);
    expect(committed.body.data).toEqual(expect.objectContaining({ lines: 4, added: 4, updated: 0, committed: true }));
    const lines = await linesOf(rateCardID);
    expect(lines.map((l) => l.sku)).toEqual(['H-1', 'H-2', 'S-1', 'S-2']);
    const [h1, h2, sim1, sim2] = lines;
    expect(h1).toEqual(
      expect.objectContaining({
        saleTypeID: saleType.saleTypeID,
        skuTypeID: handset.skuTypeID,
        description: 'Phone one',
        customerRRP: 299.99,
        customerMonthly: 25.5,
        contractMonths: 24,
        bandID: bandA.bandID,
        legacySKU: 'OLD-1',
        fileID,
      }),
    );
    expect(h2).toEqual(expect.objectContaining({ customerRRP: 1200.5, customerMonthly: 30, contractMonths: 12, bandID: null, legacySKU: null, fileID }));
    const byStore = (line: { rateCardLineStores: RateCardLineStore[] }) =>
      Object.fromEntries(line.rateCardLineStores.map((s) => [s.storeID, { active: !!s.active, revenue: s.revenue, commission: s.commission }]));
    // All-stores columns: every store of the sale type.
    expect(byStore(h1)).toEqual({
      [s1.storeID]: { active: true, revenue: 100, commission: 10 },
      [s2.storeID]: { active: true, revenue: 100, commission: 10 },
      [s3.storeID]: { active: true, revenue: 100, commission: 10 },
    });
    expect(byStore(h2)[s2.storeID]).toEqual({ active: true, revenue: 50.25, commission: 5 });
    // Per-store wins; an unticked store with revenue keeps an inactive row.
    expect(byStore(sim1)).toEqual({
      [s1.storeID]: { active: true, revenue: 35, commission: 3.5 },
      [s2.storeID]: { active: true, revenue: 20, commission: 2 },
      [s3.storeID]: { active: false, revenue: 20, commission: 2 },
    });
    // Revenue and commission 0 and not active: no rows at all.
    expect(byStore(sim2)).toEqual({});
    expect(await counts(rateCardID)).toEqual({ lines: 4, stores: 9 });

    // The lines list shows the file they came from (when the lines routes exist).
    const list = await admin.get(`/api/rateCardLines?rateCardID=${rateCardID}&fkJoins=file`);
    if (list.status === 200) expect(list.body.listData.every((l: Row) => l.fileID === fileID)).toBe(true);

    // A second upload replaces the SKUs it names (ids kept) and keeps the others.
    const again = await uploadFile(
      await workbook({
        Handsets: [HEADER, ['h-1', handset.name, 'Phone one v2', 1, 2, 3, null, null, 7, 0.7], ['H-3', handset.name, 'Three', 0, 0, 0, null, null, 1, 0]],
      }),
    );
    const res = expectStatus(await post({ ...body, fileID: again, mappings: { Handsets: ALL_STORES_MAP }, commit: true }), 200);
    expect(res.body.data).toEqual(expect.objectContaining({ lines: 2, added: 1, updated: 1 }));
    const after = await linesOf(rateCardID);
    expect(after.map((l) => l.sku).sort()).toEqual(['H-2', 'H-3', 'S-1', 'S-2', 'h-1']);
    const updated = after.find((l) => l.rateCardLineID === h1.rateCardLineID)!;
    expect(updated).toEqual(expect.objectContaining({ sku: 'h-1', description: 'Phone one v2', fileID: again, bandID: null }));
    expect(updated.rateCardLineStores.map((s) => s.rateCardLineStoreID).sort()).toEqual(h1.rateCardLineStores.map((s) => s.rateCardLineStoreID).sort());
    expect(byStore(updated)[s1.storeID]).toEqual({ active: true, revenue: 7, commission: 0.7 });
  });

  it('reports every bad cell in the exact format, and writes nothing (all or nothing)', async () => {
    const rateCardID = await newRateCard();
    const fileID = await uploadFile(
      await workbook({
        Lines: [
          HEADER,
          ['OK-1', handset.name, 'Fine', 1, 1, 1, null, null, 1, 1],
          [null, 'Nope', 'No SKU', -1, 1.234, 1.5, 'Band?', null, 'abc', 1],
          ['X'.repeat(26), handset.name, null, 1, 1, 'x', null, 'L'.repeat(26), 1, 1],
        ],
      }),
    );
    const before = await counts();
    const res = await post({ fileID, rateCardID, saleTypeID: saleType.saleTypeID, mappings: { Lines: ALL_STORES_MAP }, commit: true });
    expectFailure(res, 400);
    expect(await counts()).toEqual(before);
    expect(res.body.validationResult.failSummary).toBe('11 errors');
    const messages = (res.body.listData as Row[]).map((e) => e.message);
    expect(messages).toEqual([
      'Row 3 col A value "" error: "SKU is required"',
      `Row 3 col B value "Nope" error: "There is no SKU type called Nope"`,
      'Row 3 col D value "-1" error: "Customer RRP must be at least 0"',
      'Row 3 col E value "1.234" error: "Customer monthly must have at most 2 decimals"',
      'Row 3 col F value "1.5" error: "Contract months must be a whole number"',
      'Row 3 col G value "Band?" error: "There is no band called Band?"',
      // The all-stores revenue column applies to three stores; its cell is reported once.
      'Row 3 col I value "abc" error: "Revenue must be a number"',
      `Row 4 col A value "${'X'.repeat(26)}" error: "SKU must be at most 25 characters"`,
      'Row 4 col C value "" error: "Description is required"',
      'Row 4 col F value "x" error: "Contract months must be a whole number"',
      `Row 4 col H value "${'L'.repeat(26)}" error: "Legacy SKU must be at most 25 characters"`,
    ]);
    expect(res.body.listData[0]).toEqual({
      worksheet: 'Lines',
      row: 3,
      col: 1,
      value: '',
      error: 'SKU is required',
      message: 'Row 3 col A value "" error: "SKU is required"',
    });
  });

  it("reads the rows after the header row, wherever it is, and reports errors by the sheet's own row numbers", async () => {
    const rateCardID = await newRateCard();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Lines');
    sheet.getCell('A1').value = ' ';
    sheet.getRow(3).values = HEADER;
    sheet.getRow(4).values = [
      { richText: [{ text: 'RT-' }, { font: { italic: true }, text: '1' }] },
      handset.name,
      { richText: [{ text: 'Rich ' }, { text: 'text' }] },
      1,
    ];
    sheet.getRow(6).values = ['RT-2', handset.name, 'Two', -1];
    const fileID = await uploadFile(Buffer.from(await book.xlsx.writeBuffer()));
    const body = { fileID, rateCardID, saleTypeID: saleType.saleTypeID, mappings: { Lines: LINE_MAP }, commit: true };
    const refused = await post(body);
    expectFailure(refused, 400);
    // The header row (3) is not read as data; row 6 keeps its number.
    expect(refused.body.listData.map((e: Row) => e.message)).toEqual(['Row 6 col D value "-1" error: "Customer RRP must be at least 0"']);

    sheet.getRow(6).getCell(4).value = 2;
    const fixed = await uploadFile(Buffer.from(await book.xlsx.writeBuffer()));
    expect(expectStatus(await post({ ...body, fileID: fixed }), 200).body.data).toEqual(expect.objectContaining({ rows: 2, lines: 2, added: 2 }));
    expect((await linesOf(rateCardID)).map((l) => [l.sku, l.description, l.customerRRP])).toEqual([
      ['RT-1', 'Rich text', 1],
      ['RT-2', 'Two', 2],
    ]);
  });

  it('the same SKU twice (ignoring case), also across sheets, is an error on the second naming the first', async () => {
    const rateCardID = await newRateCard();
    const fileID = await uploadFile(
      await workbook({
        First: [HEADER, ['DUP-1', handset.name, 'One', 0, 0, 0, null, null, 1, 0], ['DUP-2', handset.name, 'Two', 0, 0, 0, null, null, 1, 0]],
        Second: [HEADER, ['dup-1', handset.name, 'Again', 0, 0, 0, null, null, 1, 0], ['DUP-2', handset.name, 'Again', 0, 0, 0, null, null, 1, 0]],
        Third: [HEADER, ['T', handset.name, 'T', 0, 0, 0, null, null, 1, 0], ['T', handset.name, 'T', 0, 0, 0, null, null, 1, 0]],
      }),
    );
    const res = await post({
      fileID,
      rateCardID,
      saleTypeID: saleType.saleTypeID,
      mappings: { First: ALL_STORES_MAP, Second: ALL_STORES_MAP, Third: ALL_STORES_MAP },
      commit: false,
    });
    expectFailure(res, 400);
    expect(res.body.listData.map((e: Row) => [e.worksheet, e.message])).toEqual([
      ['Second', 'Row 2 col A value "dup-1" error: "SKU dup-1 is already on row 2 of worksheet First"'],
      ['Second', 'Row 3 col A value "DUP-2" error: "SKU DUP-2 is already on row 3 of worksheet First"'],
      ['Third', 'Row 3 col A value "T" error: "SKU T is already on row 2"'],
    ]);
    expect(await counts(rateCardID)).toEqual({ lines: 0, stores: 0 });
  });

  it('caps the listed errors at 1000 and gives the total', async () => {
    const rateCardID = await newRateCard();
    const rows: Cells[] = [HEADER];
    for (let i = 0; i < 600; i += 1) rows.push([`E-${i}`, 'unknown type', null]);
    const fileID = await uploadFile(await workbook({ Bad: rows }));
    const res = await post({ fileID, rateCardID, saleTypeID: saleType.saleTypeID, mappings: { Bad: LINE_MAP }, commit: true });
    expectFailure(res, 400);
    expect(res.body.validationResult.failSummary).toBe('1200 errors (the first 1000 are listed)');
    expect(res.body.listData).toHaveLength(1000);
  });

  it('refuses bad requests with 400, never 500, and 403 without SystemSetup', async () => {
    const rateCardID = await newRateCard();
    const fileID = await uploadFile(await workbook({ Lines: [HEADER, ['A', handset.name, 'a', 0, 0, 0, null, null, 1, 1]] }));
    const good = { fileID, rateCardID, saleTypeID: saleType.saleTypeID, mappings: { Lines: ALL_STORES_MAP }, commit: false };
    expectStatus(await post(good), 200);
    expectFailure(await post(good, noSetup.api), 403);

    const recSheet = await uploadFile(await workbook({ Lines: [HEADER] }), 'recSheets/xlsx');
    const pdfFile = expectStatus(await admin.post('/api/file/announcements/pdf').attach('file', pdf(), { filename: 'a.pdf' }), 201).body.data.fileID;
    const bad: Array<[string, Row]> = [
      ['unknown card', { rateCardID: 9_999_999 }],
      ['unknown sale type', { saleTypeID: 9_999_999 }],
      ['unknown file', { fileID: 9_999_999 }],
      ['file of another library', { fileID: recSheet }],
      ['not an xlsx', { fileID: pdfFile }],
      ['string id', { rateCardID: String(rateCardID) }],
      ['missing ids', { fileID: undefined }],
      ['commit not a boolean', { commit: 'yes' }],
      ['unknown body field', { extra: 1 }],
      ['mappings an array', { mappings: [] }],
      ['mappings a string', { mappings: 'Lines' }],
      ['sheet mapping an array', { mappings: { Lines: [1, 2] } }],
      ['unknown field', { mappings: { Lines: { ...ALL_STORES_MAP, colour: 3 } } }],
      ['store not of the sale type', { mappings: { Lines: { ...ALL_STORES_MAP, 'revenue.9999999': 3 } } }],
      ['store of another sale type only', { saleTypeID: otherSaleType.saleTypeID, mappings: { Lines: { ...LINE_MAP, [`revenue.${stores[1].storeID}`]: 3 } } }],
      ['column 0', { mappings: { Lines: { ...ALL_STORES_MAP, sku: 0 } } }],
      ['column huge', { mappings: { Lines: { ...ALL_STORES_MAP, sku: 1e9 } } }],
      ['column text', { mappings: { Lines: { ...ALL_STORES_MAP, sku: 'A' } } }],
      ['column fraction', { mappings: { Lines: { ...ALL_STORES_MAP, sku: 1.5 } } }],
      ['required field unmapped', { mappings: { Lines: { skuTypeName: 2, description: 3 } } }],
      ['no worksheet mapped', { mappings: {} }],
      ['mapped worksheet not in the file', { mappings: { Other: ALL_STORES_MAP } }],
      ['prototype names', { mappings: JSON.parse('{"__proto__": {"sku": 1}}') }],
    ];
    const before = await counts();
    for (const [name, change] of bad) {
      const res = await post({ ...good, commit: true, ...change });
      if (res.status !== 400) throw new Error(`${name}: ${res.status} ${res.text.slice(0, 300)}`);
      expectFailure(res, 400);
    }
    for (const raw of ['[]', '"x"', 'null', '{"fileID":']) {
      const res = await t.http.post('/api/rateCardLines/excel').set('x-access-token', admin.token).set('Content-Type', 'application/json').send(raw);
      expectFailure(res, 400);
    }
    expect(await counts()).toEqual(before);
  });

  it('a file that is not a readable workbook is a 400', async () => {
    const rateCardID = await newRateCard();
    const fileID = await uploadFile(await workbook({ Lines: [HEADER, ['A', handset.name, 'a']] }));
    // Corrupt the stored bytes (the kind was checked at upload).
    const row = await t.dataSource.query<Array<{ storedName: string }>>(`SELECT storedName FROM file WHERE fileID = ${fileID}`);
    writeFileSync(join(t.config.filesDir, row[0].storedName), Buffer.from('PK\u0003\u0004 broken'));
    expectFailure(await post({ fileID, rateCardID, saleTypeID: saleType.saleTypeID, mappings: { Lines: LINE_MAP }, commit: true }), 400);
    expectFailure(await admin.get(`/api/file/${fileID}/excelHeaders/allSheets`), 400);
  });
});
