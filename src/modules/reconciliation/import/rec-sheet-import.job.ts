import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import { cellText, columnLetter, headerNotFound, XlsxReader, type CellValue, type XlsxSheet } from '../../../common/excel/xlsx-reader';
import { InvalidInput } from '../../../common/http/validation-result';
import { FilesService } from '../../files/files.service';
import { JobHandler } from '../../jobs/job-handler.decorator';
import type { JobContext, JobHandlerInstance, JobOutcome } from '../../jobs/job.types';
import { JobsService } from '../../jobs/jobs.service';
import { RecSheetLine } from '../entities/rec-sheet-line.entity';
import { RecSheet } from '../entities/rec-sheet.entity';
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
import { mapsEveryField, type RecSheetImportRequest } from './rec-sheet-import.request';
import { REC_SHEET_LIBRARY } from './rec-sheet-import.service';
import { SHEET_SKIPPED } from './upload-fields';

/** The job's data: the request as checked by POST /recSheetLines/excel, and how many worksheets the file has. */
export interface RecSheetImportData extends RecSheetImportRequest {
  worksheets: number;
}

/** One row of the import report: a refused cell, or (row 0) a worksheet's warning. */
export interface ImportReportRow {
  worksheet: string;
  row: number;
  /** Column number (1-based); the message shows its letter. 0 on a worksheet warning. */
  col: number;
  value: string;
  error: string;
  message: string;
  warning?: boolean;
}

export interface ImportSummary {
  /** Worksheets read (every field mapped). */
  worksheets: number;
  /** Worksheets skipped: not every field mapped ('Sheet skipped due to incomplete mapping'). */
  skippedWorksheets: string[];
  /** Data rows read (blank rows are not counted). */
  rows: number;
  /** Lines the rows make (written when committed). */
  lines: number;
  /** Refused cells in all. */
  errors: number;
  committed: boolean;
  recSheetID: number;
}

export interface ImportResult {
  validationResult: { fail: boolean; failSummary?: string; failMessages?: Record<string, string> };
  data: ImportSummary;
  listData: ImportReportRow[];
  /** With autoRec: the auto-reconcile operation queued after the commit. */
  autoRecOperationID?: number;
}

/** At most this many rows are listed; failSummary gives the total. */
export const MAX_LISTED_ERRORS = 1000;
const MAX_VALUE_SHOWN = 100;
/** Rows per INSERT statement (19 values each: well within SQLite's 32,766 variables). */
const INSERT_BATCH = 1000;
/** Progress is offered every this many rows (the jobs module throttles the writes further). */
const PROGRESS_EVERY = 500;

/** The message the import report shows (spec 02 section 5). */
export function errorMessage(row: number, col: number, value: string, error: string): string {
  return `Row ${row} col ${columnLetter(col)} value "${value}" error: "${error}"`;
}

const thousands = (n: number) => n.toLocaleString('en-GB');

/** The validationResult of a report with row errors. */
function refusal(total: number): ImportResult['validationResult'] {
  const failSummary = `${total} ${total === 1 ? 'error' : 'errors'}` + (total > MAX_LISTED_ERRORS ? ` (the first ${MAX_LISTED_ERRORS} are listed)` : '');
  return { fail: true, failSummary, failMessages: {} };
}

/** What the commit's transaction stores with the operation (commitOnce), answered again to a retry. */
interface CommittedImport {
  data: ImportSummary;
  listData: ImportReportRow[];
}

/** A validated line, compact: money in pence, its worksheet by index. */
interface ImportLine {
  saleDate: string;
  storeID: number | null;
  storeName: string;
  orderRef: string;
  sku: string;
  description: string;
  revenuePence: number;
  worksheet: number;
  rowNumber: number;
}

const COLUMNS = [
  'recSheetID',
  'saleDate',
  'storeID',
  'storeName',
  'orderRef',
  'sku',
  'description',
  'revenue',
  'worksheet',
  'rowNumber',
  'fileID',
  'saleID',
  'recByUserName',
  'operationID',
  'createdByUserName',
  'createdDate',
  'updatedByUserName',
  'updatedDate',
] as const;

/** The worksheet properties a newer reader offers for progress, read when present. */
type SheetProgress = XlsxSheet & { count?: number; declaredRows?: () => number | null };

/**
 * Validates a rec sheet upload and, with commit, writes its lines (spec 02 sections 2.3 and 5):
 * every worksheet streamed through the safe reader and mapped on its own; a worksheet without
 * every field mapped is skipped with a warning; each refused cell is a report row; the same order
 * number is never created twice (within the file, or already on the sheet). The commit is all or
 * nothing, in one transaction that also marks the operation committed (commitOnce), with
 * multi-row INSERTs: a retried job writes nothing twice.
 */
@JobHandler('recSheetImport')
export class RecSheetImportJob implements JobHandlerInstance<RecSheetImportData, JobOutcome<ImportResult>> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly files: FilesService,
    private readonly xlsx: XlsxReader,
    private readonly jobs: JobsService,
  ) {}

  async run(data: RecSheetImportData, context: JobContext): Promise<JobOutcome<ImportResult>> {
    const { user } = context;
    // A run of a commit that an earlier run finished (a retry, or a job taken up again after its
    // worker died) answers what that run wrote, without reading the file again (whose every
    // order number is now on the sheet).
    const earlier = data.commit ? await context.committed<CommittedImport>() : null;
    if (earlier) return this.finish(data, context, earlier);

    const sheet = await this.dataSource.getRepository(RecSheet).findOneBy({ recSheetID: data.recSheetID });
    if (!sheet) throw new InvalidInput({ recSheetID: 'The rec sheet no longer exists' });
    const opened = await this.files.openUpload(data.fileID, user, REC_SHEET_LIBRARY, 'xlsx');
    const { lines, summary, report, worksheetNames } = await this.validate(data, context, opened.path, user);
    // Row errors are the run's answer, as the wizard shows them: a completed run whose validationResult fails.
    if (summary.errors > 0) return { result: { validationResult: refusal(summary.errors), data: summary, listData: report }, resultID: data.recSheetID };
    if (!data.commit) return { result: { validationResult: { fail: false }, data: summary, listData: report }, resultID: data.recSheetID };

    const { value } = await context.commitOnce(async (manager): Promise<CommittedImport> => {
      const written = await this.write(manager, data, context, lines, worksheetNames);
      return { data: { ...summary, lines: written, committed: true }, listData: report };
    });
    return this.finish(data, context, value);
  }

  /** The committed import's result; with autoRec, the auto reconcile queued as the importing user. */
  private async finish(data: RecSheetImportData, context: JobContext, committed: CommittedImport): Promise<JobOutcome<ImportResult>> {
    const result: ImportResult = { validationResult: { fail: false }, data: committed.data, listData: committed.listData };
    if (data.autoRec) {
      const operation = await this.jobs.enqueue('recSheetAutoRec', { recSheetID: data.recSheetID }, context.user);
      result.autoRecOperationID = operation.operationID;
    }
    await context.progress(`Committed ${thousands(committed.data.lines)} lines`, 100);
    return { result, resultID: data.recSheetID };
  }

  /** Reads every worksheet; answers the valid lines (none kept once any row is refused) and the report. */
  private async validate(data: RecSheetImportData, context: JobContext, path: string, user: AuthUser) {
    const manager = this.dataSource.manager;
    const stores = await storesByName(manager);
    const existing = new Set(
      (await manager.createQueryBuilder(RecSheetLine, 'line').select('line.orderRef', 'orderRef').where('line.recSheetID = :id', { id: data.recSheetID }).getRawMany<{ orderRef: string }>()).map(
        (r) => r.orderRef.toUpperCase(),
      ),
    );
    /** Order number → where it was first seen in this file. */
    const seen = new Map<string, { sheet: number; row: number }>();
    const worksheetNames: string[] = [];
    const lines: ImportLine[] = [];
    const report: ImportReportRow[] = [];
    const summary: ImportSummary = { worksheets: 0, skippedWorksheets: [], rows: 0, lines: 0, errors: 0, committed: false, recSheetID: data.recSheetID };
    const span = data.commit ? 50 : 100;
    const storeCache = new Map<string, ReturnType<typeof resolveStore>>();

    await this.xlsx.forEachWorksheet(path, async (reading) => {
      const ws = reading as SheetProgress;
      const sheetIndex = worksheetNames.length;
      worksheetNames.push(ws.name);
      const sheetCount = ws.count ?? data.worksheets;
      const mapping = data.mappings[ws.name];
      if (!mapsEveryField(mapping)) {
        summary.skippedWorksheets.push(ws.name);
        report.push({ worksheet: ws.name, row: 0, col: 0, value: '', error: SHEET_SKIPPED, message: SHEET_SKIPPED, warning: true });
        return;
      }
      summary.worksheets += 1;
      const at = mapping as Record<'saleDate' | 'storeName' | 'orderRef' | 'sku' | 'description' | 'revenue', number>;
      const columns = [...new Set(Object.values(at))];
      const header = await ws.header();
      if (header.limitReached) throw headerNotFound(ws.name, header, 'mappings');
      const sheetName = ws.name;

      for await (const row of ws.rows()) {
        const cells = row.cells;
        let blank = true;
        for (let i = 0; i < columns.length; i += 1) {
          if (!isBlank(cells[columns[i]])) {
            blank = false;
            break;
          }
        }
        if (blank) continue;
        summary.rows += 1;
        if (summary.rows % PROGRESS_EVERY === 0) {
          const declared = ws.declaredRows?.() ?? null;
          const of = declared ? ` of ${thousands(declared)}` : '';
          const fraction = declared ? Math.min(1, row.number / declared) : 0;
          await context.progress(`Validating sheet ${sheetIndex + 1} of ${sheetCount}: row ${thousands(row.number)}${of}`, ((sheetIndex + fraction) / sheetCount) * span);
        }
        let valid = true;
        const fail = (col: number, error: string) => {
          valid = false;
          summary.errors += 1;
          if (report.length < MAX_LISTED_ERRORS + summary.skippedWorksheets.length) {
            const value = Array.from(cellText(cells[col] as CellValue | undefined)).slice(0, MAX_VALUE_SHOWN).join('');
            report.push({ worksheet: sheetName, row: row.number, col, value, error, message: errorMessage(row.number, col, value, error) });
          }
        };
        const saleDate = dateCell(cells[at.saleDate], 'Sale date');
        if (saleDate === undefined) fail(at.saleDate, cellError);
        const storeText = textCell(cells[at.storeName], 'Store', STORE_NAME_MAX, true);
        let store: StoreInfo | null = null;
        if (storeText === undefined) fail(at.storeName, cellError);
        else {
          const key = storeText.toLowerCase();
          let resolved = storeCache.get(key);
          if (!resolved) {
            resolved = resolveStore(stores, user, storeText, true);
            storeCache.set(key, resolved);
          }
          if (resolved.ok) store = resolved.store;
          else fail(at.storeName, resolved.error);
        }
        const orderText = textCell(cells[at.orderRef], 'Order number', ORDER_REF_MAX, true);
        let orderRef = '';
        if (orderText === undefined) fail(at.orderRef, cellError);
        else {
          orderRef = normaliseOrderRef(orderText);
          const first = seen.get(orderRef);
          if (existing.has(orderRef)) fail(at.orderRef, `Order number ${orderRef} is already on this sheet`);
          else if (first) {
            const where = first.sheet === sheetIndex ? '' : ` of worksheet ${worksheetNames[first.sheet]}`;
            fail(at.orderRef, `Order number ${orderRef} is already on row ${first.row}${where}`);
          } else seen.set(orderRef, { sheet: sheetIndex, row: row.number });
        }
        const sku = textCell(cells[at.sku], 'SKU', SKU_MAX, false);
        if (sku === undefined) fail(at.sku, cellError);
        const description = textCell(cells[at.description], 'Description', DESCRIPTION_MAX, false);
        if (description === undefined) fail(at.description, cellError);
        const revenuePence = moneyCell(cells[at.revenue], 'Revenue', MAX_REVENUE_PENCE);
        if (revenuePence === undefined) fail(at.revenue, cellError);
        // Once anything is wrong nothing will be written: stop keeping lines.
        if (valid && summary.errors === 0) {
          lines.push({
            saleDate: saleDate!,
            storeID: store ? store.storeID : null,
            storeName: store ? store.name : storeText!,
            orderRef,
            sku: sku!,
            description: description!,
            revenuePence: revenuePence!,
            worksheet: sheetIndex,
            rowNumber: row.number,
          });
        }
      }
      await context.progress(`Validated sheet ${sheetIndex + 1} of ${sheetCount}`, ((sheetIndex + 1) / sheetCount) * span);
    });
    summary.lines = summary.errors ? 0 : lines.length;
    if (summary.errors) lines.length = 0;
    return { lines, summary, report, worksheetNames };
  }

  /** Every line in multi-row INSERTs of INSERT_BATCH rows, in the caller's (commitOnce's) transaction. */
  private async write(manager: EntityManager, data: RecSheetImportData, context: JobContext, lines: ImportLine[], worksheetNames: string[]): Promise<number> {
    const metadata = manager.connection.getMetadata(RecSheetLine);
    const now = manager.connection.driver.preparePersistentValue(new Date(), metadata.findColumnWithPropertyName('createdDate')!);
    const userName = context.user.name;
    const width = COLUMNS.length;
    const row = `(${Array.from({ length: width }, () => '?').join(', ')})`;
    const head = `INSERT INTO recSheetLine (${COLUMNS.join(', ')}) VALUES `;
    let statement = '';
    let statementRows = 0;
    for (let i = 0; i < lines.length; i += INSERT_BATCH) {
      const batch = lines.slice(i, i + INSERT_BATCH);
      if (batch.length !== statementRows) {
        statement = head + Array.from({ length: batch.length }, () => row).join(', ');
        statementRows = batch.length;
      }
      const params: unknown[] = new Array(batch.length * width);
      let p = 0;
      for (const line of batch) {
        params[p++] = data.recSheetID;
        params[p++] = line.saleDate;
        params[p++] = line.storeID;
        params[p++] = line.storeName;
        params[p++] = line.orderRef;
        params[p++] = line.sku;
        params[p++] = line.description;
        params[p++] = (line.revenuePence / 100).toFixed(2);
        params[p++] = worksheetNames[line.worksheet];
        params[p++] = line.rowNumber;
        params[p++] = data.fileID;
        params[p++] = 0;
        params[p++] = '';
        params[p++] = context.operationID;
        params[p++] = userName;
        params[p++] = now;
        params[p++] = userName;
        params[p++] = now;
      }
      await manager.query(statement, params);
      const done = i + batch.length;
      await context.progress(`Committing ${thousands(done)} of ${thousands(lines.length)} lines`, 50 + (done / lines.length) * 50);
    }
    return lines.length;
  }
}
