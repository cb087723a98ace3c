/**
 * A design token as antd's style cache (@ant-design/cssinjs) holds it, baked at build time
 * (client/antdStaticStyles.ts) and put back into the cache in the browser (antdToken.ts).
 */
export interface BakedToken {
  /** The cache's key: antd's version, the theme and the token's seed, flattened. */
  key: string;
  /** The computed token, with the `_tokenKey`, `_themeKey` and `_hashId` cssinjs adds. */
  token: Record<string, unknown>;
  /** The class that scopes the theme's styles (`css-…`). */
  hashId: string;
}

/**
 * The second copy of the token the cache entry holds ("real token"): the same keys but for
 * `_themeKey` and `_hashId`. Rebuilt rather than shipped twice; the build checks the two agree.
 */
export function realTokenOf(token: Record<string, unknown>): Record<string, unknown> {
  const { _themeKey, _hashId, ...real } = token;
  void _themeKey;
  void _hashId;
  return real;
}

/** The cache's value for a baked token: [token, hash class, real token, CSS variables, their key] (no CSS variables here). */
export function cacheEntryOf(baked: BakedToken): [Record<string, unknown>, string, Record<string, unknown>, string, string] {
  return [baked.token, baked.hashId, realTokenOf(baked.token), '', ''];
}
