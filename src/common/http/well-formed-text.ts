/** Half of a surrogate pair without its other half (String.prototype.isWellFormed is ES2024, past our lib). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/**
 * Dotted paths of every key and string in `value` that is not well-formed Unicode (a lone half
 * of a surrogate pair, which JSON's \uD800 escapes can carry). Checked once, before any route or
 * validator sees the request: validators such as isEmail throw on such text (a 500), and the
 * databases store it as U+FFFD, so what was saved would not be what was sent. Walked with an
 * explicit stack like nestedDeeperThan. Query strings need no such check: the 'simple' query
 * parser (app.factory.ts) decodes broken UTF-8 (%ED%A0%80) as U+FFFD, never as a lone half.
 */
export function illFormedTextPaths(value: unknown): string[] {
  const found: string[] = [];
  const stack: Array<{ node: unknown; path: string }> = [{ node: value, path: '' }];
  while (stack.length) {
    const { node, path } = stack.pop()!;
    if (typeof node === 'string') {
      if (!isWellFormed(node)) found.push(path || 'body');
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    for (const [key, child] of Object.entries(node)) {
      const at = path ? `${path}.${key}` : key;
      if (!isWellFormed(key)) found.push(at);
      else stack.push({ node: child, path: at });
    }
  }
  return found.sort();
}

export const ILL_FORMED_TEXT = 'Holds a broken character (half of a surrogate pair): type the text again';

/** The 400 body for text that is not well-formed, by field. */
export function illFormedTextFailure(paths: string[]) {
  return {
    statusCode: 400,
    validationResult: {
      fail: true,
      failSummary: 'The request body holds text that is not valid Unicode',
      failMessages: Object.fromEntries(paths.map((path) => [path, ILL_FORMED_TEXT])),
    },
  };
}
