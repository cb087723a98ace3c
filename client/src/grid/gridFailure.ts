import type { ValidationResult } from '../api/types';
import type { Failure } from '../record/DialogParts';

/**
 * What a refused grid save shows beside Save, in the record dialog's shape (failureFromResult):
 * with several failing cells 'Please correct {n} fields' over one 'Label - message' for each;
 * with one, that line alone. Unlike a dialog, a grid shows no message under its cells, so even a
 * single failure names its cell. `failLabel` turns a server key into the cell's label (a key it
 * does not know shows its message alone); a cell several keys name (a row's hours, carried on
 * each of its entries) is listed once. No field messages: the server's summary, else `fallback`.
 */
export function gridFailure(result: ValidationResult, fallback: string, failLabel?: (key: string) => string | undefined): Failure {
  const lines = Object.entries(result.failMessages ?? {}).map(([key, message]) => {
    const label = failLabel?.(key);
    return label ? `${label} - ${message}` : message;
  });
  const cells = [...new Set(lines)];
  if (cells.length > 1) return { summary: `Please correct ${cells.length} fields`, details: cells };
  return { summary: cells[0] ?? (result.failSummary || fallback), details: [] };
}
