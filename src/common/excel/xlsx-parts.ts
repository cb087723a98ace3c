import { posix } from 'node:path';
import type { Entry } from 'yauzl';
import { attributeOf, parseAttributes, XmlMalformed, XmlTokenizer, type XmlHandler } from './xml-tokenizer';
import { refusal, sharedStringsRefusal, unreadableWorkbook, type ReadContext, type XlsxZip } from './xlsx-zip';

/**
 * The parts of an xlsx package the reader needs (ECMA-376 / ISO 29500, SpreadsheetML): the
 * relationships that lead from the package to the workbook and from the workbook to its sheets
 * and shared strings, the workbook's list of sheets, the shared strings, and a sheet's rows.
 */

/** What a cell holds, reduced to its value. Dates are serial numbers unless the cell is of type d (styles are not read). */
export type CellValue = string | number | boolean | Date | null;

export interface XlsxRow {
  /** The row's number in its sheet, 1-based, as Excel shows it. */
  number: number;
  /** Cell values by column number (1-based); index 0 is unused. Empty cells are undefined. */
  cells: CellValue[];
}

/** Excel's own limits (a file past them was not written for Excel). */
export const MAX_XLSX_ROWS = 1_048_576;
export const MAX_XLSX_COLUMN = 16_384;
export const MAX_CELL_CHARACTERS = 32_767;

/**
 * Parses a part through `handler` a chunk of text at a time, pausing after each chunk with the
 * characters parsed so far (so a caller can hand on what the handler gathered, or stop). XML that
 * cannot be read is an unreadable workbook (400).
 */
export async function* parseChunks(zip: XlsxZip, entry: Entry, handler: XmlHandler, context: ReadContext): AsyncGenerator<number> {
  const tokenizer = new XmlTokenizer(handler);
  let characters = 0;
  try {
    for await (const text of zip.text(entry)) {
      tokenizer.write(text);
      characters += text.length;
      yield characters;
    }
    tokenizer.end();
  } catch (error) {
    throw error instanceof XmlMalformed ? unreadableWorkbook(context.field) : error;
  }
}

/** Parses a whole part, calling `onElement` with the name and attributes of each element. */
async function eachElement(
  zip: XlsxZip,
  entry: Entry,
  context: ReadContext,
  onElement: (name: string, attributes: Record<string, string>) => void,
): Promise<void> {
  const handler: XmlHandler = {
    open: (name, attributes) => onElement(name, parseAttributes(attributes)),
    close() {},
    text() {},
  };
  for await (const _ of parseChunks(zip, entry, handler, context));
}

// ---------- package structure ----------

interface Relationship {
  id: string;
  type: string;
  target: string;
}

/** The part a relationship's target names: relative to the part holding the relationship, or from the package root. */
export function resolveTarget(sourcePart: string, target: string): string {
  let path = target.replace(/\\/g, '/');
  try {
    path = decodeURIComponent(path);
  } catch {
    // Not percent-encoded after all: the name as it is.
  }
  const joined = path.startsWith('/') ? path.slice(1) : posix.join(posix.dirname(sourcePart), path);
  return posix.normalize(joined).replace(/^(\.\.\/)+/, '');
}

/** The relationships of a part (`''` for the package's own); none when it has no relationships part. */
async function relationshipsOf(zip: XlsxZip, sourcePart: string, context: ReadContext): Promise<Relationship[]> {
  const entry = zip.part(posix.join(posix.dirname(sourcePart), '_rels', `${posix.basename(sourcePart)}.rels`));
  if (!entry) return [];
  const found: Relationship[] = [];
  await eachElement(zip, entry, context, (name, a) => {
    if (name === 'Relationship' && a.TargetMode !== 'External' && a.Id && a.Target) found.push({ id: a.Id, type: a.Type ?? '', target: a.Target });
  });
  return found;
}

/** Relationship types end with the same name in the transitional and the strict namespaces. */
const ofType = (kind: string) => (rel: Relationship) => rel.type.endsWith(`/${kind}`);

export interface WorkbookParts {
  /** Worksheets in the workbook's tab order (chart sheets and others are left out). */
  sheets: Array<{ name: string; part: Entry }>;
  sharedStrings?: Entry;
}

export async function workbookParts(zip: XlsxZip, context: ReadContext): Promise<WorkbookParts> {
  const document = (await relationshipsOf(zip, '', context)).find(ofType('officeDocument'));
  const workbookName = document ? resolveTarget('', document.target) : 'xl/workbook.xml';
  const workbook = zip.part(workbookName);
  if (!workbook) throw unreadableWorkbook(context.field);
  const relationships = new Map((await relationshipsOf(zip, workbookName, context)).map((rel) => [rel.id, rel]));

  const listed: Array<{ name: string; relationship: string }> = [];
  await eachElement(zip, workbook, context, (name, a) => {
    if (name !== 'sheet') return;
    // The relationship id is r:id, whatever prefix the file gave the relationships namespace.
    const idKey = Object.keys(a).find((key) => key.endsWith(':id'));
    if (a.name !== undefined && idKey) listed.push({ name: a.name, relationship: a[idKey] });
  });

  const sheets: WorkbookParts['sheets'] = [];
  for (const sheet of listed) {
    const rel = relationships.get(sheet.relationship);
    if (!rel || !ofType('worksheet')(rel)) continue;
    const part = zip.part(resolveTarget(workbookName, rel.target));
    if (!part) throw unreadableWorkbook(context.field);
    sheets.push({ name: sheet.name, part });
  }
  const strings = [...relationships.values()].find(ofType('sharedStrings'));
  const sharedStrings = zip.part(strings ? resolveTarget(workbookName, strings.target) : posix.join(posix.dirname(workbookName), 'sharedStrings.xml'));
  return { sheets, sharedStrings };
}

// ---------- shared strings ----------

const STRINGS_PER_BLOCK = 4096;

/**
 * The shared strings, held compactly: each block of 4096 strings is one joined string with the
 * end offsets of its strings, rather than millions of small strings each with its own overhead.
 */
export class SharedStrings {
  private readonly blocks: string[] = [];
  private readonly ends: Uint32Array[] = [];
  private pending: string[] = [];

  get size(): number {
    return this.blocks.length * STRINGS_PER_BLOCK + this.pending.length;
  }

  add(text: string): void {
    this.pending.push(text);
    if (this.pending.length === STRINGS_PER_BLOCK) this.seal();
  }

  /** The string at `index`, or undefined when there is none. */
  get(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.size) return undefined;
    const block = Math.floor(index / STRINGS_PER_BLOCK);
    const at = index % STRINGS_PER_BLOCK;
    if (block === this.blocks.length) return this.pending[at];
    const ends = this.ends[block];
    return this.blocks[block].slice(at === 0 ? 0 : ends[at - 1], ends[at]);
  }

  private seal(): void {
    const ends = new Uint32Array(this.pending.length);
    let end = 0;
    this.pending.forEach((text, i) => {
      end += text.length;
      ends[i] = end;
    });
    this.blocks.push(this.pending.join(''));
    this.ends.push(ends);
    this.pending = [];
  }
}

function cellTooLong(context: ReadContext): Error {
  return refusal(context, `A cell holds more than ${MAX_CELL_CHARACTERS.toLocaleString('en-GB')} characters, more than Excel allows`);
}

/**
 * The text of the rich-text runs (`<t>`) of an `<si>` or `<is>`, leaving out phonetic runs
 * (`<rPh>`); at most MAX_CELL_CHARACTERS.
 */
class RichText {
  private phonetic = 0;
  private inText = false;
  private value = '';

  constructor(private readonly context: ReadContext) {}

  start(): void {
    this.value = '';
    this.phonetic = 0;
    this.inText = false;
  }

  open(name: string, selfClosing: boolean): void {
    if (name === 'rPh' && !selfClosing) this.phonetic += 1;
    else if (name === 't' && this.phonetic === 0) this.inText = true;
  }

  close(name: string): void {
    if (name === 'rPh' && this.phonetic > 0) this.phonetic -= 1;
    else if (name === 't') this.inText = false;
  }

  text(text: string): void {
    if (!this.inText) return;
    if (this.value.length + text.length > MAX_CELL_CHARACTERS) throw cellTooLong(this.context);
    this.value += text;
  }

  get result(): string {
    return this.value;
  }
}

export async function readSharedStrings(zip: XlsxZip, entry: Entry | undefined, context: ReadContext): Promise<SharedStrings> {
  const strings = new SharedStrings();
  if (!entry) return strings;
  const refused = sharedStringsRefusal(entry, context.limits);
  if (refused) throw refusal(context, refused);
  const item = new RichText(context);
  let inItem = false;
  const handler: XmlHandler = {
    open(name, _attributes, selfClosing) {
      if (name === 'si') {
        inItem = true;
        item.start();
      } else if (inItem) item.open(name, selfClosing);
    },
    close(name) {
      if (name === 'si' && inItem) {
        inItem = false;
        strings.add(flat(item.result));
      } else if (inItem) item.close(name);
    },
    text(text) {
      if (inItem) item.text(text);
    },
  };
  for await (const _ of parseChunks(zip, entry, handler, context));
  return strings;
}

/**
 * A copy of the text that holds no reference to the chunk it was cut from (V8 keeps a long
 * slice's whole parent string alive): a value kept after its row (a line of an upload) would
 * otherwise keep the sheet's text.
 */
function flat(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, 'utf8').toString('utf8');
}

// ---------- worksheet rows ----------

/** Column letters of a cell reference (`AB12` → 28); 0 when it has none. */
export function columnOfReference(reference: string): number {
  let col = 0;
  for (let i = 0; i < reference.length && i < 4; i += 1) {
    const code = reference.charCodeAt(i) | 0x20; // lower case
    if (code < 97 || code > 122) break;
    col = col * 26 + (code - 96);
  }
  return col;
}

/** A cell as read: its type, the text of its `<v>`, its inline string, whether it has a formula. */
interface CellRead {
  type: string;
  value?: string;
  inline?: string;
  formula: boolean;
}

/** The value of a cell (undefined: the cell shows nothing, as a styled blank cell). */
export function cellValueOf(cell: CellRead, strings: SharedStrings): CellValue | undefined {
  const { type, value, formula } = cell;
  if (cell.inline !== undefined) return flat(cell.inline);
  if (value === undefined) return formula ? null : undefined; // a formula never calculated: no value
  switch (type) {
    case 's':
      return strings.get(Number(value)) ?? '';
    case 'str':
    case 'inlineStr':
      return flat(value);
    case 'e':
      return value; // #N/A, #DIV/0! ...
    case 'b':
      return value.trim() === '1' || value.trim().toLowerCase() === 'true';
    case 'd': {
      const date = new Date(value.trim());
      return Number.isNaN(date.getTime()) ? flat(value) : date;
    }
    default: {
      const text = value.trim();
      if (text === '') return undefined;
      const n = Number(text);
      return Number.isFinite(n) ? n : flat(text);
    }
  }
}

/**
 * Rows of a worksheet's `<sheetData>`, handed to `emit` as each ends. Rows and cells without an
 * `r` reference (valid, and written by some tools) take the position after the previous one.
 */
export class SheetRowsParser implements XmlHandler {
  private inSheetData = false;
  private row: XlsxRow | null = null;
  private rowCount = 0;
  private lastRow = 0;
  private lastCol = 0;
  private cell: (CellRead & { col: number }) | null = null;
  private inValue = false;
  private inline: RichText;

  constructor(
    private readonly strings: SharedStrings,
    private readonly emit: (row: XlsxRow) => void,
    private readonly context: ReadContext,
    /** Told the last row the sheet's `<dimension ref="A1:F100">` declares (100), when it has one. */
    private readonly onDimension?: (lastRow: number) => void,
  ) {
    this.inline = new RichText(context);
  }

  open(name: string, attributes: string, selfClosing: boolean): void {
    if (this.cell) {
      if (name === 'v') {
        this.inValue = true;
        this.cell.value = '';
      } else if (name === 'f') this.cell.formula = true;
      else if (name === 'is') {
        this.cell.inline = '';
        this.inline.start();
      } else if (this.cell.inline !== undefined) this.inline.open(name, selfClosing);
    } else if (name === 'c' && this.row) this.startCell(attributes);
    else if (name === 'row' && this.inSheetData) this.startRow(attributes);
    else if (name === 'sheetData') this.inSheetData = true;
    else if (name === 'dimension' && this.onDimension) {
      const lastRow = Number(/(\d+)$/.exec(attributeOf(attributes, 'ref') ?? '')?.[1]);
      if (Number.isInteger(lastRow) && lastRow >= 1 && lastRow <= MAX_XLSX_ROWS) this.onDimension(lastRow);
    }
  }

  close(name: string): void {
    if (this.cell) {
      if (name === 'v') this.inValue = false;
      else if (name === 'is') this.cell.inline = this.inline.result;
      else if (name === 'c') this.endCell();
      else this.inline.close(name);
    } else if (name === 'row' && this.row) {
      this.emit(this.row);
      this.row = null;
    } else if (name === 'sheetData') this.inSheetData = false;
  }

  text(text: string): void {
    if (!this.cell) return;
    if (this.inValue) {
      if (this.cell.value!.length + text.length > MAX_CELL_CHARACTERS) throw cellTooLong(this.context);
      this.cell.value += text;
    } else if (this.cell.inline !== undefined) this.inline.text(text);
  }

  private startRow(attributes: string): void {
    this.rowCount += 1;
    if (this.rowCount > MAX_XLSX_ROWS) {
      throw refusal(this.context, `A worksheet has more than ${MAX_XLSX_ROWS.toLocaleString('en-GB')} rows, more than Excel allows`);
    }
    const reference = Number(attributeOf(attributes, 'r'));
    this.lastRow = Number.isInteger(reference) && reference >= 1 ? reference : this.lastRow + 1;
    this.lastCol = 0;
    this.row = { number: this.lastRow, cells: [] };
  }

  private startCell(attributes: string): void {
    const a = parseAttributes(attributes);
    const col = columnOfReference(a.r ?? '') || this.lastCol + 1;
    if (col > MAX_XLSX_COLUMN) {
      throw refusal(this.context, `A worksheet has a cell beyond column ${MAX_XLSX_COLUMN.toLocaleString('en-GB')} (XFD), more than Excel allows`);
    }
    this.lastCol = col;
    this.cell = { col, type: a.t ?? 'n', formula: false };
  }

  private endCell(): void {
    const cell = this.cell!;
    this.cell = null;
    this.inValue = false;
    const value = cellValueOf(cell, this.strings);
    if (value !== undefined) this.row!.cells[cell.col] = value;
  }
}
