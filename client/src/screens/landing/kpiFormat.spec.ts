import { formatCardFigure, formatMetric, formatTrend } from './kpiFormat';

describe('KPI formats', () => {
  it('shows each metric type as spec 01 and 02 say', () => {
    expect(formatMetric(0.12345, 'percent')).toBe('12.3%');
    expect(formatMetric(1234.5, 'money')).toBe('£1,234.50');
    expect(formatMetric(1.949495, '2dp')).toBe('1.95');
    expect(formatMetric(12345.4, 'integer')).toBe('12,345');
    expect(formatMetric(null, 'money')).toBe('—');
  });

  it('cards have no decimals; trends one, with a sign', () => {
    expect(formatCardFigure(9591.14, 'money')).toBe('£9,591');
    expect(formatCardFigure(25, 'count')).toBe('25');
    expect(formatTrend(12.5)).toBe('+12.5%');
    expect(formatTrend(-3)).toBe('-3.0%');
    expect(formatTrend(0)).toBe('0.0%');
  });
});
