import { hasContent, plainCellValue } from './xlsx-reader';

describe('xlsx cell values', () => {
  it('reduces rich text, formulas, hyperlinks and errors to what the cell shows', () => {
    expect(plainCellValue({ richText: [{ text: 'SKU ' }, { font: { bold: true }, text: 'code' }] })).toBe('SKU code');
    expect(plainCellValue({ richText: [{ text: 'A' }, { text: { nested: true } }, {}] })).toBe('A');
    expect(plainCellValue({ formula: 'A1*2', result: 4 })).toBe(4);
    expect(plainCellValue({ sharedFormula: 'B2', result: { richText: [{ text: 'x' }] } })).toBe('x');
    expect(plainCellValue({ formula: 'A1*2' })).toBeNull();
    expect(plainCellValue({ text: 'Link', hyperlink: 'https://example.com' })).toBe('Link');
    expect(plainCellValue({ error: '#N/A' })).toBe('#N/A');
    expect(plainCellValue('x')).toBe('x');
    expect(plainCellValue(0)).toBe(0);
    expect(plainCellValue(false)).toBe(false);
  });

  it('shows any other object as empty, never "[object Object]"', () => {
    // exceljs hands a shared string the file does not hold (no sharedStrings part) over as this.
    expect(plainCellValue({ sharedString: 3 })).toBe('');
    expect(plainCellValue({ something: 'else' })).toBe('');
    expect(plainCellValue([1, 2])).toBe('');
    expect(plainCellValue(BigInt(1))).toBe('');
  });

  it('a row has content when any cell shows text', () => {
    expect(hasContent({ number: 1, cells: [] })).toBe(false);
    expect(hasContent({ number: 1, cells: [undefined as never, null, '  ', ''] })).toBe(false);
    expect(hasContent({ number: 2, cells: [undefined as never, null, 'SKU'] })).toBe(true);
    expect(hasContent({ number: 2, cells: [undefined as never, 0] })).toBe(true);
  });
});
