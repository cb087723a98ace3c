/**
 * The field mapping of the xlsx upload wizards (rate card lines, rec sheet lines; spec 02 §2.3,
 * §4 "Upload wizards"): per worksheet, which column feeds which upload field. The saved
 * preference (`defaults/rateCardMap`, `defaults/recSheetMap`) is keyed by header names, not
 * column numbers, so a mapping made for one file carries over to the next file with the same
 * headers, wherever the columns sit.
 */
import { normalizeHeader } from '../../../../src/shared/header-names';

export interface UploadField {
  field: string;
  label: string;
  required: boolean;
  /** Other headers suppliers give the column ('Txn date' for 'Sale date'): mapped on their own. */
  aliases?: string[];
}

export interface SheetHeaders {
  worksheet: string;
  /** The row the headers are on: found past any title block, or chosen by the user; null when the sheet has none. */
  headerRow?: number | null;
  headers: { col: number; header: string }[];
  /** The rows near the top the user may pick as the header row instead. */
  rowChoices?: { row: number; text: string }[];
}

/** field -> column number (absent or null: not mapped). */
export type SheetMapping = Record<string, number | null | undefined>;

/** Normalised header name -> field, as saved in the preference. */
export type MappingPreference = Record<string, string>;

/** 'Customer RRP ' and 'customer_rrp' read the same; supplier templates (server) compare headers by the same function. */
export { normalizeHeader };

const compact = (text: string) => normalizeHeader(text).replace(/ /g, '');
/** The same words in any order: 'Leeds Briggate Revenue' reads as 'Revenue - Leeds Briggate'. */
const words = (text: string) => normalizeHeader(text).split(' ').sort().join(' ');

/** The preference's JSON text; anything unreadable counts as no preference. */
export function parsePreference(text: string | null | undefined): MappingPreference {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const result: MappingPreference = {};
    for (const [header, field] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof field === 'string' && header) result[normalizeHeader(header)] = field;
    }
    return result;
  } catch {
    return {};
  }
}

/**
 * A worksheet's starting mapping: first the saved preference (a header mapped
 * to a field before), then headers named like the field's label or name
 * ('Customer RRP', 'customerRRP', 'RRP' for a label 'RRP'), or holding the
 * label's words in another order ('Leeds Briggate Revenue' for 'Revenue - Leeds
 * Briggate'), then headers named as one of the field's aliases ('Txn Date',
 * 'Order No.', 'Net Revenue'). A column feeds at most one field.
 */
export function prefillSheet(sheet: SheetHeaders, fields: UploadField[], preference: MappingPreference): SheetMapping {
  const mapping: SheetMapping = {};
  const used = new Set<number>();
  const fieldNames = new Set(fields.map((f) => f.field));
  for (const { col, header } of sheet.headers) {
    const field = preference[normalizeHeader(header)];
    if (field && fieldNames.has(field) && mapping[field] === undefined && !used.has(col)) {
      mapping[field] = col;
      used.add(col);
    }
  }
  for (const field of fields) {
    if (mapping[field.field] !== undefined) continue;
    const names = new Set([compact(field.label), compact(field.field)]);
    const labelWords = words(field.label);
    const aliases = new Set((field.aliases ?? []).map(compact));
    const match =
      sheet.headers.find((h) => !used.has(h.col) && names.has(compact(h.header))) ??
      sheet.headers.find((h) => !used.has(h.col) && words(h.header) === labelWords) ??
      sheet.headers.find((h) => !used.has(h.col) && aliases.has(compact(h.header)));
    if (match) {
      mapping[field.field] = match.col;
      used.add(match.col);
    }
  }
  return mapping;
}

export type SheetStatus = 'complete' | 'incomplete' | 'empty';

const isMapped = (value: number | null | undefined) => value !== null && value !== undefined;

/** Complete when every required field has a column; a sheet that is not complete is skipped. */
export function sheetStatus(mapping: SheetMapping | undefined, fields: UploadField[]): SheetStatus {
  const any = fields.some((f) => isMapped(mapping?.[f.field]));
  if (!any) return 'empty';
  return fields.filter((f) => f.required).every((f) => isMapped(mapping?.[f.field])) ? 'complete' : 'incomplete';
}

/** The body's `mappings`: complete worksheets only, mapped fields only. */
export function toMappings(
  sheets: SheetHeaders[],
  mappingBySheet: Record<string, SheetMapping>,
  fields: UploadField[],
): Record<string, Record<string, number>> {
  const result: Record<string, Record<string, number>> = {};
  for (const sheet of sheets) {
    const mapping = mappingBySheet[sheet.worksheet];
    if (sheetStatus(mapping, fields) !== 'complete') continue;
    const entries = Object.entries(mapping).filter((entry): entry is [string, number] => isMapped(entry[1]));
    result[sheet.worksheet] = Object.fromEntries(entries);
  }
  return result;
}

/**
 * The body's `mappings` with every worksheet, each field a column or null: the server skips an
 * incompletely mapped sheet itself and reports it ('Sheet skipped due to incomplete mapping').
 */
export function allSheetMappings(
  sheets: SheetHeaders[],
  mappingBySheet: Record<string, SheetMapping>,
  fields: UploadField[],
): Record<string, Record<string, number | null>> {
  const result: Record<string, Record<string, number | null>> = {};
  for (const sheet of sheets) {
    const mapping = mappingBySheet[sheet.worksheet] ?? {};
    result[sheet.worksheet] = Object.fromEntries(fields.map((f) => [f.field, isMapped(mapping[f.field]) ? (mapping[f.field] as number) : null]));
  }
  return result;
}

/** The body's `headerRows`: every worksheet's header row as the wizard showed it, so the import reads the same. */
export function headerRowsOf(sheets: SheetHeaders[]): Record<string, number> {
  const rows: Record<string, number> = {};
  for (const sheet of sheets) if (typeof sheet.headerRow === 'number') rows[sheet.worksheet] = sheet.headerRow;
  return rows;
}

/** 1 -> 'A', 27 -> 'AA'. */
export function columnLetter(col: number): string {
  let n = col;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/**
 * The preference after an import: every header of a used worksheet now maps
 * to the field it fed, and a header the user left unmapped forgets its old field.
 * Headers of other files are kept.
 */
export function updatePreference(
  preference: MappingPreference,
  sheets: SheetHeaders[],
  mappingBySheet: Record<string, SheetMapping>,
  fields: UploadField[],
): MappingPreference {
  const next: MappingPreference = { ...preference };
  for (const sheet of sheets) {
    const mapping = mappingBySheet[sheet.worksheet];
    if (sheetStatus(mapping, fields) !== 'complete') continue;
    for (const { col, header } of sheet.headers) {
      const key = normalizeHeader(header);
      if (!key) continue;
      const field = Object.keys(mapping).find((name) => mapping[name] === col);
      if (field) next[key] = field;
      else delete next[key];
    }
  }
  return next;
}

/**
 * What a supplier template keeps of a worksheet's mapping: each mapped header's normalised name
 * and the field it feeds. Applying it to another file is `prefillSheet` with these as the
 * preference: the same header names find their columns wherever they sit.
 */
export function templateMappingsOf(sheet: SheetHeaders, mapping: SheetMapping | undefined): MappingPreference {
  const result: MappingPreference = {};
  for (const { col, header } of sheet.headers) {
    const key = normalizeHeader(header);
    const field = Object.keys(mapping ?? {}).find((name) => mapping?.[name] === col);
    if (key && field && !Object.values(result).includes(field)) result[key] = field;
  }
  return result;
}
