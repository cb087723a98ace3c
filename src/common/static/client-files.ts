import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';

/** Vite names every file under /assets with a hash of its content: a new build, a new name. */
const HASHED_ASSETS = '/assets/';

/**
 * The precompressed copies the client build writes beside each text asset (client/vite.config.ts,
 * `precompress`), smallest first: brotli is about 15 % smaller than gzip on this bundle.
 */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** index.html and anything else without a hash: the browser asks again every time (a 304 when unchanged). */
const REVALIDATE = 'no-cache';

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The file a URL path names inside the client folder; null for a path that could leave it or names a dotfile (.vite/manifest.json). */
function fileOf(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split(/[\\/]/).some((segment) => segment.startsWith('.'))) return null;
  const file = join(root, decoded);
  return file.startsWith(root + sep) ? file : null;
}

/**
 * The built client at /, for GET and HEAD outside /api (issue 14, "First load and serving"):
 * - hashed assets cached for a year, `immutable` (a browser never revalidates them), sent as the
 *   brotli or gzip copy the build made when the browser accepts it (`Vary: Accept-Encoding`);
 *   a missing one is a 404, not index.html: a page from an older build then fails to load a
 *   chunk instead of running HTML as JavaScript;
 * - any other file in the folder, and index.html for every other path (the client's routes),
 *   with `Cache-Control: no-cache`, so a release is seen on the next page load.
 * /api is left to the API, whose answers carry their own headers.
 */
export function clientFiles(clientDir: string): RequestHandler {
  const root = resolve(clientDir);
  const indexHtml = join(root, 'index.html');

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();

    const send = (file: string, options: { hashed: boolean; encoding?: string; original?: string }) => {
      if (options.encoding) {
        res.setHeader('Content-Encoding', options.encoding);
        // The type of what was compressed, not of the .br or .gz file.
        res.type(extname(options.original!));
      }
      if (!options.hashed) res.setHeader('Cache-Control', REVALIDATE);
      res.sendFile(
        file,
        options.hashed ? { maxAge: '1y', immutable: true } : { cacheControl: false },
        // Gone between stat and read, or the client went away: nothing more to send if headers left.
        (error) => error && !res.headersSent && next(),
      );
    };

    void (async () => {
      const file = fileOf(root, req.path);
      const hashed = req.path.startsWith(HASHED_ASSETS);
      if (file && (await isFile(file))) {
        const copies = await Promise.all(PRECOMPRESSED.map(async (copy) => ((await isFile(file + copy.suffix)) ? copy : null)));
        const available = copies.filter((copy) => copy !== null);
        if (available.length) res.vary('Accept-Encoding');
        const chosen = available.find((copy) => req.acceptsEncodings(copy.encoding) === copy.encoding);
        if (chosen) return send(file + chosen.suffix, { hashed, encoding: chosen.encoding, original: file });
        return send(file, { hashed });
      }
      if (hashed) return next();
      return send(indexHtml, { hashed: false });
    })().catch(next);
  };
}
