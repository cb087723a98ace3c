import { addMonths, cardSpans, projectedMonthEnd, projectionColour, proRatedTarget, targetMet, trendColour, trendPercent } from './card-rules';

describe('card spans (ARCHITECTURE.md: cards for date D)', () => {
  it('day: D, the day before, the same day a year before', () => {
    expect(cardSpans('2026-03-01', 'day')).toEqual({
      period: 'day',
      current: { fromDate: '2026-03-01', toDate: '2026-03-01' },
      prior: { fromDate: '2026-02-28', toDate: '2026-02-28' },
      py: { fromDate: '2025-03-01', toDate: '2025-03-01' },
    });
  });

  it('month: the 1st to D, the prior month clipped to its length at a month end', () => {
    const spans = cardSpans('2026-03-31', 'month');
    expect(spans.current).toEqual({ fromDate: '2026-03-01', toDate: '2026-03-31' });
    expect(spans.prior).toEqual({ fromDate: '2026-02-01', toDate: '2026-02-28' });
    expect(spans.py).toEqual({ fromDate: '2025-03-01', toDate: '2025-03-31' });
    expect(cardSpans('2026-05-31', 'month').prior).toEqual({ fromDate: '2026-04-01', toDate: '2026-04-30' });
  });

  it('leap years: 29 February a year on is 28 February; the prior of 31 March 2024 ends on the 29th', () => {
    expect(cardSpans('2024-02-29', 'day').py).toEqual({ fromDate: '2023-02-28', toDate: '2023-02-28' });
    expect(cardSpans('2024-03-31', 'month').prior).toEqual({ fromDate: '2024-02-01', toDate: '2024-02-29' });
    expect(cardSpans('2025-02-28', 'month').py).toEqual({ fromDate: '2024-02-01', toDate: '2024-02-28' });
    expect(cardSpans('2024-02-29', 'year')).toMatchObject({
      current: { fromDate: '2024-01-01', toDate: '2024-02-29' },
      prior: { fromDate: '2023-01-01', toDate: '2023-02-28' },
    });
  });

  it('year: 1 January to D; prior and py are both the year before', () => {
    const spans = cardSpans('2026-11-26', 'year');
    expect(spans.current).toEqual({ fromDate: '2026-01-01', toDate: '2026-11-26' });
    expect(spans.prior).toEqual({ fromDate: '2025-01-01', toDate: '2025-11-26' });
    expect(spans.py).toEqual(spans.prior);
  });

  it('addMonths crosses years both ways', () => {
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2025-12-31', 2)).toBe('2026-02-28');
  });
});

describe('trend (spec 01 section 4)', () => {
  it('is 100 when the prior is 0, whatever the current', () => {
    expect(trendPercent(0, 0)).toBe(100);
    expect(trendPercent(50, 0)).toBe(100);
    expect(trendPercent(-5, 0)).toBe(100);
  });

  it('is the change rounded down to one decimal', () => {
    expect(trendPercent(115, 100)).toBe(15);
    expect(trendPercent(100.19, 100)).toBe(0.1);
    expect(trendPercent(2, 3)).toBe(-33.4); // -33.33…, rounded down
    expect(trendPercent(99.96, 100)).toBe(-0.1);
    expect(trendPercent(0.3, 0.1 + 0.1 + 0.1)).toBe(0); // binary noise does not move a tenth
    expect(trendPercent(85, 100)).toBe(-15);
  });

  it('against a negative prior (more refunds than sales) a rise is still positive', () => {
    expect(trendPercent(0, -10)).toBe(100);
  });

  it('colours green up, amber level, red down', () => {
    expect(trendColour(0.1)).toBe('green');
    expect(trendColour(0)).toBe('amber');
    expect(trendColour(-0.1)).toBe('red');
  });
});

describe('targets: met, pro-rating and projection (spec 01 section 4)', () => {
  it('is met when the actual reaches the target', () => {
    expect(targetMet(100, 100)).toBe(true);
    expect(targetMet(99.99, 100)).toBe(false);
  });

  it('pro-rates the target by the day of the month', () => {
    expect(proRatedTarget(3000, '2026-11-10')).toBe(1000);
    expect(proRatedTarget(2900, '2024-02-29')).toBe(2900);
    expect(proRatedTarget(1000, '2026-02-01')).toBe(35.71);
  });

  it('projects the month end at the pace so far', () => {
    expect(projectedMonthEnd(1000, '2026-11-10')).toBe(3000);
    expect(projectedMonthEnd(0, '2026-11-10')).toBe(0);
    expect(projectedMonthEnd(500, '2026-11-30')).toBe(500);
  });

  it('colours a projection green above, amber equal, red below its target', () => {
    expect(projectionColour(3000.01, 3000)).toBe('green');
    expect(projectionColour(3000, 3000)).toBe('amber');
    expect(projectionColour(2999, 3000)).toBe('red');
  });
});
