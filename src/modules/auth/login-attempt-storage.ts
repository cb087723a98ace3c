import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type Redis from 'ioredis';
import { within } from '../../common/async/within';
import { redisReady } from '../../common/redis/redis.module';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** A count in Redis gets this long; past it the attempt is counted in memory rather than keep a login waiting. */
const REDIS_ANSWER_MS = 500;

/**
 * Where login attempts are counted in scale-out: in Redis, so every API node sees every attempt;
 * while Redis is away (not connected, or not answering within half a second) in this process's
 * own memory, so logins keep working during the incident with per-node limits. Said once in the
 * log when it falls back, and once when Redis counts again.
 */
export class LoginAttemptStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger('LoginAttempts');
  private readonly redisStorage: ThrottlerStorageRedisService;
  private readonly memory = new ThrottlerStorageService();
  private inMemory = false;

  constructor(private readonly redis: Redis) {
    this.redisStorage = new ThrottlerStorageRedisService(redis);
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    if (redisReady(this.redis)) {
      try {
        const record = await within(REDIS_ANSWER_MS, 'Redis', this.redisStorage.increment(key, ttl, limit, blockDuration, throttlerName));
        if (this.inMemory) {
          this.inMemory = false;
          this.logger.log('Redis is back: login attempts are counted in Redis again, across every API node');
        }
        return record;
      } catch (error) {
        this.fallBack(error);
      }
    } else this.fallBack(new Error(`Redis is ${this.redis.status}`));
    return this.memory.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  private fallBack(error: unknown): void {
    if (this.inMemory) return;
    this.inMemory = true;
    this.logger.warn({ msg: "Redis is not reachable: login attempts are counted in this process's memory until it is back", err: error });
  }

  onApplicationShutdown(): void {
    this.memory.onApplicationShutdown();
  }
}
