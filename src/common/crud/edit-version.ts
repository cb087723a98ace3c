import { ConflictException, createParamDecorator, ExecutionContext, HttpStatus } from '@nestjs/common';
import type { Request } from 'express';
import { InvalidInput } from '../http/validation-result';

/**
 * Optimistic concurrency (docs/http-api.md, "Concurrent edits"; docs/decisions.md, issue 28):
 * a record's version is its `updatedDate` as read. An edit sends it back, in a PUT's body as
 * `updatedDate` (the field GET answered, so the GET -> PUT round trip carries it unchanged) or as
 * the query parameter `?updatedDate=` (a DELETE, and the grids, whose bodies are lists). The save
 * compares it under the row lock and answers 409 when the record has changed since.
 */
export const VERSION_FIELD = 'updatedDate';

/** The version an edit was made from; null when the caller sent none (the edit is not checked). */
export type EditVersion = Date | null;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** A sent version: absent, null or '' is none; anything but an ISO instant as answered is a 400. */
export function parseEditVersion(value: unknown): EditVersion {
  if (value === undefined || value === null || value === '') return null;
  const date = typeof value === 'string' && ISO_INSTANT.test(value) ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) {
    throw new InvalidInput({ [VERSION_FIELD]: "Updated date must be the record's updatedDate as it was read (yyyy-mm-ddThh:mm:ss.sssZ)" });
  }
  return date;
}

/** The version a request carries: `?updatedDate=`, else a PUT body's own `updatedDate`. */
export function editVersionOf(req: Request): EditVersion {
  const query = (req.query ?? {}) as Record<string, unknown>;
  if (query[VERSION_FIELD] !== undefined) return parseEditVersion(query[VERSION_FIELD]);
  const body: unknown = req.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) return parseEditVersion((body as Record<string, unknown>)[VERSION_FIELD]);
  return null;
}

/**
 * The handler's EditVersion, read from the request as it came: pipes build new body objects
 * (and drop `updatedDate`, a read-only field) without touching `req.body`.
 */
const sentVersionParam = createParamDecorator((_: unknown, ctx: ExecutionContext) => editVersionOf(ctx.switchToHttp().getRequest<Request>()));

/** Handlers that read an EditVersion: the OpenAPI document gives them their 409 and `?updatedDate=`. */
export const TAKES_VERSION = 'takesEditVersion';

export function SentVersion(): ParameterDecorator {
  return (target, key, index) => {
    sentVersionParam()(target, key, index);
    if (key !== undefined) Reflect.defineMetadata(TAKES_VERSION, true, (target as Record<string | symbol, object>)[key]);
  };
}

/** '28/11/2026 10:42' in the configured time zone: how the client shows date-times (format.ts). */
export function formatDateTime(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** What a conflict says: who changed the record and when. */
export function changedSinceMessage(byUserName: string, at: Date | null, timeZone: string): string {
  const who = byUserName.trim() || 'another user';
  const when = at ? ` at ${formatDateTime(at, timeZone)}` : '';
  return `Changed by ${who}${when} since you opened it. Reload it to see their change.`;
}

/**
 * 409: the record changed since the caller read it; nothing was written. The same envelope as a
 * 400, with `failMessages.updatedDate` and the newer stamp in `changedBy` for clients.
 */
export class EditConflict extends ConflictException {
  constructor(byUserName: string, at: Date | null, timeZone: string) {
    const message = changedSinceMessage(byUserName, at, timeZone);
    super({
      statusCode: HttpStatus.CONFLICT,
      validationResult: { fail: true, failSummary: message, failMessages: { [VERSION_FIELD]: message } },
      changedBy: { updatedByUserName: byUserName, updatedDate: at?.toISOString() ?? null },
    });
  }
}

/** A grid's version when it had no rows as read: the epoch (no row is stamped then). */
export const EMPTY_GRID_VERSION = new Date(0);

/** The stamps of a stored record (or of a grid's newest row). */
export interface StoredStamp {
  updatedDate: Date | null;
  updatedByUserName: string;
}

/** Throws EditConflict unless `version` is null or the stored stamp is exactly it. */
export function assertVersion(stored: StoredStamp | null | undefined, version: EditVersion, timeZone: string): void {
  if (!version) return;
  const storedTime = stored?.updatedDate ? new Date(stored.updatedDate).getTime() : null;
  if (storedTime === version.getTime()) return;
  if (storedTime === null && version.getTime() === EMPTY_GRID_VERSION.getTime()) return;
  // A grid whose newest row as read has gone (deleted since) is changed too; who deleted it is not kept.
  if (!stored || storedTime === null || storedTime < version.getTime()) throw new EditConflict('', null, timeZone);
  throw new EditConflict(stored.updatedByUserName, new Date(stored.updatedDate!), timeZone);
}

/** The newest stamp among a grid's rows (its version), or null when it has none. */
export function newestStamp<T extends StoredStamp>(rows: readonly T[]): T | null {
  let newest: T | null = null;
  for (const row of rows) {
    if (row.updatedDate && (!newest?.updatedDate || new Date(row.updatedDate) > new Date(newest.updatedDate))) newest = row;
  }
  return newest;
}

/**
 * The stamp of an edit: now, or 1 ms after the stored stamp when now is not later (two edits in
 * one millisecond, or a clock behind the stored one), so every edit changes the version.
 */
export function nextStamp(stored: Date | null | undefined, now = new Date()): Date {
  if (!stored) return now;
  const after = new Date(stored).getTime() + 1;
  return now.getTime() >= after ? now : new Date(after);
}
