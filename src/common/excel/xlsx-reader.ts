import { Inject, Injectable } from '@nestjs/common';
import type { Entry } from 'yauzl';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { InvalidInput } from '../http/validation-result';
import { findHeaderRow } from './header-row';
import { DEFAULT_XLSX_LIMITS, XLSX_LIMIT_VARIABLES, type XlsxLimits } from './xlsx-limits';
import { parseChunks, readSharedStrings, SheetRowsParser, workbookParts, type CellValue, type SharedStrings, type XlsxRow } from './xlsx-parts';
import { stopIfGone, XlsxZip, type ReadContext, type XlsxSource } from './xlsx-zip';

/**
 * The one reader of uploaded xlsx files (docs/decisions.md, "Uploaded spreadsheets are read
 * within limits"): the zip directory is checked against the limits before anything is inflated,
 * parts are inflated and parsed a chunk at a time with the bytes counted, a sheet is read only
 * as far as its caller reads it, and the work stops when the request's client has gone.
 *
 * Worksheets come in the workbook's tab order. Styles are not read, so a date cell reads as its
 * serial number (unless the file stores it as a date, type d).
 */

export type { CellValue, XlsxRow } from './xlsx-parts';
export { MAX_XLSX_COLUMN } from './xlsx-parts';
export { unreadableWorkbook, type XlsxSource } from './xlsx-zip';

/** Where a sheet's header row was found. */
export interface HeaderSearch {
  /**
   * The header row: the first that looks like one (header-row.ts), or the row the caller chose;
   * null when there is none within the search (or the chosen row holds nothing).
   */
  row: XlsxRow | null;
  /** The rows holding anything that the search read, the header's neighbours among them: what a user may pick instead. */
  seen: XlsxRow[];
  /** The search stopped after `searchedRows` rows, or `searchedBytes` characters of XML, without finding it (the sheet may go on). */
  limitReached: boolean;
  searchedRows: number;
  /** Set when the search stopped at XLSX_HEADER_SEARCH_BYTES rather than at XLSX_HEADER_SEARCH_ROWS. */
  searchedBytes?: number;
}

export interface XlsxSheet {
  /** The worksheet's name (its tab). */
  name: string;
  /** Its position among the file's worksheets, 0-based, in tab order. */
  index: number;
  /** How many worksheets the file has. */
  count: number;
  /** The last row the sheet declares (its `<dimension>`), once reading has begun; null when it declares none. For progress only. */
  declaredRows(): number | null;
  /** How much of the sheet's XML has been parsed, 0 to 1. For progress only. */
  fractionRead(): number;
  /**
   * Reads up to the header row (and a few rows past it, to judge it), looking at most at
   * XLSX_HEADER_SEARCH_ROWS rows and XLSX_HEADER_SEARCH_BYTES of XML. `chosenRow`: the row the
   * user picked instead of the one found.
   */
  header(chosenRow?: number): Promise<HeaderSearch>;
  /** The rows with cells not read yet (after header(): the rows below the header row). Stop early with `break`. */
  rows(): AsyncIterable<XlsxRow>;
}

export interface SheetHeaders {
  worksheet: string;
  /** The row the headers are on (found, or chosen); null when the sheet has none. */
  headerRow: number | null;
  headers: Array<{ col: number; header: string }>;
  /** The rows near the top holding anything, for the user to pick the header row from. */
  rowChoices: Array<{ row: number; text: string }>;
}

/** How many rows a sheet offers to pick its header row from, and how much of each it shows. */
const ROW_CHOICES = 20;
const ROW_CHOICE_CELLS = 4;
const ROW_CHOICE_TEXT = 80;

export interface ReadOptions {
  /** The request field a refusal is reported on (default fileID). */
  field?: string;
  /** Aborted when the client has gone (ClientGoneSignal). */
  signal?: AbortSignal;
  limits?: XlsxLimits;
}

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

/** The cell as text for messages and headers: trimmed, dates as yyyy-mm-dd. */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value).trim();
}

/**
 * Whether a row holds anything. A sheet's header row is the first such row that looks like one
 * (header-row.ts): worksheetHeaders offers its cells, and an upload reads the rows after it.
 * Row numbers stay the sheet's own.
 */
export function hasContent(row: XlsxRow): boolean {
  return row.cells.some((value) => cellText(value) !== '');
}

/** The 400 for a sheet an upload maps whose header row was not found within the search. */
export function headerNotFound(sheet: string, search: HeaderSearch, field: string): InvalidInput {
  if (search.searchedBytes !== undefined) {
    const mb = Math.round((search.searchedBytes / (1024 * 1024)) * 10) / 10;
    return new InvalidInput({ [field]: `Worksheet ${sheet} has no header row in its first ${mb} MB (${XLSX_LIMIT_VARIABLES.headerSearchBytes})` });
  }
  return new InvalidInput({
    [field]: `Worksheet ${sheet} has no header row in its first ${search.searchedRows} rows (${XLSX_LIMIT_VARIABLES.headerSearchRows})`,
  });
}

/**
 * Every row element of a sheet, those without cells too, parsed a chunk of text at a time; after
 * each chunk's rows, the characters of XML parsed so far (so a search can stop in a sheet of
 * anything but rows).
 */
async function* rowElements(
  zip: XlsxZip,
  part: Entry,
  strings: () => Promise<SharedStrings>,
  context: ReadContext,
  onDimension: (lastRow: number) => void,
): AsyncGenerator<XlsxRow | number> {
  const queue: XlsxRow[] = [];
  const parser = new SheetRowsParser(await strings(), (row) => queue.push(row), context, onDimension);
  for await (const characters of parseChunks(zip, part, parser, context)) {
    yield* queue;
    queue.length = 0;
    yield characters;
  }
  yield* queue;
}

/** One sheet as its caller reads it: one row stream, shared by header() and rows(), closed when the caller is done. */
class SheetReading {
  private source?: AsyncGenerator<XlsxRow | number>;
  private declared: number | null = null;
  private characters = 0;

  constructor(
    private readonly zip: XlsxZip,
    private readonly part: Entry,
    private readonly strings: () => Promise<SharedStrings>,
    private readonly context: ReadContext,
  ) {}

  private rowsSource(): AsyncGenerator<XlsxRow | number> {
    this.source ??= rowElements(this.zip, this.part, this.strings, this.context, (lastRow) => (this.declared = lastRow));
    return this.source;
  }

  sheet(name: string, index: number, count: number): XlsxSheet {
    return {
      name,
      index,
      count,
      header: (chosenRow?: number) => this.header(chosenRow),
      rows: () => this.rows(),
      declaredRows: () => this.declared,
      fractionRead: () => (this.part.uncompressedSize > 0 ? Math.min(1, this.characters / this.part.uncompressedSize) : 0),
    };
  }

  /** Rows the header search read past the header row: rows() hands them out first. */
  private pending: XlsxRow[] = [];

  async header(chosenRow?: number): Promise<HeaderSearch> {
    const source = this.rowsSource();
    const { headerSearchRows: limit, headerSearchBytes } = this.context.limits;
    const seen: XlsxRow[] = [];
    /** The header found among `seen` (or the chosen row): the rows after it go back to rows(). */
    const found = (index: number): HeaderSearch => {
      this.pending = seen.slice(index + 1);
      return { row: seen[index], seen, limitReached: false, searchedRows };
    };
    let searchedRows = 0;
    let ended = false;
    while (searchedRows < limit) {
      const next = await source.next();
      if (next.done) {
        ended = true;
        break;
      }
      if (typeof next.value === 'number') {
        this.characters = next.value;
        if (next.value > headerSearchBytes) {
          const index = chosenRow === undefined ? findHeaderRow(seen, true) : -1;
          if (typeof index === 'number' && index >= 0) return found(index);
          return { row: null, seen, limitReached: true, searchedRows, searchedBytes: headerSearchBytes };
        }
        continue;
      }
      searchedRows += 1;
      const row = next.value;
      if (chosenRow !== undefined) {
        if (row.number > chosenRow) {
          // The chosen row holds nothing (a sheet lists only rows with cells): its rows go on from here.
          this.pending = [row];
          return { row: null, seen, limitReached: false, searchedRows };
        }
        if (row.number === chosenRow && hasContent(row)) {
          seen.push(row);
          return found(seen.length - 1);
        }
        if (hasContent(row)) seen.push(row);
        continue;
      }
      if (!hasContent(row)) continue;
      seen.push(row);
      const index = findHeaderRow(seen, false);
      if (index !== 'more' && index >= 0) return found(index);
    }
    const index = chosenRow === undefined ? findHeaderRow(seen, true) : -1;
    if (typeof index === 'number' && index >= 0) return found(index);
    return { row: null, seen, limitReached: !ended, searchedRows };
  }

  rows(): AsyncIterable<XlsxRow> {
    const source = this.rowsSource();
    // Arrow functions keep this reader's `this` inside the generator below.
    const takePending = () => this.pending.shift();
    const countCharacters = (characters: number) => {
      this.characters = characters;
    };
    return {
      async *[Symbol.asyncIterator]() {
        for (let row = takePending(); row; row = takePending()) {
          if (row.cells.length) yield row;
        }
        for (;;) {
          const next = await source.next();
          if (next.done) return;
          if (typeof next.value === 'number') countCharacters(next.value);
          else if (next.value.cells.length) yield next.value;
        }
      },
    };
  }

  /** Releases the sheet's part (its streams), read to the end or not. */
  async close(): Promise<void> {
    await this.source?.return(undefined);
  }
}

function contextOf(options: ReadOptions): ReadContext {
  return { limits: options.limits ?? DEFAULT_XLSX_LIMITS, field: options.field ?? 'fileID', signal: options.signal };
}

/**
 * Calls `onSheet` for every worksheet of the xlsx file, in tab order. A sheet `onSheet` does
 * not read (or stops reading) is not read further. A file that is not a readable workbook, or
 * is past a limit, → 400 (InvalidInput on `field`); the client gone → ClientGone; errors thrown
 * by `onSheet` pass through unchanged.
 */
export async function forEachWorksheet(source: XlsxSource, onSheet: (sheet: XlsxSheet) => Promise<void>, options: ReadOptions = {}): Promise<void> {
  const context = contextOf(options);
  const zip = await XlsxZip.open(source, context);
  try {
    const book = await workbookParts(zip, context);
    // Read once, when the first sheet needs them: a file whose sheets are all skipped never reads them.
    let strings: Promise<SharedStrings> | undefined;
    const sharedStrings = () => (strings ??= readSharedStrings(zip, book.sharedStrings, context));
    for (const [index, { name, part }] of book.sheets.entries()) {
      stopIfGone(context.signal);
      const reading = new SheetReading(zip, part, sharedStrings, context);
      try {
        await onSheet(reading.sheet(name, index, book.sheets.length));
      } finally {
        await reading.close();
      }
    }
  } finally {
    zip.close();
  }
}

/** A row as a choice of header row: its first few cells, cut short. */
function rowChoice(row: XlsxRow): { row: number; text: string } {
  const cells = row.cells.map((value) => cellText(value)).filter((text) => text !== '');
  const text = cells.slice(0, ROW_CHOICE_CELLS).join(' | ') + (cells.length > ROW_CHOICE_CELLS ? ' | ...' : '');
  return {
    row: row.number,
    text:
      Array.from(text).length > ROW_CHOICE_TEXT
        ? `${Array.from(text)
            .slice(0, ROW_CHOICE_TEXT - 3)
            .join('')}...`
        : text,
  };
}

/**
 * The header row of every worksheet (col, header text), each sheet read only up to it (and a few
 * rows past), with the rows a user may pick instead. `chosenRows`: worksheet → the row the user
 * picked.
 */
export async function worksheetHeaders(
  source: XlsxSource,
  options: ReadOptions = {},
  chosenRows: ReadonlyMap<string, number> = new Map(),
): Promise<SheetHeaders[]> {
  const sheets: SheetHeaders[] = [];
  await forEachWorksheet(
    source,
    async (sheet) => {
      const headers: SheetHeaders['headers'] = [];
      const chosen = chosenRows.get(sheet.name);
      // A sheet whose header row is not within the search offers no headers (it cannot be mapped).
      const { row, seen } = await sheet.header(chosen);
      row?.cells.forEach((value, col) => {
        const header = cellText(value);
        if (col >= 1 && header !== '') headers.push({ col, header });
      });
      sheets.push({ worksheet: sheet.name, headerRow: row?.number ?? null, headers, rowChoices: seen.slice(0, ROW_CHOICES).map(rowChoice) });
    },
    options,
  );
  return sheets;
}

/** The reader with the configured limits (XLSX_* settings), for the modules that read uploads. */
@Injectable()
export class XlsxReader {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get limits(): XlsxLimits {
    return this.config.xlsx;
  }

  forEachWorksheet(source: XlsxSource, onSheet: (sheet: XlsxSheet) => Promise<void>, options: Omit<ReadOptions, 'limits'> = {}): Promise<void> {
    return forEachWorksheet(source, onSheet, { ...options, limits: this.limits });
  }

  /**
   * Checks the zip directory only (entry count, declared sizes and ratios), reading no part: an
   * upload call refuses a zip bomb with a 400 before it queues the job that would parse it.
   */
  async checkDirectory(source: XlsxSource, options: Omit<ReadOptions, 'limits'> = {}): Promise<void> {
    (await XlsxZip.open(source, contextOf({ ...options, limits: this.limits }))).close();
  }

  worksheetHeaders(source: XlsxSource, options: Omit<ReadOptions, 'limits'> = {}, chosenRows?: ReadonlyMap<string, number>): Promise<SheetHeaders[]> {
    return worksheetHeaders(source, { ...options, limits: this.limits }, chosenRows);
  }
}
