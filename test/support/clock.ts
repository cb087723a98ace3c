import { TIME_ZONE } from './test-app';

/**
 * Time helpers for the login-window rules (hours fromHour..toHour and the weekday bitmask
 * Sunday bit 0 ... Saturday bit 6, read in the app's TIME_ZONE).
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const HOUR = 3_600_000;

export function localHourAndDay(at: Date = new Date()): { hour: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hour: 'numeric',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(at);
  return {
    hour: Number(parts.find((p) => p.type === 'hour')!.value),
    day: WEEKDAYS.indexOf(parts.find((p) => p.type === 'weekday')!.value),
  };
}

/** Login hours that exclude this hour and the next (so a test crossing the hour still holds). */
export function hoursExcludingNow(): { fromHour: number; toHour: number } {
  const { hour } = localHourAndDay();
  if (hour <= 21) return { fromHour: hour + 2, toHour: 24 };
  if (hour === 22) return { fromHour: 0, toHour: 22 };
  return { fromHour: 1, toHour: 23 };
}

/** Login hours holding only this hour (call awayFromHourBoundary first). */
export function hoursIncludingNow(): { fromHour: number; toHour: number } {
  const { hour } = localHourAndDay();
  return { fromHour: hour, toHour: hour + 1 };
}

/** A weekday bitmask without today and tomorrow. */
export function daysExcludingToday(): number {
  return 1 << ((localHourAndDay().day + 3) % 7);
}

/** A weekday bitmask with today and tomorrow. */
export function daysIncludingToday(): number {
  const { day } = localHourAndDay();
  return (1 << day) | (1 << ((day + 1) % 7));
}

/** The first whole hour from now on (up to 8 days ahead) at which `allowed` holds. */
export function nextMomentWhen(allowed: (local: { hour: number; day: number }) => boolean): Date {
  const start = Math.ceil(Date.now() / HOUR) * HOUR + 60_000;
  for (let i = 0; i < 24 * 8; i++) {
    const candidate = new Date(start + i * HOUR);
    if (allowed(localHourAndDay(candidate))) return candidate;
  }
  throw new Error('No such moment in the next 8 days');
}

/**
 * Runs `work` with the clock (Date only, timers stay real) set to `when`. The app runs in
 * this process, so the server sees the same time.
 */
export async function atTime<T>(when: Date, work: () => Promise<T>): Promise<T> {
  jest.useFakeTimers({
    now: when,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
  try {
    return await work();
  } finally {
    jest.useRealTimers();
  }
}

/** Waits when the clock is within a few seconds of the next hour, so one test sees one hour. */
export async function awayFromHourBoundary(): Promise<void> {
  const left = HOUR - (Date.now() % HOUR);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}
