import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import { InjectThrottlerStorage, normalizeIp, ThrottlerException, type ThrottlerStorage } from '@nestjs/throttler';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../../config/app-config';

/**
 * The login attempt limits (per client IP and per account, each `LOGIN_ATTEMPTS_PER_MINUTE` a
 * minute; in Redis when REDIS_URL is set), shared by the login route (ThrottlerGuard, configured
 * in AuthModule) and by every other check of a user's password (a current password sent to change
 * it): both count in the same buckets, so guesses through either route add up.
 */

export const LOGIN_ATTEMPTS_WINDOW_MS = 60_000;
export const TOO_MANY_LOGIN_ATTEMPTS = 'Too many login attempts. Please wait a minute and try again.';

export type LoginThrottler = 'ip' | 'account';

/** The IP bucket's tracker: the client's address (an IPv6 address by its /64, as the throttler's default). */
export function ipTracker(ip: string | undefined): string {
  return normalizeIp(ip ?? '');
}

/** The account bucket's tracker: the e-mail as login matches it. */
export function accountTracker(email: unknown): string {
  return `account:${String(email ?? '').trim().toLowerCase().slice(0, 254)}`;
}

/** The storage key of a bucket (hashed: no e-mail in Redis). */
export function loginAttemptKey(throttler: string, tracker: string): string {
  return createHash('sha256').update(`login-attempts-${throttler}-${tracker}`).digest('hex');
}

/** The client IP of the request being served, for checks made below its controller. */
const requestIp = new AsyncLocalStorage<string | undefined>();

/** Keeps the request's IP for LoginAttempts (applied to the routes that check a password). */
@Injectable()
export class RequestIpMiddleware implements NestMiddleware {
  use(req: Request, _res: Response, next: NextFunction): void {
    requestIp.run(req.ip, next);
  }
}

@Injectable()
export class LoginAttempts {
  constructor(
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Counts one check of `email`'s password from the current request's IP, before the check is
   * made: past either limit it is a 429 with login's text, however the check would have gone.
   */
  async count(email: string): Promise<void> {
    const limit = this.config.loginAttemptsPerMinute;
    const trackers: Array<[LoginThrottler, string]> = [
      ['ip', ipTracker(requestIp.getStore())],
      ['account', accountTracker(email)],
    ];
    let blocked = false;
    for (const [throttler, tracker] of trackers) {
      const record = await this.storage.increment(loginAttemptKey(throttler, tracker), LOGIN_ATTEMPTS_WINDOW_MS, limit, LOGIN_ATTEMPTS_WINDOW_MS, throttler);
      blocked ||= record.isBlocked;
    }
    if (blocked) throw new ThrottlerException(TOO_MANY_LOGIN_ATTEMPTS);
  }
}
