import { startTransition, useEffect, useRef, useState, type PointerEvent } from 'react';
import { formatMoney } from './kpiFormat';
import type { TrendSeries } from './kpiTypes';
import { type Line, niceTicks, trendLines } from './trendLines';

const HEIGHT = 230;
/** Room for the money labels (left), the day labels and the axis title (below); the legend is HTML under the chart. */
const PAD = { left: 64, right: 12, top: 12, bottom: 44 };

/**
 * This month's cumulative figure by day against the prior month, last year, the target and the
 * projection (issue 12), drawn as SVG: a few hundred elements the browser draws at once, where
 * a chart library cost 475 KB gzip of script and a second of a phone's main thread (issue 26).
 * Pointing at the chart shows the day's figures.
 */
export function TrendChart({ trend, date }: { trend: TrendSeries; date: string }) {
  // Drawn at the width it has, in pixels, so its text keeps its size on a phone. The width comes
  // from the browser's own layout (ResizeObserver, first when the page is laid out): the chart is
  // then drawn as a transition, in slices, not in a second synchronous render inside the landing's
  // first commit after a forced layout (long tasks on a phone, issue 26); its height is kept
  // meanwhile, so nothing moves.
  const box = useRef<HTMLDivElement>(null);
  const [measured, setWidth] = useState<number | null>(null);
  const width = measured ?? 640;
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => startTransition(() => setWidth(Math.max(240, Math.floor(entry.contentRect.width)))));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const lines = trendLines(trend, date);
  const days = Math.max(1, trend.points.length);
  const highest = Math.max(0, ...lines.flatMap((line) => line.points.map(([, value]) => value)));
  const ticks = niceTicks(highest);
  const top = ticks[ticks.length - 1] || 1;
  const x = (day: number) => PAD.left + (day / days) * (width - PAD.left - PAD.right);
  const y = (value: number) => HEIGHT - PAD.bottom - (Math.max(0, value) / top) * (HEIGHT - PAD.top - PAD.bottom);
  const [hovered, setHovered] = useState<number | null>(null);
  const today = Number(date.slice(8, 10));

  const onPointer = (event: PointerEvent<SVGSVGElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const at = ((event.clientX - rect.left) / rect.width) * width;
    const day = Math.round(((at - PAD.left) / (width - PAD.left - PAD.right)) * days);
    setHovered(day >= 1 && day <= days ? day : null);
  };
  const valueOn = (line: Line, day: number) => line.points.find(([d]) => d === day)?.[1];
  const shownDay = hovered;

  return (
    <div className="kpi-trend-chart" ref={box}>
      {measured === null ? (
        <div className="kpi-trend-chart-room" style={{ height: HEIGHT }} />
      ) : (
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width={width}
          height={HEIGHT}
          role="img"
          aria-label={`Cumulative by day: this month ${formatMoney(trend.points[today - 1]?.current ?? 0)}, projected ${formatMoney(trend.projected)}`}
          onPointerMove={onPointer}
          onPointerLeave={() => setHovered(null)}
        >
          {ticks.map((tick) => (
            <g key={tick} className="kpi-trend-grid">
              <line x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} />
              <text x={PAD.left - 8} y={y(tick)} textAnchor="end" dominantBaseline="middle">
                £{Math.round(tick).toLocaleString('en-GB')}
              </text>
            </g>
          ))}
          {Array.from({ length: Math.floor(days / 5) }, (_, i) => (i + 1) * 5).map((day) => (
            <text key={day} className="kpi-trend-axis" x={x(day)} y={HEIGHT - PAD.bottom + 18} textAnchor="middle">
              {day}
            </text>
          ))}
          <text className="kpi-trend-axis" x={(PAD.left + width - PAD.right) / 2} y={HEIGHT - 6} textAnchor="middle">
            Day of the month
          </text>
          {lines.map((line) => (
            <polyline
              key={line.name}
              className="kpi-trend-line"
              points={line.points.map(([day, value]) => `${x(day).toFixed(1)},${y(value).toFixed(1)}`).join(' ')}
              stroke={line.colour}
              strokeDasharray={line.dashed ? '4 4' : undefined}
            />
          ))}
          {shownDay !== null && <line className="kpi-trend-cursor" x1={x(shownDay)} x2={x(shownDay)} y1={PAD.top} y2={HEIGHT - PAD.bottom} />}
        </svg>
      )}
      <ul className="kpi-trend-legend" aria-label="Lines">
        {shownDay !== null && <li className="kpi-trend-legend-day">Day {shownDay}</li>}
        {lines.map((line) => {
          const value = shownDay === null ? undefined : valueOn(line, shownDay);
          return (
            <li key={line.name}>
              <span className={line.dashed ? 'kpi-trend-key kpi-trend-key-dashed' : 'kpi-trend-key'} style={{ borderColor: line.colour }} />
              {line.name}
              {value !== undefined && <strong> {formatMoney(value)}</strong>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
