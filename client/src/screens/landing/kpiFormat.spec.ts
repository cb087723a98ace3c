import { cardAccessibleName, formatCardFigure, formatMetric, formatTrend } from './kpiFormat';

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

  it("a card's accessible name carries its figures, then what a click does", () => {
    expect(
      cardAccessibleName('Month to date', '£1,234', '12 sales', [
        { label: 'Prior', value: '£1,000', trend: '+23.4%' },
        { label: 'Last year', value: null },
        { label: 'Target', value: '£2,000' },
      ]),
    ).toBe('Month to date: £1,234, 12 sales; Prior £1,000, +23.4%; Last year not available; Target £2,000. Open the sales');
    expect(cardAccessibleName('Day', '£0', '0 sales', [])).toBe('Day: £0, 0 sales. Open the sales');
  });
});
