import { declaredImageSize, withinImageLimits } from './image-size';

const reader = (bytes: Buffer) => async (position: number, length: number) => bytes.subarray(position, position + length);

function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
}

function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

function jpegHeader(width: number, height: number, before: Buffer[] = [], sof = 0xc0): Buffer {
  const frame = Buffer.from([8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), ...before, segment(sof, frame), Buffer.from([0xff, 0xd9])]);
}

describe('declaredImageSize', () => {
  it('reads a PNG header', async () => {
    expect(await declaredImageSize(reader(pngHeader(660, 1335)))).toEqual({ width: 660, height: 1335 });
    expect(await declaredImageSize(reader(pngHeader(30000, 30000)))).toEqual({ width: 30000, height: 30000 });
  });

  it('walks a JPEG to its frame header, past large segments and fill bytes', async () => {
    const exif = segment(0xe1, Buffer.alloc(60_000, 1));
    const icc = segment(0xe2, Buffer.alloc(5_000, 2));
    expect(await declaredImageSize(reader(jpegHeader(4032, 3024, [segment(0xe0, Buffer.alloc(14)), exif, icc])))).toEqual({ width: 4032, height: 3024 });
    expect(await declaredImageSize(reader(jpegHeader(800, 600, [Buffer.from([0xff, 0xff])], 0xc2)))).toEqual({ width: 800, height: 600 });
  });

  it('null for anything else or a broken header', async () => {
    expect(await declaredImageSize(reader(Buffer.from('%PDF-1.4')))).toBeNull();
    expect(await declaredImageSize(reader(pngHeader(1, 1).subarray(0, 20)))).toBeNull();
    expect(await declaredImageSize(reader(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2])))).toBeNull();
    expect(await declaredImageSize(reader(Buffer.from([0xff, 0xd8, 0x12, 0x34, 0, 2])))).toBeNull();
    expect(await declaredImageSize(reader(jpegHeader(10, 10).subarray(0, 8)))).toBeNull();
  });
});

describe('declaredImageSize of an ICO, and withinImageLimits', () => {
  function ico(entries: Array<{ width: number; height: number; image: Buffer }>): Buffer {
    const head = Buffer.alloc(6 + entries.length * 16);
    head.writeUInt16LE(1, 2);
    head.writeUInt16LE(entries.length, 4);
    let offset = head.length;
    entries.forEach(({ width, height, image }, i) => {
      head[6 + i * 16] = width;
      head[7 + i * 16] = height;
      head.writeUInt32LE(image.length, 14 + i * 16);
      head.writeUInt32LE(offset, 18 + i * 16);
      offset += image.length;
    });
    return Buffer.concat([head, ...entries.map((e) => e.image)]);
  }

  it('answers the largest entry (0 meaning 256), or what a PNG inside declares', async () => {
    const bitmap = Buffer.alloc(40);
    bitmap.writeUInt32LE(40, 0);
    expect(
      await declaredImageSize(
        reader(
          ico([
            { width: 16, height: 16, image: bitmap },
            { width: 0, height: 0, image: bitmap },
          ]),
        ),
      ),
    ).toEqual({ width: 256, height: 256 });
    expect(await declaredImageSize(reader(ico([{ width: 32, height: 32, image: pngHeader(100_000, 100_000) }])))).toEqual({ width: 100_000, height: 100_000 });
  });

  it('withinImageLimits holds the pixels and, when given, each side', () => {
    expect(withinImageLimits({ width: 8_000, height: 5_000 }, { maxSide: 8_000, maxPixels: 40_000_000 })).toBe(true);
    expect(withinImageLimits({ width: 8_001, height: 1 }, { maxSide: 8_000, maxPixels: 40_000_000 })).toBe(false);
    expect(withinImageLimits({ width: 7_000, height: 7_000 }, { maxSide: 8_000, maxPixels: 40_000_000 })).toBe(false);
    expect(withinImageLimits({ width: 20_000, height: 2_000 }, { maxPixels: 50_000_000 })).toBe(true);
  });
});
