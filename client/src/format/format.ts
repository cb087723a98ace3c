import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

const poundsFormat = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '£1,234.56': thousands separators and two decimals (spec 01 §1). */
export function formatPounds(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = Number(value);
  return Number.isFinite(amount) ? poundsFormat.format(amount) : '';
}

const integerFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

export function formatInteger(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = Number(value);
  return Number.isFinite(amount) ? integerFormat.format(amount) : '';
}

/**
 * A record's value as text: '' for none, words and numbers as they are. Rows are
 * Record<string, unknown> whose values are scalars; an object (never expected) reads as JSON
 * rather than '[object Object]'.
 */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

/** A whole number in a field named `name`: an id ('saleID') as it is, since it is a name, not a quantity ('Sale 73358', never '73,358'); anything else with thousands separators. */
export function formatIntegerField(name: string, value: unknown): string {
  if (/ID$/.test(name)) return textOf(value);
  return formatInteger(value);
}

/**
 * Date-only values travel as 'yyyy-mm-ddT00:00:00.000Z' (a calendar day, not an
 * instant), so they are read in UTC: in a browser west of Greenwich the local
 * reading would show the day before.
 */
export function formatDate(value: unknown): string {
  if (!value) return '';
  const day = dayjs.utc(textOf(value));
  return day.isValid() ? day.format('DD/MM/YYYY') : '';
}

/** Date-times are instants and show in the browser's time zone. */
export function formatDateTime(value: unknown): string {
  if (!value) return '';
  const moment = dayjs(textOf(value));
  return moment.isValid() ? moment.format('DD/MM/YYYY HH:mm') : '';
}

/** '00:00' .. '24:00' for a login hour. */
export function formatHour(value: unknown): string {
  const hour = Number(value);
  return Number.isInteger(hour) ? `${String(hour).padStart(2, '0')}:00` : '';
}

export const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Weekday bitmask: Sunday is bit 0 (1) .. Saturday bit 6 (64); 0 means every day. */
export function formatWeekdays(value: unknown): string {
  const mask = Number(value) || 0;
  if (mask === 0 || mask === 127) return 'Every day';
  return WEEKDAY_NAMES.filter((_, bit) => mask & (1 << bit)).join(', ');
}

/** Initials for the avatar: first letters of the first and last names. */
export function initialsOf(name: string | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0][0];
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return (first + last).toUpperCase();
}

const percentFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** A fraction as a percentage: 0.25 -> '25%' (ratios and percent metrics). */
export function formatRatio(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const fraction = Number(value);
  return Number.isFinite(fraction) ? `${percentFormat.format(fraction * 100)}%` : '';
}

/** camelCase identifiers as words: 'adjustedRevenueASP' -> 'Adjusted revenue ASP'. */
export function humanizeIdentifier(name: string): string {
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/\s+/)
    .filter(Boolean)
    .map((word, index) => (/^[A-Z]{2,}$/.test(word) ? word : index === 0 ? word[0].toUpperCase() + word.slice(1).toLowerCase() : word.toLowerCase()));
  return words.join(' ');
}
