import { open, type FileHandle } from 'node:fs/promises';
import { KIND_INFO, zipEntryNames, type FileKind } from './file-kinds';
import { declaredImageSize, STANDALONE, withinImageLimits, type ImageLimits } from './image-size';

/**
 * The checks of an image shown to everyone (the branding images, on the public login page),
 * beyond its kind (file-kinds.ts): its name and declared type agree with its content, it is
 * exactly one kind of file (no web page, script, archive or PDF hidden in it or after its end,
 * which a browser or another program could take it as), and the size it declares is within the
 * limits before anything decodes it. docs/decisions.md, "Issue 28: login limits and branding images".
 */

/** 8,000 px a side and 40 megapixels (a 4K screen is 8.3): a login background needs no more. */
export const BRANDING_IMAGE_LIMITS: Required<ImageLimits> = { maxSide: 8_000, maxPixels: 40_000_000 };

/** The names and declared types each image kind goes by. */
const NAMES: Partial<Record<FileKind, { extensions: string[]; types: string[] }>> = {
  png: { extensions: ['png'], types: ['image/png', 'image/x-png', 'image/apng'] },
  jpeg: { extensions: ['jpg', 'jpeg', 'jpe', 'jfif', 'pjpeg', 'pjp'], types: ['image/jpeg', 'image/pjpeg', 'image/jpg'] },
  ico: { extensions: ['ico', 'cur'], types: ['image/x-icon', 'image/vnd.microsoft.icon', 'image/ico', 'image/icon'] },
};

/** Types that say nothing about the content: a browser sends them for a name it does not know. */
const UNSAID_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);

/**
 * What a browser, a PDF reader or a script engine would take as something to run or show as a
 * page: markup and script openings. Looked for in an image's metadata (text chunks, comments,
 * EXIF/XMP), where a polyglot keeps them; never in the compressed pixels, where short byte runs
 * occur by chance.
 */
const ACTIVE_CONTENT =
  /<(?:script|html|head|body|svg|iframe|frame|frameset|object|embed|applet|form|img|style|link|meta|base|math|foreignobject)[\s/>]|<!doctype|<\?php|javascript:|vbscript:/i;

/** The most of one metadata block read to look into (a longer one is refused: no image needs it). */
const MAX_METADATA_BYTES = 4 * 1024 * 1024;

/** More chunks than any image writer makes (a 50 MB PNG in 8 KB image data chunks has 6,400). */
const MAX_PNG_CHUNKS = 100_000;

/** Reading at positions of the stored upload. */
class Bytes {
  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  async at(position: number, length: number): Promise<Buffer> {
    const wanted = Math.max(0, Math.min(length, this.size - position));
    const buffer = Buffer.alloc(wanted);
    const { bytesRead } = wanted ? await this.handle.read(buffer, 0, wanted, position) : { bytesRead: 0 };
    return buffer.subarray(0, bytesRead);
  }
}

/** A refusal's sentence, and the advice every structural one ends with. */
const SAVE_AGAIN = 'open it in an image editor, save or export it again as a plain image, and upload that';

function extensionOf(name: string): string | undefined {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : undefined;
}

/** The name's and the declared type's word against the content's. */
function disagreement(kind: FileKind, clientName: string, declaredType: string): string | null {
  const names = NAMES[kind];
  if (!names) return null;
  const label = KIND_INFO[kind].label;
  const extension = extensionOf(clientName);
  if (extension !== undefined && !names.extensions.includes(extension)) {
    return `The file's name ends in .${extension.slice(0, 20)} but its content is ${label}; upload a file whose name and content agree`;
  }
  const type = declaredType.split(';')[0].trim().toLowerCase();
  if (!UNSAID_TYPES.has(type) && !names.types.includes(type)) {
    return `The file was sent as ${type.slice(0, 60)} but its content is ${label}; upload a file whose type and content agree`;
  }
  return null;
}

/** The PNG's chunks: well formed, IHDR first, IEND last with nothing after it; its metadata free of markup. */
async function pngProblem(bytes: Bytes): Promise<string | null> {
  let at = 8;
  let first = true;
  for (let chunks = 0; ; chunks++) {
    const header = await bytes.at(at, 8);
    if (header.length < 8) return `The PNG image is cut short or damaged; ${SAVE_AGAIN}`;
    if (chunks > MAX_PNG_CHUNKS) return `The PNG image is split into unusually many blocks; ${SAVE_AGAIN}`;
    const length = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    if (!/^[A-Za-z]{4}$/.test(type) || at + 12 + length > bytes.size || (first && (type !== 'IHDR' || length !== 13))) {
      return `The PNG image is damaged; ${SAVE_AGAIN}`;
    }
    first = false;
    if (type === 'IEND') {
      if (at + 12 + length !== bytes.size) return `The file has more data after the end of its PNG image; ${SAVE_AGAIN}`;
      return null;
    }
    if (type !== 'IDAT') {
      if (length > MAX_METADATA_BYTES) return `The PNG image holds an unusually large "${type}" block; ${SAVE_AGAIN}`;
      if (ACTIVE_CONTENT.test((await bytes.at(at + 8, length)).toString('latin1'))) return hidden('a PNG image');
    }
    at += 12 + length;
  }
}

/** The JPEG's segments up to its image data free of markup, and the file ends where the image does. */
async function jpegProblem(bytes: Bytes): Promise<string | null> {
  let at = 2;
  for (let segments = 0; ; segments++) {
    const marker = await bytes.at(at, 4);
    if (marker.length < 2 || marker[0] !== 0xff || segments > 10_000) return `The JPEG image is damaged; ${SAVE_AGAIN}`;
    const type = marker[1];
    if (type === 0xff) {
      at += 1;
      continue;
    }
    if (STANDALONE.has(type)) {
      at += 2;
      continue;
    }
    if (marker.length < 4) return `The JPEG image is cut short; ${SAVE_AGAIN}`;
    const length = marker.readUInt16BE(2);
    if (length < 2 || at + 2 + length > bytes.size) return `The JPEG image is damaged; ${SAVE_AGAIN}`;
    if (ACTIVE_CONTENT.test((await bytes.at(at + 4, length - 2)).toString('latin1'))) return hidden('a JPEG image');
    at += 2 + length;
    if (type === 0xda) break; // start of scan: the compressed image data follows
  }
  // The image ends with EOI (FF D9); some writers pad with zero bytes after it, nothing else may follow.
  const tail = await bytes.at(Math.max(at, bytes.size - 64 * 1024), 64 * 1024);
  let end = tail.length;
  while (end > 0 && tail[end - 1] === 0) end--;
  if (end < 2 || tail[end - 2] !== 0xff || tail[end - 1] !== 0xd9)
    return `The file has more data after the end of its JPEG image, or the image is cut short; ${SAVE_AGAIN}`;
  return null;
}

/** The ICO's directory points inside the file, which ends with its last image; each image a PNG or a bitmap. */
async function icoProblem(bytes: Bytes): Promise<string | null> {
  const head = await bytes.at(0, 6);
  const count = head.readUInt16LE(4);
  const directory = await bytes.at(6, count * 16);
  if (directory.length < count * 16) return `The icon is damaged; ${SAVE_AGAIN}`;
  let end = 6 + count * 16;
  for (let i = 0; i < count; i++) {
    const size = directory.readUInt32LE(i * 16 + 8);
    const offset = directory.readUInt32LE(i * 16 + 12);
    if (offset < 6 + count * 16 || size < 8 || offset + size > bytes.size) return `The icon is damaged; ${SAVE_AGAIN}`;
    if (size > MAX_METADATA_BYTES) return `The icon holds an unusually large image; ${SAVE_AGAIN}`;
    const image = await bytes.at(offset, size);
    const isPng = image.readUInt32BE(0) === 0x89504e47;
    const isBitmap = image.readUInt32LE(0) === 40; // BITMAPINFOHEADER
    if (!isPng && !isBitmap) return `The icon holds something other than an image; ${SAVE_AGAIN}`;
    if (ACTIVE_CONTENT.test(image.toString('latin1'))) return hidden('an icon');
    end = Math.max(end, offset + size);
  }
  if (end !== bytes.size) return `The file has more data after the end of its icon; ${SAVE_AGAIN}`;
  return null;
}

function hidden(label: string): string {
  return `The file is ${label} but also holds web page or script code, so a browser could take it for a page; ${SAVE_AGAIN}`;
}

/** Something else the same bytes are, which another program would open them as. */
async function otherKind(bytes: Bytes, path: string): Promise<string | null> {
  const head = await bytes.at(0, 1024);
  if (head.includes('%PDF-')) return 'a PDF document';
  const zip = await zipEntryNames(path, bytes.size).catch(() => null);
  if (zip || (await endsWithZipDirectory(bytes))) return 'a ZIP archive';
  return null;
}

/**
 * Whether the file ends as a zip does, whatever comes before: an end-of-central-directory record
 * whose comment runs exactly to the end (a zip appended to an image, which unzip still opens).
 */
async function endsWithZipDirectory(bytes: Bytes): Promise<boolean> {
  const tailLength = Math.min(bytes.size, 22 + 65_535);
  const tail = await bytes.at(bytes.size - tailLength, tailLength);
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50 && i + 22 + tail.readUInt16LE(i + 20) === tail.length) return true;
  }
  return false;
}

/**
 * Why the uploaded image at `path` (of `kind`, as sniffed) cannot be kept, in a sentence for the
 * user, or null when it may. `clientName` and `declaredType` are what the browser sent with it.
 */
export async function imageRefusal(
  kind: FileKind,
  path: string,
  size: number,
  clientName: string,
  declaredType: string,
  limits: Required<ImageLimits>,
): Promise<string | null> {
  const label = KIND_INFO[kind].label;
  const named = disagreement(kind, clientName, declaredType);
  if (named) return named;
  const handle = await open(path, 'r');
  try {
    const bytes = new Bytes(handle, size);
    const other = await otherKind(bytes, path);
    if (other) return `The file is ${label} but also ${other}; a file must be one kind only, so ${SAVE_AGAIN}`;
    const problem = kind === 'png' ? await pngProblem(bytes) : kind === 'jpeg' ? await jpegProblem(bytes) : kind === 'ico' ? await icoProblem(bytes) : null;
    if (problem) return problem;
    const declared = await declaredImageSize((position, length) => bytes.at(position, length));
    if (!declared || declared.width === 0 || declared.height === 0) return `The image's size cannot be read; ${SAVE_AGAIN}`;
    if (!withinImageLimits(declared, limits)) {
      return `The image is ${declared.width} × ${declared.height} pixels; it may be at most ${limits.maxSide} × ${limits.maxSide} pixels and ${limits.maxPixels / 1e6} megapixels in all, so make it smaller and upload it again`;
    }
    return null;
  } finally {
    await handle.close();
  }
}
