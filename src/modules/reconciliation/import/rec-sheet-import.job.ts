import { HttpException, Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { forUpdate } from '../../../common/db/locks';
import { uploadErrorMessage } from '../../../common/excel/sheet-mappings';
import { XlsxReader } from '../../../common/excel/xlsx-reader';
import { InvalidInput } from '../../../common/http/validation-result';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { FilesService } from '../../files';
import { JobHandler } from '../../jobs';
import { PermanentJobFailure } from '../../jobs';
import type { JobContext, JobHandlerInstance, JobOutcome, OperationView } from '../../jobs';
import { JobsService } from '../../jobs';
import { RecSheet } from '../entities/rec-sheet.entity';
import { MAX_LISTED_ERRORS, refusal, thousands, type ImportReportRow, type ImportResult, type ImportSummary } from './import-report';
import { FIELD_ORDER, rowsOfMessage, type RecSheetImportSheetData, type RecSheetImportSheetResult } from './rec-sheet-import-sheet.job';
import { completeMapping, type RecSheetImportRequest } from './rec-sheet-import.request';
import { REC_SHEET_LIBRARY } from './rec-sheet-import.service';
import { matchingValidation, supersede, sweepStaging, type KeptValidation } from './kept-validations';
import { clearStaged, commitStaged, countCrossSheetDuplicates, crossSheetDuplicates, firstStaged, sheetConflicts, type SheetConflict } from './staging';
import { SHEET_SKIPPED } from '../../../shared/rec-sheet-upload-fields';

export type { ImportReportRow, ImportResult, ImportSummary } from './import-report';
export { MAX_LISTED_ERRORS } from './import-report';

/** The job's data: the request as checked by POST /recSheetLines/excel, and how many worksheets the file has. */
export interface RecSheetImportData extends RecSheetImportRequest {
  worksheets: number;
}

declare module '../../jobs/job-payloads' {
  interface JobPayloads {
    recSheetImport: RecSheetImportData;
  }
}

/** What the commit's transaction stores with the operation (commitOnce), answered again to a retry. */
interface CommittedImport {
  data: ImportSummary;
  listData: ImportReportRow[];
  /** The kept validation whose staged rows were committed (deleted by a retry if the run died before it could). */
  reused?: number;
}

/** What one run has taken on, for its clean-up should it fail. */
interface RunState {
  /** The kept validation the run is committing. */
  reused?: number;
}

/** What a commit writes: whose staged rows, what the result says, how many lines are expected. */
interface CommitPlan {
  /** The staged rows' import: this run's, or the kept validation's. */
  staged: number;
  /** The kept validation, when its rows are the ones committed. */
  reused?: number;
  summary: ImportSummary;
  /** The report as validated (only warnings: a report with errors is never committed). */
  report: ImportReportRow[];
  /** The workbook's worksheets, in tab order (for placing report rows). */
  names: string[];
  lines: number;
  /** A kept validation is committed only for the user's stores as of now. */
  storeIDs?: readonly number[];
  percentage: number;
}

/** The sheet has, by now, some of the staged order numbers: the commit is refused with a report. */
class SheetConflicts extends Error {
  constructor(
    readonly count: number,
    readonly rows: SheetConflict[],
  ) {
    super(`${count} order numbers are already on the sheet`);
  }
}

/** The staged rows are not all there (a kept validation deleted meanwhile, or a store no longer the user's). */
class StagingChanged extends Error {
  constructor(expected: number, written: number) {
    super(`Expected to write ${expected} lines from the staged rows, wrote ${written}: the staged rows changed`);
  }
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
 * nothing; a retried job writes nothing twice), after locking the rec sheet's row and checking the
 * staged order numbers against the sheet's lines by one join (a concurrent import's lines are
 * reported, not crashed into). An error-free validation keeps its staged rows: the commit of the
 * same request by the same user commits them without parts (kept-validations.ts). Other staged
 * rows are deleted once the import is done, refused, or failed for good.
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
      if (earlier.reused) await clearStaged(this.dataSource, earlier.reused);
      return this.finish(data, context, earlier);
    }
    const state: RunState = {};
    try {
      return await this.importFile(data, context, state);
    } catch (error) {
      // A retry reuses the parts and what they staged (or the kept validation); only a run that will not be retried clears it.
      const final = error instanceof HttpException || error instanceof PermanentJobFailure || context.attempt >= this.config.jobAttempts;
      if (final) {
        await clearStaged(this.dataSource, context.operationID).catch(() => undefined);
        if (state.reused) await clearStaged(this.dataSource, state.reused).catch(() => undefined);
      }
      throw error;
    }
  }

  /**
   * Writes every staged row of `staged` (an import's operation: this one's, or a kept validation's)
   * as a line, in the commit's transaction (one statement); answers how many it wrote. Its own
   * method so a test can make it fail or wait.
   */
  async writeLines(manager: EntityManager, data: RecSheetImportData, context: JobContext, staged: number, storeIDs?: readonly number[]): Promise<number> {
    return commitStaged(manager, staged, {
      recSheetID: data.recSheetID,
      fileID: data.fileID,
      operationID: context.operationID,
      userName: context.user.name,
      storeIDs,
    });
  }

  private async importFile(data: RecSheetImportData, context: JobContext, state: RunState): Promise<JobOutcome<ImportResult>> {
    const { operationID } = context;
    const kept = await sweepStaging(this.dataSource, this.jobs);
    const sheet = await this.dataSource.getRepository(RecSheet).findOneBy({ recSheetID: data.recSheetID });
    if (!sheet) throw new InvalidInput({ recSheetID: 'The rec sheet no longer exists' });
    const opened = await this.files.openUpload(data.fileID, context.user, REC_SHEET_LIBRARY, 'xlsx');
    // The plan: the workbook's list of worksheets only (no sheet is read here).
    const names: string[] = [];
    await this.xlsx.forEachWorksheet(opened.path, async (ws) => {
      names.push(ws.name);
    });

    if (!data.commit) await supersede(this.dataSource, kept, context.user.userID, data.recSheetID);
    else {
      // The wizard validated this very request a moment ago: commit what that validation staged.
      const validation = matchingValidation(kept, context.user.userID, data);
      if (validation) {
        state.reused = validation.operationID;
        const outcome = await this.commitValidation(data, context, validation, names);
        if (outcome) return outcome;
        // Its rows changed under it: validate the file as if there had been no validation.
        await clearStaged(this.dataSource, validation.operationID);
        state.reused = undefined;
      }
    }

    const summary: ImportSummary = {
      worksheets: 0,
      skippedWorksheets: [],
      rows: 0,
      skippedRows: 0,
      lines: 0,
      errors: 0,
      committed: false,
      recSheetID: data.recSheetID,
    };
    const placed: Placed[] = [];
    const parts: RecSheetImportSheetData[] = [];
    names.forEach((worksheet, sheetIndex) => {
      const mapping = completeMapping(data.mappings, worksheet);
      if (mapping) {
        const headerRow = data.headerRows && Object.prototype.hasOwnProperty.call(data.headerRows, worksheet) ? data.headerRows[worksheet] : undefined;
        parts.push({
          parentOperationID: operationID,
          recSheetID: data.recSheetID,
          fileID: data.fileID,
          worksheet,
          sheetIndex,
          mapping,
          headerRow,
          commit: data.commit,
        });
        return;
      }
      summary.skippedWorksheets.push(worksheet);
      placed.push({ sheetIndex, field: -1, item: { worksheet, row: 0, col: 0, value: '', error: SHEET_SKIPPED, message: SHEET_SKIPPED, warning: true } });
    });
    summary.worksheets = parts.length;

    const span = data.commit ? 90 : 95;
    const partIDs = parts.length ? await this.jobs.enqueueParts('recSheetImportSheet', parts, context.user, operationID) : [];
    const views = await this.jobs.waitForParts(partIDs, (seen) => this.partsProgress(seen, context, span), context);
    const failed = views.find((v) => v.state === 'failed');
    if (failed) throw new PermanentJobFailure(failed.error ?? 'A worksheet could not be read', failed.result ?? undefined);
    if (views.length < partIDs.length) throw new PermanentJobFailure('A worksheet of the import was lost');

    let lines = 0;
    /** Repeats within a worksheet after the first: the order number, should it first be on an earlier worksheet. */
    const repeats: Array<{ entry: Placed; orderRef: string }> = [];
    for (const view of views) {
      const part = view.result as RecSheetImportSheetResult;
      summary.rows += part.rows;
      summary.skippedRows += part.skippedRows;
      summary.errors += part.errors;
      lines += part.lines;
      for (const row of part.report) {
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
        placed.push({
          sheetIndex: d.sheetIndex,
          field: ORDER_REF_FIELD,
          item: { worksheet: name(d.sheetIndex), row: d.rowNumber, col, value, error, message: uploadErrorMessage(d.rowNumber, col, value, error) },
        });
      }
      // A repeat within a later worksheet of a number first seen on an earlier one names where it was first seen in the file.
      if (repeats.length) {
        const first = await firstStaged(
          this.dataSource,
          operationID,
          repeats.map((r) => r.orderRef),
        );
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
      // An error-free validation keeps its staged rows for the commit that follows (kept-validations.ts).
      if (summary.errors > 0) await clearStaged(this.dataSource, operationID);
      const validationResult = summary.errors > 0 ? refusal(summary.errors) : { fail: false };
      // The last word is the figure the report gives, not the last row number a part reported.
      const n = summary.worksheets;
      await context.progress(
        `Validated ${n} ${n === 1 ? 'sheet' : 'sheets'}: ${thousands(summary.rows)} rows, ${thousands(summary.errors)} ${summary.errors === 1 ? 'error' : 'errors'}`,
        100,
      );
      return { result: { validationResult, data: summary, listData: report }, resultID: data.recSheetID };
    }
    return this.commit(data, context, { staged: operationID, summary, report, names, lines, percentage: span });
  }

  /**
   * Commits a kept validation's staged rows (no part, no reading of rows): the same commit as
   * after a validation, for the user's stores as of now. Answers null when the rows are not all
   * there any more (the caller then validates the file).
   */
  private async commitValidation(
    data: RecSheetImportData,
    context: JobContext,
    validation: KeptValidation,
    names: string[],
  ): Promise<JobOutcome<ImportResult> | null> {
    const { data: summary, listData } = validation.result;
    try {
      return await this.commit(data, context, {
        staged: validation.operationID,
        reused: validation.operationID,
        summary: { ...summary },
        report: listData,
        names,
        lines: summary.lines,
        storeIDs: context.user.storeIDs,
        percentage: 10,
      });
    } catch (error) {
      if (error instanceof StagingChanged) return null;
      throw error;
    }
  }

  /**
   * The commit, in one commitOnce transaction: lock the rec sheet row (so two imports into one
   * sheet take turns here), check the staged order numbers against the sheet's lines by one join
   * (lines written since the validation, by another import or by hand), then one INSERT ...
   * SELECT. Order numbers now on the sheet refuse the commit with a report and write nothing.
   * The staged rows are deleted once it is over.
   */
  private async commit(data: RecSheetImportData, context: JobContext, plan: CommitPlan): Promise<JobOutcome<ImportResult>> {
    await context.progress(`Committing ${thousands(plan.lines)} lines`, plan.percentage);
    let committed: CommittedImport;
    try {
      ({ value: committed } = await context.commitOnce(async (manager): Promise<CommittedImport> => {
        await this.lockSheet(manager, data.recSheetID);
        const conflicts = await sheetConflicts(manager, plan.staged, data.recSheetID, MAX_LISTED_ERRORS);
        if (conflicts.count) throw new SheetConflicts(conflicts.count, conflicts.rows);
        const written = await this.writeLines(manager, data, context, plan.staged, plan.storeIDs);
        if (written !== plan.lines) throw new StagingChanged(plan.lines, written);
        return { data: { ...plan.summary, committed: true }, listData: plan.report, ...(plan.reused ? { reused: plan.reused } : {}) };
      }));
    } catch (error) {
      if (!(error instanceof SheetConflicts)) throw error;
      await clearStaged(this.dataSource, plan.staged);
      return this.conflictReport(data, plan, error);
    }
    await clearStaged(this.dataSource, plan.staged);
    return this.finish(data, context, committed);
  }

  /** Locks the rec sheet's row for the commit's transaction (SELECT ... FOR UPDATE on MariaDB; SQLite's transactions take turns). */
  private async lockSheet(manager: EntityManager, recSheetID: number): Promise<void> {
    const found = await forUpdate(
      manager
        .getRepository(RecSheet)
        .createQueryBuilder('sheet')
        .select('sheet.recSheetID', 'recSheetID')
        .where('sheet.recSheetID = :recSheetID', { recSheetID }),
    ).getRawOne<{ recSheetID: unknown }>();
    if (!found) throw new InvalidInput({ recSheetID: 'The rec sheet no longer exists' });
  }

  /** The commit refused: the validation's warnings and each staged row whose order number the sheet now has, in file order. */
  private conflictReport(data: RecSheetImportData, plan: CommitPlan, conflicts: SheetConflicts): JobOutcome<ImportResult> {
    const placed: Placed[] = plan.report.map((item) => ({ sheetIndex: plan.names.indexOf(item.worksheet), field: -1, item }));
    for (const c of conflicts.rows) {
      const worksheet = plan.names[c.sheetIndex] ?? c.worksheet;
      const col = completeMapping(data.mappings, worksheet)?.orderRef ?? 0;
      const value = c.orderText || c.orderRef;
      const error = `Order number ${c.orderRef} is already on this sheet`;
      placed.push({
        sheetIndex: c.sheetIndex,
        field: ORDER_REF_FIELD,
        item: { worksheet, row: c.rowNumber, col, value, error, message: uploadErrorMessage(c.rowNumber, col, value, error) },
      });
    }
    placed.sort((a, b) => a.sheetIndex - b.sheetIndex || a.item.row - b.item.row || a.field - b.field);
    const summary: ImportSummary = { ...plan.summary, lines: 0, errors: conflicts.count, committed: false };
    return { result: { validationResult: refusal(conflicts.count), data: summary, listData: placed.map((p) => p.item) }, resultID: data.recSheetID };
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
