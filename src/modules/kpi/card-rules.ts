/**
 * The dashboard's date spans and card rules (ARCHITECTURE.md "Cards for date D"; spec 01
 * section 4 "Dashboard"), pure so each edge (month ends, leap years) is unit-tested.
 */

export interface Span {
  /** yyyy-mm-dd, both included. */
  fromDate: string;
  toDate: string;
}

export type CardPeriod = 'day' | 'month' | 'year';

export interface CardSpans {
  period: CardPeriod;
  current: Span;
  /** The same span one period earlier, clipped to that period's length. */
  prior: Span;
  /** The same span one year earlier. */
  py: Span;
}

const ymd = (date: Date) => date.toISOString().slice(0, 10);
const parts = (day: string) => day.split('-').map(Number) as [number, number, number];
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The day `months` months before (or after) `day`, its day clipped to the month's length (31 Mar - 1 month = 28 or 29 Feb). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = parts(day);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = daysIn(first.getUTCFullYear(), first.getUTCMonth() + 1);
  return ymd(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))));
}

export function addDays(day: string, days: number): string {
  const [y, m, d] = parts(day);
  return ymd(new Date(Date.UTC(y, m - 1, d + days)));
}

/** The first of the month of `day`. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The span from the start of `period` to `date`, the same span one period earlier and one year earlier. */
export function cardSpans(date: string, period: CardPeriod): CardSpans {
  const yearBefore = (span: Span): Span => ({ fromDate: addMonths(span.fromDate, -12), toDate: addMonths(span.toDate, -12) });
  if (period === 'day') {
    const current = { fromDate: date, toDate: date };
    return { period, current, prior: { fromDate: addDays(date, -1), toDate: addDays(date, -1) }, py: yearBefore(current) };
  }
  if (period === 'month') {
    const current = { fromDate: monthStart(date), toDate: date };
    // addMonths clips the day: the 31st's prior span ends on the last day of a shorter month.
    return { period, current, prior: { fromDate: addMonths(current.fromDate, -1), toDate: addMonths(date, -1) }, py: yearBefore(current) };
  }
  const current = { fromDate: `${date.slice(0, 4)}-01-01`, toDate: date };
  const earlier = yearBefore(current);
  return { period, current, prior: earlier, py: earlier };
}

/**
 * The trend of a figure against an earlier one, in percent: 100 when the earlier is 0, otherwise
 * the change rounded down to one decimal (spec 01 section 4). Rounded down means towards minus
 * infinity, so a fall of 0.04 % reads -0.1, never a level 0.
 */
export function trendPercent(current: number, earlier: number): number {
  if (earlier === 0) return 100;
  const change = ((current - earlier) / Math.abs(earlier)) * 100;
  // Rounded to a millionth of a tenth first, so binary noise (14.9999999…, -15.0000001…) cannot move a whole tenth.
  const tenths = Math.round(change * 10 * 1e6) / 1e6;
  return Math.floor(tenths) / 10 + 0;
}

export type TrendColour = 'green' | 'amber' | 'red';

/** Green up, amber level, red down. */
export function trendColour(trend: number): TrendColour {
  return trend > 0 ? 'green' : trend < 0 ? 'red' : 'amber';
}

/** A month's target pro-rated to `date`: target / days in the month × the day of the month. */
export function proRatedTarget(target: number, date: string): number {
  const [y, m, d] = parts(date);
  return roundMoney((target / daysIn(y, m)) * d);
}

/** The month-end an actual reaches at its pace so far: actual / the fraction of the month elapsed (by `date`, included). */
export function projectedMonthEnd(actual: number, date: string): number {
  const [y, m, d] = parts(date);
  return roundMoney(actual / (d / daysIn(y, m)));
}

/** A projection against its target: green above, amber equal, red below. */
export function projectionColour(projected: number, target: number): TrendColour {
  return projected > target ? 'green' : projected < target ? 'red' : 'amber';
}

/** A target is met when the actual reaches it. */
export function targetMet(actual: number, target: number): boolean {
  return actual >= target;
}

function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}
