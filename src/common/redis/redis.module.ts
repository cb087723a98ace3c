import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { RedisOutage } from './redis-outage';

export const REDIS = Symbol('REDIS');

/** Whether a Redis client answers now (not connecting or reconnecting): callers with a fallback use it rather than wait. */
export function redisReady(client: Redis | null): boolean {
  return client?.status === 'ready';
}

/**
 * The scale-out mode's Redis connection (REDIS_URL), or null in the embedded mode. Shared by
 * whatever needs state across processes: the login limits and the workers' heartbeats.
 */
@Injectable()
class RedisConnection implements OnApplicationShutdown {
  readonly client: Redis | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = config.redisUrl ? new Redis(config.redisUrl, { keyPrefix: config.redisKeyPrefix, maxRetriesPerRequest: 3 }) : null;
    if (this.client) new RedisOutage(new Logger('Redis'), 'Shared connection').watch(this.client);
  }

  async onApplicationShutdown(): Promise<void> {
    // quit() waits for Redis to answer; without Redis the connection is simply dropped.
    if (this.client?.status === 'ready') await this.client.quit().catch(() => this.client?.disconnect());
    else this.client?.disconnect();
  }
}

@Global()
@Module({
  providers: [RedisConnection, { provide: REDIS, inject: [RedisConnection], useFactory: (c: RedisConnection) => c.client }],
  exports: [REDIS],
})
export class RedisModule {}
