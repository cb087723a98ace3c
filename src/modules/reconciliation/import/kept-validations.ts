import type { DataSource } from 'typeorm';
import type { JobsService, Operation } from '../../jobs';
import type { ImportResult } from './import-report';
import type { RecSheetImportRequest } from './rec-sheet-import.request';
import { clearStaged, stagedImports } from './staging';

/**
 * Validations kept for their commit (docs/decisions.md, "A commit reuses its validation"): an
 * error-free validation (commit false) leaves its staged rows in recSheetImportLine, keyed by its
 * operation; a commit by the same user of the same file into the same sheet with the same
 * mappings commits those rows instead of reading the file again.
 *
 * Nothing else records which validations are kept: the staging's distinct parentOperationIDs (a
 * loose scan of the primary key's leading column) joined to their operations says it all.
 */

/** A kept validation is used only this long after it finished; older ones are deleted by the next import. */
export const KEEP_VALIDATION_MS = 60 * 60 * 1000;

/** An error-free validation whose staged rows are still there. */
export interface KeptValidation {
  operationID: number;
  userID: number;
  fileID: number;
  recSheetID: number;
  /** mappingsKey of its request. */
  mappings: string;
  /** Its result, as the wizard read it (committed false, no errors). */
  result: ImportResult;
}

/**
 * The request's mappings and chosen header rows in one canonical form (sheets and fields sorted,
 * unmapped fields and sheets left out): equal mappings, equal keys.
 */
export function mappingsKey(mappings: RecSheetImportRequest['mappings'], headerRows: RecSheetImportRequest['headerRows'] = {}): string {
  const sheets: Array<[string, Array<[string, number]>]> = [];
  for (const sheet of Object.keys(mappings).sort()) {
    const fields = mappings[sheet] as Record<string, number | null | undefined>;
    const mapped = Object.keys(fields)
      .filter((f) => typeof fields[f] === 'number')
      .sort()
      .map((f): [string, number] => [f, fields[f] as number]);
    if (mapped.length) sheets.push([sheet, mapped]);
  }
  const rows = Object.keys(headerRows)
    .sort()
    .map((sheet) => [sheet, headerRows[sheet]]);
  return JSON.stringify(rows.length ? [sheets, rows] : sheets);
}

function parse<T>(json: string | null): T | null {
  try {
    return JSON.parse(json ?? 'null') as T;
  } catch {
    return null;
  }
}

/** Whether the operation is a validation whose staged rows are kept for its commit (now). */
export function isKeptValidation(operation: Operation, now = Date.now()): boolean {
  return keptOf(operation, now) !== null;
}

/** The operation as a kept validation, or null when it is not one (a commit, a refused or failed run, an old one). */
function keptOf(o: Operation, now: number): KeptValidation | null {
  if (o.name !== 'recSheetImport' || o.state !== 'completed' || o.parentOperationID !== null || !o.finishedDate) return null;
  if (now - new Date(o.finishedDate).getTime() > KEEP_VALIDATION_MS) return null;
  const data = parse<Partial<RecSheetImportRequest>>(o.data);
  const result = parse<ImportResult>(o.result);
  if (!data || data.commit !== false || !data.mappings || typeof data.fileID !== 'number' || typeof data.recSheetID !== 'number') return null;
  if (!result || result.validationResult?.fail !== false || result.data?.errors !== 0 || result.data?.committed !== false) return null;
  return {
    operationID: o.operationID,
    userID: o.userID,
    fileID: data.fileID,
    recSheetID: data.recSheetID,
    mappings: mappingsKey(data.mappings, data.headerRows),
    result,
  };
}

/**
 * Run at the start of every import: deletes the staged rows of imports that are over and are
 * not kept validations (failed, refused, committed yet left behind by a killed worker, or kept
 * longer than KEEP_VALIDATION_MS), each by the primary key's leading column, and answers the
 * kept validations left. Rows of imports still waiting or running are left alone.
 */
export async function sweepStaging(dataSource: DataSource, jobs: Pick<JobsService, 'storedOperations'>, now = Date.now()): Promise<KeptValidation[]> {
  const parents = await stagedImports(dataSource);
  if (!parents.length) return [];
  const operations = await jobs.storedOperations(parents);
  const byID = new Map(operations.map((o) => [o.operationID, o]));
  const kept: KeptValidation[] = [];
  for (const id of parents) {
    const operation = byID.get(id);
    if (operation && (operation.state === 'waiting' || operation.state === 'active')) continue;
    const validation = operation ? keptOf(operation, now) : null;
    if (validation) kept.push(validation);
    else await clearStaged(dataSource, id);
  }
  return kept;
}

/** The kept validation a commit of `request` by `userID` may use: the latest with the same file, sheet and mappings. */
export function matchingValidation(kept: readonly KeptValidation[], userID: number, request: RecSheetImportRequest): KeptValidation | null {
  const mappings = mappingsKey(request.mappings, request.headerRows);
  const matches = kept.filter((k) => k.userID === userID && k.fileID === request.fileID && k.recSheetID === request.recSheetID && k.mappings === mappings);
  return matches.sort((a, b) => b.operationID - a.operationID)[0] ?? null;
}

/**
 * A user starting a validation drops their older kept validations of the same rec sheet (the
 * wizard run again on that sheet supersedes them). Kept validations of other sheets stay: a
 * user may validate several sheets' files side by side and commit each.
 */
export async function supersede(dataSource: DataSource, kept: readonly KeptValidation[], userID: number, recSheetID: number): Promise<void> {
  for (const k of kept) if (k.userID === userID && k.recSheetID === recSheetID) await clearStaged(dataSource, k.operationID);
}
