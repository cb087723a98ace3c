import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../config/app-config';

export const REDIS = Symbol('REDIS');

/**
 * The scale-out mode's Redis connection (REDIS_URL), or null in the embedded mode. Shared by
 * whatever needs state across API nodes (login limits now, job queues later).
 */
@Injectable()
class RedisConnection implements OnApplicationShutdown {
  readonly client: Redis | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = config.redisUrl
      ? new Redis(config.redisUrl, { keyPrefix: config.redisKeyPrefix, maxRetriesPerRequest: 3 })
      : null;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client?.quit();
  }
}

@Global()
@Module({
  providers: [RedisConnection, { provide: REDIS, inject: [RedisConnection], useFactory: (c: RedisConnection) => c.client }],
  exports: [REDIS],
})
export class RedisModule {}
