import { HttpException, HttpStatus, Inject, Injectable, Logger, Module, type NestMiddleware } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type Redis from 'ioredis';
import { REDIS } from '../../common/redis/redis.module';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { LoginAttemptStorage } from './login-attempt-storage';
import { textOf } from '../../common/db/numbers';

/**
 * The login limits (docs/decisions.md, "Issue 28: login limits and branding images"), applied to
 * every check of a user's password: the login, and a current password sent to change one's own.
 * Both count in the same counts, so guesses through either route add up.
 *
 * - per client address: LOGIN_ATTEMPTS_PER_MINUTE checks, right or wrong, a minute; past it a 429;
 * - per address and account: LOGIN_FAILURES_PER_ADDRESS_AND_ACCOUNT wrong passwords within
 *   LOGIN_FAILURE_WINDOW_MINUTES; past it a 429 for that account from that address only;
 * - per account, from any address: past LOGIN_FAILURES_BEFORE_SLOWING wrong passwords within the
 *   window each check of the account waits first (LOGIN_SLOWING_FIRST_MS, doubling with each
 *   further failure up to LOGIN_SLOWING_MAX_MS) and is then made as usual: slowed, never refused,
 *   so a stranger guessing cannot keep the owner out.
 *
 * Windows are fixed (from the first attempt counted): attempts within one never extend it. A
 * check is counted as a failure before it is made and taken back when the password is right, so
 * parallel guesses cannot slip past a limit. Each limit reached is logged once a window (warn).
 */

export type LoginLimit = 'address' | 'addressAndAccount' | 'account';

const MINUTE_MS = 60_000;

/** The 429 of a limit reached: the wait travels to AllExceptionsFilter as the standard Retry-After. */
export class TooManyLoginAttempts extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(tooManyMessage(retryAfterSeconds), HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** What the login form shows (client/src/auth/LoginPage.tsx shows failSummary). */
export function tooManyMessage(seconds: number): string {
  const wait = seconds <= 60 ? 'a minute' : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many login attempts. Please wait ${wait} and try again.`;
}

/** The address's tracker: the client's address (an IPv6 address by its /64, as a host usually holds one). */
export function addressTracker(ip: string | undefined): string {
  return normalizeIp(ip ?? '');
}

/** The account's tracker: the e-mail as login matches it. */
export function accountTracker(email: unknown): string {
  return textOf(email ?? '')
    .trim()
    .toLowerCase()
    .slice(0, 254);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** How an account appears in the log: hashed (the same account, the same hash; never the e-mail). */
export function loggedAccount(account: string): string {
  return `sha256:${sha256(`login-account:${account}`).slice(0, 16)}`;
}

/** The storage key of a count (hashed: no e-mail or address in Redis). */
function keyOf(limit: LoginLimit, tracker: string): string {
  return `login-limits:${limit}:${sha256(tracker)}`;
}

/** The client address of the request being served, for checks made below its controller. */
const requestIp = new AsyncLocalStorage<string | undefined>();

/** Keeps the request's address for LoginAttempts (applied to the routes that check a password below their controller). */
@Injectable()
export class RequestIpMiddleware implements NestMiddleware {
  use(req: Request, _res: Response, next: NextFunction): void {
    requestIp.run(req.ip, next);
  }
}

export const LOGIN_ATTEMPT_STORAGE = Symbol('LOGIN_ATTEMPT_STORAGE');

@Injectable()
export class LoginAttempts {
  private readonly logger = new Logger('LoginLimits');

  constructor(
    @Inject(LOGIN_ATTEMPT_STORAGE) private readonly storage: LoginAttemptStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The wait before a check of an account with `failures` wrong passwords (this one counted) in the window. */
  slowingMs(failures: number): number {
    const over = failures - this.config.loginFailuresBeforeSlowing;
    if (over <= 0) return 0;
    return Math.min(this.config.loginSlowingMaxMs, this.config.loginSlowingFirstMs * 2 ** Math.min(over - 1, 30));
  }

  /**
   * Checks `email`'s password with `verify` within the limits, from `ip` (by default the address
   * the RequestIpMiddleware kept): a 429 (TooManyLoginAttempts) past a hard limit, however the
   * check would have gone; a wait first when the account is slowed. Answers verify's answer.
   */
  async check(email: string, verify: () => Promise<boolean>, ip: string | undefined = requestIp.getStore()): Promise<boolean> {
    const address = addressTracker(ip);
    const account = accountTracker(email);
    const failureWindowMs = this.config.loginFailureWindowMinutes * MINUTE_MS;

    await this.countWithin('address', address, MINUTE_MS, this.config.loginAttemptsPerMinute, { address, account });
    const pairKey = `${address}\n${account}`;
    await this.countWithin('addressAndAccount', pairKey, failureWindowMs, this.config.loginFailuresPerAddressAndAccount, { address, account });

    const now = Date.now();
    const accountCount = await this.storage.add(keyOf('account', account), failureWindowMs, 1, now);
    const waitMs = this.slowingMs(accountCount.count);
    if (accountCount.count === this.config.loginFailuresBeforeSlowing + 1) {
      this.reached('account', { address, account }, accountCount.count, Math.ceil((accountCount.windowStart + failureWindowMs - now) / 1000), waitMs);
    }
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));

    const right = await verify();
    if (right) {
      // A right password was no failure: take back what was counted as one.
      await this.storage.add(keyOf('addressAndAccount', pairKey), failureWindowMs, -1, Date.now());
      await this.storage.add(keyOf('account', account), failureWindowMs, -1, Date.now());
    }
    return right;
  }

  /** Counts one attempt against a hard limit; past it, a 429 until the window is over. */
  private async countWithin(limit: LoginLimit, tracker: string, windowMs: number, max: number, who: { address: string; account: string }): Promise<void> {
    const now = Date.now();
    const { count, windowStart } = await this.storage.add(keyOf(limit, tracker), windowMs, 1, now);
    if (count <= max) return;
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
    if (count === max + 1) this.reached(limit, who, count, retryAfterSeconds);
    throw new TooManyLoginAttempts(retryAfterSeconds);
  }

  /** The log line of a limit reached: which limit, the address, the account hashed. */
  private reached(limit: LoginLimit, who: { address: string; account: string }, attempts: number, windowLeftSeconds: number, waitMs?: number): void {
    this.logger.warn({
      msg: limit === 'account' ? "Login limit reached: the account's password checks are slowed" : 'Login limit reached: further attempts are refused (429)',
      event: 'loginLimitReached',
      limit,
      address: who.address,
      account: loggedAccount(who.account),
      attempts,
      windowLeftSeconds,
      ...(waitMs !== undefined ? { waitMs } : {}),
    });
  }
}

/** One LoginAttempts (and one memory count) for the login and the users' routes. */
@Module({
  providers: [{ provide: LOGIN_ATTEMPT_STORAGE, inject: [REDIS], useFactory: (redis: Redis | null) => new LoginAttemptStorage(redis) }, LoginAttempts],
  exports: [LoginAttempts],
})
export class LoginLimitsModule {}
