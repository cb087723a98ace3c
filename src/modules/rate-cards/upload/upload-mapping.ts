import { isPlainObject, parseHeaderRows, parseSheetMappings } from '../../../common/excel/sheet-mappings';
import { MAX_ID } from '../../../common/http/dto-fields';
import { InvalidInput } from '../../../common/http/validation-result';
import { LINE_FIELDS, type LineField, type SaleTypeStoreInfo } from './upload-fields';

/** POST /rateCardLines/excel, checked by hand: `mappings` is keyed by the file's own sheet names. */
export interface UploadRequest {
  fileID: number;
  rateCardID: number;
  saleTypeID: number;
  commit: boolean;
  /** worksheet → field → column number (1-based); null/absent = not mapped. */
  mappings: Map<string, Map<string, number>>;
  /** worksheet → the header row the user chose (absent: found). */
  headerRows: Map<string, number>;
}

/** Where one worksheet's values are: column numbers (1-based) per field. */
export interface SheetPlan {
  line: Partial<Record<LineField, number>>;
  /** Per store of the sale type that has any column: its own columns, falling back to the all-stores ones. */
  stores: Array<{ storeID: number; revenue?: number; commission?: number; allRevenue?: number; allCommission?: number; active?: number }>;
  /** Every mapped column, to tell a blank row. */
  columns: number[];
}

const BODY_FIELDS = new Set(['fileID', 'rateCardID', 'saleTypeID', 'commit', 'mappings', 'headerRows']);

function id(value: unknown, label: string): number | string {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID ? value : `Choose a ${label}`;
}

/** The body's shape: ids, commit and the mapping's structure (the field names are checked against the sale type later). */
export function parseUploadRequest(body: unknown): UploadRequest {
  if (!isPlainObject(body)) throw new InvalidInput({ body: 'Send a JSON object' });
  const errors: Record<string, string> = {};
  for (const key of Object.keys(body)) if (!BODY_FIELDS.has(key)) errors[key] = `Unknown field ${key}`;
  const fileID = id(body.fileID, 'file');
  const rateCardID = id(body.rateCardID, 'rate card');
  const saleTypeID = id(body.saleTypeID, 'sale type');
  if (typeof fileID === 'string') errors.fileID = fileID;
  if (typeof rateCardID === 'string') errors.rateCardID = rateCardID;
  if (typeof saleTypeID === 'string') errors.saleTypeID = saleTypeID;
  if (body.commit !== undefined && typeof body.commit !== 'boolean') errors.commit = 'commit must be true or false';
  const mappings = parseSheetMappings(body.mappings, errors);
  const headerRows = parseHeaderRows(body.headerRows, errors);
  if (Object.keys(errors).length) throw new InvalidInput(errors);
  return {
    fileID: fileID as number,
    rateCardID: rateCardID as number,
    saleTypeID: saleTypeID as number,
    commit: body.commit === true,
    mappings,
    headerRows,
  };
}

/**
 * Each worksheet's plan from its mapping: every field must be one of the sale type's upload
 * fields, and a mapped worksheet must map the required ones. An empty mapping skips the sheet.
 */
export function planSheets(mappings: Map<string, Map<string, number>>, stores: readonly SaleTypeStoreInfo[]): Map<string, SheetPlan> {
  const storeIDs = new Set(stores.map((s) => s.storeID));
  const lineFields = new Set<string>(LINE_FIELDS.map((f) => f.field));
  const required = LINE_FIELDS.filter((f) => f.required);
  const errors: Record<string, string> = {};
  const plans = new Map<string, SheetPlan>();
  for (const [sheet, fields] of mappings) {
    if (fields.size === 0) continue;
    const at = `mappings.${sheet.slice(0, 40)}`;
    const line: SheetPlan['line'] = {};
    const perStore = new Map<number, { revenue?: number; commission?: number; active?: number }>();
    let allRevenue: number | undefined;
    let allCommission: number | undefined;
    for (const [field, col] of fields) {
      if (lineFields.has(field)) {
        line[field as LineField] = col;
        continue;
      }
      if (field === 'revenue') {
        allRevenue = col;
        continue;
      }
      if (field === 'commission') {
        allCommission = col;
        continue;
      }
      const match = /^(revenue|commission|active)\.(\d{1,10})$/.exec(field);
      const storeID = match ? Number(match[2]) : NaN;
      if (!match || !storeIDs.has(storeID)) {
        errors[`${at}.${field.slice(0, 40)}`] = match ? `Store ${match[2]} does not offer this sale type` : `Unknown field ${field.slice(0, 40)}`;
        continue;
      }
      const entry = perStore.get(storeID) ?? {};
      entry[match[1] as 'revenue' | 'commission' | 'active'] = col;
      perStore.set(storeID, entry);
    }
    const missing = required.filter((f) => line[f.field as LineField] === undefined);
    if (missing.length) errors[at] = `Map a column to ${missing.map((f) => f.label).join(', ')}`;
    const planStores: SheetPlan['stores'] = [];
    for (const store of stores) {
      const own = perStore.get(store.storeID) ?? {};
      if (own.revenue === undefined && own.commission === undefined && own.active === undefined && allRevenue === undefined && allCommission === undefined)
        continue;
      planStores.push({ storeID: store.storeID, ...own, allRevenue, allCommission });
    }
    plans.set(sheet, { line, stores: planStores, columns: [...new Set(fields.values())].sort((a, b) => a - b) });
  }
  if (Object.keys(errors).length) throw new InvalidInput(errors);
  return plans;
}
