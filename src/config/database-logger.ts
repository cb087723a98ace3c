import { Logger } from '@nestjs/common';
import type { Logger as TypeOrmLogger } from 'typeorm';

/** A statement in a log line is cut here: enough to recognise it, never a whole multi-row INSERT. */
const MAX_QUERY_CHARS = 500;

/**
 * TypeORM's messages through the app's logger (pino: JSON lines when LOG_FORMAT=json) instead of
 * its own console.log text. A failed statement is logged without its parameters, which can hold
 * what users typed (names, e-mails) or password hashes.
 */
export class DatabaseLogger implements TypeOrmLogger {
  private readonly logger = new Logger('Database');

  logQuery(): void {
    // Statements are not logged (logging: ['error']).
  }

  logQueryError(error: string | Error, query: string): void {
    this.logger.error({
      msg: 'A database statement failed',
      err: typeof error === 'string' ? new Error(error) : error,
      query: query.slice(0, MAX_QUERY_CHARS),
    });
  }

  logQuerySlow(time: number, query: string): void {
    this.logger.warn({ msg: 'A slow database statement', durationMs: time, query: query.slice(0, MAX_QUERY_CHARS) });
  }

  logSchemaBuild(message: string): void {
    this.logger.log(message);
  }

  logMigration(message: string): void {
    this.logger.log(message);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn(String(message));
    else this.logger.log(String(message));
  }
}
