import { isPlainObject, parseHeaderRows, parseSheetMappings } from '../../../common/excel/sheet-mappings';
import { MAX_ID } from '../../../common/http/dto-fields';
import { InvalidInput } from '../../../common/http/validation-result';
import { REC_SHEET_FIELD_NAMES, type RecSheetField } from '../../../shared/rec-sheet-upload-fields';

/** One worksheet's columns (1-based) per field; a field absent (or sent as null) is not mapped. */
export type RecSheetMapping = Partial<Record<RecSheetField, number>>;

/** POST /recSheetLines/excel, checked by hand: `mappings` is keyed by the file's own sheet names. */
export interface RecSheetImportRequest {
  fileID: number;
  recSheetID: number;
  commit: boolean;
  autoRec: boolean;
  /** worksheet → field → column number (1-based). */
  mappings: Record<string, RecSheetMapping>;
  /** worksheet → the header row the user chose in the wizard (absent: found). */
  headerRows?: Record<string, number>;
}

const BODY_FIELDS = new Set(['fileID', 'recSheetID', 'mappings', 'headerRows', 'commit', 'autoRec']);
const FIELDS = new Set<string>(REC_SHEET_FIELD_NAMES);

const isID = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_ID;

/** A worksheet's mapping when it maps every upload field (only such a sheet is read), else null. */
export function completeMapping(mappings: RecSheetImportRequest['mappings'], worksheet: string): Record<RecSheetField, number> | null {
  const mapping = Object.prototype.hasOwnProperty.call(mappings, worksheet) ? mappings[worksheet] : undefined;
  if (!mapping || !REC_SHEET_FIELD_NAMES.every((field) => typeof mapping[field] === 'number')) return null;
  return mapping as Record<RecSheetField, number>;
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
  const parsed = parseSheetMappings(body.mappings, errors, { fields: FIELDS, requireOne: true });
  const headerRows = parseHeaderRows(body.headerRows, errors);
  if (Object.keys(errors).length) throw new InvalidInput(errors);
  // fromEntries defines own properties, so a sheet called __proto__ stays a sheet.
  const mappings: RecSheetImportRequest['mappings'] = Object.fromEntries(
    [...parsed].map(([sheet, fields]) => [sheet, Object.fromEntries(fields) as RecSheetMapping]),
  );
  return {
    fileID: body.fileID as number,
    recSheetID: body.recSheetID as number,
    commit: body.commit === true,
    autoRec: body.autoRec === true,
    mappings,
    ...(headerRows.size ? { headerRows: Object.fromEntries(headerRows) } : {}),
  };
}
