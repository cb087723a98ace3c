import { deflateSync } from 'node:zlib';
import { pngChunk as chunk } from '../api/files-fixtures';

/**
 * A receipt as a PNG, drawn here from a 5 × 7 bitmap font (capitals, digits and / - : . space),
 * for the receipt scan's tests and bench: no browser, no font files, the same pixels everywhere.
 * Each dot is `scale` pixels square and the page is softened with a 3 × 3 box blur, which is what
 * tesseract reads best (it is trained on printed, anti-aliased text).
 */
const FONT: Record<string, string> = {
  '0': '.###. #...# #...# #...# #...# #...# .###.',
  '1': '..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.',
  '2': '.###. #...# ....# ...#. ..#.. .#... #####',
  '3': '##### ...#. ..#.. ...#. ....# #...# .###.',
  '4': '...#. ..##. .#.#. #..#. ##### ...#. ...#.',
  '5': '##### #.... ####. ....# ....# #...# .###.',
  '6': '..##. .#... #.... ####. #...# #...# .###.',
  '7': '##### ....# ...#. ..#.. .#... .#... .#...',
  '8': '.###. #...# #...# .###. #...# #...# .###.',
  '9': '.###. #...# #...# .#### ....# ...#. .##..',
  A: '.###. #...# #...# ##### #...# #...# #...#',
  B: '####. #...# #...# ####. #...# #...# ####.',
  C: '.###. #...# #.... #.... #.... #...# .###.',
  D: '###.. #..#. #...# #...# #...# #..#. ###..',
  E: '##### #.... #.... ####. #.... #.... #####',
  F: '##### #.... #.... ####. #.... #.... #....',
  G: '.###. #...# #.... #.### #...# #...# .####',
  H: '#...# #...# #...# ##### #...# #...# #...#',
  I: '.###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.',
  J: '..### ...#. ...#. ...#. ...#. #..#. .##..',
  K: '#...# #..#. #.#.. ##... #.#.. #..#. #...#',
  L: '#.... #.... #.... #.... #.... #.... #####',
  M: '#...# ##.## #.#.# #.#.# #...# #...# #...#',
  N: '#...# #...# ##..# #.#.# #..## #...# #...#',
  O: '.###. #...# #...# #...# #...# #...# .###.',
  P: '####. #...# #...# ####. #.... #.... #....',
  Q: '.###. #...# #...# #...# #.#.# #..#. .##.#',
  R: '####. #...# #...# ####. #.#.. #..#. #...#',
  S: '.#### #.... #.... .###. ....# ....# ####.',
  T: '##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..',
  U: '#...# #...# #...# #...# #...# #...# .###.',
  V: '#...# #...# #...# #...# #...# .#.#. ..#..',
  W: '#...# #...# #...# #.#.# #.#.# #.#.# .#.#.',
  X: '#...# #...# .#.#. ..#.. .#.#. #...# #...#',
  Y: '#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..',
  Z: '##### ....# ...#. ..#.. .#... #.... #####',
  '/': '....# ....# ...#. ..#.. .#... #.... #....',
  '-': '..... ..... ..... .###. ..... ..... .....',
  ':': '..... .##.. .##.. ..... .##.. .##.. .....',
  '.': '..... ..... ..... ..... ..... .##.. .##..',
  ' ': '..... ..... ..... ..... ..... ..... .....',
};

/** An 8-bit greyscale PNG of `width` × `height` pixels (0 black, 1 white). */
export function greyPng(width: number, height: number, pixel: (x: number, y: number) => number): Buffer {
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0; // filter: none
    for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = Math.round(Math.min(1, Math.max(0, pixel(x, y))) * 255);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The receipt's lines, black on white, as a PNG. Only the font's characters may be used. */
export function receiptPng(lines: readonly string[], scale = 3): Buffer {
  const cell = 6 * scale;
  const lineHeight = 11 * scale;
  const margin = 8 * scale;
  const width = margin * 2 + cell * Math.max(...lines.map((line) => line.length));
  const height = margin * 2 + lineHeight * lines.length;
  const ink = new Float32Array(width * height).fill(1);
  lines.forEach((line, row) => {
    [...line].forEach((character, column) => {
      const glyph = FONT[character];
      if (!glyph) throw new Error(`receiptPng cannot draw ${JSON.stringify(character)}`);
      glyph.split(' ').forEach((dots, dy) => {
        [...dots].forEach((dot, dx) => {
          if (dot !== '#') return;
          for (let y = 0; y < scale; y++) {
            for (let x = 0; x < scale; x++) {
              ink[(margin + row * lineHeight + dy * scale + y) * width + margin + column * cell + dx * scale + x] = 0;
            }
          }
        });
      });
    });
  });
  return greyPng(width, height, (x, y) => {
    let sum = 0;
    let count = 0;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if (x + dx < 0 || x + dx >= width || y + dy < 0 || y + dy >= height) continue;
        sum += ink[(y + dy) * width + x + dx];
        count++;
      }
    }
    return sum / count;
  });
}
