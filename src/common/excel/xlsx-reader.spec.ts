import ExcelJS from 'exceljs';
import { emptyRowsBomb, inlineCell, repeated, sharedStringsXml, sheetXml, withDeclaredSize, xlsxOf } from '../../../test/support/xlsx-files';
import { ClientGone } from '../http/client-gone';
import { DEFAULT_XLSX_LIMITS, type XlsxLimits } from './xlsx-limits';
import { columnOfReference, SharedStrings, type XlsxRow } from './xlsx-parts';
import { forEachWorksheet, hasContent, worksheetHeaders, type ReadOptions, type SheetHeaders, type XlsxSheet } from './xlsx-reader';
import { directoryRefusal, sharedStringsRefusal } from './xlsx-zip';

const MB = 1024 * 1024;

/** The failMessages.fileID of a refused read. */
async function refusalOf(reading: Promise<unknown>): Promise<string> {
  try {
    await reading;
  } catch (error) {
    const response = (error as { getResponse?: () => { validationResult?: { failMessages?: Record<string, string> } } }).getResponse?.();
    const message = response?.validationResult?.failMessages?.fileID;
    if (message) return message;
    throw error;
  }
  throw new Error('the file was read');
}

/** Every row of every sheet, as `sheet:row:cells` with cells by position. */
async function allRows(file: Buffer, options: ReadOptions = {}): Promise<Array<{ sheet: string; row: XlsxRow }>> {
  const rows: Array<{ sheet: string; row: XlsxRow }> = [];
  await forEachWorksheet(
    file,
    async (sheet) => {
      for await (const row of sheet.rows()) rows.push({ sheet: sheet.name, row });
    },
    options,
  );
  return rows;
}

const limits = (changes: Partial<XlsxLimits>): XlsxLimits => ({ ...DEFAULT_XLSX_LIMITS, ...changes });

/** The worksheets and their headers, without where they were found (tested on their own below). */
const headersOnly = async (answer: Promise<SheetHeaders[]>) => (await answer).map(({ worksheet, headers }) => ({ worksheet, headers }));

describe('rows and cells', () => {
  it('a row has content when any cell shows text', () => {
    expect(hasContent({ number: 1, cells: [] })).toBe(false);
    expect(hasContent({ number: 1, cells: [undefined as never, null, '  ', ''] })).toBe(false);
    expect(hasContent({ number: 2, cells: [undefined as never, null, 'SKU'] })).toBe(true);
    expect(hasContent({ number: 2, cells: [undefined as never, 0] })).toBe(true);
  });

  it('reads rows and cells without an r reference by position, after any that have one', async () => {
    const file = await xlsxOf({
      sheets: [
        {
          name: 'No refs',
          xml: sheetXml(
            `<row>${inlineCell('SKU')}<c/>${inlineCell('Description')}</row>` +
              `<row><c><v>12</v></c>${inlineCell('Phone')}</row>` +
              `<row r="5"><c r="C5"><v>3</v></c><c><v>4</v></c></row>` +
              `<row><c r="B"><v>5</v></c></row>`,
          ),
        },
      ],
    });
    expect(await headersOnly(worksheetHeaders(file))).toEqual([
      {
        worksheet: 'No refs',
        headers: [
          { col: 1, header: 'SKU' },
          { col: 3, header: 'Description' },
        ],
      },
    ]);
    const rows = (await allRows(file)).map(({ row }) => [row.number, ...row.cells.map((v, col) => `${col}=${String(v)}`).filter(Boolean)]);
    expect(rows).toEqual([
      [1, '1=SKU', '3=Description'],
      [2, '1=12', '2=Phone'],
      [5, '3=3', '4=4'],
      [6, '2=5'],
    ]);
  });

  it('reduces every kind of cell to what it shows', async () => {
    const strings = sharedStringsXml(
      '<si><t>Plain</t></si>' +
        '<si><r><t xml:space="preserve">SKU </t></r><r><rPr><b/></rPr><t>code</t></r><rPh sb="0" eb="1"><t>phonetic</t></rPh></si>' +
        '<si><t/></si>',
    );
    const cells =
      '<c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>99</v></c>' +
      `<c r="E1" t="inlineStr"><is><r><t>Rich </t></r><r><t>inline</t></r></is></c>` +
      '<c r="F1" t="str"><f>A1&amp;"!"</f><v>Plain!</v></c><c r="G1"><f>1+1</f><v>2</v></c><c r="H1"><f>1+1</f></c>' +
      '<c r="I1" t="b"><v>1</v></c><c r="J1" t="b"><v>0</v></c><c r="K1" t="e"><v>#N/A</v></c>' +
      '<c r="L1" t="d"><v>2024-03-01T00:00:00Z</v></c><c r="M1"><v>45352</v></c><c r="N1" s="3"/><c r="O1"><v> -1.5E2 </v></c>';
    const file = await xlsxOf({ sheets: [{ name: 'Kinds', xml: sheetXml(`<row r="1">${cells}</row>`) }], sharedStrings: strings });
    const [{ row }] = await allRows(file);
    expect(row.cells.slice(1)).toEqual([
      'Plain',
      'SKU code',
      '',
      '',
      'Rich inline',
      'Plain!',
      2,
      null,
      true,
      false,
      '#N/A',
      new Date('2024-03-01T00:00:00Z'),
      45352,
      undefined,
      -150,
    ]);
  });

  it('reads an eight-sheet workbook written by exceljs, every row once with its Excel row number, in tab order', async () => {
    const workbook = new ExcelJS.Workbook();
    for (let n = 1; n <= 8; n += 1) {
      const sheet = workbook.addWorksheet(`Sheet ${n}`);
      sheet.addRow(['SKU', 'Description']);
      for (let r = 1; r <= 30; r += 1) sheet.addRow([`S${n}-${r}`, `Item ${r}`]);
    }
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const headers = await worksheetHeaders(file);
    expect(headers.map((sheet) => sheet.worksheet)).toEqual(['Sheet 1', 'Sheet 2', 'Sheet 3', 'Sheet 4', 'Sheet 5', 'Sheet 6', 'Sheet 7', 'Sheet 8']);
    expect(headers[7].headers).toEqual([
      { col: 1, header: 'SKU' },
      { col: 2, header: 'Description' },
    ]);
    const seen: string[] = [];
    await forEachWorksheet(file, async (sheet) => {
      await sheet.header();
      for await (const row of sheet.rows()) seen.push(`${sheet.index}:${row.number}:${String(row.cells[1])}`);
    });
    expect(seen).toHaveLength(8 * 30);
    expect(seen[0]).toBe('0:2:S1-1');
    expect(seen.at(-1)).toBe('7:31:S8-30');
  });

  it('refuses a file that is not a workbook', async () => {
    expect(await refusalOf(worksheetHeaders(Buffer.from('not a zip at all')))).toBe('The file could not be read as an Excel (xlsx) workbook');
  });

  it('column letters of a reference', () => {
    expect([columnOfReference('A1'), columnOfReference('z9'), columnOfReference('AA1'), columnOfReference('XFD1'), columnOfReference('12')]).toEqual([
      1, 26, 27, 16384, 0,
    ]);
  });

  it('keeps shared strings in blocks, each found by its index', () => {
    const strings = new SharedStrings();
    for (let i = 0; i < 10_000; i += 1) strings.add(i % 7 === 0 ? '' : `string ${i}`);
    expect([
      strings.get(0),
      strings.get(1),
      strings.get(4094),
      strings.get(4096),
      strings.get(9999),
      strings.get(10_000),
      strings.get(-1),
      strings.get(1.5),
    ]).toEqual(['', 'string 1', 'string 4094', 'string 4096', 'string 9999', undefined, undefined, undefined]);
  });
});

describe('limits checked in the zip directory before anything is inflated', () => {
  const part = (uncompressedSize: number, compressedSize = uncompressedSize, fileName = 'xl/worksheets/sheet1.xml') => ({
    fileName,
    compressedSize,
    uncompressedSize,
  });

  it('each limit refuses with a message naming it', () => {
    const small = limits({ maxEntries: 3, maxPartBytes: 10 * MB, maxTotalBytes: 15 * MB, maxCompressionRatio: 50, maxSharedStringsBytes: 2 * MB });
    expect(directoryRefusal([part(1), part(1), part(1), part(1)], small)).toBe('The file holds 4 parts, more than the limit of 3 (XLSX_MAX_ENTRIES)');
    expect(directoryRefusal([part(11 * MB, 5 * MB)], small)).toBe(
      "The file's part xl/worksheets/sheet1.xml unzips to 11 MB, more than the limit of 10 MB (XLSX_MAX_PART_BYTES)",
    );
    expect(directoryRefusal([part(8 * MB, 0.1 * MB)], small)).toBe(
      "The file's part xl/worksheets/sheet1.xml unzips to 8.0 MB from 0.1 MB (80 to 1), more than the limit of 50 to 1 (XLSX_MAX_COMPRESSION_RATIO)",
    );
    expect(directoryRefusal([part(8 * MB, MB), part(8 * MB, MB)], small)).toBe(
      'The file unzips to 16 MB in all, more than the limit of 15 MB (XLSX_MAX_TOTAL_BYTES)',
    );
    expect(sharedStringsRefusal(part(3 * MB, MB, 'xl/sharedStrings.xml'), small)).toBe(
      "The file's shared strings (xl/sharedStrings.xml) unzip to 3.0 MB, more than the limit of 2.0 MB (XLSX_MAX_SHARED_STRINGS_BYTES)",
    );
  });

  it('the whole file may not unzip more than XLSX_MAX_FILE_COMPRESSION_RATIO to 1, however small each part', () => {
    const parts = Array.from({ length: 1900 }, (_, i) => part(1_040_000, 1400, `xl/worksheets/sheet${i + 1}.xml`));
    expect(directoryRefusal(parts, DEFAULT_XLSX_LIMITS)).toBe(
      'The file unzips to 1884 MB in all from 2.5 MB (743 to 1), more than the limit of 100 to 1 (XLSX_MAX_FILE_COMPRESSION_RATIO)',
    );
    expect(directoryRefusal(parts, limits({ maxFileCompressionRatio: 800 }))).toBeUndefined();
    // A file of under 1 MB in all is not checked, as a part is not.
    expect(directoryRefusal([part(900_000, 10), part(100_000, 10)], DEFAULT_XLSX_LIMITS)).toBeUndefined();
  });

  it('a small part may compress as far as it likes; a declared size of 0 compressed is no division by zero', () => {
    expect(directoryRefusal([part(MB, 1)], DEFAULT_XLSX_LIMITS)).toBeUndefined();
    expect(directoryRefusal([part(2 * MB, 0)], DEFAULT_XLSX_LIMITS)).toMatch(/XLSX_MAX_COMPRESSION_RATIO/);
    expect(directoryRefusal([part(0, 0), part(5 * MB)], DEFAULT_XLSX_LIMITS)).toBeUndefined();
  });

  it('counts the parts from the directory record before reading any entry', async () => {
    const file = await xlsxOf({
      sheets: [
        { name: 'A', xml: sheetXml('') },
        { name: 'B', xml: sheetXml('') },
      ],
    });
    expect(await refusalOf(worksheetHeaders(file, { limits: limits({ maxEntries: 5 }) }))).toBe(
      'The file holds 6 parts, more than the limit of 5 (XLSX_MAX_ENTRIES)',
    );
  });

  it('refuses a sheet of 50 MB of empty rows (0.07 MB zipped) at once', async () => {
    const file = await emptyRowsBomb(50 * MB);
    expect(file.length).toBeLessThan(MB);
    const started = Date.now();
    expect(await refusalOf(worksheetHeaders(file))).toMatch(/^The file's part xl\/worksheets\/sheet1\.xml unzips to 50 MB .* \(XLSX_MAX_COMPRESSION_RATIO\)$/);
    expect(Date.now() - started).toBeLessThan(2000); // a generous bound: it is a directory read
  });

  it('refuses shared strings past their limit before reading them, also under another name the workbook gives', async () => {
    const strings = sharedStringsXml('<si><t>abc</t></si>'.repeat(1000));
    const file = await xlsxOf({ sheets: [{ name: 'S', xml: sheetXml('<row><c t="s"><v>0</v></c></row>') }], sharedStrings: strings });
    expect(await refusalOf(worksheetHeaders(file, { limits: limits({ maxSharedStringsBytes: 1000 }) }))).toMatch(/XLSX_MAX_SHARED_STRINGS_BYTES\)$/);
    expect(await headersOnly(worksheetHeaders(file))).toEqual([{ worksheet: 'S', headers: [{ col: 1, header: 'abc' }] }]);
  });

  it('stops a part that inflates to more than its directory declares', async () => {
    const big = repeated(sheetXml('').replace('</sheetData></worksheet>', ''), `<row>${inlineCell('x')}</row>`, '</sheetData></worksheet>', 200_000);
    const file = withDeclaredSize(await xlsxOf({ sheets: [{ name: 'S', xml: big }] }), 'xl/worksheets/sheet1.xml', 1000);
    expect(await refusalOf(allRows(file))).toBe("The file's part xl/worksheets/sheet1.xml unzips to more than the 1000 bytes its zip directory declares");
    // Fewer bytes than declared: the part is broken.
    const short = withDeclaredSize(await xlsxOf({ sheets: [{ name: 'S', xml: big }] }), 'xl/worksheets/sheet1.xml', 300_000);
    expect(await refusalOf(allRows(short))).toBe('The file could not be read as an Excel (xlsx) workbook');
  });
});

describe('limits while reading', () => {
  const blankThenHeader = (blank: number) =>
    xlsxOf({ sheets: [{ name: 'Late', xml: sheetXml(`${'<row/>'.repeat(blank)}<row>${inlineCell('SKU')}</row><row>${inlineCell('A-1')}</row>`) }] });

  it('looks for the header row among the first XLSX_HEADER_SEARCH_ROWS rows only', async () => {
    const file = await blankThenHeader(1500);
    expect(await headersOnly(worksheetHeaders(file))).toEqual([{ worksheet: 'Late', headers: [] }]);
    expect(await headersOnly(worksheetHeaders(file, { limits: limits({ headerSearchRows: 1501 }) }))).toEqual([
      { worksheet: 'Late', headers: [{ col: 1, header: 'SKU' }] },
    ]);
    const searches: unknown[] = [];
    await forEachWorksheet(file, async (sheet) => {
      searches.push(await sheet.header());
    });
    expect(searches).toEqual([{ row: null, seen: [], limitReached: true, searchedRows: 1000 }]);
  });

  it('looks for the header row within the first XLSX_HEADER_SEARCH_BYTES of XML, whatever elements they hold', async () => {
    const sheet = (bytes: number) =>
      repeated(sheetXml('').replace('</sheetData></worksheet>', ''), '<x/>', `<row>${inlineCell('SKU')}</row></sheetData></worksheet>`, bytes);
    const file = await xlsxOf({ sheets: [{ name: 'Late', xml: sheet(3 * MB) }] });
    const loose = { maxCompressionRatio: 100_000, maxFileCompressionRatio: 100_000 };
    expect(await headersOnly(worksheetHeaders(file, { limits: limits({ ...loose, headerSearchBytes: 2 * MB }) }))).toEqual([
      { worksheet: 'Late', headers: [] },
    ]);
    expect(await headersOnly(worksheetHeaders(file, { limits: limits({ ...loose, headerSearchBytes: 4 * MB }) }))).toEqual([
      { worksheet: 'Late', headers: [{ col: 1, header: 'SKU' }] },
    ]);
    const searches: unknown[] = [];
    await forEachWorksheet(
      file,
      async (s) => {
        searches.push(await s.header());
      },
      { limits: limits({ ...loose, headerSearchBytes: 2 * MB }) },
    );
    expect(searches).toEqual([{ row: null, seen: [], limitReached: true, searchedRows: 0, searchedBytes: 2 * MB }]);
  });

  it('rows after header() are the ones below the header row', async () => {
    const rows: number[] = [];
    await forEachWorksheet(await blankThenHeader(3), async (sheet: XlsxSheet) => {
      expect((await sheet.header()).row?.number).toBe(4);
      for await (const row of sheet.rows()) rows.push(row.number);
    });
    expect(rows).toEqual([5]);
  });

  /** A supplier's statement: a title (merged over the table), a period line, a blank row, the headers on row 4, two rows, a total. */
  async function statement(): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('October');
    sheet.addRow(['Acme Mobile Ltd - Dealer commission statement']);
    sheet.mergeCells('A1:F1');
    sheet.addRow(['Period:', 'October 2026']);
    sheet.addRow([]);
    sheet.addRow(['Txn Date', 'Store', 'Order No.', 'SKU', 'Description', 'Net Revenue']);
    sheet.addRow(['01/10/2026', 'Leeds', 'ORD-1', 'IP15', 'iPhone 15', 12.5]);
    sheet.addRow(['02/10/2026', 'Leeds', 'ORD-2', 'IP15', 'iPhone 15', 10]);
    sheet.addRow(['', '', '', '', 'Total', 22.5]);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('finds the headers under a title block, reads every row after them once, and offers the rows above as choices', async () => {
    const file = await statement();
    const [sheet] = await worksheetHeaders(file);
    expect(sheet.headerRow).toBe(4);
    expect(sheet.headers.map((h) => h.header)).toEqual(['Txn Date', 'Store', 'Order No.', 'SKU', 'Description', 'Net Revenue']);
    expect(sheet.rowChoices.map((choice) => choice.row)).toEqual([1, 2, 4, 5, 6, 7]);
    expect(sheet.rowChoices[0].text).toBe('Acme Mobile Ltd - Dealer commission statement');
    expect(sheet.rowChoices[2].text).toBe('Txn Date | Store | Order No. | SKU | ...');
    const rows: number[] = [];
    await forEachWorksheet(file, async (ws) => {
      await ws.header();
      for await (const row of ws.rows()) rows.push(row.number);
    });
    expect(rows).toEqual([5, 6, 7]);
  });

  it('takes the row the user chose instead, and reads the rows after it', async () => {
    const file = await statement();
    const [sheet] = await worksheetHeaders(file, {}, new Map([['October', 2]]));
    expect(sheet.headerRow).toBe(2);
    expect(sheet.headers).toEqual([
      { col: 1, header: 'Period:' },
      { col: 2, header: 'October 2026' },
    ]);
    const rows: number[] = [];
    await forEachWorksheet(file, async (ws) => {
      expect((await ws.header(2)).row?.number).toBe(2);
      for await (const row of ws.rows()) rows.push(row.number);
    });
    expect(rows).toEqual([4, 5, 6, 7]);
    // A chosen row that holds nothing: no headers, and the rows below it are still read.
    const [blank] = await worksheetHeaders(file, {}, new Map([['October', 3]]));
    expect(blank).toMatchObject({ headerRow: null, headers: [] });
  });

  it("refuses a sheet with more rows than Excel's 1,048,576 and a cell longer than its 32,767 characters", async () => {
    const tall = repeated(sheetXml('').replace('</sheetData></worksheet>', ''), '<row/>', '</sheetData></worksheet>', 6 * 1_048_577 + 1000);
    const tallFile = await xlsxOf({ sheets: [{ name: 'Tall', xml: tall }] });
    expect(await refusalOf(allRows(tallFile, { limits: limits({ maxCompressionRatio: 10_000, maxFileCompressionRatio: 10_000 }) }))).toBe(
      'A worksheet has more than 1,048,576 rows, more than Excel allows',
    );
    const long = await xlsxOf({ sheets: [{ name: 'Long', xml: sheetXml(`<row>${inlineCell('x'.repeat(32_768))}</row>`) }] });
    expect(await refusalOf(allRows(long))).toBe('A cell holds more than 32,767 characters, more than Excel allows');
  });

  it('stops with ClientGone when the signal is aborted, before or while reading', async () => {
    const file = await blankThenHeader(0);
    const gone = new AbortController();
    gone.abort();
    await expect(worksheetHeaders(file, { signal: gone.signal })).rejects.toBeInstanceOf(ClientGone);

    const rows = repeated(sheetXml('').replace('</sheetData></worksheet>', ''), `<row>${inlineCell('row')}</row>`, '</sheetData></worksheet>', 2 * MB);
    const big = await xlsxOf({ sheets: [{ name: 'Big', xml: rows }] });
    const leaving = new AbortController();
    let read = 0;
    const reading = forEachWorksheet(
      big,
      async (sheet) => {
        for await (const _ of sheet.rows()) {
          read += 1;
          if (read === 1) leaving.abort();
        }
      },
      { signal: leaving.signal, limits: limits({ maxCompressionRatio: 10_000, maxFileCompressionRatio: 10_000 }) },
    );
    await expect(reading).rejects.toBeInstanceOf(ClientGone);
    expect(read).toBeLessThan(10_000); // one chunk of rows at most, not the 2 MB sheet
  });
});
