import { createCache } from '@ant-design/cssinjs';
import bakedTokens from 'virtual:antd-token';
import { cacheEntryOf } from './bakedToken';

declare global {
  interface Window {
    /** Test-only: set by a browser test's init script to read the style cache; the product never sets it. */
    __retailShowStyleCache?: boolean;
    __retailStyleCache?: { cache: ReturnType<typeof createCache>; bakedKeys: string[] };
  }
}

/**
 * antd's style cache, holding the design tokens the build computed for the app's theme
 * (client/antdStaticStyles.ts). antd computes a token on its first render (palettes, aliases and
 * two hashes of the whole token, twice: its default theme's for the icons, then the app's), one
 * task of 20-50 ms on a laptop, many times that on a phone (issue 26). A theme the browser builds
 * differently (motion off) has another key and is computed as before.
 */
export function antdStyleCache(): ReturnType<typeof createCache> {
  const cache = createCache();
  for (const baked of bakedTokens) cache.opUpdate(baked.key, () => [0, cacheEntryOf(baked)]);
  if (window.__retailShowStyleCache) window.__retailStyleCache = { cache, bakedKeys: bakedTokens.map((baked) => baked.key) };
  return cache;
}
