import { open } from 'node:fs/promises';

export interface ImageSize {
  width: number;
  height: number;
}

/** JPEG start-of-frame markers (baseline, progressive, lossless, arithmetic): they carry the size. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** JPEG markers without a length: RST0-7, SOI, EOI, TEM. */
export const STANDALONE = new Set([0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9]);

/** The most pixels and (optionally) the longest side an image may declare before anything decodes it. */
export interface ImageLimits {
  maxPixels: number;
  maxSide?: number;
}

/**
 * Whether a declared size is within the limits: the one check of what an image may declare, for
 * the receipt scan (before tesseract decodes it) and the branding images (before a browser does).
 */
export function withinImageLimits(size: ImageSize, limits: ImageLimits): boolean {
  if (limits.maxSide !== undefined && (size.width > limits.maxSide || size.height > limits.maxSide)) return false;
  return size.width * size.height <= limits.maxPixels;
}

type Read = (position: number, length: number) => Promise<Buffer>;

/**
 * The largest image an ICO declares: each directory entry's size (0 meaning 256), or the IHDR of
 * a PNG stored in it (which may declare anything, whatever the entry says).
 */
async function icoSize(read: Read): Promise<ImageSize | null> {
  const head = await read(0, 6);
  if (head.length < 6 || head.readUInt16LE(0) !== 0 || head.readUInt16LE(2) !== 1) return null;
  const count = head.readUInt16LE(4);
  if (count === 0) return null;
  const directory = await read(6, count * 16);
  if (directory.length < count * 16) return null;
  let largest: ImageSize = { width: 0, height: 0 };
  for (let i = 0; i < count; i++) {
    const entry = directory.subarray(i * 16, i * 16 + 16);
    let size: ImageSize = { width: entry[0] || 256, height: entry[1] || 256 };
    const image = await read(entry.readUInt32LE(12), 24);
    if (image.length >= 24 && image.readUInt32BE(0) === 0x89504e47 && image.toString('latin1', 12, 16) === 'IHDR') {
      size = { width: image.readUInt32BE(16), height: image.readUInt32BE(20) };
    }
    largest = { width: Math.max(largest.width, size.width), height: Math.max(largest.height, size.height) };
  }
  return largest;
}

/**
 * The pixel size a PNG, JPEG or ICO file declares, read from its header without decoding it (a
 * small file may declare a huge image: a PNG of one colour compresses a gigapixel into kilobytes),
 * or null when the header cannot be read. `read(position, length)` gives the file's bytes there.
 * For an ICO, the largest of its images (width and height each at their largest).
 */
export async function declaredImageSize(read: Read): Promise<ImageSize | null> {
  const head = await read(0, 24);
  if (head.length >= 24 && head.readUInt32BE(0) === 0x89504e47 && head.toString('latin1', 12, 16) === 'IHDR') {
    return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  }
  if (head.length >= 6 && head.readUInt32BE(0) === 0x00000100) return icoSize(read);
  if (head.length < 4 || head[0] !== 0xff || head[1] !== 0xd8) return null;
  // JPEG: walk the segments (each marker, then its length) to the first start of frame.
  let at = 2;
  for (let segments = 0; segments < 10_000; segments++) {
    const marker = await read(at, 10);
    if (marker.length < 4 || marker[0] !== 0xff) return null;
    const type = marker[1];
    if (type === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (STANDALONE.has(type)) {
      at += 2;
      continue;
    }
    if (SOF.has(type)) return marker.length >= 9 ? { height: marker.readUInt16BE(5), width: marker.readUInt16BE(7) } : null;
    if (type === 0xda) return null; // image data before any frame header
    at += 2 + marker.readUInt16BE(2);
  }
  return null;
}

/** declaredImageSize of the file at `path`. */
export async function imageFileSize(path: string): Promise<ImageSize | null> {
  const handle = await open(path, 'r');
  try {
    return await declaredImageSize(async (position, length) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    });
  } finally {
    await handle.close();
  }
}
