/**
 * Login restrictions (spec 01 section 6): hours fromHour..toHour (0..24) and a weekday
 * bitmask (Sunday bit 0 = 1 ... Saturday bit 6 = 64; 0 = every day), in the configured zone.
 */
export interface LoginWindow {
  fromHour: number;
  toHour: number;
  days: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** One formatter per zone: building an Intl.DateTimeFormat costs more than the rest of a request's checks. */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function localHourAndDay(now: Date, timeZone: string): { hour: number; day: number } {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23', weekday: 'short' });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(now);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const day = WEEKDAYS.indexOf(parts.find((p) => p.type === 'weekday')?.value ?? 'Sun');
  return { hour, day };
}

/** Why the window refuses now, or null when logging in is allowed. */
export function loginWindowRefusal(window: LoginWindow, now: Date, timeZone: string): string | null {
  const { hour, day } = localHourAndDay(now, timeZone);
  if (window.days !== 0 && (window.days & (1 << day)) === 0) return 'You cannot log in on this day of the week';
  if (hour < window.fromHour || hour >= window.toHour) {
    const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
    return `You can only log in between ${hh(window.fromHour)} and ${hh(window.toHour)}`;
  }
  return null;
}
