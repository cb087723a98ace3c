import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { forEachWorksheet, hasContent, plainCellValue, worksheetHeaders } from './xlsx-reader';

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

describe('reading workbooks the streaming reader cannot', () => {
  /** exceljs stores xl/workbook.xml last; with several sheets its own streaming reader then fails. */
  async function manySheets(count: number): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    for (let n = 1; n <= count; n += 1) {
      const sheet = workbook.addWorksheet(`Sheet ${n}`);
      sheet.addRow(['SKU', 'Description']);
      for (let r = 1; r <= 30; r += 1) sheet.addRow([`S${n}-${r}`, `Item ${r}`]);
    }
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  it('offers the headers of every sheet of an eight-sheet workbook written by exceljs', async () => {
    const file = await manySheets(8);
    const headers = await worksheetHeaders(() => Readable.from(file));
    expect(headers.map((sheet) => sheet.worksheet)).toEqual(['Sheet 1', 'Sheet 2', 'Sheet 3', 'Sheet 4', 'Sheet 5', 'Sheet 6', 'Sheet 7', 'Sheet 8']);
    expect(headers[7].headers).toEqual([
      { col: 1, header: 'SKU' },
      { col: 2, header: 'Description' },
    ]);
  });

  it('gives every row of every sheet once, with Excel row numbers', async () => {
    const file = await manySheets(8);
    const seen: string[] = [];
    await forEachWorksheet(
      () => Readable.from(file),
      async (sheet) => {
        for await (const row of sheet.rows()) if (row.number > 1) seen.push(`${sheet.index}:${row.number}:${String(row.cells[1])}`);
      },
    );
    expect(seen).toHaveLength(8 * 30);
    expect(seen[0]).toBe('0:2:S1-1');
    expect(seen.at(-1)).toBe('7:31:S8-30');
  });

  it('still refuses a file that is not a workbook', async () => {
    await expect(worksheetHeaders(() => Readable.from(Buffer.from('not a zip at all')))).rejects.toMatchObject({
      response: { validationResult: { failMessages: { fileID: 'The file could not be read as an Excel (xlsx) workbook' } } },
    });
  });
});
