/**
 * The landing page's address rules (spec 01 section 2): /landing/{tab}/{date}/{userID}, and where
 * a bad one goes: the user's own landing page for today.
 */

export interface LandingParams {
  tab?: string;
  date?: string;
  userID?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const USER_LIST = /^\d+(,\d+)*$/;

export function isCalendarDay(day: string): boolean {
  if (!DATE.test(day)) return false;
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The first day of the earliest month the user may see, or null when unlimited (salesMonthsBack 0). */
export function earliestMonth(today: string, monthsBack: number): string | null {
  if (!monthsBack) return null;
  const [y, m] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 - monthsBack, 1)).toISOString().slice(0, 10);
}

export function landingPath(tab: number | string, date: string, userIDs: string | number): string {
  return `/landing/${tab}/${date}/${userIDs}`;
}

/**
 * Where a landing address must go instead, or null when it is fine: the user's own page for today
 * when the user is 0, the tab not a number, the date malformed, in this month but not today (or
 * later than today), the users not a comma list of digits, or the date before the months back.
 */
export function landingRedirect(params: LandingParams, me: { userID: number; salesMonthsBack: number }, today: string): string | null {
  const own = landingPath(0, today, me.userID);
  const { tab = '', date = '', userID = '' } = params;
  if (!USER_LIST.test(userID) || userID.split(',').some((id) => Number(id) === 0)) return own;
  if (!/^\d+$/.test(tab)) return own;
  if (!isCalendarDay(date)) return own;
  if (date.slice(0, 7) === today.slice(0, 7) && date !== today) return own;
  if (date > today) return own;
  const earliest = earliestMonth(today, me.salesMonthsBack);
  if (earliest && date < earliest) return own;
  return null;
}

/** The day a month shows: today in the current month, otherwise the month's last day. */
export function dayOfMonth(month: string, today: string): string {
  if (month === today.slice(0, 7)) return today;
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** 'yyyy-mm' of the month `offset` months from `day`'s. */
export function shiftMonth(day: string, offset: number): string {
  const [y, m] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + offset, 1)).toISOString().slice(0, 7);
}
