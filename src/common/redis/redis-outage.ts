import type { Logger } from '@nestjs/common';
import type { EventEmitter } from 'node:events';

/** While Redis stays away, one reminder this often (not one line per reconnect attempt, which ioredis makes every second or so). */
const REMINDER_MS = 60_000;

/**
 * The log of one process's view of Redis: one line when it goes away (with the error), a reminder
 * a minute while it stays away, and one line when it is back. Every ioredis client of the process
 * reports here, so no error reaches ioredis's own plain-text 'Unhandled error event'.
 */
export class RedisOutage {
  private downSince: number | null = null;
  private lastLine = 0;

  constructor(
    private readonly logger: Logger,
    private readonly what: string,
  ) {}

  get down(): boolean {
    return this.downSince !== null;
  }

  error(error: unknown): void {
    const now = Date.now();
    if (this.downSince === null) {
      this.downSince = now;
      this.lastLine = now;
      this.logger.error({ msg: `${this.what}: Redis is not reachable`, err: error });
    } else if (now - this.lastLine >= REMINDER_MS) {
      this.lastLine = now;
      this.logger.error({ msg: `${this.what}: Redis is still not reachable after ${Math.round((now - this.downSince) / 1000)} s`, err: error });
    }
  }

  ready(): void {
    if (this.downSince === null) return;
    this.logger.log({ msg: `${this.what}: Redis is reachable again after ${Math.round((Date.now() - this.downSince) / 1000)} s` });
    this.downSince = null;
  }

  /** Listens to a client's errors and reconnections. */
  watch(client: EventEmitter): void {
    client.on('error', (error: Error) => this.error(error));
    client.on('ready', () => this.ready());
  }
}
