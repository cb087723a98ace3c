import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { InvalidInput } from '../http/validation-result';
import { ClientGone } from '../http/client-gone';
import { RATIO_FREE_BYTES, XLSX_LIMIT_VARIABLES, type XlsxLimits } from './xlsx-limits';

/**
 * The zip container of an xlsx upload, read through its central directory (yauzl): the sizes
 * every part declares are checked against the limits before any part is inflated, and while a
 * part is inflated the bytes it really gives are counted, so a part that lies about its size is
 * stopped as soon as it passes what it declared.
 */

/** A stored upload (its path) or the file's bytes. */
export type XlsxSource = string | Buffer;

export interface ReadContext {
  limits: XlsxLimits;
  /** The request field a refusal is reported on. */
  field: string;
  /** Aborted when the client has gone: the reading stops at the next chunk. */
  signal?: AbortSignal;
}

/** A part as the zip directory declares it. */
export interface DeclaredPart {
  fileName: string;
  compressedSize: number;
  uncompressedSize: number;
}

/** The failure an unreadable file gives: it is the caller's input, so a 400. */
export function unreadableWorkbook(field = 'fileID'): InvalidInput {
  return new InvalidInput({ [field]: 'The file could not be read as an Excel (xlsx) workbook' });
}

export function refusal(context: ReadContext, message: string): InvalidInput {
  return new InvalidInput({ [context.field]: message });
}

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** A part's name as it may be shown: printable and short (it comes from the uploaded file). */
function shownName(name: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const printable = name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
  return printable.length > 80 ? `${printable.slice(0, 80)}…` : printable;
}

/**
 * Why the zip directory is refused, or undefined when its declared sizes are within the limits:
 * the number of parts, each part's size and compression ratio, the total, and the whole file's
 * ratio (many parts each under RATIO_FREE_BYTES add up).
 */
export function directoryRefusal(parts: readonly DeclaredPart[], limits: XlsxLimits): string | undefined {
  const tooMany = entriesRefusal(parts.length, limits);
  if (tooMany) return tooMany;
  let total = 0;
  let compressed = 0;
  for (const part of parts) {
    const name = shownName(part.fileName);
    if (part.uncompressedSize > limits.maxPartBytes) {
      return `The file's part ${name} unzips to ${megabytes(part.uncompressedSize)}, more than the limit of ${megabytes(limits.maxPartBytes)} (${XLSX_LIMIT_VARIABLES.maxPartBytes})`;
    }
    const ratio = part.uncompressedSize / Math.max(part.compressedSize, 1);
    if (part.uncompressedSize > RATIO_FREE_BYTES && ratio > limits.maxCompressionRatio) {
      return (
        `The file's part ${name} unzips to ${megabytes(part.uncompressedSize)} from ${megabytes(part.compressedSize)} (${Math.round(ratio)} to 1), ` +
        `more than the limit of ${limits.maxCompressionRatio} to 1 (${XLSX_LIMIT_VARIABLES.maxCompressionRatio})`
      );
    }
    total += part.uncompressedSize;
    compressed += part.compressedSize;
  }
  if (total > limits.maxTotalBytes) {
    return `The file unzips to ${megabytes(total)} in all, more than the limit of ${megabytes(limits.maxTotalBytes)} (${XLSX_LIMIT_VARIABLES.maxTotalBytes})`;
  }
  const fileRatio = total / Math.max(compressed, 1);
  if (total > RATIO_FREE_BYTES && fileRatio > limits.maxFileCompressionRatio) {
    return (
      `The file unzips to ${megabytes(total)} in all from ${megabytes(compressed)} (${Math.round(fileRatio)} to 1), ` +
      `more than the limit of ${limits.maxFileCompressionRatio} to 1 (${XLSX_LIMIT_VARIABLES.maxFileCompressionRatio})`
    );
  }
  return undefined;
}

/** Why a zip of `count` parts is refused, or undefined. */
function entriesRefusal(count: number, limits: XlsxLimits): string | undefined {
  if (count <= limits.maxEntries) return undefined;
  return `The file holds ${count} parts, more than the limit of ${limits.maxEntries} (${XLSX_LIMIT_VARIABLES.maxEntries})`;
}

/** Why the shared strings part is refused, or undefined. */
export function sharedStringsRefusal(part: DeclaredPart, limits: XlsxLimits): string | undefined {
  if (part.uncompressedSize <= limits.maxSharedStringsBytes) return undefined;
  return (
    `The file's shared strings (${shownName(part.fileName)}) unzip to ${megabytes(part.uncompressedSize)}, ` +
    `more than the limit of ${megabytes(limits.maxSharedStringsBytes)} (${XLSX_LIMIT_VARIABLES.maxSharedStringsBytes})`
  );
}

/** Throws ClientGone when the request's client has gone. */
export function stopIfGone(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ClientGone();
}

/** Shared strings parts by their usual name, checked with the directory (the workbook may name another; that one is checked when read). */
const SHARED_STRINGS = /(^|\/)sharedStrings\.xml$/i;

const TEXT_CHUNK_BYTES = 64 * 1024;

export class XlsxZip {
  /** Parts by lower-cased name: part names in a package are case-insensitive. */
  private readonly parts = new Map<string, yauzl.Entry>();

  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly context: ReadContext,
  ) {}

  /** Opens the zip and checks its directory; a file that is not a zip, or one refused, is a 400 (InvalidInput). */
  static async open(source: XlsxSource, context: ReadContext): Promise<XlsxZip> {
    stopIfGone(context.signal);
    const options: yauzl.Options = { lazyEntries: true, autoClose: false, validateEntrySizes: true };
    let zip: yauzl.ZipFile;
    try {
      zip = typeof source === 'string' ? await yauzl.openPromise(source, options) : await yauzl.fromBufferPromise(source, options);
    } catch {
      throw unreadableWorkbook(context.field);
    }
    const opened = new XlsxZip(zip, context);
    try {
      // The count is in the directory's last record: refused before a single entry is read.
      const tooMany = entriesRefusal(zip.entryCount, context.limits);
      if (tooMany) throw refusal(context, tooMany);
      const declared: DeclaredPart[] = [];
      try {
        for await (const entry of zip.eachEntry()) {
          declared.push(entry);
          const key = entry.fileName.toLowerCase();
          if (!opened.parts.has(key)) opened.parts.set(key, entry);
        }
      } catch {
        throw unreadableWorkbook(context.field);
      }
      const refused =
        directoryRefusal(declared, context.limits) ??
        declared
          .filter((part) => SHARED_STRINGS.test(part.fileName))
          .map((part) => sharedStringsRefusal(part, context.limits))
          .find(Boolean);
      if (refused) throw refusal(context, refused);
      return opened;
    } catch (error) {
      opened.close();
      throw error;
    }
  }

  part(name: string): yauzl.Entry | undefined {
    return this.parts.get(name.toLowerCase());
  }

  close(): void {
    this.zip.close();
  }

  /**
   * A part's text (UTF-8), a chunk at a time, counting the bytes inflated: more than the part
   * declared is a 400 at once; a broken part, fewer bytes or an unsupported compression is an
   * unreadable workbook. Leaving the loop early releases the part's streams.
   */
  async *text(entry: yauzl.Entry): AsyncGenerator<string> {
    const { context } = this;
    if (entry.isEncrypted() || (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)) throw unreadableWorkbook(context.field);
    let raw: Readable;
    try {
      raw = await this.zip.openReadStreamPromise(entry, { decodeFileData: false });
    } catch {
      throw unreadableWorkbook(context.field);
    }
    let data: Readable = raw;
    if (entry.compressionMethod === 8) {
      const inflate = createInflateRaw({ chunkSize: TEXT_CHUNK_BYTES });
      // Its errors reach the loop below through `inflate`; destroying `inflate` ends it.
      void pipeline(raw, inflate).catch(() => undefined);
      data = inflate;
    }
    const decoder = new TextDecoder('utf-8');
    let inflated = 0;
    try {
      for await (const chunk of data as AsyncIterable<Buffer>) {
        stopIfGone(context.signal);
        inflated += chunk.length;
        if (inflated > entry.uncompressedSize) {
          throw refusal(
            context,
            `The file's part ${shownName(entry.fileName)} unzips to more than the ${entry.uncompressedSize} bytes its zip directory declares`,
          );
        }
        yield decoder.decode(chunk, { stream: true });
      }
      if (inflated !== entry.uncompressedSize) throw unreadableWorkbook(context.field);
      const rest = decoder.decode();
      if (rest) yield rest;
    } catch (error) {
      if (error instanceof InvalidInput || error instanceof ClientGone) throw error;
      throw unreadableWorkbook(context.field);
    } finally {
      data.destroy();
      if (data !== raw) raw.destroy();
    }
  }
}
