import { columnLetter, MAX_XLSX_COLUMN } from './xlsx-reader';

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
