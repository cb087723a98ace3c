import { realpathSync } from 'node:fs';
import { relative } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { PREFETCH_FILES_ID, type PrefetchFiles } from './src/prefetched';

/**
 * The most used screens (every list, rate cards, sales), fetched ahead once a signed-in user's
 * first screen is up and the browser idle (client/src/lazyScreen.tsx), so their first click does
 * not wait for their code.
 */
export const PREFETCHED_SCREENS = ['src/list/ListScreen.tsx', 'src/screens/rateCards/RateCardsScreen.tsx', 'src/screens/sales/SalesScreen.tsx'];

/** What those screens draw where a screen is wider than a phone's card list (screenCode.ts asks for it beside them). */
export const PREFETCHED_WIDE = ['src/list/ListTable.tsx'];

/**
 * Writes into the built index.html the files of PREFETCHED_SCREENS: each screen's chunk, the
 * chunks it imports and their CSS, less what the entry already loads. The client fetches them
 * into the HTTP cache, not run (client/src/lazyScreen.tsx). Importing them instead ran every one of
 * their modules on the main thread while the user read the first screen (on a phone's CPU, half
 * a second of long tasks on the landing page; issue 26); now that work waits for the click.
 */
export function prefetchFiles(): Plugin {
  let clientDir = '';
  return {
    name: 'prefetch-files',
    apply: 'build',
    configResolved: (config) => {
      clientDir = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) => {
        const bundle = context.bundle;
        if (!bundle || !context.chunk) return [];
        const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const loaded = closure([context.chunk], byFile);
        const filesOf = (keys: readonly string[], known: Set<string>) => {
          const facades = keys.map((key) => {
            // Compared as paths from the root: Rollup's ids have symbolic links resolved, the root may not.
            const found = chunks.find((chunk) => chunk.facadeModuleId && relative(realpathSync(clientDir), chunk.facadeModuleId) === key);
            if (!found) throw new Error(`prefetch-files: no chunk for ${key}`);
            return found;
          });
          return [...closure(facades, byFile)].filter((file) => !known.has(file));
        };
        const all = filesOf(PREFETCHED_SCREENS, loaded);
        const wide = filesOf(PREFETCHED_WIDE, new Set([...loaded, ...all]));
        const files: PrefetchFiles = { all, wide };
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: PREFETCH_FILES_ID },
            children: JSON.stringify(files),
            injectTo: 'body',
          },
        ];
      },
    },
  };
}

/** The files of these chunks and of every chunk they import statically, with their CSS. */
function closure(start: readonly Rollup.OutputChunk[], byFile: Map<string, Rollup.OutputChunk>): Set<string> {
  const files = new Set<string>();
  const pending = [...start];
  for (let chunk = pending.pop(); chunk; chunk = pending.pop()) {
    if (files.has(chunk.fileName)) continue;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next) pending.push(next);
    }
  }
  return files;
}
