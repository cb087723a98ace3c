/**
 * What a receipt's OCR text says (pure functions, no I/O): the order references, the sale dates,
 * and whether a SKU or an analysis list item's code appears in it as a whole token.
 */

/** A token's edge: a letter or digit must not touch it on either side. */
const ALNUM = /[A-Za-z0-9]/;

/** Characters OCR reads for digits inside a run of digits: O/o for 0, I/l/| for 1. */
const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', o: '0', I: '1', l: '1', '|': '1' };

/**
 * The text with OCR's letter-for-digit confusions undone inside runs of digits only: a run of
 * digits and look-alikes (O, o, I, l, |) holding at least one real digit, with no other letter
 * touching it, has its look-alikes read as digits ('2O26' → '2026', 'O3' → '03', '1234l' →
 * '12341'). Words are left alone ('ORDER', 'Gold', 'IO' have no digits or touch other letters).
 * Used only to find numbers (order references, dates), never SKUs or codes.
 * The length of the text does not change, so positions stay the same.
 */
export function undoDigitConfusions(text: string): string {
  return text.replace(/[0-9OoIl|]+/g, (run, at: number) => {
    const before = at > 0 ? text[at - 1] : '';
    const after = text[at + run.length] ?? '';
    if (/[A-Za-z]/.test(before) || /[A-Za-z]/.test(after)) return run;
    if (!/[0-9]/.test(run)) return run;
    return run.replace(/[OoIl|]/g, (c: string) => DIGIT_LOOKALIKES[c]);
  });
}

/**
 * Every 20-digit order reference, unique, in the order found: 20 digits in a row, or 4 groups of 5
 * separated by spaces or a hyphen (as printed on receipts and shown on narrow screens). Never part
 * of a longer run of digits.
 */
export function findOrderRefs(text: string): string[] {
  const clean = undoDigitConfusions(text);
  const found: string[] = [];
  const sep = '[ \\t]*[-\u2010-\u2015]?[ \\t]*';
  const pattern = new RegExp(`(?<![0-9])(\\d{5})${sep}(\\d{5})${sep}(\\d{5})${sep}(\\d{5})(?![0-9])`, 'g');
  for (const match of clean.matchAll(pattern)) {
    const ref = match.slice(1, 5).join('');
    if (!found.includes(ref)) found.push(ref);
  }
  return found;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAMES = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

/** yyyy-mm-dd when y, m, d make a day of the calendar (no 31 April, 29 February only in leap years). */
export function calendarDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Two-digit years are this century's (receipts are recent). */
const fullYear = (year: string) => (year.length === 2 ? 2000 + Number(year) : Number(year));

/**
 * The dates on the receipt as yyyy-mm-dd, unique, in the order found. Day first, as printed in
 * the UK: dd/mm/yyyy, dd-mm-yyyy, dd.mm.yyyy (also with a two-digit year, and single-digit day or
 * month), yyyy-mm-dd (also with / or .), '12 Mar 2026', '12 March 2026', '12th March 2026',
 * '12-Mar-2026'. Only real calendar dates count.
 */
export function findSaleDates(text: string): string[] {
  const clean = undoDigitConfusions(text);
  const found: Array<{ at: number; date: string }> = [];
  const add = (at: number, date: string | null) => {
    if (date) found.push({ at, date });
  };
  // yyyy-mm-dd first: its digits must not be read again as a day-first date.
  const taken: Array<[number, number]> = [];
  for (const m of clean.matchAll(/(?<![0-9])(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![0-9])/g)) {
    add(m.index, calendarDate(Number(m[1]), Number(m[3]), Number(m[4])));
    taken.push([m.index, m.index + m[0].length]);
  }
  for (const m of clean.matchAll(/(?<![0-9])(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?![0-9])/g)) {
    if (taken.some(([from, to]) => m.index < to && m.index + m[0].length > from)) continue;
    add(m.index, calendarDate(fullYear(m[4]), Number(m[3]), Number(m[1])));
  }
  const named = new RegExp(`(?<![0-9])(\\d{1,2})(?:st|nd|rd|th)?[ \\t]*[- ][ \\t]*${MONTH_NAMES}\\.?[ \\t]*[- ,][ \\t]*(\\d{4})(?![0-9])`, 'gi');
  for (const m of clean.matchAll(named)) {
    add(m.index, calendarDate(Number(m[3]), MONTHS.indexOf(m[2].slice(0, 3).toLowerCase()) + 1, Number(m[1])));
  }
  return [...new Set(found.sort((a, b) => a.at - b.at).map((f) => f.date))];
}

/**
 * Where `token` first appears in `text` as a whole token, ignoring case, or -1: no letter or
 * digit touches it on either side, and a space inside it matches any run of spaces.
 */
export function tokenPosition(text: string, token: string): number {
  const wanted = token.trim();
  if (!wanted) return -1;
  const body = wanted
    .split(/\s+/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[ \\t]+');
  const match = new RegExp(`(?<![A-Za-z0-9])${body}(?![A-Za-z0-9])`, 'i').exec(text);
  return match ? match.index : -1;
}

/** The characters a SKU may hold (SKU_PATTERN of the rate card line body); a SKU starts with a letter or digit. */
const SKU_CHARACTER = /[A-Za-z0-9 ._\-/+#&()]/;

/**
 * Every piece of the text that could be a SKU written on it as a whole token (see tokenPosition),
 * lower-cased, with the position where it first appears: a letter or digit starting a word, up to
 * a point where no letter or digit follows, at most `maxLength` characters of the SKU alphabet,
 * inner runs of spaces written as one. Looking these up is how a receipt's SKUs are found without
 * reading every line of a rate card.
 */
export function skuCandidates(text: string, maxLength: number): Map<string, number> {
  const candidates = new Map<string, number>();
  for (let start = 0; start < text.length; start++) {
    if (!ALNUM.test(text[start]) || (start > 0 && ALNUM.test(text[start - 1]))) continue;
    let candidate = '';
    for (let end = start; end < text.length && SKU_CHARACTER.test(text[end]); end++) {
      const c = text[end];
      if (c === ' ' && candidate.endsWith(' ')) continue;
      candidate += c;
      if (candidate.length > maxLength) break;
      const next = text[end + 1] ?? '';
      if (!ALNUM.test(next) && !candidate.endsWith(' ')) {
        const key = candidate.toLowerCase();
        if (!candidates.has(key)) candidates.set(key, start);
      }
    }
  }
  return candidates;
}
