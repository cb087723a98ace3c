import { HttpException, Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { uploadErrorMessage } from '../../../common/excel/sheet-mappings';
import { XlsxReader } from '../../../common/excel/xlsx-reader';
import { InvalidInput } from '../../../common/http/validation-result';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { FilesService } from '../../files/files.service';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { PermanentJobFailure } from '../../jobs/job-runner';
import type { JobContext, JobHandlerInstance, JobOutcome, OperationView } from '../../jobs/job.types';
import { JobsService } from '../../jobs/jobs.service';
import { RecSheet } from '../entities/rec-sheet.entity';
import { MAX_LISTED_ERRORS, refusal, thousands, type ImportReportRow, type ImportResult, type ImportSummary } from './import-report';
import { FIELD_ORDER, rowsOfMessage, type PartReportRow, type RecSheetImportSheetData, type RecSheetImportSheetResult } from './rec-sheet-import-sheet.job';
import { completeMapping, type RecSheetImportRequest } from './rec-sheet-import.request';
import { REC_SHEET_LIBRARY } from './rec-sheet-import.service';
import { clearAbandoned, clearStaged, commitStaged, countCrossSheetDuplicates, crossSheetDuplicates, firstStaged } from './staging';
import { SHEET_SKIPPED } from './upload-fields';

export type { ImportReportRow, ImportResult, ImportSummary } from './import-report';
export { MAX_LISTED_ERRORS } from './import-report';

/** The job's data: the request as checked by POST /recSheetLines/excel, and how many worksheets the file has. */
export interface RecSheetImportData extends RecSheetImportRequest {
  worksheets: number;
}

/** What the commit's transaction stores with the operation (commitOnce), answered again to a retry. */
interface CommittedImport {
  data: ImportSummary;
  listData: ImportReportRow[];
}

/** A report row with where it sorts: worksheet position, row, field (-1: the worksheet's warning). */
interface Placed {
  sheetIndex: number;
  field: number;
  item: ImportReportRow;
}

const ORDER_REF_FIELD = FIELD_ORDER.indexOf('orderRef');

/**
 * A rec sheet upload (spec 02 sections 2.3 and 5), fanned out per worksheet: this job checks the
 * sheet and file, plans the worksheets (one not mapping every field is skipped with a warning),
 * queues one recSheetImportSheet part per mapped worksheet (on their own queue, so several
 * workers read sheets side by side) and waits for them, reporting their progress as its own.
 * The parts stage their rows (recSheetImportLine); this job then finds order numbers repeated
 * across worksheets with one GROUP BY over the staged rows and, with commit and no errors, writes
 * every staged row as a line with one INSERT ... SELECT in the commitOnce transaction (all or
 * nothing; a retried job writes nothing twice). The staged rows are deleted once the import is
 * done, refused, or failed for good.
 */
@JobHandler('recSheetImport')
export class RecSheetImportJob implements JobHandlerInstance<RecSheetImportData, JobOutcome<ImportResult>> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly files: FilesService,
    private readonly xlsx: XlsxReader,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(data: RecSheetImportData, context: JobContext): Promise<JobOutcome<ImportResult>> {
    // A run of a commit that an earlier run finished (a retry, or a job taken up again after its
    // worker died) answers what that run wrote, without reading the file again.
    const earlier = data.commit ? await context.committed<CommittedImport>() : null;
    if (earlier) {
      await clearStaged(this.dataSource, context.operationID);
      return this.finish(data, context, earlier);
    }
    try {
      return await this.importFile(data, context);
    } catch (error) {
      // A retry reuses the parts and what they staged; only a run that will not be retried clears it.
      const final = error instanceof HttpException || error instanceof PermanentJobFailure || context.attempt >= this.config.jobAttempts;
      if (final) await clearStaged(this.dataSource, context.operationID).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Writes every staged row of the import as a line, in the commit's transaction (one statement).
   * Its own method so a test can make it fail.
   */
  async writeLines(manager: EntityManager, data: RecSheetImportData, context: JobContext): Promise<void> {
    await commitStaged(manager, context.operationID, { recSheetID: data.recSheetID, fileID: data.fileID, userName: context.user.name });
  }

  private async importFile(data: RecSheetImportData, context: JobContext): Promise<JobOutcome<ImportResult>> {
    const { operationID } = context;
    await clearAbandoned(this.dataSource);
    const sheet = await this.dataSource.getRepository(RecSheet).findOneBy({ recSheetID: data.recSheetID });
    if (!sheet) throw new InvalidInput({ recSheetID: 'The rec sheet no longer exists' });
    const opened = await this.files.openUpload(data.fileID, context.user, REC_SHEET_LIBRARY, 'xlsx');
    // The plan: the workbook's list of worksheets only (no sheet is read here).
    const names: string[] = [];
    await this.xlsx.forEachWorksheet(opened.path, async (ws) => {
      names.push(ws.name);
    });

    const summary: ImportSummary = { worksheets: 0, skippedWorksheets: [], rows: 0, lines: 0, errors: 0, committed: false, recSheetID: data.recSheetID };
    const placed: Placed[] = [];
    const parts: RecSheetImportSheetData[] = [];
    names.forEach((worksheet, sheetIndex) => {
      const mapping = completeMapping(data.mappings, worksheet);
      if (mapping) {
        parts.push({ parentOperationID: operationID, recSheetID: data.recSheetID, fileID: data.fileID, worksheet, sheetIndex, mapping, commit: data.commit });
        return;
      }
      summary.skippedWorksheets.push(worksheet);
      placed.push({ sheetIndex, field: -1, item: { worksheet, row: 0, col: 0, value: '', error: SHEET_SKIPPED, message: SHEET_SKIPPED, warning: true } });
    });
    summary.worksheets = parts.length;

    const span = data.commit ? 90 : 95;
    const partIDs = parts.length ? await this.jobs.enqueueParts('recSheetImportSheet', parts, context.user, operationID) : [];
    const views = await this.jobs.waitForParts(partIDs, (seen) => this.partsProgress(seen, context, span));
    const failed = views.find((v) => v.state === 'failed');
    if (failed) throw new PermanentJobFailure(failed.error ?? 'A worksheet could not be read', failed.result ?? undefined);
    if (views.length < partIDs.length) throw new PermanentJobFailure('A worksheet of the import was lost');

    let lines = 0;
    /** Repeats within a worksheet after the first: the order number, should it first be on an earlier worksheet. */
    const repeats: Array<{ entry: Placed; orderRef: string }> = [];
    for (const view of views) {
      const part = view.result as RecSheetImportSheetResult;
      summary.rows += part.rows;
      summary.errors += part.errors;
      lines += part.lines;
      for (const row of part.report as PartReportRow[]) {
        const { field, repeats: orderRef, ...item } = row;
        const entry = { sheetIndex: part.sheetIndex, field, item };
        placed.push(entry);
        if (orderRef !== undefined && part.sheetIndex > 0) repeats.push({ entry, orderRef });
      }
    }
    const across = await countCrossSheetDuplicates(this.dataSource, operationID);
    summary.errors += across;
    if (across > 0) {
      const name = (sheetIndex: number) => names[sheetIndex] ?? '';
      for (const d of await crossSheetDuplicates(this.dataSource, operationID, MAX_LISTED_ERRORS)) {
        const col = parts.find((p) => p.sheetIndex === d.sheetIndex)!.mapping.orderRef;
        const value = d.orderText || d.orderRef;
        const error = `Order number ${d.orderRef} is already on row ${d.firstRow} of worksheet ${name(d.firstSheet)}`;
        placed.push({ sheetIndex: d.sheetIndex, field: ORDER_REF_FIELD, item: { worksheet: name(d.sheetIndex), row: d.rowNumber, col, value, error, message: uploadErrorMessage(d.rowNumber, col, value, error) } });
      }
      // A repeat within a later worksheet of a number first seen on an earlier one names where it was first seen in the file.
      if (repeats.length) {
        const first = await firstStaged(this.dataSource, operationID, repeats.map((r) => r.orderRef));
        for (const { entry, orderRef } of repeats) {
          const at = first.get(orderRef);
          if (!at || at.sheetIndex >= entry.sheetIndex) continue;
          const { row, col, value } = entry.item;
          entry.item.error = `Order number ${orderRef} is already on row ${at.rowNumber} of worksheet ${name(at.sheetIndex)}`;
          entry.item.message = uploadErrorMessage(row, col, value, entry.item.error);
        }
      }
    }

    placed.sort((a, b) => a.sheetIndex - b.sheetIndex || a.item.row - b.item.row || a.field - b.field);
    const report: ImportReportRow[] = [];
    let listed = 0;
    for (const { item } of placed) {
      if (!item.warning) {
        if (listed >= MAX_LISTED_ERRORS) continue;
        listed += 1;
      }
      report.push(item);
    }

    summary.lines = summary.errors ? 0 : lines;
    // Row errors are the run's answer, as the wizard shows them: a completed run whose validationResult fails.
    if (summary.errors > 0 || !data.commit) {
      await clearStaged(this.dataSource, operationID);
      const validationResult = summary.errors > 0 ? refusal(summary.errors) : { fail: false };
      return { result: { validationResult, data: summary, listData: report }, resultID: data.recSheetID };
    }

    await context.progress(`Committing ${thousands(lines)} lines`, span);
    const { value } = await context.commitOnce(async (manager): Promise<CommittedImport> => {
      await this.writeLines(manager, data, context);
      return { data: { ...summary, committed: true }, listData: report };
    });
    await clearStaged(this.dataSource, operationID);
    return this.finish(data, context, value);
  }

  /** The parts' progress as the import's: rows read of rows declared, over every worksheet. */
  private async partsProgress(views: OperationView[], context: JobContext, span: number): Promise<void> {
    let read = 0;
    let declared = 0;
    let known = true;
    let percent = 0;
    for (const view of views) {
      const done = view.state === 'completed' ? (view.result as RecSheetImportSheetResult | null) : null;
      if (done) {
        read += done.rowsRead;
        declared += done.rowsDeclared ?? done.rowsRead;
        percent += 100;
        continue;
      }
      const rows = rowsOfMessage(view.message);
      if (rows) read += rows.row;
      if (rows?.of) declared += rows.of;
      else known = false;
      percent += view.percentage;
    }
    const n = views.length;
    const message = `Validating ${n} ${n === 1 ? 'sheet' : 'sheets'}: ${thousands(read)}${known ? ` of ${thousands(declared)}` : ''} rows`;
    await context.progress(message, n ? (percent / n / 100) * span : 0);
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
}
