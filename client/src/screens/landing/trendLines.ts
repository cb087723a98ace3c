import type { TrendSeries } from './kpiTypes';

/** A line of the chart: its name in the legend and the hover box, its colour, dashed or not. */
export interface Line {
  name: string;
  colour: string;
  dashed?: boolean;
  /** [day, cumulative value] in day order; day 0 is the month's start (the target's line). */
  points: Array<[number, number]>;
}

/**
 * The chart's lines: this month, the prior month and the same month last year by day, the target
 * as an even pace over the month, and the projection from today to the month's end.
 */
export function trendLines(trend: TrendSeries, date: string): Line[] {
  const today = Number(date.slice(8, 10));
  const days = trend.points.length;
  const series = (pick: (p: TrendSeries['points'][number]) => number | null): Array<[number, number]> =>
    trend.points.flatMap((p) => (pick(p) === null ? [] : [[p.day, pick(p)!] as [number, number]]));
  const lines: Line[] = [
    { name: 'This month', colour: '#1f5fae', points: series((p) => p.current) },
    { name: 'Prior month', colour: '#8c8c8c', points: series((p) => p.prior) },
    { name: 'Same month last year', colour: '#ad6800', points: series((p) => p.py) },
  ];
  if (trend.target !== null)
    lines.push({
      name: 'Target',
      colour: '#389e0d',
      dashed: true,
      points: [
        [0, 0],
        [days, trend.target],
      ],
    });
  const actual = trend.points[today - 1]?.current;
  if (actual !== null && actual !== undefined && today < days)
    lines.push({
      name: 'Projection',
      colour: '#1f5fae',
      dashed: true,
      points: [
        [today, actual],
        [days, trend.projected],
      ],
    });
  return lines;
}

/** Round steps for the money axis: 1, 2 or 5 times a power of ten, about `count` of them up to `max`. */
export function niceTicks(max: number, count = 5): number[] {
  if (max <= 0) return [0];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  return Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => i * step);
}
