import { ApiError } from './http';

/**
 * Optimistic concurrency (docs/http-api.md, "Concurrent edits"): an edit sends back the version it
 * was made from, the record's `updatedDate` as loaded (a grid's: the newest of its rows). A 409
 * means someone else saved since; the dialog or grid offers Reload.
 */

/** The version of a grid that had no rows when loaded. */
export const EMPTY_GRID_VERSION = '1970-01-01T00:00:00.000Z';

/** `url` with `?updatedDate=` (a DELETE's and a grid's way to send the version); unchanged without one. */
export function withVersion(url: string, version: unknown): string {
  if (typeof version !== 'string' || !version) return url;
  return `${url}${url.includes('?') ? '&' : '?'}updatedDate=${encodeURIComponent(version)}`;
}

/** A grid's version: the newest updatedDate of its rows as loaded. */
export function gridVersion(rows: readonly object[]): string {
  let newest = EMPTY_GRID_VERSION;
  for (const row of rows) {
    const stamp = (row as { updatedDate?: unknown }).updatedDate;
    if (typeof stamp === 'string' && stamp > newest) newest = stamp;
  }
  return newest;
}

/** The server's 409: the record changed since it was loaded. */
export function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}
