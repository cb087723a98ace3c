import { niceTicks, trendLines } from './trendLines';
import type { TrendSeries } from './kpiTypes';

const point = (day: number, current: number | null, prior: number | null = null, py: number | null = null) => ({ day, current, prior, py });

describe('the trend chart', () => {
  const trend: TrendSeries = {
    points: [point(1, 100, 80, 90), point(2, 250, 160, null), point(3, null, 240, 270), point(4, null, 300, 330)],
    projected: 500,
    target: 400,
  };

  it('draws this month, the prior month and last year by day, leaving out the days without a figure', () => {
    const lines = trendLines(trend, '2026-11-02');
    expect(lines.slice(0, 3)).toEqual([
      expect.objectContaining({
        name: 'This month',
        points: [
          [1, 100],
          [2, 250],
        ],
      }),
      expect.objectContaining({
        name: 'Prior month',
        points: [
          [1, 80],
          [2, 160],
          [3, 240],
          [4, 300],
        ],
      }),
      expect.objectContaining({
        name: 'Same month last year',
        points: [
          [1, 90],
          [3, 270],
          [4, 330],
        ],
      }),
    ]);
  });

  it('draws the target as an even pace from the month start, and the projection from today to the month end, both dashed', () => {
    const [, , , target, projection] = trendLines(trend, '2026-11-02');
    expect(target).toEqual(
      expect.objectContaining({
        name: 'Target',
        dashed: true,
        points: [
          [0, 0],
          [4, 400],
        ],
      }),
    );
    expect(projection).toEqual(
      expect.objectContaining({
        name: 'Projection',
        dashed: true,
        points: [
          [2, 250],
          [4, 500],
        ],
      }),
    );
  });

  it('has no target line without a target, and no projection on the last day or before a figure of today', () => {
    const names = (date: string, target: number | null) => trendLines({ ...trend, target }, date).map((line) => line.name);
    expect(names('2026-11-02', null)).toEqual(['This month', 'Prior month', 'Same month last year', 'Projection']);
    expect(names('2026-11-04', 400)).toEqual(['This month', 'Prior month', 'Same month last year', 'Target']);
    expect(names('2026-11-03', 400)).toEqual(['This month', 'Prior month', 'Same month last year', 'Target']);
  });

  it('marks the money axis in round steps (1, 2 or 5 times a power of ten) up to at least the highest figure', () => {
    expect(niceTicks(0)).toEqual([0]);
    expect(niceTicks(43_500)).toEqual([0, 10_000, 20_000, 30_000, 40_000, 50_000]);
    expect(niceTicks(95_000)).toEqual([0, 20_000, 40_000, 60_000, 80_000, 100_000]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
  });
});
