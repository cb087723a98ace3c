import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { requireHeader, uploadErrorMessage } from '../../../common/excel/sheet-mappings';
import { cellText, XlsxReader, type CellValue, type XlsxSheet } from '../../../common/excel/xlsx-reader';
import { InvalidInput } from '../../../common/http/validation-result';
import { FilesService } from '../../files';
import { StoresService } from '../../master-data';
import { JobHandler } from '../../jobs';
import type { JobContext, JobHandlerInstance, JobOutcome } from '../../jobs';
import { RecSheetLine } from '../entities/rec-sheet-line.entity';
import {
  DESCRIPTION_MAX,
  MAX_REVENUE_PENCE,
  normaliseOrderRef,
  ORDER_REF_MAX,
  resolveStore,
  SKU_MAX,
  STORE_NAME_MAX,
  storesByName,
  type StoreInfo,
} from '../rec-sheets/line-rules';
import { cellError, dateCell, isBlank, moneyCell, textCell } from './cells';
import { MAX_LISTED_ERRORS, MAX_VALUE_SHOWN, thousands, type ImportReportRow } from './import-report';
import { REC_SHEET_LIBRARY } from './rec-sheet-import.service';
import { StagingWriter } from './staging';
import type { RecSheetField } from '../../../shared/rec-sheet-upload-fields';

/** One worksheet of a rec sheet import (a part of the recSheetImport operation). */
export interface RecSheetImportSheetData {
  /** The import's operation. */
  parentOperationID: number;
  recSheetID: number;
  fileID: number;
  worksheet: string;
  /** Its position among the file's worksheets (tab order, 0-based). */
  sheetIndex: number;
  /** Every field mapped. */
  mapping: Record<RecSheetField, number>;
  /** The header row the user chose; absent, it is found as the wizard found it. */
  headerRow?: number;
  commit: boolean;
}

declare module '../../jobs/job-payloads' {
  interface JobPayloads {
    recSheetImportSheet: RecSheetImportSheetData;
  }
}

/** The fields in the order a row's errors are reported. */
export const FIELD_ORDER: readonly RecSheetField[] = ['saleDate', 'storeName', 'orderRef', 'sku', 'description', 'revenue'];
const ORDER_REF_FIELD = FIELD_ORDER.indexOf('orderRef');

/** A report row of a part: which field (FIELD_ORDER) for sorting, and for a repeat within the sheet the order number repeated. */
export interface PartReportRow extends ImportReportRow {
  field: number;
  repeats?: string;
}

/** What a part answers: its counts, how far it read, and its first MAX_LISTED_ERRORS report rows. */
export interface RecSheetImportSheetResult {
  worksheet: string;
  sheetIndex: number;
  /** Data rows read (blank rows are not counted). */
  rows: number;
  /** Rows with every value valid (staged). */
  lines: number;
  errors: number;
  /** Rows that are not sales (a totals row, a note under the table): skipped, each a warning of the report. */
  skippedRows: number;
  /** The last row number read, and the last the sheet declares (null when it declares none): for the import's progress. */
  rowsRead: number;
  rowsDeclared: number | null;
  report: PartReportRow[];
}

/** A label that says a row sums the rows above it. */
const TOTAL_LABEL = /^(grand\s*|sub\s*-?\s*)?totals?\b/i;

/**
 * Whether a row is not a sale but part of the statement's footer: a row without an order number
 * that says it is a total ('Total', 'Grand total', 'Subtotal') or shows the sum of the revenues
 * above it, or that holds a single cell (a note such as 'Payment will be made by BACS').
 * A row without an order number that looks like neither stays a row with an error.
 */
export function footerKind(cells: readonly CellValue[], at: Record<RecSheetField, number>, revenueSoFar: number): 'total' | 'note' | null {
  if (!isBlank(cells[at.orderRef])) return null;
  let filled = 0;
  for (const value of cells) {
    if (isBlank(value)) continue;
    filled += 1;
    if (typeof value === 'string' && TOTAL_LABEL.test(value.trim())) return 'total';
  }
  if (revenueSoFar !== 0 && moneyCell(cells[at.revenue], 'Revenue', MAX_REVENUE_PENCE * 1000) === revenueSoFar) return 'total';
  return filled === 1 ? 'note' : null;
}

/** Progress is offered every this many rows (the jobs module throttles the writes further). */
const PROGRESS_EVERY = 500;

/** The part's progress message; the import reads the figures back (rowsOfMessage) for its own. */
export function partMessage(worksheet: string, row: number, declared: number | null): string {
  return `Validating sheet ${worksheet}: row ${thousands(row)}${declared ? ` of ${thousands(declared)}` : ''}`;
}

/** The row (and declared rows) of a part's message, or null. */
export function rowsOfMessage(message: string): { row: number; of: number | null } | null {
  const match = /: row ([\d,]+)(?: of ([\d,]+))?$/.exec(message);
  if (!match) return null;
  return { row: Number(match[1].replace(/,/g, '')), of: match[2] ? Number(match[2].replace(/,/g, '')) : null };
}

/**
 * Validates one worksheet of a rec sheet import (spec 02 section 5) and stages its rows
 * (recSheetImportLine): the file streamed through the safe reader, the other worksheets passed
 * unread; each refused cell a report row; an order number already on the sheet, or earlier in
 * this worksheet, refused (the import checks across worksheets over the staged rows). No query
 * per row: stores and the sheet's order numbers are read once, rows are staged in multi-row
 * INSERTs. A run again (a retry) first deletes what its earlier run staged.
 */
@JobHandler('recSheetImportSheet')
export class RecSheetImportSheetJob implements JobHandlerInstance<RecSheetImportSheetData, JobOutcome<RecSheetImportSheetResult>> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly files: FilesService,
    private readonly xlsx: XlsxReader,
    private readonly stores: StoresService,
  ) {}

  async run(data: RecSheetImportSheetData, context: JobContext): Promise<JobOutcome<RecSheetImportSheetResult>> {
    const { user } = context;
    const opened = await this.files.openUpload(data.fileID, user, REC_SHEET_LIBRARY, 'xlsx');
    const manager = this.dataSource.manager;
    const stores = await storesByName(manager, this.stores);
    const existing = new Set(
      (
        await manager
          .createQueryBuilder(RecSheetLine, 'line')
          .select('line.orderRef', 'orderRef')
          .where('line.recSheetID = :id', { id: data.recSheetID })
          .getRawMany<{ orderRef: string }>()
      ).map((r) => r.orderRef.toUpperCase()),
    );
    const staging = new StagingWriter(this.dataSource, data.parentOperationID, data.sheetIndex, context.operationID, data.worksheet.slice(0, 31));
    await staging.clearOwn();

    const result: RecSheetImportSheetResult = {
      worksheet: data.worksheet,
      sheetIndex: data.sheetIndex,
      rows: 0,
      lines: 0,
      errors: 0,
      skippedRows: 0,
      rowsRead: 0,
      rowsDeclared: null,
      report: [],
    };
    /** The revenue of the rows so far, in pence: a row without an order number showing it is their total. */
    let revenueSoFar = 0;
    const report = result.report;
    /** Order number → the row it was first seen on in this worksheet. */
    const seen = new Map<string, number>();
    const storeCache = new Map<string, ReturnType<typeof resolveStore>>();
    const at = data.mapping;
    const columns = [...new Set(Object.values(at))];
    const sheetName = data.worksheet;
    let found = false;

    try {
      await this.xlsx.forEachWorksheet(opened.path, async (ws: XlsxSheet) => {
        // Only this part's worksheet is read; the others are passed without reading a byte of them.
        if (found || ws.name !== data.worksheet) return;
        found = true;
        requireHeader(ws.name, await ws.header(data.headerRow), data.headerRow);

        for await (const row of ws.rows()) {
          const cells = row.cells;
          result.rowsRead = row.number;
          let blank = true;
          for (let i = 0; i < columns.length; i += 1) {
            if (!isBlank(cells[columns[i]])) {
              blank = false;
              break;
            }
          }
          if (blank) continue;
          const footer = footerKind(cells, at, revenueSoFar);
          if (footer) {
            result.skippedRows += 1;
            if (report.length < MAX_LISTED_ERRORS) {
              const message = `Row ${row.number} skipped: ${footer === 'total' ? 'a totals row' : 'a note, not a sale'}`;
              report.push({ worksheet: sheetName, row: row.number, col: 0, value: '', error: message, message, warning: true, field: -1 });
            }
            continue;
          }
          result.rows += 1;
          if (result.rows % PROGRESS_EVERY === 0) {
            const declared = ws.declaredRows();
            const fraction = declared ? Math.min(1, row.number / declared) : ws.fractionRead();
            await context.progress(partMessage(sheetName, row.number, declared), fraction * 100);
          }
          let valid = true;
          const fail = (col: number, field: number, error: string, repeats?: string) => {
            valid = false;
            result.errors += 1;
            if (report.length < MAX_LISTED_ERRORS) {
              const value = Array.from(cellText(cells[col] as CellValue | undefined))
                .slice(0, MAX_VALUE_SHOWN)
                .join('');
              const listed: PartReportRow = {
                worksheet: sheetName,
                row: row.number,
                col,
                value,
                error,
                message: uploadErrorMessage(row.number, col, value, error),
                field,
              };
              if (repeats !== undefined) listed.repeats = repeats;
              report.push(listed);
            }
          };
          const saleDate = dateCell(cells[at.saleDate], 'Sale date');
          if (saleDate === undefined) fail(at.saleDate, 0, cellError);
          const storeText = textCell(cells[at.storeName], 'Store', STORE_NAME_MAX, true);
          let store: StoreInfo | null = null;
          if (storeText === undefined) fail(at.storeName, 1, cellError);
          else {
            const key = storeText.toLowerCase();
            let resolved = storeCache.get(key);
            if (!resolved) {
              resolved = resolveStore(stores, user, storeText, true);
              storeCache.set(key, resolved);
            }
            if (resolved.ok) store = resolved.store;
            else fail(at.storeName, 1, resolved.error);
          }
          const orderText = textCell(cells[at.orderRef], 'Order number', ORDER_REF_MAX, true);
          let orderRef = '';
          /** Whether the row's order number is its first in the file as far as this sheet knows (so it is staged). */
          let first = false;
          if (orderText === undefined) fail(at.orderRef, ORDER_REF_FIELD, cellError);
          else {
            orderRef = normaliseOrderRef(orderText);
            const firstRow = seen.get(orderRef);
            if (orderRef === '') fail(at.orderRef, ORDER_REF_FIELD, 'Order number is required');
            else if (existing.has(orderRef)) fail(at.orderRef, ORDER_REF_FIELD, `Order number ${orderRef} is already on this sheet`);
            else if (firstRow !== undefined) fail(at.orderRef, ORDER_REF_FIELD, `Order number ${orderRef} is already on row ${firstRow}`, orderRef);
            else {
              seen.set(orderRef, row.number);
              first = true;
            }
          }
          const sku = textCell(cells[at.sku], 'SKU', SKU_MAX, false);
          if (sku === undefined) fail(at.sku, 3, cellError);
          const description = textCell(cells[at.description], 'Description', DESCRIPTION_MAX, false);
          if (description === undefined) fail(at.description, 4, cellError);
          const revenuePence = moneyCell(cells[at.revenue], 'Revenue', MAX_REVENUE_PENCE);
          if (revenuePence === undefined) fail(at.revenue, 5, cellError);
          else revenueSoFar += revenuePence;
          if (valid) result.lines += 1;
          // A row whose order number is new is staged even when another of its cells was refused, so
          // the import tells a repeat on a later worksheet as one pass would (nothing is committed then).
          if (first) {
            await staging.add({
              rowNumber: row.number,
              saleDate: saleDate ?? null,
              storeID: store ? store.storeID : null,
              storeName: store ? store.name : (storeText ?? '').slice(0, STORE_NAME_MAX),
              orderRef,
              orderText: orderText === orderRef ? '' : orderText!,
              sku: sku ?? '',
              description: description ?? '',
              revenuePence: revenuePence ?? null,
            });
          }
        }
        result.rowsDeclared = ws.declaredRows();
      });
    } catch (error) {
      // An INSERT may still be running: it ends before the job fails, so a retry's clearOwn deletes its rows too.
      await staging.settle();
      throw error;
    }
    if (!found) throw new InvalidInput({ mappings: `There is no worksheet called ${data.worksheet.slice(0, 40)} in the file` });
    await staging.flush();
    await context.progress(`Validated sheet ${sheetName}: ${thousands(result.rows)} rows`, 100);
    return { result };
  }
}
