import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { WEEKDAY_NAMES } from '../../format/format';

dayjs.extend(utc);

/** One day of the stats input grid; null is "not recorded" (spec 02 §3, Daily stat). */
export interface DailyStatRow {
  /** yyyy-mm-dd */
  dailyStatDate: string;
  footfall: number | null;
  chatCount: number | null;
  staffCount: number | null;
}

export type DailyStatField = 'footfall' | 'chatCount' | 'staffCount';

/** What a store's type records (the stores list carries its type's flags). */
export interface StoreRecords {
  name?: string;
  recordFootfall?: boolean;
  recordChatCount?: boolean;
  recordStaffCount?: boolean;
}

/** The grid's columns in order, only those the store type records (spec 02 §4, Daily stats). */
export function recordedFields(store: StoreRecords): DailyStatField[] {
  const fields: DailyStatField[] = [];
  if (store.recordFootfall) fields.push('footfall');
  if (store.recordChatCount) fields.push('chatCount');
  if (store.recordStaffCount) fields.push('staffCount');
  return fields;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The first of the month of a yyyy-mm-dd day, or null when the text is not a real day. */
export function firstOfMonth(day: string | undefined): string | null {
  if (!day || !DAY.test(day)) return null;
  const parsed = dayjs.utc(day);
  // dayjs rolls 2019-02-30 over to March: a real day formats back to itself.
  if (!parsed.isValid() || parsed.format('YYYY-MM-DD') !== day) return null;
  return parsed.startOf('month').format('YYYY-MM-DD');
}

/** Every day of the month starting on `first` (yyyy-mm-dd), in order. */
export function daysOfMonth(first: string): string[] {
  const start = dayjs.utc(first);
  return Array.from({ length: start.daysInMonth() }, (_, i) => start.add(i, 'day').format('YYYY-MM-DD'));
}

/** The last day of the month starting on `first`. */
export function lastOfMonth(first: string): string {
  return dayjs.utc(first).endOf('month').format('YYYY-MM-DD');
}

/** 'Mon 04/11/2019': the grid's first column. */
export function dayLabel(day: string): string {
  const parsed = dayjs.utc(day);
  return `${WEEKDAY_NAMES[parsed.day()]} ${parsed.format('DD/MM/YYYY')}`;
}

export function isWeekend(day: string): boolean {
  const weekday = dayjs.utc(day).day();
  return weekday === 0 || weekday === 6;
}

/** A server row as GET /api/dailyStats answers it (dates as yyyy-mm-ddT00:00:00.000Z). */
export interface DailyStatRecord {
  dailyStatDate: string;
  footfall: number | null;
  chatCount: number | null;
  staffCount: number | null;
}

/** One row per day of the month, with the recorded figures where the server has them. */
export function monthRows(first: string, records: DailyStatRecord[]): DailyStatRow[] {
  const byDay = new Map(records.map((record) => [record.dailyStatDate.slice(0, 10), record]));
  return daysOfMonth(first).map((dailyStatDate) => {
    const record = byDay.get(dailyStatDate);
    return {
      dailyStatDate,
      footfall: record?.footfall ?? null,
      chatCount: record?.chatCount ?? null,
      staffCount: record?.staffCount == null ? null : Number(record.staffCount),
    };
  });
}

/**
 * The body of PUT /api/dailyStats/{storeID}: every day of the month, with only the figures the
 * store type records (a column it no longer records keeps what was saved before).
 */
export function saveBody(rows: DailyStatRow[], fields: DailyStatField[]): Record<string, unknown>[] {
  return rows.map((row) => {
    const day: Record<string, unknown> = { dailyStatDate: row.dailyStatDate };
    for (const field of fields) day[field] = row[field];
    return day;
  });
}

export interface DailyStatsRoute {
  dailyStatDate: string;
  storeID: number;
}

/**
 * Where /daily/dailyStats/{dailyStatDate}/{storeID} should show (spec 02 §2.2): the first of the
 * given day's month and a store of the profile. Missing or invalid parts fall back to the first
 * of the current month and the user's default store (else the profile's first store); no store
 * at all gives storeID 0. `canonical` is false when the URL should be replaced by this route.
 */
export function resolveDailyStatsRoute(
  params: { dailyStatDate?: string; storeID?: string },
  storeIDs: number[],
  defaultStoreID: number | null,
  today: string,
): DailyStatsRoute & { canonical: boolean } {
  const fallbackStore = defaultStoreID !== null && storeIDs.includes(defaultStoreID) ? defaultStoreID : (storeIDs[0] ?? 0);
  const askedStore = params.storeID && /^\d{1,10}$/.test(params.storeID) ? Number(params.storeID) : null;
  const storeID = askedStore !== null && storeIDs.includes(askedStore) ? askedStore : fallbackStore;
  const dailyStatDate = firstOfMonth(params.dailyStatDate) ?? firstOfMonth(today)!;
  return { dailyStatDate, storeID, canonical: params.dailyStatDate === dailyStatDate && askedStore === storeID };
}

export function dailyStatsPath({ dailyStatDate, storeID }: DailyStatsRoute): string {
  return `/daily/dailyStats/${dailyStatDate}/${storeID}`;
}
