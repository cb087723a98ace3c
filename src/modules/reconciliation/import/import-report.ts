import type { UploadError } from '../../../common/excel/sheet-mappings';

/** One row of the import report: a refused cell, or (row 0, col 0) a worksheet's warning. */
export interface ImportReportRow extends UploadError {
  warning?: boolean;
}

export interface ImportSummary {
  /** Worksheets read (every field mapped). */
  worksheets: number;
  /** Worksheets skipped: not every field mapped ('Sheet skipped due to incomplete mapping'). */
  skippedWorksheets: string[];
  /** Data rows read (blank rows are not counted). */
  rows: number;
  /** Rows under the table that are not sales (totals, notes): skipped, each a warning. */
  skippedRows: number;
  /** Lines the rows make (written when committed). */
  lines: number;
  /** Refused cells in all. */
  errors: number;
  committed: boolean;
  recSheetID: number;
}

/** The import operation's result (the wizard reads it). */
export interface ImportResult {
  validationResult: { fail: boolean; failSummary?: string; failMessages?: Record<string, string> };
  data: ImportSummary;
  listData: ImportReportRow[];
  /** With autoRec: the auto-reconcile operation queued after the commit. */
  autoRecOperationID?: number;
}

/** At most this many refused cells are listed; failSummary gives the total. */
export const MAX_LISTED_ERRORS = 1000;
/** Values are quoted in messages up to this many characters. */
export const MAX_VALUE_SHOWN = 100;

export const thousands = (n: number) => n.toLocaleString('en-GB');

/** The validationResult of a report with row errors. */
export function refusal(total: number): ImportResult['validationResult'] {
  const failSummary = `${total} ${total === 1 ? 'error' : 'errors'}` + (total > MAX_LISTED_ERRORS ? ` (the first ${MAX_LISTED_ERRORS} are listed)` : '');
  return { fail: true, failSummary, failMessages: {} };
}
