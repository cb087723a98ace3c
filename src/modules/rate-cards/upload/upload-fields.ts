import { MAX_MONEY } from '../../../common/http/dto-fields';
import { cellText, type CellValue } from '../../../common/excel/xlsx-reader';
import { SKU_MAX_LENGTH } from '../entities/rate-card-line.entity';
import { MAX_CONTRACT_MONTHS as LINE_MAX_CONTRACT_MONTHS, SKU_PATTERN, skuMessage } from '../lines/rate-card-line.body';

/**
 * The fields a rate card upload maps columns to (docs/http-api.md, "Upload of lines (xlsx)"),
 * and how a cell becomes a field's value. Decisions in docs/decisions.md ("Rate card upload").
 */

export interface UploadField {
  field: string;
  label: string;
  required: boolean;
}

export const LINE_FIELDS: readonly UploadField[] = [
  { field: 'sku', label: 'SKU', required: true },
  { field: 'skuTypeName', label: 'SKU type', required: true },
  { field: 'description', label: 'Description', required: true },
  { field: 'customerRRP', label: 'Customer RRP', required: false },
  { field: 'customerMonthly', label: 'Customer monthly', required: false },
  { field: 'contractMonths', label: 'Contract months', required: false },
  { field: 'bandName', label: 'Band', required: false },
  { field: 'legacySKU', label: 'Legacy SKU', required: false },
];

export type LineField = 'sku' | 'skuTypeName' | 'description' | 'customerRRP' | 'customerMonthly' | 'contractMonths' | 'bandName' | 'legacySKU';

export interface SaleTypeStoreInfo {
  storeID: number;
  storeName: string;
}

/** Every field of a sale type's upload, in the order the wizard shows them. */
export function uploadFields(stores: readonly SaleTypeStoreInfo[]): UploadField[] {
  return [
    ...LINE_FIELDS,
    { field: 'revenue', label: 'Revenue - all stores', required: false },
    { field: 'commission', label: 'Commission - all stores', required: false },
    ...stores.flatMap((s) => [
      { field: `revenue.${s.storeID}`, label: `Revenue - ${s.storeName}`, required: false },
      { field: `commission.${s.storeID}`, label: `Commission - ${s.storeName}`, required: false },
      { field: `active.${s.storeID}`, label: `Active - ${s.storeName}`, required: false },
    ]),
  ];
}

export const DESCRIPTION_MAX_LENGTH = 255;
export const NAME_MAX_LENGTH = 100;
export const MAX_CONTRACT_MONTHS = LINE_MAX_CONTRACT_MONTHS;

/** A cell's converted value, or the error the message quotes. */
export type Converted<T> = { ok: true; value: T } | { ok: false; error: string };

const ok = <T>(value: T): Converted<T> => ({ ok: true, value });
const fail = (error: string): Converted<never> => ({ ok: false, error });

export function isBlank(value: CellValue | undefined): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** Text up to `max` characters; numbers are taken as written (a SKU of digits). */
export function textCell(value: CellValue | undefined, label: string, max: number, required: boolean): Converted<string | null> {
  if (isBlank(value)) return required ? fail(`${label} is required`) : ok(null);
  if (typeof value === 'boolean') return fail(`${label} must be text`);
  const text = cellText(value);
  if (text.length > max) return fail(`${label} must be at most ${max} characters`);
  return ok(text);
}

/** Tolerance for a spreadsheet's binary floating point (12.3 stored as 12.300000000000001). */
const PENNY_EPSILON = 1e-6;

/**
 * Money as integer pence: a number ≥ 0 with at most 2 decimals, as a number cell or as text
 * ('12.50', '£1,234.5'). A blank cell is 0.
 */
export function moneyCell(value: CellValue | undefined, label: string): Converted<number> {
  if (isBlank(value)) return ok(0);
  let n: number;
  if (typeof value === 'number') {
    n = value;
  } else if (typeof value === 'string') {
    const text = value.trim().replace(/^£\s*/, '');
    if (!/^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(text) && !/^-?\.\d+$/.test(text)) return fail(`${label} must be a number`);
    n = Number(text.replace(/,/g, ''));
  } else {
    return fail(`${label} must be a number`);
  }
  if (!Number.isFinite(n)) return fail(`${label} must be a number`);
  if (n < 0) return fail(`${label} must be at least 0`);
  if (n > MAX_MONEY) return fail(`${label} must be at most ${MAX_MONEY}`);
  const pence = n * 100;
  const whole = Math.round(pence);
  if (Math.abs(pence - whole) > PENNY_EPSILON * Math.max(1, Math.abs(pence))) return fail(`${label} must have at most 2 decimals`);
  return ok(whole);
}

/** A whole number of months, 0 to MAX_CONTRACT_MONTHS (the line form's limit); blank is 0. */
export function monthsCell(value: CellValue | undefined, label: string): Converted<number> {
  if (isBlank(value)) return ok(0);
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\s*-?\d+(\.0+)?\s*$/.test(value)) n = Number(value);
  else return fail(`${label} must be a whole number`);
  if (!Number.isInteger(n)) return fail(`${label} must be a whole number`);
  if (n < 0) return fail(`${label} must be at least 0`);
  if (n > MAX_CONTRACT_MONTHS) return fail(`${label} must be at most ${MAX_CONTRACT_MONTHS}`);
  return ok(n);
}

const YES = new Set(['1', 'y', 'yes', 'true', 'x', 'active']);
const NO = new Set(['0', 'n', 'no', 'false', 'inactive']);

/** Active at a store: yes/no, y/n, true/false, 1/0, x, active/inactive; blank → null (the default applies). */
export function activeCell(value: CellValue | undefined, label: string): Converted<boolean | null> {
  if (isBlank(value)) return ok(null);
  if (typeof value === 'boolean') return ok(value);
  if (typeof value === 'number') return value === 1 ? ok(true) : value === 0 ? ok(false) : fail(`${label} must be yes or no`);
  const text = cellText(value).toLowerCase();
  if (YES.has(text)) return ok(true);
  if (NO.has(text)) return ok(false);
  return fail(`${label} must be yes or no`);
}

export const SKU_LIMIT = SKU_MAX_LENGTH;

/** A SKU (or legacy SKU): text up to 25 characters in the line form's alphabet (the same rule as RateCardLineBody). */
export function skuCell(value: CellValue | undefined, label: string, required: boolean): Converted<string | null> {
  const text = textCell(value, label, SKU_LIMIT, required);
  if (!text.ok || text.value === null) return text;
  if (!SKU_PATTERN.test(text.value)) return fail(skuMessage(label));
  return text;
}
