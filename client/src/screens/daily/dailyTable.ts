import type { SplitBy } from '../landing/kpiTypes';
import { isDay } from './dailyReport';

/** What the daily table can be split by, as the split select names them. */
export const SPLIT_OPTIONS: { value: SplitBy; label: string }[] = [
  { value: 'attributableToUserID', label: 'By user' },
  { value: 'storeID', label: 'By store' },
  { value: 'storeStoreTypeID', label: 'By store type' },
];

export interface DailyTableRoute {
  /** Stores of the profile; empty when it has none. */
  storeIDs: number[];
  splitBy: SplitBy;
  fromDate: string;
  toDate: string;
}

/**
 * Where /daily/dailyTable/{storeIDs}/{splitBy}/{fromDate}/{toDate} should show (spec 02 §2.2 and
 * §5): each invalid part takes its default, the user's stores, attributableToUserID, today to
 * today (both dates when either is not a day or they are the wrong way round). Stores outside
 * the profile make the list invalid (the server would refuse them). `canonical` is false when
 * the URL should be replaced by this route's path.
 */
export function resolveDailyTableRoute(segments: string[], profileStoreIDs: number[], today: string): DailyTableRoute & { canonical: boolean } {
  const [storesText, splitText, fromText, toText] = segments;
  let storeIDs = profileStoreIDs;
  if (storesText && /^\d{1,10}(,\d{1,10})*$/.test(storesText)) {
    const asked = [...new Set(storesText.split(',').map(Number))];
    if (asked.every((id) => profileStoreIDs.includes(id))) storeIDs = asked;
  }
  const splitBy = SPLIT_OPTIONS.find((option) => option.value === splitText)?.value ?? 'attributableToUserID';
  const datesValid = isDay(fromText) && isDay(toText) && fromText <= toText;
  const fromDate = datesValid ? fromText : today;
  const toDate = datesValid ? toText : today;
  const route = { storeIDs, splitBy, fromDate, toDate };
  return { ...route, canonical: segments.length === 4 && segments.join('/') === dailyTablePath(route).split('/').slice(3).join('/') };
}

export function dailyTablePath({ storeIDs, splitBy, fromDate, toDate }: DailyTableRoute): string {
  return `/daily/dailyTable/${storeIDs.join(',') || '0'}/${splitBy}/${fromDate}/${toDate}`;
}

/** The query of GET /api/kpi/drhTable and its Excel variant. */
export function drhTableQuery({ storeIDs, splitBy, fromDate, toDate }: DailyTableRoute): Record<string, string> {
  return { fromDate, toDate, storeIDs: storeIDs.join(','), splitBy };
}

/** The Excel file's name: 'Daily table 2019-03-01 to 2019-03-31' (the server adds .xlsx). */
export function excelFileName({ fromDate, toDate }: DailyTableRoute): string {
  return fromDate === toDate ? `Daily table ${fromDate}` : `Daily table ${fromDate} to ${toDate}`;
}
