import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/**
 * xlsx files written part by part (yazl), for what exceljs will not write: rows and cells with
 * no `r` reference, inline strings, and zip bombs — parts of hundreds of megabytes of repeated
 * XML, a megabyte or two on the wire. Used by the reader's unit specs, the API tests and the bench.
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A part's content: text, or a generated stream of a known length (a bomb). */
export type PartContent = string | { stream: () => Readable; size: number };

export interface SheetPart {
  name: string;
  xml: PartContent;
}

export interface PackageParts {
  sheets: SheetPart[];
  sharedStrings?: PartContent;
}

/** `<worksheet>` around rows XML. */
export function sheetXml(rows: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetData>${rows}</sheetData></worksheet>`;
}

/** `<sst>` around shared string items (`<si>`). */
export function sharedStringsXml(items: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${MAIN}">${items}</sst>`;
}

/** An inline-string cell with no reference. */
export function inlineCell(text: string): string {
  return `<c t="inlineStr"><is><t>${text}</t></is></c>`;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The parts every workbook needs, around the given sheets and shared strings. */
function packageParts(parts: PackageParts): Array<[string, PartContent]> {
  const sheets = parts.sheets.map((sheet, i) => ({ ...sheet, id: `rId${i + 1}`, path: `worksheets/sheet${i + 1}.xml` }));
  const relationships = sheets.map((s) => `<Relationship Id="${s.id}" Type="${REL}/worksheet" Target="${s.path}"/>`);
  if (parts.sharedStrings !== undefined) {
    relationships.push(`<Relationship Id="rIdStrings" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`);
  }
  const overrides = sheets
    .map((s) => `<Override PartName="/xl/${s.path}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`)
    .join('');
  const strings =
    parts.sharedStrings === undefined
      ? ''
      : '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>';
  const list: Array<[string, PartContent]> = [
    [
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${overrides}${strings}</Types>`,
    ],
    [
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>` +
        sheets.map((s, i) => `<sheet name="${escapeAttribute(s.name)}" sheetId="${i + 1}" r:id="${s.id}"/>`).join('') +
        '</sheets></workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationships.join('')}</Relationships>`,
    ],
  ];
  if (parts.sharedStrings !== undefined) list.push(['xl/sharedStrings.xml', parts.sharedStrings]);
  for (const sheet of sheets) list.push([`xl/${sheet.path}`, sheet.xml]);
  return list;
}

/** The xlsx file of these parts, deflated. */
export async function xlsxOf(parts: PackageParts): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of packageParts(parts)) {
    if (typeof content === 'string') zip.addBuffer(Buffer.from(content, 'utf8'), name, { compressionLevel: 9 });
    else zip.addReadStream(content.stream(), name, { compressionLevel: 6, size: content.size });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `head`, then `unit` repeated until the whole is about `bytes` long, then `tail`: generated as it is read. */
export function repeated(head: string, unit: string, tail: string, bytes: number): { stream: () => Readable; size: number } {
  const count = Math.max(0, Math.floor((bytes - head.length - tail.length) / unit.length));
  const perBlock = Math.max(1, Math.floor((1 << 20) / unit.length));
  const block = Buffer.from(unit.repeat(perBlock), 'utf8');
  const size = Buffer.byteLength(head) + Buffer.byteLength(unit) * count + Buffer.byteLength(tail);
  return {
    size,
    stream: () =>
      Readable.from(
        (function* () {
          yield Buffer.from(head, 'utf8');
          let left = count;
          for (; left >= perBlock; left -= perBlock) yield block;
          if (left > 0) yield Buffer.from(unit.repeat(left), 'utf8');
          yield Buffer.from(tail, 'utf8');
        })(),
      ),
  };
}

const MB = 1024 * 1024;
const HEADER_ROW = `<row>${inlineCell('SKU')}${inlineCell('Type')}${inlineCell('Description')}</row>`;
const SHEET_HEAD = sheetXml('').replace('</sheetData></worksheet>', '');
const SHEET_TAIL = '</sheetData></worksheet>';

/** A workbook whose shared strings unzip to `bytes` (500 MB: the 1.7 MB file). */
export function sharedStringsBomb(bytes = 500 * MB): Promise<Buffer> {
  const strings = sharedStringsXml('').replace('</sst>', '');
  return xlsxOf({
    sheets: [{ name: 'Lines', xml: sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>') }],
    sharedStrings: repeated(strings, '<si><t>Supplier item description</t></si>', '</sst>', bytes),
  });
}

/** A workbook whose sheet is `bytes` of empty `<row/>` before its header row (500 MB: the 0.7 MB file). */
export function emptyRowsBomb(bytes = 500 * MB): Promise<Buffer> {
  return xlsxOf({ sheets: [{ name: 'Lines', xml: repeated(SHEET_HEAD, '<row/>', `${HEADER_ROW}${SHEET_TAIL}`, bytes) }] });
}

/** A workbook whose sheet is a header row and `bytes` of one data row repeated (500 MB: the 1.9 MB file). */
export function repeatedRowsBomb(bytes = 500 * MB): Promise<Buffer> {
  const row = `<row>${inlineCell('SKU-1')}${inlineCell('Handset')}${inlineCell('A phone')}</row>`;
  return xlsxOf({ sheets: [{ name: 'Lines', xml: repeated(`${SHEET_HEAD}${HEADER_ROW}`, row, SHEET_TAIL, bytes) }] });
}

/**
 * A workbook of `sheets` worksheets, each `bytes` of `<x/>` elements before its header row
 * (1,900 of 1,040,000 bytes: 2.6 MB that unzips to 1.9 GB, every part under the 1 MB the per-part
 * ratio check leaves alone, and no `<row>` for the header search's row count to see).
 */
export function manyPartsBomb(sheets = 1900, bytes = 1_040_000): Promise<Buffer> {
  const sheet = repeated(SHEET_HEAD, '<x/>', `${HEADER_ROW}${SHEET_TAIL}`, bytes);
  return xlsxOf({ sheets: Array.from({ length: sheets }, (_, i) => ({ name: `S${i + 1}`, xml: sheet })) });
}

/** A workbook whose one sheet is `bytes` of `<x/>` elements before its header row. */
export function elementsBeforeHeader(bytes: number): Promise<Buffer> {
  return xlsxOf({ sheets: [{ name: 'Lines', xml: repeated(SHEET_HEAD, '<x/>', `${HEADER_ROW}${SHEET_TAIL}`, bytes) }] });
}

/**
 * The zip with the uncompressed size of part `name` declared as `size` in its central directory
 * record (what yauzl trusts) and its local header: a part that inflates to more than it says.
 */
export function withDeclaredSize(zip: Buffer, name: string, size: number): Buffer {
  const patched = Buffer.from(zip);
  const wanted = Buffer.from(name, 'utf8');
  for (let at = 0; at < patched.length - 46; at += 1) {
    const signature = patched.readUInt32LE(at);
    if (signature === 0x02014b50) {
      const nameLength = patched.readUInt16LE(at + 28);
      if (patched.subarray(at + 46, at + 46 + nameLength).equals(wanted)) {
        patched.writeUInt32LE(size, at + 24);
        const local = patched.readUInt32LE(at + 42);
        // yazl writes sizes after the data (a data descriptor), leaving the local header's 0.
        if (patched.readUInt32LE(local + 22) !== 0) patched.writeUInt32LE(size, local + 22);
      }
    }
  }
  return patched;
}
