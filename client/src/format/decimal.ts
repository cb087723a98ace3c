/**
 * Money and ratio inputs (spec 01 §5, spec 02 §5 "Other"): digits with an
 * optional decimal point and up to two decimals. A keystroke that would make
 * anything else is ignored, so the box never holds an invalid amount.
 */
const DECIMAL_TEXT = /^\d*(\.\d{0,2})?$/;

/** Whether typed text may stand in a money or ratio box ('', '12', '12.', '12.5', '.25'). */
export function isDecimalText(text: string): boolean {
  return DECIMAL_TEXT.test(text);
}

/**
 * The text after a keystroke: the new text when it is allowed, otherwise the
 * previous one. `max` (e.g. 1 for ratios) refuses amounts above it.
 */
export function acceptDecimalText(previous: string, next: string, max?: number): string {
  if (!isDecimalText(next)) return previous;
  if (max !== undefined && decimalTextToNumber(next) !== null && decimalTextToNumber(next)! > max) return previous;
  return next;
}

/** The amount the text stands for; null when there is none ('' or '.'). */
export function decimalTextToNumber(text: string): number | null {
  if (text === '' || text === '.') return null;
  const amount = Number(text);
  return Number.isFinite(amount) ? amount : null;
}

/** The text shown for an amount from the record or the form: pounds with two decimals ('12.50'), ratios as they are ('0.25'). */
export function numberToDecimalText(value: unknown, kind: 'money' | 'ratio' = 'ratio'): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = Number(value);
  if (!Number.isFinite(amount)) return '';
  const rounded = Math.round(amount * 100) / 100;
  return kind === 'money' ? rounded.toFixed(2) : String(rounded);
}

const moneyAmountFormat = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** How a money box not being edited shows its amount, beside its '£': '1,234.50' ('' for none). */
export function moneyBoxText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = Number(value);
  return Number.isFinite(amount) ? moneyAmountFormat.format(amount) : '';
}
