/**
 * A streaming XML tokenizer for the parts of an xlsx file, fed text a chunk at a time.
 *
 * Why not a general SAX parser: an xlsx part is machine-written XML of a few element kinds, and
 * what matters for an uploaded file is that memory stays bounded whatever the part holds. Text
 * is handed on in pieces as it arrives (never gathered whole), and anything else (a tag, a
 * comment, a CDATA section) is held only up to MAX_TOKEN_LENGTH characters. A document type
 * declaration is refused: Excel never writes one, and its entities are how XML expands itself.
 */

/** Longest tag, comment, CDATA section or processing instruction accepted. */
export const MAX_TOKEN_LENGTH = 1024 * 1024;

/** An entity is at most this long ('&#x10FFFF;'); a '&' further back than this is not one. */
const MAX_ENTITY_LENGTH = 10;

export class XmlMalformed extends Error {}

export interface XmlHandler {
  /** An element starts. `name` is its local name (any prefix such as `x:` removed). */
  open(name: string, attributes: string, selfClosing: boolean): void;
  /** An element ends (also called right after `open` for a self-closing one). */
  close(name: string): void;
  /** Character data, entities decoded; one run of text may come in several pieces. */
  text(text: string): void;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const ENTITY = /&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g;

function decodeEntity(match: string, body: string): string {
  if (body[0] !== '#') return NAMED_ENTITIES[body];
  const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
  return code <= 0x10ffff ? String.fromCodePoint(code) : match;
}

export function decodeEntities(text: string): string {
  return text.includes('&') ? text.replace(ENTITY, decodeEntity) : text;
}

/** The local part of a qualified name (`x:row` → `row`). */
function localName(qualified: string): string {
  const colon = qualified.indexOf(':');
  return colon === -1 ? qualified : qualified.slice(colon + 1);
}

const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const GREATER_THAN = 0x3e;

/** White space as XML has it (space, tab, CR, LF); anything at or below a space is taken as such. */
const isSpace = (code: number) => code <= 0x20;

/**
 * The attributes of a tag as `open` received them, by qualified name (`r:id` stays `r:id`).
 * Scanned by hand rather than with a regular expression: it runs for every cell of a sheet.
 */
export function parseAttributes(attributes: string): Record<string, string> {
  const result: Record<string, string> = Object.create(null) as Record<string, string>;
  const length = attributes.length;
  let at = 0;
  while (at < length) {
    const equals = attributes.indexOf('=', at);
    if (equals === -1) break;
    let open = equals + 1;
    while (open < length && isSpace(attributes.charCodeAt(open))) open += 1;
    const quote = attributes.charCodeAt(open);
    if (quote !== QUOTE && quote !== APOSTROPHE) break;
    const close = attributes.indexOf(quote === QUOTE ? '"' : "'", open + 1);
    if (close === -1) break;
    const name = attributes.slice(at, equals).trim();
    if (name) result[name] = decodeEntities(attributes.slice(open + 1, close));
    at = close + 1;
  }
  return result;
}

/** One attribute of a tag by qualified name. */
export function attributeOf(attributes: string, name: string): string | undefined {
  return attributes.includes(name) ? parseAttributes(attributes)[name] : undefined;
}

/** Where the tag that starts at `start` ends (the index after its '>'), or -1 when it is not all here yet. */
function tagEnd(s: string, start: number): number {
  let quote = 0;
  for (let i = start + 1; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === QUOTE || c === APOSTROPHE) quote = c;
    else if (c === GREATER_THAN) return i + 1;
  }
  return -1;
}

/** Where the name of a tag's text ends (its first white space, or its end). */
function nameEnd(inner: string): number {
  for (let i = 0; i < inner.length; i += 1) if (isSpace(inner.charCodeAt(i))) return i;
  return inner.length;
}

export class XmlTokenizer {
  /** The start of a token (or an entity) the last chunk ended inside of. */
  private pending = '';

  constructor(private readonly handler: XmlHandler) {}

  write(chunk: string): void {
    const s = this.pending ? this.pending + chunk : chunk;
    this.pending = '';
    let pos = 0;
    while (pos < s.length) {
      const lt = s.indexOf('<', pos);
      if (lt === -1) {
        pos = this.trailingText(s, pos);
        break;
      }
      if (lt > pos) this.handler.text(decodeEntities(s.slice(pos, lt)));
      const end = this.token(s, lt);
      if (end === -1) {
        pos = lt;
        break;
      }
      pos = end;
    }
    if (pos < s.length) {
      this.pending = s.slice(pos);
      if (this.pending.length > MAX_TOKEN_LENGTH) throw new XmlMalformed(`a tag longer than ${MAX_TOKEN_LENGTH} characters`);
    }
  }

  /** The document is complete: anything left unfinished is an error. */
  end(): void {
    if (this.pending.includes('<')) throw new XmlMalformed('the document ends inside a tag');
    if (this.pending) this.handler.text(decodeEntities(this.pending));
    this.pending = '';
  }

  /** Text with no tag after it in this chunk: hands it on, keeping back an entity that may be cut. Returns where it stopped. */
  private trailingText(s: string, pos: number): number {
    let stop = s.length;
    const amp = s.lastIndexOf('&');
    if (amp >= pos && s.length - amp < MAX_ENTITY_LENGTH && !s.includes(';', amp)) stop = amp;
    if (stop > pos) this.handler.text(decodeEntities(s.slice(pos, stop)));
    return stop;
  }

  /** Handles the token at `lt`; returns the index after it, or -1 when it is not complete in `s`. */
  private token(s: string, lt: number): number {
    const next = s[lt + 1];
    if (next === undefined) return -1;
    if (next === '!') {
      if (s.startsWith('<!--', lt)) {
        const close = s.indexOf('-->', lt + 4);
        return close === -1 ? -1 : close + 3;
      }
      if (s.startsWith('<![CDATA[', lt)) {
        const close = s.indexOf(']]>', lt + 9);
        if (close === -1) return -1;
        this.handler.text(s.slice(lt + 9, close));
        return close + 3;
      }
      // '<!' followed by fewer characters than '<![CDATA[' holds: wait for them before deciding.
      if (s.length - lt < 9 && ('<![CDATA['.startsWith(s.slice(lt)) || '<!--'.startsWith(s.slice(lt)))) return -1;
      throw new XmlMalformed('a document type declaration');
    }
    if (next === '?') {
      const close = s.indexOf('?>', lt + 2);
      return close === -1 ? -1 : close + 2;
    }
    const end = tagEnd(s, lt);
    if (end === -1) return -1;
    if (next === '/') {
      this.handler.close(localName(s.slice(lt + 2, end - 1).trim()));
      return end;
    }
    const selfClosing = s[end - 2] === '/';
    const inner = s.slice(lt + 1, selfClosing ? end - 2 : end - 1);
    const space = nameEnd(inner);
    const name = localName(inner.slice(0, space));
    this.handler.open(name, inner.slice(space), selfClosing);
    if (selfClosing) this.handler.close(name);
    return end;
  }
}
