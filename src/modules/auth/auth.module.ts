import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerModule } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type { Request } from 'express';
import type Redis from 'ioredis';
import { REDIS } from '../../common/redis/redis.module';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { AccessGuard } from '../../common/auth/access.guard';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtStrategy } from './jwt.strategy';
import { SessionTokensModule } from './session-tokens';

const MINUTE = 60_000;

@Module({
  imports: [
    UsersModule,
    PassportModule,
    SessionTokensModule,
    // Login attempts: per client IP and per e-mail, each limited within a minute.
    // In scale-out the counts live in Redis, so every API node sees every attempt.
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG, REDIS],
      useFactory: (config: AppConfig, redis: Redis | null) => ({
        ...(redis ? { storage: new ThrottlerStorageRedisService(redis) } : {}),
        throttlers: [
          { name: 'ip', ttl: MINUTE, limit: config.loginAttemptsPerMinute },
          {
            name: 'account',
            ttl: MINUTE,
            limit: config.loginAttemptsPerMinute,
            getTracker: (req: Record<string, unknown>) =>
              `account:${String((req as unknown as Request).body?.email ?? '').trim().toLowerCase().slice(0, 254)}`,
          },
        ],
        errorMessage: 'Too many login attempts. Please wait a minute and try again.',
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, JwtStrategy, { provide: APP_GUARD, useClass: AccessGuard }],
})
export class AuthModule {}
