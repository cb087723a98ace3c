import { cellText, type CellValue } from '../../../common/excel/xlsx-reader';
import { isCalendarDate } from '../../../common/list/list-query';

/**
 * How a cell of a rec sheet becomes a line's value. Each converter answers the value, or
 * `undefined` with the reason in `cellError` (no object per cell: an import reads 600,000 cells).
 */
export let cellError = '';

const fail = (message: string): undefined => {
  cellError = message;
  return undefined;
};

export function isBlank(value: CellValue | undefined): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** Excel's day 0 is 1899-12-30 (so its 1900-02-29, serial 60, is skipped correctly from serial 61 on). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
/** 9999-12-31. */
const MAX_SERIAL = 2_958_465;
/** 1900-03-01: serials before it fall on Excel's false leap day or earlier. */
const MIN_SERIAL = 61;

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?Z?)?$/;
const UK = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

function ymd(y: number, m: number, d: number): string | undefined {
  if (y < 1900 || y > 9999) return undefined;
  const text = `${y}-${pad(m)}-${pad(d)}`;
  return isCalendarDate(text) ? text : undefined;
}

/** A date as yyyy-mm-dd: an Excel date (serial number or date cell), or text yyyy-mm-dd or dd/mm/yyyy. */
export function dateCell(value: CellValue | undefined, label: string): string | undefined {
  if (isBlank(value)) return fail(`${label} is required`);
  const message = `${label} must be a date (yyyy-mm-dd, dd/mm/yyyy or an Excel date)`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < MIN_SERIAL || value > MAX_SERIAL) return fail(message);
    return new Date(EXCEL_EPOCH_MS + Math.floor(value) * DAY_MS).toISOString().slice(0, 10);
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return fail(message);
    return ymd(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate()) ?? fail(message);
  }
  if (typeof value !== 'string') return fail(message);
  const text = value.trim();
  let match = ISO.exec(text);
  if (match) return ymd(Number(match[1]), Number(match[2]), Number(match[3])) ?? fail(message);
  match = UK.exec(text);
  if (match) return ymd(Number(match[3]), Number(match[2]), Number(match[1])) ?? fail(message);
  return fail(message);
}

/** Text up to `max` characters (numbers as written); blank is '' unless required. */
export function textCell(value: CellValue | undefined, label: string, max: number, required: boolean): string | undefined {
  if (isBlank(value)) return required ? fail(`${label} is required`) : '';
  if (typeof value === 'boolean') return fail(`${label} must be text`);
  const text = cellText(value);
  if (text.length > max) return fail(`${label} must be at most ${max} characters`);
  return text;
}

/** Tolerance for a spreadsheet's binary floating point (12.3 stored as 12.300000000000001). */
const PENNY_EPSILON = 1e-6;
const MONEY_TEXT = /^(-)?\s*£?\s*(-)?\s*(\d{1,3}(?:,\d{3})+|\d+)?(\.\d+)?$/;

/**
 * Money written as text, as statements write it: '-£1,234.50', '£ 12.50', and negatives in
 * accountants' brackets '(12.50)' or with a trailing minus '12.50-'. Answers pounds, or NaN.
 */
export function moneyText(value: string): number {
  let text = value.replace(/[\s\u00a0]+/g, '');
  let negative = false;
  const bracketed = /^\((.*)\)$/.exec(text);
  if (bracketed) {
    negative = true;
    text = bracketed[1];
  }
  if (text.endsWith('-')) {
    if (negative) return NaN;
    negative = true;
    text = text.slice(0, -1);
  }
  const match = MONEY_TEXT.exec(text);
  if (!match || (match[3] === undefined && match[4] === undefined) || (match[1] && match[2]) || (negative && (match[1] || match[2]))) return NaN;
  const pounds = Number(`${match[3] ? match[3].replace(/,/g, '') : '0'}${match[4] ?? ''}`);
  return negative || match[1] || match[2] ? -pounds : pounds;
}

/** Money in integer pence: a number (or text as moneyText reads it) with at most 2 decimals and |x| ≤ max pounds. */
export function moneyCell(value: CellValue | undefined, label: string, maxPence: number): number | undefined {
  if (isBlank(value)) return fail(`${label} is required`);
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string') {
    n = moneyText(value);
    if (Number.isNaN(n)) return fail(`${label} must be a number`);
  } else return fail(`${label} must be a number`);
  if (!Number.isFinite(n)) return fail(`${label} must be a number`);
  const pence = n * 100;
  const whole = Math.round(pence);
  if (Math.abs(pence - whole) > PENNY_EPSILON * Math.max(1, Math.abs(pence))) return fail(`${label} must have at most 2 decimals`);
  if (Math.abs(whole) > maxPence) return fail(`${label} must be between -${(maxPence / 100).toFixed(2)} and ${(maxPence / 100).toFixed(2)}`);
  return whole === 0 ? 0 : whole;
}
