import { acceptDigitsText, digitsTextToNumber, numberToDigitsText } from '../record/digits';

/**
 * How a typed grid cell filters keystrokes (spec 02 §5): digits only (footfall, chats, store
 * totals, hours), or digits with one decimal point, optionally with at most `maxDecimals`
 * decimals (staff count; per-user targets take 2).
 */
export type GridInputKind = { kind: 'digits' } | { kind: 'decimal'; maxDecimals?: number };

/** The text after a keystroke: the new text when the kind allows it, otherwise the previous one. */
export function acceptCellText(input: GridInputKind, previous: string, next: string): string {
  if (input.kind === 'digits') return acceptDigitsText(previous, next);
  const decimals = input.maxDecimals === undefined ? '*' : `{0,${input.maxDecimals}}`;
  // maxDecimals 0 leaves no room for a point at all: the box is then digits only.
  const pattern = input.maxDecimals === 0 ? /^\d*$/ : new RegExp(`^\\d*(\\.\\d${decimals})?$`);
  return pattern.test(next) ? next : previous;
}

/** The number the text stands for; null when the box is empty (or holds only a point). */
export function cellTextToNumber(input: GridInputKind, text: string): number | null {
  if (input.kind === 'digits') return digitsTextToNumber(text);
  if (text === '' || text === '.') return null;
  const amount = Number(text);
  return Number.isFinite(amount) ? amount : null;
}

/** The text a cell shows for a value from the server or another edit ('' for none). */
export function numberToCellText(input: GridInputKind, value: unknown): string {
  if (input.kind === 'digits') return numberToDigitsText(value);
  if (value === null || value === undefined || value === '') return '';
  const amount = Number(value);
  return Number.isFinite(amount) ? String(amount) : '';
}

/** What a box not being edited shows: its number through `format` ('£125,000.00'), or '' when empty. */
export function formattedCellText(input: GridInputKind, text: string, format: (value: number) => string): string {
  const amount = cellTextToNumber(input, text);
  return amount === null ? '' : format(amount);
}
