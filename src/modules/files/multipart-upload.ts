import busboy from 'busboy';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { InvalidInput } from '../../common/http/validation-result';
import { HEAD_BYTES } from './file-kinds';

/** Spec 02 section 5: the one message for an upload over the limit. */
export const TOO_LARGE = 'File is too large.';
export const FILE_FIELD = 'file';

/** A file that arrived whole, in a temporary file the caller now owns (moves or deletes it). */
export interface ReceivedFile {
  tempPath: string;
  size: number;
  sha256: string;
  /** The first HEAD_BYTES bytes, to tell the kind from. */
  head: Buffer;
  /** As the client named it (not cleaned yet). */
  clientName: string;
  /** The content type the client declared for the file ('' when none). */
  declaredType: string;
  /** The form's text fields sent along with the file (the first value of each name), unchecked. */
  fields: Record<string, string>;
}

export interface ReceiveOptions {
  maxBytes: number;
  /** Where partial uploads are written; on the same file system as the final place, so moving is a rename. */
  incomingDir: string;
}

/** Counts, hashes and keeps the head of what passes through. */
class Inspector extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.headLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.headChunks.push(Buffer.from(part));
      this.headLength += part.length;
    }
    done(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }

  head(): Buffer {
    return Buffer.concat(this.headChunks, this.headLength);
  }
}

/** Browsers escape these three in multipart file names (HTML's form-data encoding); undo that. */
function fromFormData(name: string): string {
  return name.replace(/%22/g, '"').replace(/%0D|%0A/gi, ' ');
}

const refusal = (message: string) => new InvalidInput({ [FILE_FIELD]: message }, message);

/**
 * After a refusal the rest of the request is read and thrown away, so the client (which is
 * usually still sending) can read the 400 instead of a reset connection; nothing of it is
 * kept. A client that goes on sending much more than that is cut off.
 */
function discardRest(req: IncomingMessage, allowance: number): void {
  if ((req as { discarding?: boolean }).discarding) return;
  (req as { discarding?: boolean }).discarding = true;
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > allowance) req.socket?.destroy();
  });
  req.on('error', () => undefined);
  req.resume();
}

/**
 * Reads one file from a multipart/form-data request (field `file`) straight to disk,
 * never holding it in memory. Refused with a 400 (InvalidInput) as soon as it is clear the
 * upload cannot be taken: not multipart, malformed, another field, more than one file,
 * empty, or more than `maxBytes` (checked while the bytes stream in: the answer goes out
 * at once and the partial file is deleted).
 */
export async function receiveOneFile(req: IncomingMessage, options: ReceiveOptions): Promise<ReceivedFile> {
  const contentType = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw refusal(`Send the file as multipart/form-data in the field "${FILE_FIELD}"`);
  }
  let parser: busboy.Busboy;
  try {
    // One byte over the limit is what tells "too large" from "exactly at the limit".
    parser = busboy({
      headers: req.headers,
      // Browsers send file names as UTF-8.
      defParamCharset: 'utf8',
      limits: { fileSize: options.maxBytes + 1, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 40, headerPairs: 100 },
    });
  } catch {
    throw refusal('The upload could not be read (malformed multipart/form-data)');
  }
  await mkdir(options.incomingDir, { recursive: true, mode: 0o700 });

  return new Promise<ReceivedFile>((resolve, reject) => {
    let settled = false;
    let fileSeen = false;
    let parsed = false;
    let written: { tempPath: string; inspector: Inspector; clientName: string; declaredType: string } | undefined;
    let writing: Promise<void> | undefined;
    let out: WriteStream | undefined;
    let source: (Readable & { truncated?: boolean }) | undefined;
    // No prototype: a field named __proto__ is just a field.
    const fields = Object.create(null) as Record<string, string>;

    const cleanUp = async () => {
      source?.destroy();
      if (out && !out.closed) {
        out.destroy();
        await new Promise<void>((done) => out!.once('close', () => done()));
      }
      if (written) await unlink(written.tempPath).catch(() => undefined);
    };

    const fail = (message: string | null) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      parser.on('error', () => undefined);
      parser.destroy();
      // The client waits (TCP pushes back) while the partial file is removed and the answer
      // goes out; only then is the rest of the body read and dropped.
      req.pause();
      const response = (req as IncomingMessage & { res?: ServerResponse }).res;
      if (!req.complete && !req.destroyed) {
        if (response) response.once('finish', () => discardRest(req, options.maxBytes)).once('close', () => discardRest(req, options.maxBytes));
        else setImmediate(() => discardRest(req, options.maxBytes));
      }
      void cleanUp().finally(() => reject(refusal(message ?? 'The upload did not arrive whole')));
    };

    const finish = () => {
      if (settled || !parsed) return;
      if (!written) return fail(`Choose a file to upload (field "${FILE_FIELD}")`);
      if (!writing) return;
      writing.then(
        () => {
          if (settled) return;
          if (written!.inspector.size === 0) return fail('The file is empty');
          settled = true;
          resolve({
            tempPath: written!.tempPath,
            size: written!.inspector.size,
            sha256: written!.inspector.digest(),
            head: written!.inspector.head(),
            clientName: written!.clientName,
            declaredType: written!.declaredType,
            fields,
          });
        },
        () => fail('The upload did not arrive whole'),
      );
    };

    parser.on('file', (field, stream, info) => {
      // Destroying the parser after a refusal ends its file streams with an error nobody needs.
      stream.on('error', () => undefined);
      if (settled) return stream.resume();
      if (field !== FILE_FIELD) return fail(`Send the file in the field "${FILE_FIELD}"`);
      if (fileSeen) return fail('Send one file only');
      fileSeen = true;
      source = stream;
      const tempPath = join(options.incomingDir, `${randomUUID()}.part`);
      const inspector = new Inspector();
      written = { tempPath, inspector, clientName: fromFormData(info.filename ?? ''), declaredType: info.mimeType ?? '' };
      out = createWriteStream(tempPath, { flags: 'wx', mode: 0o600 });
      // Deferred: busboy is still inside its write when it says so, and must finish that first.
      stream.on('limit', () => process.nextTick(() => fail(TOO_LARGE)));
      writing = pipeline(stream, inspector, out);
      writing.catch(() => undefined);
      writing.then(finish, () => undefined);
    });
    parser.on('field', (name: string, value: string) => {
      if (!(name in fields)) fields[name] = value;
    });
    parser.on('filesLimit', () => fail('Send one file only'));
    parser.on('partsLimit', () => fail('The upload has too many parts'));
    parser.on('fieldsLimit', () => fail('The upload has too many fields'));
    parser.on('error', () => fail('The upload could not be read (malformed multipart/form-data)'));
    parser.on('close', () => {
      parsed = true;
      finish();
    });
    // The client went away before the end: nothing is kept.
    req.on('aborted', () => fail(null));
    req.on('error', () => fail(null));
    req.pipe(parser);
  });
}
