import { runInNewContext } from 'node:vm';

/** Whether `source` ends with an anchoring '$' (not an escaped '\$'). */
function endsWithAnchor(source: string): boolean {
  if (!source.endsWith('$')) return false;
  let backslashes = 0;
  for (let i = source.length - 2; i >= 0 && source[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 0;
}

/** Whether `source` has a '|' outside every group and character class ('Yes|No'). */
function hasTopLevelAlternation(source: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}

/**
 * The regex of a text analysis field, anchored so the whole value must match (spec 02
 * section 5): '^' and '$' are added when missing, never twice. A top-level alternation is
 * grouped first, so 'Yes|No' becomes '^(?:Yes|No)$' rather than '^Yes|No$' (which would
 * accept 'Yesterday'). Anchoring an anchored regex gives it back unchanged.
 */
export function anchorRegex(source: string): string {
  let inner = source.startsWith('^') ? source.slice(1) : source;
  if (endsWithAnchor(inner)) inner = inner.slice(0, -1);
  return hasTopLevelAlternation(inner) ? `^(?:${inner})$` : `^${inner}$`;
}

/** Why the regex does not compile (JavaScript syntax, as the client uses), or null. */
export function regexError(source: string): string | null {
  try {
    new RegExp(source);
    return null;
  } catch (error) {
    const message = (error as Error).message;
    // "Invalid regular expression: /^(a$/: Unterminated group" -> "Unterminated group"
    return message.slice(message.lastIndexOf(': ') + 2) || message;
  }
}

/** Time a regex may take to check one value; beyond it the regex is refused as too slow. */
const REGEX_CHECK_MS = 100;

/**
 * A check that runs out of time is tried again this many times before the regex is called too
 * slow: the limit is wall-clock time, and a busy machine can hold a process back for longer than
 * it on its own, while a regex that backtracks catastrophically runs out every time.
 */
const REGEX_CHECK_ATTEMPTS = 3;

/**
 * Whether `value` matches `source`, or 'timeout' when the check takes too long (a regex that
 * backtracks catastrophically must not hang the server: it runs in a vm with a time limit).
 */
export function regexMatches(source: string, value: string): boolean | 'timeout' {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return runInNewContext('re.test(value)', { re: new RegExp(source), value }, { timeout: REGEX_CHECK_MS }) as boolean;
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
      if (attempt >= REGEX_CHECK_ATTEMPTS) return 'timeout';
    }
  }
}
