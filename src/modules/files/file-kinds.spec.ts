import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentDisposition } from './file-responses';
import { cleanFileName } from './files.service';
import { isSvg, kindOf, looksLikeXlsx } from './file-kinds';

const text = (s: string) => Buffer.from(s, 'utf8');

describe('isSvg: XML text whose root element is <svg>', () => {
  it.each([
    ['<svg xmlns="http://www.w3.org/2000/svg"></svg>'],
    ['\uFEFF<svg/>'],
    ['  \n<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<svg>'],
    ['<?xml version="1.0"?><?xml-stylesheet href="a.css"?><svg\twidth="1">'],
  ])('%j is an SVG', (s) => expect(isSvg(text(s))).toBe(true));

  it.each([
    ['<html><svg></svg></html>'],
    ['<svgx>'],
    ['hello <svg>'],
    ['<!DOCTYPE svg [<!ENTITY a "b">]><svg>'],
    ['<!-- never closed <svg>'],
    ['<svg\u0000>'],
    [''],
  ])('%j is not', (s) => expect(isSvg(text(s))).toBe(false));
});

describe('kindOf', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'kinds-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function kind(bytes: Buffer) {
    const path = join(dir, 'f');
    writeFileSync(path, bytes);
    return kindOf(bytes.subarray(0, 65536), path, bytes.length);
  }

  it('tells the kinds from their magic bytes', async () => {
    expect(await kind(text('%PDF-1.7\n...'))).toBe('pdf');
    expect(await kind(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(await kind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(await kind(Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]))).toBe('ico');
    expect(await kind(text('<svg/>'))).toBe('svg');
  });

  it('refuses look-alikes', async () => {
    expect(await kind(text('MZ\u0090\u0000 an executable'))).toBeNull();
    expect(await kind(text(' %PDF-1.7 (not at the start)'))).toBeNull();
    expect(await kind(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(await kind(Buffer.from([0, 0, 1, 0, 0, 0]))).toBeNull(); // an icon of no images
    expect(await kind(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBeNull(); // a zip without a directory
  });

  it('an xlsx needs [Content_Types].xml and parts under xl/', () => {
    expect(looksLikeXlsx(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml'])).toBe(true);
    expect(looksLikeXlsx(['[Content_Types].xml', 'word/document.xml'])).toBe(false);
    expect(looksLikeXlsx(['xl/workbook.xml'])).toBe(false);
  });
});

describe('file names', () => {
  it('keeps only the name, without control characters, at most 255 characters', () => {
    expect(cleanFileName('C:\\Users\\me\\rates.xlsx', 'x')).toBe('rates.xlsx');
    expect(cleanFileName('../../etc/passwd', 'x')).toBe('passwd');
    expect(cleanFileName('a\u0000b\nc.pdf', 'x')).toBe('abc.pdf');
    expect(cleanFileName('   ', 'upload.pdf')).toBe('upload.pdf');
    expect(Array.from(cleanFileName('é'.repeat(300), 'x'))).toHaveLength(255);
  });

  it('Content-Disposition has an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('Rates "May".xlsx')).toBe(`attachment; filename="Rates _May_.xlsx"; filename*=UTF-8''Rates%20%22May%22.xlsx`);
    expect(contentDisposition("naïve (1)'s.pdf", 'inline')).toBe(`inline; filename="na_ve (1)'s.pdf"; filename*=UTF-8''na%C3%AFve%20%281%29%27s.pdf`);
  });
});
