import { MAX_XLSX_COLUMN } from '../../../common/excel/xlsx-reader';
import { MAX_ID } from '../../../common/http/dto-fields';
import { InvalidInput } from '../../../common/http/validation-result';
import { REC_SHEET_FIELD_NAMES, type RecSheetField } from './upload-fields';

/** POST /recSheetLines/excel, checked by hand: `mappings` is keyed by the file's own sheet names. */
export interface RecSheetImportRequest {
  fileID: number;
  recSheetID: number;
  commit: boolean;
  autoRec: boolean;
  /** worksheet → field → column number (1-based) or null (not mapped). */
  mappings: Record<string, Partial<Record<RecSheetField, number | null>>>;
}

const BODY_FIELDS = new Set(['fileID', 'recSheetID', 'mappings', 'commit', 'autoRec']);
const MAX_WORKSHEETS = 255;
const FIELDS = new Set<string>(REC_SHEET_FIELD_NAMES);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

const isID = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_ID;

/** Whether a worksheet's mapping maps every upload field (only such a sheet is read). */
export function mapsEveryField(mapping: RecSheetImportRequest['mappings'][string] | undefined): boolean {
  return !!mapping && REC_SHEET_FIELD_NAMES.every((field) => typeof mapping[field] === 'number');
}

/** The body's shape: ids, flags and the mapping's structure; 400 (InvalidInput) naming each wrong part. */
export function parseImportRequest(body: unknown): RecSheetImportRequest {
  if (!isPlainObject(body)) throw new InvalidInput({ body: 'Send a JSON object' });
  const errors: Record<string, string> = {};
  for (const key of Object.keys(body)) if (!BODY_FIELDS.has(key)) errors[key.slice(0, 50)] = `Unknown field ${key.slice(0, 50)}`;
  if (!isID(body.fileID)) errors.fileID = 'Choose a file';
  if (!isID(body.recSheetID)) errors.recSheetID = 'Choose a rec sheet';
  for (const flag of ['commit', 'autoRec'] as const) {
    if (body[flag] !== undefined && typeof body[flag] !== 'boolean') errors[flag] = `${flag} must be true or false`;
  }
  const mappings: RecSheetImportRequest['mappings'] = {};
  if (!isPlainObject(body.mappings)) {
    errors.mappings = 'mappings must be an object of worksheet names, each an object of field names and column numbers';
  } else {
    const sheets = Object.entries(body.mappings);
    if (sheets.length === 0) errors.mappings = 'Map the columns of at least one worksheet';
    if (sheets.length > MAX_WORKSHEETS) errors.mappings = `mappings may name at most ${MAX_WORKSHEETS} worksheets`;
    for (const [sheet, fields] of sheets.slice(0, MAX_WORKSHEETS)) {
      const at = `mappings.${sheet.slice(0, 40)}`;
      if (!isPlainObject(fields)) {
        errors[at] = 'A worksheet mapping must be an object of field names and column numbers';
        continue;
      }
      const mapping: RecSheetImportRequest['mappings'][string] = {};
      for (const [field, col] of Object.entries(fields)) {
        if (!FIELDS.has(field)) {
          errors[`${at}.${field.slice(0, 40)}`] = `Unknown field ${field.slice(0, 40)}`;
          continue;
        }
        if (col === null) {
          mapping[field as RecSheetField] = null;
          continue;
        }
        if (typeof col !== 'number' || !Number.isInteger(col) || col < 1 || col > MAX_XLSX_COLUMN) {
          errors[`${at}.${field}`] = `A column must be a whole number from 1 to ${MAX_XLSX_COLUMN}, or null`;
          continue;
        }
        mapping[field as RecSheetField] = col;
      }
      mappings[sheet] = mapping;
    }
  }
  if (Object.keys(errors).length) throw new InvalidInput(errors);
  return {
    fileID: body.fileID as number,
    recSheetID: body.recSheetID as number,
    commit: body.commit === true,
    autoRec: body.autoRec === true,
    mappings,
  };
}
