import { useSyncExternalStore } from 'react';

/**
 * The rows just saved, by list path, so the one list screen can highlight them for a moment
 * (a class on the row for HIGHLIGHT_MS). A module-level store rather than a React context: the
 * dialogs that save (record, sale, grid, actions) sit in different subtrees from the lists, and
 * a store needs no provider in the shell.
 */
export const HIGHLIGHT_MS = 2000;

const EMPTY: ReadonlySet<number> = new Set();
let saved = new Map<string, ReadonlySet<number>>();
const listeners = new Set<() => void>();

function publish(next: Map<string, ReadonlySet<number>>) {
  saved = next;
  for (const listener of listeners) listener();
}

/** Marks rows of a list as just saved; the mark goes after HIGHLIGHT_MS. */
export function markSaved(listPath: string, ids: readonly number[]): void {
  const valid = ids.filter((id) => Number.isFinite(id) && id > 0);
  if (!valid.length) return;
  const set: ReadonlySet<number> = new Set(valid);
  publish(new Map(saved).set(listPath, set));
  setTimeout(() => {
    // A later save of the same list replaced this mark: that one clears itself.
    if (saved.get(listPath) !== set) return;
    const next = new Map(saved);
    next.delete(listPath);
    publish(next);
  }, HIGHLIGHT_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The ids of the list's rows saved in the last HIGHLIGHT_MS. */
export function useRecentlySaved(listPath: string): ReadonlySet<number> {
  return useSyncExternalStore(subscribe, () => saved.get(listPath) ?? EMPTY);
}

/** The class the just-saved rows get (styles.css). */
export const JUST_SAVED_CLASS = 'row-just-saved';
