import { attributeOf, decodeEntities, MAX_TOKEN_LENGTH, parseAttributes, XmlMalformed, XmlTokenizer } from './xml-tokenizer';

/** The events of a document fed in the given pieces, text runs joined. */
function events(pieces: string[]): string[] {
  const out: string[] = [];
  const tokenizer = new XmlTokenizer({
    open: (name, attributes, selfClosing) => out.push(`<${name}${attributes}${selfClosing ? '/' : ''}>`),
    close: (name) => out.push(`</${name}>`),
    text: (text) => {
      const last = out.length - 1;
      if (last >= 0 && out[last].startsWith('"')) out[last] = `${out[last].slice(0, -1)}${text}"`;
      else out.push(`"${text}"`);
    },
  });
  for (const piece of pieces) tokenizer.write(piece);
  tokenizer.end();
  return out;
}

const DOCUMENT =
  '<?xml version="1.0" encoding="UTF-8"?>\n<!-- a > comment --><x:sheet xmlns:x="urn:x"><x:row r="1" spans="1:2">' +
  '<c r="A1" t="inlineStr" note="a > b"><is><t>Fish &amp; chips &#163;4 &#x20AC;5 &lt;hot&gt;</t></is></c>' +
  '<c r="B1"><v><![CDATA[<raw> & text]]></v></c><c/></x:row></x:sheet>';

describe('XmlTokenizer', () => {
  it('gives elements by local name, attributes as written, text decoded, CDATA as text', () => {
    expect(events([DOCUMENT])).toEqual([
      '"\n"',
      '<sheet xmlns:x="urn:x">',
      '<row r="1" spans="1:2">',
      '<c r="A1" t="inlineStr" note="a > b">',
      '<is>',
      '<t>',
      '"Fish & chips £4 €5 <hot>"',
      '</t>',
      '</is>',
      '</c>',
      '<c r="B1">',
      '<v>',
      '"<raw> & text"',
      '</v>',
      '</c>',
      '<c/>',
      '</c>',
      '</row>',
      '</sheet>',
    ]);
  });

  it('gives the same events however the text is cut into chunks', () => {
    const whole = events([DOCUMENT]);
    for (let size = 1; size <= 13; size += 1) {
      const pieces: string[] = [];
      for (let at = 0; at < DOCUMENT.length; at += size) pieces.push(DOCUMENT.slice(at, at + size));
      expect(events(pieces)).toEqual(whole);
    }
  });

  it('refuses a document type declaration (entity expansion) and a document cut inside a tag', () => {
    expect(() => events(['<!DOCTYPE lol [<!ENTITY lol "lol">]><a>&lol;</a>'])).toThrow(XmlMalformed);
    expect(() => events(['<a><b attr="x'])).toThrow(XmlMalformed);
  });

  it('holds no unfinished tag longer than MAX_TOKEN_LENGTH', () => {
    const tokenizer = new XmlTokenizer({ open() {}, close() {}, text() {} });
    tokenizer.write('<a b="');
    expect(() => {
      for (let written = 0; written <= MAX_TOKEN_LENGTH; written += 65536) tokenizer.write('x'.repeat(65536));
    }).toThrow(XmlMalformed);
  });

  it('hands on long text in pieces instead of gathering it', () => {
    const pieces: string[] = [];
    const tokenizer = new XmlTokenizer({ open() {}, close() {}, text: (t) => pieces.push(t) });
    tokenizer.write('<t>');
    for (let i = 0; i < 100; i += 1) tokenizer.write('y'.repeat(1000));
    expect(pieces).toHaveLength(100);
  });
});

describe('attributes and entities', () => {
  it('reads attributes in either quote, by qualified name', () => {
    expect(parseAttributes(` name='Q1 &amp; Q2' r:id="rId3" sheetId = "2"`)).toEqual({ name: 'Q1 & Q2', 'r:id': 'rId3', sheetId: '2' });
    expect(attributeOf(' r="B7" t="s"', 't')).toBe('s');
    expect(attributeOf(' s="1"', 'r')).toBeUndefined();
  });

  it('leaves unknown entities and out-of-range references as written', () => {
    expect(decodeEntities('&nbsp; &#x110000; &amp;amp;')).toBe('&nbsp; &#x110000; &amp;');
  });
});
