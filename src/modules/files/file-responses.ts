import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import type { OpenedFile } from './files.service';

/**
 * How stored files go out, for every module that serves one (a file download, an announcement's
 * attachment).
 */

/**
 * Served files never run anything, even opened on their own (an SVG may carry script):
 * a sandbox with no sources except inline styles and images.
 */
export const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/** attachment; filename="ascii fallback"; filename*=UTF-8''exact (RFC 6266). */
export function contentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** The bytes of a file (none for HEAD); a client that leaves mid-way or a failing disk ends the response. */
export async function streamFile(open: () => NodeJS.ReadableStream, req: Request, res: Response): Promise<void> {
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  try {
    await pipeline(open(), res);
  } catch (error) {
    // The client went away, or the disk failed mid-way: nothing more can be said to this client.
    if (!res.headersSent) throw error;
    res.destroy();
  }
}

/** A stored file as an attachment under its original name, never cached, never run. */
export async function sendAttachment(opened: OpenedFile, req: Request, res: Response): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', opened.file.contentType);
  res.setHeader('Content-Length', String(opened.size));
  res.setHeader('Content-Disposition', contentDisposition(opened.file.originalName));
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Content-Security-Policy', FILE_CSP);
  await streamFile(opened.stream, req, res);
}
