import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/**
 * What the API compresses: its JSON answers, the Swagger UI's page, scripts and styles, and
 * Prometheus text. Types only: a file sent as such (a download, an Excel export, a branding
 * image) says so with Content-Disposition and goes as it is, with its length, as do images and
 * zips that compress no further.
 */
const COMPRESSED_TYPES = /^(application\/json|text\/html|text\/css|text\/plain|(application|text)\/javascript)\b/i;

function compressible(req: Request, res: Response): boolean {
  if (res.getHeader('Content-Disposition')) return false;
  if (!COMPRESSED_TYPES.test(String(res.getHeader('Content-Type') ?? ''))) return false;
  // compression's own checks: Cache-Control no-transform.
  return compression.filter(req, res);
}

/**
 * brotli (quality 4) or gzip, as the client accepts, for /api answers of 1 KB or more, per request: JSON differs every time, so nothing can be compressed ahead as the client's
 * files are (src/common/static/client-files.ts, which /api never reaches). An answer already
 * encoded is left alone.
 */
export function apiCompression(): RequestHandler {
  return compression({ filter: compressible });
}
