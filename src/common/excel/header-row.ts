import type { CellValue, XlsxRow } from './xlsx-parts';

/**
 * Where a worksheet's headers are. A supplier's statement rarely starts with them: a company
 * name, a period line, a blank row or a logo row come first, and a title is often one merged
 * cell. The header row is the first row that looks like one: at least two text cells, about as
 * wide as the rows of data under it, with at least one such row. A sheet where no row looks like
 * that (a tidy list of headers alone, say) keeps the old rule: its first row holding anything.
 */

/** How many rows with content under a candidate are compared with it. */
export const HEADER_LOOKAHEAD_ROWS = 5;
/** A header is at least this share of the width of the widest of the rows under it (a header may leave a column unnamed). */
const MIN_WIDTH_SHARE = 0.6;

const NUMBER_TEXT = /^[-+(]?\s*[£$€]?\s*[\d,]*\.?\d+\s*\)?-?%?$/;

/** A cell that reads as a label: text that is not a number written as text. */
export function isTextCell(value: CellValue | undefined): boolean {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  return text !== '' && !NUMBER_TEXT.test(text);
}

const isFilled = (value: CellValue | undefined) => value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '');

export interface RowShape {
  /** Cells holding anything. */
  filled: number;
  /** Of those, text that is not a number. */
  text: number;
}

export function rowShape(row: XlsxRow): RowShape {
  let filled = 0;
  let text = 0;
  for (const value of row.cells) {
    if (!isFilled(value)) continue;
    filled += 1;
    if (isTextCell(value)) text += 1;
  }
  return { filled, text };
}

/**
 * The index in `rows` (a sheet's first rows, in order) of its header row, or -1 when no row holds
 * anything. `complete` says `rows` is the whole sheet: otherwise a candidate needs
 * HEADER_LOOKAHEAD_ROWS rows with content after it before it can be judged, and the answer is
 * 'more' to ask for them.
 */
export function findHeaderRow(rows: readonly XlsxRow[], complete: boolean): number | 'more' {
  const shapes = rows.map(rowShape);
  const withContent = shapes.map((shape, index) => ({ shape, index })).filter(({ shape }) => shape.filled > 0);
  for (let k = 0; k < withContent.length; k += 1) {
    const { shape, index } = withContent[k];
    if (shape.text < 2) continue;
    const below = withContent.slice(k + 1, k + 1 + HEADER_LOOKAHEAD_ROWS);
    if (below.length < HEADER_LOOKAHEAD_ROWS && !complete) return 'more';
    if (below.length === 0) continue;
    const widest = Math.max(...below.map((row) => row.shape.filled));
    if (shape.filled >= MIN_WIDTH_SHARE * widest) return index;
  }
  if (!complete) return 'more';
  return withContent.length ? withContent[0].index : -1;
}
