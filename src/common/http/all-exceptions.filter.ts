import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { validationBodyFor } from './validation-result';

interface ConstraintFailure {
  summary: string;
  messages: Record<string, string>;
}

/** The column a NOT NULL failure names: MySQL "Column 'rotaDate' cannot be null", SQLite "NOT NULL constraint failed: rotaLine.rotaDate". */
function nullColumn(message: string): string | undefined {
  return /Column '(\w+)' cannot be null/.exec(message)?.[1] ?? /NOT NULL constraint failed: \w+\.(\w+)/.exec(message)?.[1];
}

/**
 * A constraint the database enforced after our own checks passed (two saves racing, or a null
 * our DTOs let through): still the caller's input, so a 400, and the transaction rolled back.
 */
function constraintFailure(error: unknown): ConstraintFailure | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const code = String((error as QueryFailedError & { code?: string }).code ?? '');
  if (code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE') return { summary: 'A record with these details already exists', messages: {} };
  if (code.startsWith('ER_ROW_IS_REFERENCED') || code === 'SQLITE_CONSTRAINT_FOREIGNKEY')
    return { summary: 'This record is in use, so it cannot be deleted', messages: {} };
  if (code.startsWith('ER_NO_REFERENCED_ROW')) return { summary: 'A linked record does not exist', messages: {} };
  if (code === 'ER_BAD_NULL_ERROR' || code === 'SQLITE_CONSTRAINT_NOTNULL') {
    const column = nullColumn(error.message);
    return { summary: 'A required value is missing', messages: column ? { [column]: 'This value is required' } : {} };
  }
  return undefined;
}

/** A 429 that tells no wait of its own. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * The standard Retry-After of a 429, in seconds: the exception's own `retryAfterSeconds` (the
 * login limits), else the longest of a throttler's per-limit headers (Retry-After-<name>).
 */
function retryAfterSeconds(res: Response, exception: HttpException): string {
  const told = (exception as HttpException & { retryAfterSeconds?: unknown }).retryAfterSeconds;
  if (typeof told === 'number' && Number.isFinite(told) && told > 0) return String(Math.ceil(told));
  const own = Object.entries(res.getHeaders())
    .filter(([name]) => /^retry-after-/i.test(name))
    .map(([, value]) => Number(value))
    .filter((seconds) => Number.isFinite(seconds) && seconds > 0);
  return String(own.length ? Math.max(...own) : DEFAULT_RETRY_AFTER_SECONDS);
}

/** pino-http logs a response's `err` with its request line. */
function logWithRequest(res: Response, exception: unknown): void {
  (res as unknown as { err?: unknown }).err = exception;
}

/**
 * One place that turns every failure into the contract's shape: 4xx keep their
 * validationResult, anything unexpected is a 500 whose errorID is the request id, logged with the error.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    if (res.headersSent) {
      // The request's log line carries the error (see requestLogger).
      logWithRequest(res, exception);
      res.end();
      return;
    }
    if (exception instanceof HttpException) {
      let status = exception.getStatus() as HttpStatus;
      // Oversized bodies are bad input like any other: 400, not 413.
      if (status === HttpStatus.PAYLOAD_TOO_LARGE) status = HttpStatus.BAD_REQUEST;
      if (status === HttpStatus.TOO_MANY_REQUESTS) res.setHeader('Retry-After', retryAfterSeconds(res, exception));
      const payload = validationBodyFor(exception);
      res.status(status).json({ ...payload, statusCode: status });
      return;
    }
    const conflict = constraintFailure(exception);
    if (conflict) {
      // A NOT NULL reaching the database is a field our body checks missed: said, so it gets its own rule.
      if (Object.keys(conflict.messages).length)
        this.logger.warn(
          `${req.method} ${(req.route as { path?: string } | undefined)?.path ?? req.path}: the database refused a null (${(exception as Error).message})`,
        );
      res.status(400).json({ statusCode: 400, validationResult: { fail: true, failSummary: conflict.summary, failMessages: conflict.messages } });
      return;
    }
    // The request id (answered as X-Request-Id): what a user quotes finds the request's log line, which carries the error.
    const requestID = (req as Request & { id?: unknown }).id;
    const errorID = typeof requestID === 'string' ? requestID : randomUUID();
    logWithRequest(res, exception);
    if (requestID === undefined) {
      this.logger.error(`errorID=${errorID} ${req.method} ${req.originalUrl}: ${(exception as Error)?.stack ?? String(exception)}`);
    }
    res.status(500).json({ statusCode: 500, message: 'Internal server error', errorID });
  }
}
