/**
 * Type-ahead of every picker (issue 26): what the user types filters the options by the label
 * they see (never an id), ignoring case, accents and repeated spaces, and Enter takes the first
 * option left. Options whose label starts with the text come first, then those with a word
 * starting with it, then any other containing it; within each, the list's own order.
 */

/** Lower case, accents and outer spaces dropped, inner runs of spaces as one. */
export function typedForm(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** How well `label` matches `typed`: 0 starts with it, 1 a word starts with it, 2 contains it; null none. An empty text matches all as 0. */
export function typedRank(label: string, typed: string): 0 | 1 | 2 | null {
  const text = typedForm(typed);
  if (!text) return 0;
  const shown = typedForm(label);
  const at = shown.indexOf(text);
  if (at < 0) return null;
  if (at === 0) return 0;
  // A later word: after a space, hyphen, slash, bracket or similar.
  const wordStart = new RegExp(`(^|[^a-z0-9])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(shown);
  return wordStart ? 1 : 2;
}

export function matchesTyped(label: string, typed: string): boolean {
  return typedRank(label, typed) !== null;
}

/** Sort order of two matching labels (a stable sort keeps the list's order among equals). */
export function compareTyped(a: string, b: string, typed: string): number {
  return (typedRank(a, typed) ?? 3) - (typedRank(b, typed) ?? 3);
}

/** The text a picker option shows: its label when that is text, else its title (an option drawn as an element names itself there). */
export function optionText(option: { label?: unknown; title?: unknown } | undefined): string {
  if (!option) return '';
  if (typeof option.label === 'string' || typeof option.label === 'number') return String(option.label);
  return typeof option.title === 'string' ? option.title : '';
}

/** The first option Enter takes for `typed`, or undefined (what the picker's list shows first). */
export function firstTypedMatch<O extends { label?: unknown; title?: unknown }>(options: readonly O[], typed: string): O | undefined {
  return options.filter((o) => matchesTyped(optionText(o), typed)).sort((a, b) => compareTyped(optionText(a), optionText(b), typed))[0];
}
