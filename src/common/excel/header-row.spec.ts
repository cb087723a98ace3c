import { findHeaderRow, isTextCell } from './header-row';
import type { CellValue, XlsxRow } from './xlsx-parts';

/** Rows from arrays of cells (column A first); row numbers from 1. */
const sheet = (...rows: CellValue[][]): XlsxRow[] => rows.map((cells, i) => ({ number: i + 1, cells: [undefined as unknown as CellValue, ...cells] }));
const HEADERS = ['Txn Date', 'Store', 'Order No.', 'SKU', 'Description', 'Net Revenue'];
const data = (n: number): CellValue[] => ['01/10/2026', 'Leeds', `ORD-${n}`, 'IP15', 'iPhone 15', 12.5];

describe('findHeaderRow', () => {
  it('takes row 1 of a tidy sheet', () => {
    expect(findHeaderRow(sheet(HEADERS, data(1), data(2)), true)).toBe(0);
  });

  it('passes over a title block: a company name, a period line, a blank row', () => {
    const rows = sheet(['Acme Mobile Ltd - Dealer commission statement'], ['Period:', 'October 2026'], [], HEADERS, data(1), data(2), data(3));
    expect(findHeaderRow(rows, true)).toBe(3);
  });

  it('passes over key-value lines narrower than the table', () => {
    const rows = sheet(['Dealer', 'Acme Mobile'], ['Account', 'Leeds group'], ['Statement date', '31/10/2026'], HEADERS, data(1), data(2));
    expect(findHeaderRow(rows, true)).toBe(3);
  });

  it('asks for more rows before judging a candidate with few rows under it, unless the sheet ends', () => {
    const rows = sheet(['Acme'], HEADERS, data(1));
    expect(findHeaderRow(rows, false)).toBe('more');
    expect(findHeaderRow(rows, true)).toBe(1);
    // Nothing like a header yet: read on, unless the sheet ends.
    expect(findHeaderRow(sheet(['Acme']), false)).toBe('more');
  });

  it('keeps the first row with anything in it when no row looks like a header', () => {
    expect(findHeaderRow(sheet([], ['Only a title']), true)).toBe(1);
    expect(findHeaderRow(sheet(HEADERS), true)).toBe(0);
    expect(findHeaderRow(sheet([], []), true)).toBe(-1);
  });

  it('does not take a row of numbers for headers', () => {
    expect(findHeaderRow(sheet([2026, 10, 31], HEADERS, data(1)), true)).toBe(1);
  });

  it('counts numbers written as text, money and brackets as numbers, not labels', () => {
    expect(['12.50', '£1,234.50', '(12.50)', '12.50-', '15%'].map(isTextCell)).toEqual([false, false, false, false, false]);
    expect(['Revenue', 'Order No.', 'Q3 2026'].map(isTextCell)).toEqual([true, true, true]);
  });
});
