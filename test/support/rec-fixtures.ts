import ExcelJS from 'exceljs';
import type { DataSource } from 'typeorm';
import { Client, expectStatus, Row, unique } from './api';

/**
 * Revenue reconciliation helpers shared by the API tests (docs/http-api.md, "Revenue
 * reconciliation: sheets, lines and import"): sheets and lines made through the API, rec sheet
 * workbooks, an import run to its end, and the one set-up the API has no call for here (linking
 * a line to a sale, which reconcile does).
 */

export async function createRecSheet(api: Client, body: Row = {}): Promise<Row> {
  return expectStatus(await api.post('/api/recSheet', { name: unique('Rec sheet'), recDate: '2016-12-31', ...body }), 201).body.data;
}

let orderSequence = 0;
/** A unique order number for a line or a sale row (digits, as a supplier writes them). */
export function orderNumber(prefix = 'REC'): string {
  orderSequence += 1;
  return `${prefix}${Date.now().toString(36).toUpperCase()}${orderSequence}`;
}

let saleRefSequence = 0;
/** A 20-digit order reference no other sale of the run has, led by the test file's year (YEAR), as its sales are. */
export function saleOrderRef(year: number): string {
  saleRefSequence += 1;
  return `${String(year).slice(-2)}${String(Date.now()).slice(-9)}${String(saleRefSequence).padStart(9, '0')}`;
}

/** A line typed in: needs recSheetID and storeName (a store of the user's profile). */
export async function createRecLine(api: Client, body: Row): Promise<Row> {
  return expectStatus(
    await api.post('/api/recSheetLine', { saleDate: '2016-02-03', orderRef: orderNumber(), sku: 'SKU-1', description: 'A phone', revenue: 100, ...body }),
    201,
  ).body.data;
}

/**
 * Marks a line reconciled the way reconcile would leave it (its recLink row, with autoRecRunID
 * when an auto run linked it; sale 0 unmarks it), straight in the database: the reconcile calls
 * are tested elsewhere.
 */
export async function markReconciled(
  dataSource: DataSource,
  recSheetLineID: number,
  saleID: number,
  extra: { autoRecRunID?: number; adjustment?: number } = {},
): Promise<void> {
  const link = [saleID, extra.autoRecRunID ?? null, (extra.adjustment ?? 0).toFixed(2), recSheetLineID];
  await dataSource.query('DELETE FROM recLink WHERE recSheetLineID = ?', [recSheetLineID]);
  if (saleID === 0) return;
  // The sale's first link takes slot 0, a further one its line's id (RecLink.slot).
  const [{ n }] = await dataSource.query<Row[]>('SELECT COUNT(*) AS n FROM recLink WHERE saleID = ?', [saleID]);
  await dataSource.query('INSERT INTO recLink (saleID, autoRecRunID, adjustment, recSheetLineID, rule, slot) VALUES (?, ?, ?, ?, ?, ?)', [
    ...link,
    extra.autoRecRunID ? 'exact' : 'manual',
    Number(n) > 0 ? recSheetLineID : 0,
  ]);
}

export type Cell = string | number | Date | null;

export interface WorkbookSheet {
  name: string;
  /** Row 1: the headers; then the data rows. */
  rows: Cell[][];
}

/** The standard rec sheet headers, in upload-field order: Sale date, Store, Order number, SKU, Description, Revenue. */
export const REC_HEADERS = ['Sale date', 'Store', 'Order number', 'SKU', 'Description', 'Revenue'];

/** The mapping of a sheet laid out with REC_HEADERS. */
export const FULL_MAPPING = { saleDate: 1, storeName: 2, orderRef: 3, sku: 4, description: 5, revenue: 6 };

/** An xlsx workbook written by exceljs (dates as date cells, so the file holds serial numbers). */
export async function recSheetWorkbook(sheets: WorkbookSheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name);
    for (const row of sheet.rows) ws.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** How suppliers name the rec sheet columns (aliases of the upload fields), in upload-field order. */
export const SUPPLIER_HEADERS = ['Txn Date', 'Branch', 'Order No.', 'Product code', 'Details', 'Net Revenue'];

/**
 * A supplier's statement as it arrives: a company title merged over the table, a period line, a
 * dealer line and a blank row (rows 1-4), SUPPLIER_HEADERS on row 5, then `rows` and `footer`
 * (a totals row, a note...) on one worksheet.
 */
export async function supplierStatement(worksheet: string, period: string, rows: Cell[][], footer: Cell[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(worksheet);
  ws.addRow(['Acme Mobile Ltd - Dealer commission statement']);
  ws.mergeCells('A1:F1');
  ws.addRow(['Period:', period]);
  ws.addRow(['Dealer:', 'Leeds group']);
  ws.addRow([]);
  for (const row of [SUPPLIER_HEADERS, ...rows, ...footer]) ws.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Uploads a workbook to the recSheets library (POST /api/file/recSheets/xlsx); answers its fileID. */
export async function uploadRecFile(api: Client, content: Buffer, filename = 'supplier.xlsx'): Promise<number> {
  return expectStatus(await api.post('/api/file/recSheets/xlsx').attach('file', content, { filename }), 201).body.data.fileID;
}

/** Polls GET /api/longRunningOperation?operationID= until the operation has completed or failed. */
export { finishedOperation as waitForOperation } from './operations';
import { finishedOperation as waitForOperation } from './operations';

export interface ImportBody {
  fileID: number;
  recSheetID: number;
  mappings: Record<string, Record<string, number | null>>;
  /** worksheet → the header row chosen in the wizard. */
  headerRows?: Record<string, number>;
  commit?: boolean;
  autoRec?: boolean;
}

/** POST /api/recSheetLines/excel (202 with the operation), then waits for the operation: answers it. */
export async function runImport(api: Client, body: ImportBody): Promise<Row> {
  const started = expectStatus(await api.post('/api/recSheetLines/excel', { commit: false, autoRec: false, ...body }), 202).body;
  expect(started.validationResult).toEqual({ fail: false });
  expect(started.data).toEqual(expect.objectContaining({ name: 'recSheetImport', operationID: expect.any(Number) }));
  return waitForOperation(api, started.data.operationID);
}

/** Uploads the workbook and imports it into the sheet, every named sheet fully mapped unless `mappings` says otherwise. */
export async function importWorkbook(api: Client, recSheetID: number, sheets: WorkbookSheet[], options: Partial<ImportBody> = {}): Promise<Row> {
  const fileID = options.fileID ?? (await uploadRecFile(api, await recSheetWorkbook(sheets)));
  const mappings = options.mappings ?? Object.fromEntries(sheets.map((s) => [s.name, FULL_MAPPING]));
  return runImport(api, { fileID, recSheetID, mappings, commit: options.commit ?? true, autoRec: options.autoRec ?? false });
}
