/**
 * The code of the most used screens, fetched ahead but not run (issue 26): the build writes their
 * files into index.html (client/prefetchFiles.ts); lazyScreen.tsx fetches them into the HTTP cache
 * once a signed-in user's first screen is up.
 */

/** The element of index.html holding the files. */
export const PREFETCH_FILES_ID = 'prefetch-files';

export interface PrefetchFiles {
  /** Asset paths (assets/…) every signed-in first screen fetches ahead. */
  all: string[];
  /** And where the window is wide enough for tables. */
  wide: string[];
}

/** The files index.html lists; none from the dev server, which builds nothing ahead. */
export function prefetchFiles(): PrefetchFiles {
  const text = document.getElementById(PREFETCH_FILES_ID)?.textContent;
  if (!text) return { all: [], wide: [] };
  try {
    return JSON.parse(text) as PrefetchFiles;
  } catch {
    return { all: [], wide: [] };
  }
}
