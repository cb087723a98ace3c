import type { AppConfig } from '../../config/app-config';
import { MemoryAttemptCounter } from './login-attempt-storage';
import { LoginAttempts, tooManyMessage } from './login-attempts';

describe('MemoryAttemptCounter', () => {
  it('counts in fixed windows from the first attempt: attempts within one never extend it', async () => {
    const counter = new MemoryAttemptCounter();
    expect(await counter.add('k', 60_000, 1, 1_000)).toEqual({ count: 1, windowStart: 1_000 });
    expect(await counter.add('k', 60_000, 1, 30_000)).toEqual({ count: 2, windowStart: 1_000 });
    expect(await counter.add('k', 60_000, 1, 60_999)).toEqual({ count: 3, windowStart: 1_000 });
    expect(await counter.add('k', 60_000, 1, 61_000)).toEqual({ count: 1, windowStart: 61_000 });
  });

  it('takes an attempt back, never below 0, and keeps keys apart', async () => {
    const counter = new MemoryAttemptCounter();
    await counter.add('a', 1_000, 1, 0);
    expect((await counter.add('a', 1_000, -1, 1)).count).toBe(0);
    expect((await counter.add('a', 1_000, -1, 2)).count).toBe(0);
    expect((await counter.add('b', 1_000, 1, 3)).count).toBe(1);
  });
});

describe('LoginAttempts.slowingMs', () => {
  const config = { loginFailuresBeforeSlowing: 10, loginSlowingFirstMs: 1_000, loginSlowingMaxMs: 15_000 } as AppConfig;
  const attempts = new LoginAttempts(null as never, config);

  it('waits nothing up to the limit, then 1, 2, 4, 8 s and 15 s at most', () => {
    expect([1, 10, 11, 12, 13, 14, 15, 16, 1_000].map((failures) => attempts.slowingMs(failures))).toEqual([
      0, 0, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000,
    ]);
  });
});

describe('tooManyMessage', () => {
  it('says a minute up to 60 s, else the minutes rounded up', () => {
    expect(tooManyMessage(1)).toBe('Too many login attempts. Please wait a minute and try again.');
    expect(tooManyMessage(60)).toBe('Too many login attempts. Please wait a minute and try again.');
    expect(tooManyMessage(899)).toBe('Too many login attempts. Please wait 15 minutes and try again.');
  });
});
