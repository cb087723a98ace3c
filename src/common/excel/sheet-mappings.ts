import { InvalidInput } from '../http/validation-result';
import { MAX_XLSX_ROWS } from './xlsx-parts';
import { columnLetter, headerNotFound, MAX_XLSX_COLUMN, type HeaderSearch } from './xlsx-reader';

/**
 * What every xlsx mapping import shares (the rate card upload, the rec sheet import): the
 * `mappings: { [worksheet]: { [field]: column } }` part of the request, checked by hand with the
 * same messages, and the report row of a refused cell with its message.
 */

/** Worksheets a request may map. */
export const MAX_WORKSHEETS = 255;
/** Fields one worksheet's mapping may hold (a rate card maps per-store fields). */
export const MAX_FIELDS_PER_SHEET = 10_000;

/** A JSON object: not null, not an array, not anything with a prototype of its own. */
export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** worksheet → field → column number (1-based); a field sent as null (not mapped) is left out. */
export type SheetMappings = Map<string, Map<string, number>>;

export interface SheetMappingRules {
  /** The field names a mapping may use ('Unknown field x' otherwise); omitted, any name passes (checked later). */
  fields?: ReadonlySet<string>;
  /** Refuse `{}` ('Map the columns of at least one worksheet'). */
  requireOne?: boolean;
}

/**
 * Checks `mappings` of an upload request, adding each problem to `errors` under `mappings`,
 * `mappings.{sheet}` or `mappings.{sheet}.{field}` (names cut to 40 characters); answers what
 * passed.
 */
export function parseSheetMappings(value: unknown, errors: Record<string, string>, rules: SheetMappingRules = {}): SheetMappings {
  const mappings: SheetMappings = new Map();
  if (!isPlainObject(value)) {
    errors.mappings = 'mappings must be an object of worksheet names, each an object of field names and column numbers';
    return mappings;
  }
  const sheets = Object.entries(value);
  if (rules.requireOne && sheets.length === 0) errors.mappings = 'Map the columns of at least one worksheet';
  if (sheets.length > MAX_WORKSHEETS) errors.mappings = `mappings may name at most ${MAX_WORKSHEETS} worksheets`;
  for (const [sheet, fields] of sheets.slice(0, MAX_WORKSHEETS)) {
    const at = `mappings.${sheet.slice(0, 40)}`;
    if (!isPlainObject(fields)) {
      errors[at] = 'A worksheet mapping must be an object of field names and column numbers';
      continue;
    }
    const entries = Object.entries(fields);
    if (entries.length > MAX_FIELDS_PER_SHEET) {
      errors[at] = `A worksheet mapping may hold at most ${MAX_FIELDS_PER_SHEET} fields`;
      continue;
    }
    const map = new Map<string, number>();
    for (const [field, col] of entries) {
      const name = field.slice(0, 40);
      if (rules.fields && !rules.fields.has(field)) {
        errors[`${at}.${name}`] = `Unknown field ${name}`;
        continue;
      }
      if (col === null) continue;
      if (typeof col !== 'number' || !Number.isInteger(col) || col < 1 || col > MAX_XLSX_COLUMN) {
        errors[`${at}.${name}`] = `A column must be a whole number from 1 to ${MAX_XLSX_COLUMN}, or null`;
        continue;
      }
      map.set(field, col);
    }
    mappings.set(sheet, map);
  }
  return mappings;
}

/**
 * The `headerRows: { [worksheet]: row }` part of an upload request: the header row the user
 * picked in the wizard where the one found was not it. Absent: every sheet's is found. Problems
 * go to `errors` under `headerRows` or `headerRows.{sheet}`.
 */
export function parseHeaderRows(value: unknown, errors: Record<string, string>): Map<string, number> {
  const rows = new Map<string, number>();
  if (value === undefined) return rows;
  if (!isPlainObject(value)) {
    errors.headerRows = 'headerRows must be an object of worksheet names, each a row number';
    return rows;
  }
  const entries = Object.entries(value);
  if (entries.length > MAX_WORKSHEETS) errors.headerRows = `headerRows may name at most ${MAX_WORKSHEETS} worksheets`;
  for (const [sheet, row] of entries.slice(0, MAX_WORKSHEETS)) {
    if (typeof row !== 'number' || !Number.isInteger(row) || row < 1 || row > MAX_XLSX_ROWS) {
      errors[`headerRows.${sheet.slice(0, 40)}`] = `A header row must be a whole number from 1 to ${MAX_XLSX_ROWS}`;
      continue;
    }
    rows.set(sheet, row);
  }
  return rows;
}

/** The 400 for a header row the user chose that holds nothing. */
export function chosenRowEmpty(sheet: string, row: number): InvalidInput {
  return new InvalidInput({ [`headerRows.${sheet.slice(0, 40)}`]: `Row ${row} of worksheet ${sheet.slice(0, 40)} holds no headers` });
}

/**
 * An upload's worksheet past its header search: refused (400, on `mappings`) when no header row
 * was found within the limits, or (on `headerRows.{sheet}`) when the row the user chose holds nothing.
 */
export function requireHeader(sheet: string, search: HeaderSearch, chosenRow: number | undefined): void {
  if (search.limitReached) throw headerNotFound(sheet, search, 'mappings');
  if (chosenRow !== undefined && search.row === null) throw chosenRowEmpty(sheet, chosenRow);
}

/** One refused cell of an upload's report (docs/http-api.md, "Upload of lines (xlsx)" and "Import (xlsx)"). */
export interface UploadError {
  worksheet: string;
  row: number;
  /** Column number (1-based), as the mapping names it; the message shows its letter. 0 on a worksheet warning. */
  col: number;
  value: string;
  error: string;
  message: string;
}

/** The message an upload report shows for a refused cell (spec 02 section 5). */
export function uploadErrorMessage(row: number, col: number, value: string, error: string): string {
  return `Row ${row} col ${columnLetter(col)} value "${value}" error: "${error}"`;
}
