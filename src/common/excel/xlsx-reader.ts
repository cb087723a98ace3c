import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { InvalidInput } from '../http/validation-result';

/**
 * Reading uploaded xlsx files without loading them whole: exceljs's streaming reader, one
 * worksheet and one row at a time (docs/decisions.md, "Rate card upload").
 *
 * Worksheets come in the order they are stored in the file (for every writer we know of, the
 * workbook's tab order). Shared strings are cached (they are needed to read any text cell);
 * styles, hyperlinks and comments are not read, so a date cell reads as its serial number.
 */

/** What a cell holds once formulas, rich text and hyperlinks are reduced to their value. */
export type CellValue = string | number | boolean | Date | null;

export interface XlsxRow {
  /** The row's number in its sheet, 1-based, as Excel shows it. */
  number: number;
  /** Cell values by column number (1-based); index 0 is unused. Empty cells are undefined. */
  cells: CellValue[];
}

export interface XlsxSheet {
  /** The worksheet's name (its tab). */
  name: string;
  /** Its position among the file's worksheets, 0-based, in reading order. */
  index: number;
  /** The rows that hold anything, in order. Stop early with `break`: the rest of the sheet is skipped. */
  rows(): AsyncIterable<XlsxRow>;
}

export interface SheetHeaders {
  worksheet: string;
  headers: Array<{ col: number; header: string }>;
}

/** The highest column Excel has (XFD). */
export const MAX_XLSX_COLUMN = 16_384;

/** Column number → Excel letters (1 → A, 27 → AA). */
export function columnLetter(col: number): string {
  let n = col;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/**
 * A cell's value with formulas, rich text, hyperlinks and errors reduced to what the cell shows.
 * Any other object (a shared string the file does not hold, shapes exceljs may add) is '':
 * the cell shows nothing we can read, and never "[object Object]".
 */
export function plainCellValue(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value !== 'object') return ''; // bigint, symbol, function: nothing a cell shows
  const v = value as Record<string, unknown>;
  if (Array.isArray(v.richText)) return v.richText.map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : '')).join('');
  if ('result' in v) return plainCellValue(v.result); // formula (or shared formula) with its cached result
  if ('formula' in v || 'sharedFormula' in v) return null; // a formula never calculated: no value
  if ('text' in v) return plainCellValue(v.text); // hyperlink
  if ('error' in v) return String(v.error); // #N/A, #DIV/0! ...
  return '';
}

/** The cell as text for messages and headers: trimmed, dates as yyyy-mm-dd. */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value).trim();
}

/** The failure an unreadable file gives: it is the caller's input, so a 400. */
export function unreadableWorkbook(field = 'fileID'): InvalidInput {
  return new InvalidInput({ [field]: 'The file could not be read as an Excel (xlsx) workbook' });
}

function rowOf(row: ExcelJS.Row): XlsxRow {
  const values = row.values as unknown[];
  const cells: CellValue[] = new Array(values.length);
  for (let c = 1; c < values.length; c += 1) {
    if (values[c] !== undefined) cells[c] = plainCellValue(values[c]);
  }
  return { number: row.number, cells };
}

/**
 * exceljs keeps a worksheet stored before the shared strings (as Excel and exceljs write them)
 * in a temp file, and reads it back through a file stream (the reader's `iterator`), deleting
 * the file when the next sheet starts. A sheet left unread, or read only up to its header row,
 * leaves that stream open: its file descriptor leaks, and when the file is deleted before the
 * stream has opened it, the stream's 'error' (ENOENT) has no listener and ends the process.
 * Closing the stream once we are done with the sheet prevents both.
 */
function release(worksheet: object): void {
  const source = (worksheet as { iterator?: unknown }).iterator;
  if (source instanceof Readable) {
    source.on('error', () => undefined);
    source.destroy();
  }
}

/** Opens the file again from its start (a stored upload). */
export type OpenStream = () => Readable;

/**
 * Largest file read whole when the streaming reader cannot read it (see forEachWorksheet):
 * exceljs's in-memory model costs about 100-200 times the file's size.
 */
export const IN_MEMORY_MAX_BYTES = 10 * 1024 * 1024;

/** The reader failed inside exceljs (not in our callback): the file may still be a workbook. */
class StreamingFailed {}

/**
 * Calls `onSheet` for every worksheet of the xlsx file, in file order, with rows read as they
 * stream. A sheet `onSheet` does not read (or stops reading) is skipped without being held.
 * A file that is not a readable workbook → 400 (InvalidInput on `field`); errors thrown by
 * `onSheet` pass through unchanged.
 *
 * exceljs's streaming reader cannot read some valid files: when `xl/workbook.xml` is stored
 * after the worksheets (exceljs itself writes it last), it loses the end of the zip once a file
 * has more than a few sheets ("reading 'sheets'", exceljs issue #962). Such a file, when the
 * streaming reader failed before giving any sheet, is read again whole if it is at most
 * IN_MEMORY_MAX_BYTES; larger ones get the 400 with a hint to save the file again in Excel.
 */
export async function forEachWorksheet(open: OpenStream, onSheet: (sheet: XlsxSheet) => Promise<void>, field = 'fileID'): Promise<void> {
  let delivered = 0;
  try {
    await streamWorksheets(open(), async (sheet) => {
      delivered += 1;
      await onSheet(sheet);
    });
  } catch (error) {
    if (!(error instanceof StreamingFailed)) throw error;
    if (delivered > 0) throw unreadableWorkbook(field);
    await readWholeWorkbook(open(), onSheet, field);
  }
}

async function streamWorksheets(input: Readable, onSheet: (sheet: XlsxSheet) => Promise<void>): Promise<void> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let index = 0;
  // Errors of our own callback are kept apart from the reader's: only the reader's mean "not a workbook".
  class CallbackError {
    constructor(readonly error: unknown) {}
  }
  // The unzip stream may report a broken file as an 'error' event as well as through the iterator.
  const swallow = () => undefined;
  input.on('error', swallow);
  try {
    for await (const worksheet of reader as AsyncIterable<ExcelJS.stream.xlsx.WorksheetReader & { name?: string }>) {
      const sheet: XlsxSheet = {
        name: String(worksheet.name ?? `Sheet${index + 1}`),
        index,
        rows: () => ({
          [Symbol.asyncIterator]: async function* () {
            for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) yield rowOf(row);
          },
        }),
      };
      index += 1;
      try {
        await onSheet(sheet);
      } catch (error) {
        throw new CallbackError(error);
      } finally {
        release(worksheet);
      }
    }
  } catch (error) {
    if (error instanceof CallbackError) throw error.error;
    throw new StreamingFailed();
  } finally {
    input.off('error', swallow);
    if (!input.destroyed) input.destroy();
  }
}

/** The fallback of forEachWorksheet: the whole file in memory, through exceljs's own loader. */
async function readWholeWorkbook(input: Readable, onSheet: (sheet: XlsxSheet) => Promise<void>, field: string): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    size += (chunk as Buffer).length;
    if (size > IN_MEMORY_MAX_BYTES) {
      input.destroy();
      throw new InvalidInput(
        { [field]: 'The file could not be read as it is stored; open it in Excel, save it again and upload that copy' },
      );
    }
    chunks.push(chunk as Buffer);
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
  } catch {
    throw unreadableWorkbook(field);
  }
  for (const [index, worksheet] of workbook.worksheets.entries()) {
    const rows: XlsxRow[] = [];
    worksheet.eachRow((row) => rows.push(rowOf(row)));
    await onSheet({
      name: worksheet.name,
      index,
      rows: () => ({
        [Symbol.asyncIterator]: async function* () {
          yield* rows;
        },
      }),
    });
  }
}

/**
 * Whether a row holds anything. A sheet's header row is its first such row (blank rows above
 * the headers are skipped): worksheetHeaders offers its cells, and an upload reads the rows
 * after it. Row numbers stay the sheet's own.
 */
export function hasContent(row: XlsxRow): boolean {
  return row.cells.some((value) => cellText(value) !== '');
}

/** The header row of every worksheet (col, header text), each sheet read only up to it. */
export async function worksheetHeaders(open: OpenStream, field = 'fileID'): Promise<SheetHeaders[]> {
  const sheets: SheetHeaders[] = [];
  await forEachWorksheet(
    open,
    async (sheet) => {
      const headers: SheetHeaders['headers'] = [];
      for await (const row of sheet.rows()) {
        if (!hasContent(row)) continue;
        row.cells.forEach((value, col) => {
          const header = cellText(value);
          if (col >= 1 && header !== '') headers.push({ col, header });
        });
        break; // only the header row; the rest of the sheet is drained unread
      }
      sheets.push({ worksheet: sheet.name, headers });
    },
    field,
  );
  return sheets;
}
