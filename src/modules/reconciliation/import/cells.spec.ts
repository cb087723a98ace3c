import { normaliseOrderRef } from '../rec-sheets/line-rules';
import { cellError, moneyCell, moneyText } from './cells';
import { footerKind } from './rec-sheet-import-sheet.job';

describe('money as statements write it', () => {
  it('reads pounds, thousands, and negatives with a minus, in brackets or trailing', () => {
    expect(['12.50', '£1,234.50', '-£12.50', '£-12.50', '(12.50)', '(£1,234.50)', '12.50-', '£ 12.50', ' 1234.00 '].map(moneyText)).toEqual([
      12.5, 1234.5, -12.5, -12.5, -12.5, -1234.5, -12.5, 12.5, 1234,
    ]);
  });

  it('refuses what is not one amount', () => {
    for (const text of ['(12.50)-', '(-12.50)', '--12', '12,34.5', 'abc', '(', '£', '1.2.3']) expect(moneyText(text)).toBeNaN();
  });

  it('gives pence, and the message of the field', () => {
    expect(moneyCell('(10.05)', 'Revenue', 1_000_000)).toBe(-1005);
    expect(moneyCell('ten', 'Revenue', 1_000_000)).toBeUndefined();
    expect(cellError).toBe('Revenue must be a number');
  });
});

describe('order numbers as statements write them', () => {
  it('drops the apostrophe that keeps a number as text, spaces around it, and case', () => {
    expect(["'00123", ' ord-9 ', '\u00a0AB12\u00a0', "' x1"].map(normaliseOrderRef)).toEqual(['00123', 'ORD-9', 'AB12', 'X1']);
  });
});

describe('the footer under a statement', () => {
  const at = { saleDate: 1, storeName: 2, orderRef: 3, sku: 4, description: 5, revenue: 6 };
  const row = (...cells: Array<string | number | null>) => [null, ...cells];

  it('skips a totals row: a label, or the sum of the rows above', () => {
    expect(footerKind(row(null, null, null, null, 'Grand Total', 22.5), at, 2250)).toBe('total');
    expect(footerKind(row('Subtotal', null, null, null, null, 99), at, 2250)).toBe('total');
    expect(footerKind(row(null, null, null, null, null, '£22.50'), at, 2250)).toBe('total');
  });

  it('skips a note of one cell', () => {
    expect(footerKind(row('Payment will be made by BACS within 30 days'), at, 2250)).toBe('note');
  });

  it('keeps a row with an order number, or a sale row that only lacks one (an error to fix)', () => {
    expect(footerKind(row('01/10/2026', 'Leeds', 'ORD-1', 'IP15', 'Total care', 22.5), at, 2250)).toBeNull();
    expect(footerKind(row('01/10/2026', 'Leeds', null, 'IP15', 'iPhone', 10), at, 2250)).toBeNull();
  });
});
