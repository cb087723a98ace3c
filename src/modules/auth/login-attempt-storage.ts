import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { within } from '../../common/async/within';
import { redisReady } from '../../common/redis/redis.module';

/** A count in its fixed window: `count` events since `windowStart` (ms since the epoch). */
export interface WindowCount {
  count: number;
  windowStart: number;
}

/**
 * Counts of login attempts in fixed windows: a window starts with the first event counted after
 * the previous one ended, and events within it never extend it (guesses during a limit do not
 * lengthen it). `now` is the app's clock (Date.now()), so Redis and memory count alike.
 */
export interface AttemptCounter {
  /** Adds `delta` (1 an attempt, -1 taking one back; never below 0) and answers the window's count. */
  add(key: string, windowMs: number, delta: number, now: number): Promise<WindowCount>;
}

/** In this process's memory: the embedded mode, and scale-out while Redis is away. */
export class MemoryAttemptCounter implements AttemptCounter {
  private readonly counts = new Map<string, WindowCount & { windowMs: number }>();
  private added = 0;

  async add(key: string, windowMs: number, delta: number, now: number): Promise<WindowCount> {
    if (++this.added % 1_000 === 0) this.sweep(now);
    let entry = this.counts.get(key);
    if (!entry || now >= entry.windowStart + windowMs || now < entry.windowStart) {
      entry = { count: 0, windowStart: now, windowMs };
      this.counts.set(key, entry);
    }
    entry.count = Math.max(0, entry.count + delta);
    return { count: entry.count, windowStart: entry.windowStart };
  }

  /** Forgets the windows that are over, so a stream of one-off addresses does not grow the map. */
  private sweep(now: number): void {
    for (const [key, entry] of this.counts) if (now >= entry.windowStart + entry.windowMs) this.counts.delete(key);
  }
}

/** The same in one Redis hash a key (s: window start, n: count), expiring with its window. */
const ADD_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local delta = tonumber(ARGV[3])
local start = tonumber(redis.call('HGET', KEYS[1], 's') or '')
local n = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
if start == nil or now >= start + window or now < start then
  start = now
  n = 0
end
n = math.max(0, n + delta)
redis.call('HSET', KEYS[1], 's', start, 'n', n)
redis.call('PEXPIRE', KEYS[1], math.max(1000, start + window - now + 1000))
return { n, tostring(start) }
`;

export class RedisAttemptCounter implements AttemptCounter {
  constructor(private readonly redis: Redis) {}

  async add(key: string, windowMs: number, delta: number, now: number): Promise<WindowCount> {
    const [count, start] = (await this.redis.eval(ADD_SCRIPT, 1, key, now, windowMs, delta)) as [number, string];
    return { count: Number(count), windowStart: Number(start) };
  }
}

/** A count in Redis gets this long; past it the attempt is counted in memory rather than keep a login waiting. */
const REDIS_ANSWER_MS = 500;

/**
 * Where login attempts are counted in scale-out: in Redis, so every API node sees every attempt;
 * while Redis is away (not connected, or not answering within half a second) in this process's
 * own memory, so logins keep working during the incident with per-node limits. Said once in the
 * log when it falls back, and once when Redis counts again. Without Redis (embedded) in memory only.
 */
export class LoginAttemptStorage implements AttemptCounter {
  private readonly logger = new Logger('LoginAttempts');
  private readonly redisCounter: RedisAttemptCounter | null;
  private readonly memory = new MemoryAttemptCounter();
  private inMemory = false;

  constructor(private readonly redis: Redis | null) {
    this.redisCounter = redis ? new RedisAttemptCounter(redis) : null;
  }

  async add(key: string, windowMs: number, delta: number, now: number): Promise<WindowCount> {
    if (this.redis && this.redisCounter) {
      if (redisReady(this.redis)) {
        try {
          const counted = await within(REDIS_ANSWER_MS, 'Redis', this.redisCounter.add(key, windowMs, delta, now));
          if (this.inMemory) {
            this.inMemory = false;
            this.logger.log('Redis is back: login attempts are counted in Redis again, across every API node');
          }
          return counted;
        } catch (error) {
          this.fallBack(error);
        }
      } else this.fallBack(new Error(`Redis is ${this.redis.status}`));
    }
    return this.memory.add(key, windowMs, delta, now);
  }

  private fallBack(error: unknown): void {
    if (this.inMemory) return;
    this.inMemory = true;
    this.logger.warn({ msg: "Redis is not reachable: login attempts are counted in this process's memory until it is back", err: error });
  }
}
