/**
 * The calendar month of a day, as 'yyyy-mm-dd' strings: targets are per month, daily stats are
 * saved a month at a time, and the sales list filters a target's month.
 */
export function monthSpan(day: string): { first: string; last: string } {
  const [year, month] = day.slice(0, 7).split('-').map(Number);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const ym = day.slice(0, 7);
  return { first: `${ym}-01`, last: `${ym}-${String(lastDay).padStart(2, '0')}` };
}
