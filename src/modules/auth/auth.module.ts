import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Request } from 'express';
import type Redis from 'ioredis';
import { REDIS } from '../../common/redis/redis.module';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { AccessGuard } from '../../common/auth/access.guard';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtStrategy } from './jwt.strategy';
import { LoginAttemptStorage } from './login-attempt-storage';
import { accountTracker, ipTracker, LOGIN_ATTEMPTS_WINDOW_MS, loginAttemptKey, TOO_MANY_LOGIN_ATTEMPTS } from './login-attempts';
import { SessionTokensModule } from './session-tokens';
import { SignedInRequest } from './signed-in-request';

@Module({
  imports: [
    UsersModule,
    PassportModule,
    SessionTokensModule,
    // Login attempts: per client IP and per e-mail, each limited within a minute.
    // In scale-out the counts live in Redis, so every API node sees every attempt (in memory while Redis is away).
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG, REDIS],
      useFactory: (config: AppConfig, redis: Redis | null) => ({
        ...(redis ? { storage: new LoginAttemptStorage(redis) } : {}),
        // The same buckets count current passwords sent to change a password (LoginAttempts).
        throttlers: [
          { name: 'ip', ttl: LOGIN_ATTEMPTS_WINDOW_MS, limit: config.loginAttemptsPerMinute, getTracker: (req: Record<string, unknown>) => ipTracker((req as unknown as Request).ip) },
          {
            name: 'account',
            ttl: LOGIN_ATTEMPTS_WINDOW_MS,
            limit: config.loginAttemptsPerMinute,
            getTracker: (req: Record<string, unknown>) => accountTracker((req as unknown as Request).body?.email),
          },
        ],
        generateKey: (_context, tracker, throttler) => loginAttemptKey(throttler, tracker),
        errorMessage: TOO_MANY_LOGIN_ATTEMPTS,
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, JwtStrategy, SignedInRequest, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [SignedInRequest],
})
export class AuthModule {}
