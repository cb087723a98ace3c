import { isCalendarDate as isCalendarDay } from '../list/list-query';
import { textOf } from '../db/numbers';

// Making a DateTimeFormat costs far more than formatting with one (a dashboard asks for today several times an answer).
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** 'yyyy-mm-dd' of `now` in `timeZone` (the configured TIME_ZONE): what "today" means (rate cards, sales, figures, rota...). */
export function localDate(timeZone: string, now: Date = new Date()): string {
  const parts = dayFormat(timeZone).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** A DATE column ('yyyy-mm-dd', or a Date from a driver) as records carry dates: 'yyyy-mm-ddT00:00:00.000Z'. */
export function recordDate(value: unknown): string | null {
  if (value == null || value === '') return null;
  const ymd = value instanceof Date ? value.toISOString().slice(0, 10) : textOf(value).slice(0, 10);
  return `${ymd}T00:00:00.000Z`;
}

/** A card's day: exactly yyyy-mm-dd, a real day (not 2024-02-30), from 1900 on. */
export function isCalendarDate(ymd: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(ymd) && Number(ymd.slice(0, 4)) >= 1900 && isCalendarDay(ymd);
}
