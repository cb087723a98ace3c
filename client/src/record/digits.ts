/**
 * Whole-number boxes declared digits-only (spec 01 §5, e.g. contractMonths):
 * anything typed or pasted that is not a digit is dropped as it comes in.
 */
export function acceptDigitsText(previous: string, next: string, max?: number): string {
  const digits = next.replace(/\D/g, '');
  if (max !== undefined && digits !== '' && Number(digits) > max) return previous;
  return digits;
}

/** The number the digits stand for; null when the box is empty. */
export function digitsTextToNumber(text: string): number | null {
  return text === '' ? null : Number(text);
}

/** The text shown for a number from the record or the form ('' when there is none). */
export function numberToDigitsText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = Number(value);
  return Number.isFinite(amount) ? String(Math.trunc(amount)) : '';
}
