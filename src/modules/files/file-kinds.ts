import { open } from 'node:fs/promises';

/**
 * What a file is, told from its content (magic bytes and structure), never from its name
 * or the content type the client declared.
 */
export type FileKind = 'pdf' | 'xlsx' | 'jpeg' | 'png' | 'svg' | 'ico';

export const KIND_INFO: Record<FileKind, { contentType: string; extension: string; label: string }> = {
  pdf: { contentType: 'application/pdf', extension: 'pdf', label: 'a PDF document' },
  xlsx: {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
    label: 'an Excel workbook (xlsx)',
  },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg', label: 'a JPEG image' },
  png: { contentType: 'image/png', extension: 'png', label: 'a PNG image' },
  svg: { contentType: 'image/svg+xml', extension: 'svg', label: 'an SVG image' },
  ico: { contentType: 'image/x-icon', extension: 'ico', label: 'an ICO icon' },
};

/** How many leading bytes the upload keeps in memory for kindOf (an SVG's root may follow a long prolog). */
export const HEAD_BYTES = 64 * 1024;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ZIP_LOCAL = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function startsWith(head: Buffer, bytes: Buffer | number[] | string): boolean {
  const b = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= b.length && head.subarray(0, b.length).equals(b);
}

/**
 * An SVG is XML text whose root element is <svg>: optional BOM, XML declaration, comments,
 * processing instructions and a DOCTYPE (without an internal subset) may come first.
 */
export function isSvg(head: Buffer): boolean {
  if (head.includes(0)) return false;
  let text = head.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0) return false;
      i = end + 2;
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) return false;
      i = end + 3;
    } else if (/^<!DOCTYPE\s/i.test(text.slice(i, i + 10))) {
      const end = text.indexOf('>', i);
      if (end < 0 || text.slice(i, end).includes('[')) return false;
      i = end + 1;
    } else {
      return /^<svg[\s>/]/.test(text.slice(i, i + 5));
    }
  }
}

/** Names of the entries of a zip file, from its central directory (read from the end of the file). */
export async function zipEntryNames(path: string, size: number): Promise<string[] | null> {
  const handle = await open(path, 'r');
  try {
    // The end-of-central-directory record: 22 bytes plus a comment of up to 65535.
    const tailLength = Math.min(size, 22 + 65_535);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let eocd = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) return null;
    const entries = tail.readUInt16LE(eocd + 10);
    const directorySize = tail.readUInt32LE(eocd + 12);
    const directoryOffset = tail.readUInt32LE(eocd + 16);
    if (directoryOffset + directorySize > size) return null;
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    const names: string[] = [];
    let at = 0;
    for (let n = 0; n < entries; n++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50) return null;
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      names.push(directory.toString('utf8', at + 46, at + 46 + nameLength));
      at += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  } finally {
    await handle.close();
  }
}

/** An xlsx is a zip holding [Content_Types].xml and the workbook's parts under xl/. */
export function looksLikeXlsx(names: readonly string[]): boolean {
  return names.includes('[Content_Types].xml') && names.some((name) => name.startsWith('xl/'));
}

/**
 * The kind of the stored file at `path` (`head` = its first bytes), or null when it is none
 * of the kinds the app accepts. A zip is only an xlsx when its directory says so.
 */
export async function kindOf(head: Buffer, path: string, size: number): Promise<FileKind | null> {
  if (startsWith(head, '%PDF-')) return 'pdf';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, [0x00, 0x00, 0x01, 0x00]) && head.length >= 6 && head.readUInt16LE(4) > 0) return 'ico';
  if (startsWith(head, ZIP_LOCAL)) {
    const names = await zipEntryNames(path, size).catch(() => null);
    return names && looksLikeXlsx(names) ? 'xlsx' : null;
  }
  if (isSvg(head)) return 'svg';
  return null;
}
