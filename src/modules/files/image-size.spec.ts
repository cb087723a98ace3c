import { declaredImageSize } from './image-size';

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
