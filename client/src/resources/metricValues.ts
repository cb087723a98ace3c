import { formatInteger, formatPounds, formatRatio, humanizeIdentifier } from '../format/format';
import type { ChoiceOption } from '../list/resource';

/**
 * Pure helpers of the metrics screens: the success value shown x100 for
 * percent metrics, the JSON check of a part's params, and the fields a
 * part may add up.
 */

export const METRIC_TYPES: ChoiceOption[] = [
  { value: 'percent', label: 'Percent' },
  { value: 'integer', label: 'Whole number' },
  { value: '2dp', label: 'Number (2 decimals)' },
  { value: 'money', label: 'Money (£)' },
];

/** successIsLess: 0 means the metric succeeds at or above the value, 1 at or below. */
export const SUCCESS_IS_LESS: ChoiceOption[] = [
  { value: 0, label: 'At least' },
  { value: 1, label: 'At most' },
];

export const DIVISION_PARTS: ChoiceOption[] = [
  { value: 'numerator', label: 'Numerator (added above the line)' },
  { value: 'denominator', label: 'Denominator (added below the line)' },
];

export const METRIC_TABLES: ChoiceOption[] = [
  { value: 'sales', label: 'Sales' },
  { value: 'dailyStats', label: 'Daily stats' },
];

/** Rounds away binary noise (0.07 * 100 = 7.000000000000001). */
function roundTo(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}

/** The stored value as the form shows it: a percent metric's fraction x100 (0.75 -> 75). */
export function successValueToForm(value: unknown, metricType: unknown): number {
  const amount = Number(value ?? 0);
  if (!Number.isFinite(amount)) return 0;
  return metricType === 'percent' ? roundTo(amount * 100, 4) : amount;
}

/** The typed value as the server stores it: a percent metric's 75 -> 0.75. Empty is 0 (unused). */
export function successValueToBody(value: unknown, metricType: unknown): number {
  const amount = value === null || value === undefined || value === '' ? 0 : Number(value);
  if (!Number.isFinite(amount)) return 0;
  // The server keeps 4 decimals: a percentage to 2 decimals (12.25% = 0.1225).
  return metricType === 'percent' ? roundTo(amount / 100, 4) : amount;
}

/** The success value as the tables read it, in the metric's own kind; 0 is 'Not used'. */
export function formatSuccessValue(value: unknown, metricType: unknown): string {
  const amount = Number(value ?? 0);
  if (!Number.isFinite(amount) || amount === 0) return 'Not used';
  return formatMetricValue(amount, metricType);
}

/** A filter name in params: as the list API's parameters are named. */
const PARAM_NAME = /^[A-Za-z][A-Za-z0-9]{0,49}$/;

/**
 * Spec 02 §5: params must be valid JSON, an object of list filters
 * ({ name: text | number | true/false }), with the server's messages; the
 * message shows under the field. Empty means no filters (stored as {}).
 */
export function paramsJsonError(text: unknown): string | undefined {
  const source = typeof text === 'string' ? text.trim() : '';
  if (source === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch {
    return 'Params must be valid JSON';
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return 'Params must be a JSON object of filters, e.g. {"saleTypeID": 2}';
  }
  for (const [name, value] of Object.entries(parsed)) {
    if (!PARAM_NAME.test(name)) return `Params: "${name.slice(0, 50)}" is not a filter name`;
    if (!['string', 'number', 'boolean'].includes(typeof value)) return `Params: the value of ${name} must be text, a number or true/false`;
  }
  return undefined;
}

/**
 * The fields a part of `tableName` may add up, from `GET /api/metricParts/fields`.
 * Accepts the list as rows `{ tableName, field }`, as `{ tableName, fields: [] }`
 * or as an object keyed by table name, inside `data` or `listData`.
 */
export function metricFieldOptions(body: unknown, tableName: unknown): ChoiceOption[] {
  const envelope = body as { data?: unknown; listData?: unknown } | null;
  const payload = envelope?.listData ?? envelope?.data ?? body;
  const names: string[] = [];
  const nameOf = (item: unknown): string | undefined =>
    typeof item === 'string'
      ? item
      : typeof item === 'object' && item
        ? (((item as Record<string, unknown>).field ?? (item as Record<string, unknown>).name) as string | undefined)
        : undefined;
  if (Array.isArray(payload)) {
    for (const item of payload) {
      if (typeof item === 'object' && item && 'tableName' in item) {
        const entry = item as { tableName: unknown; fields?: unknown[] };
        if (entry.tableName !== tableName) continue;
        if (Array.isArray(entry.fields)) entry.fields.forEach((f) => nameOf(f) && names.push(nameOf(f)!));
        else if (nameOf(item)) names.push(nameOf(item)!);
      } else if (nameOf(item)) {
        names.push(nameOf(item)!);
      }
    }
  } else if (payload && typeof payload === 'object' && typeof tableName === 'string') {
    const fields = (payload as Record<string, unknown>)[tableName];
    if (Array.isArray(fields)) fields.forEach((f) => nameOf(f) && names.push(nameOf(f)!));
  }
  return [...new Set(names)].map((name) => ({ value: name, label: humanizeIdentifier(name) }));
}

/**
 * A metric's or part's value as the metric's type shows it: percent x100 with %, money in
 * pounds, 2dp with two decimals, integer rounded. No value (a hidden figure, a denominator of 0) is '-'.
 */
export function formatMetricValue(value: unknown, metricType: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  const amount = Number(value);
  if (!Number.isFinite(amount)) return '-';
  switch (metricType) {
    case 'percent':
      return formatRatio(amount);
    case 'money':
      return formatPounds(amount);
    case 'integer':
      return formatInteger(amount);
    default:
      return amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }
}

/** Sales fields that are amounts of money (the others count sales or daily figures). */
const MONEY_FIELDS = ['adjustedRevenueTotal', 'adjustedRevenueASP', 'commissionTotal', 'commissionASP'];

/** A part's value as its field reads: pounds for revenue and commission, else a number. */
export function formatPartValue(value: unknown, field: unknown): string {
  if (MONEY_FIELDS.includes(String(field))) return formatMetricValue(value, 'money');
  if (value === null || value === undefined || !Number.isFinite(Number(value))) return '-';
  return Number(value).toLocaleString('en-GB', { maximumFractionDigits: 4 });
}
