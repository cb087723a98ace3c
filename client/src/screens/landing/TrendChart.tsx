import { Line } from '@ant-design/plots';
import { formatMoney } from './kpiFormat';
import type { TrendSeries } from './kpiTypes';

const THIS_MONTH = 'This month';
const PRIOR = 'Prior month';
const LAST_YEAR = 'Same month last year';
const TARGET = 'Target';
const PROJECTION = 'Projection';

interface Point {
  day: number;
  value: number;
  series: string;
}

/** The chart's lines as @ant-design/plots reads them: one row per day and line. */
export function trendRows(trend: TrendSeries, date: string): Point[] {
  const rows: Point[] = [];
  const today = Number(date.slice(8, 10));
  const days = trend.points.length;
  for (const p of trend.points) {
    if (p.current !== null) rows.push({ day: p.day, value: p.current, series: THIS_MONTH });
    if (p.prior !== null) rows.push({ day: p.day, value: p.prior, series: PRIOR });
    if (p.py !== null) rows.push({ day: p.day, value: p.py, series: LAST_YEAR });
  }
  // The target as an even pace over the month, and the projection from today to the month's end.
  if (trend.target !== null) for (const day of [0, days]) rows.push({ day, value: Math.round(((trend.target * day) / days) * 100) / 100, series: TARGET });
  const actual = trend.points[today - 1]?.current;
  if (actual !== null && actual !== undefined && today < days) {
    rows.push({ day: today, value: actual, series: PROJECTION }, { day: days, value: trend.projected, series: PROJECTION });
  }
  return rows;
}

/** This month's cumulative figure by day against the prior month, last year, the target and the projection (issue 12). */
export function TrendChart({ trend, date }: { trend: TrendSeries; date: string }) {
  return (
    <div
      className="kpi-trend-chart"
      role="img"
      aria-label={`Cumulative by day: this month ${formatMoney(trend.points[Number(date.slice(8, 10)) - 1]?.current ?? 0)}, projected ${formatMoney(trend.projected)}`}
    >
      <Line
        data={trendRows(trend, date)}
        xField="day"
        yField="value"
        colorField="series"
        height={260}
        autoFit
        scale={{ color: { domain: [THIS_MONTH, PRIOR, LAST_YEAR, TARGET, PROJECTION], range: ['#1677ff', '#8c8c8c', '#d48806', '#389e0d', '#1677ff'] } }}
        style={{ lineWidth: 2, lineDash: (rows: Point[]) => (rows[0]?.series === PROJECTION || rows[0]?.series === TARGET ? [4, 4] : undefined) }}
        axis={{ x: { title: 'Day of the month' }, y: { title: false, labelFormatter: (v: number) => `£${Math.round(v).toLocaleString('en-GB')}` } }}
        tooltip={{ items: [{ channel: 'y', valueFormatter: (v: number) => formatMoney(v) }] }}
        legend={{ color: { position: 'bottom' } }}
      />
    </div>
  );
}
