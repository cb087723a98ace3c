import type { MetricType } from './kpiTypes';

const money = (digits: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: digits, maximumFractionDigits: digits });
const number = (digits: number) => new Intl.NumberFormat('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const MONEY_2 = money(2);
const MONEY_0 = money(0);
const NUMBER_0 = number(0);
const NUMBER_1 = number(1);
const NUMBER_2 = number(2);

/** No value (a hidden figure, a zero denominator). */
export const NO_VALUE = '—';

/**
 * A metric's value as its type shows it (spec 01 section 1 and spec 02 section 3): percent ×100
 * with one decimal, money in pounds with two, 2dp with two, integer with none; thousands
 * separators throughout.
 */
export function formatMetric(value: number | null | undefined, type: MetricType | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  switch (type) {
    case 'percent':
      return `${NUMBER_1.format(value * 100)}%`;
    case 'money':
      return MONEY_2.format(value);
    case '2dp':
      return NUMBER_2.format(value);
    default:
      return NUMBER_0.format(value);
  }
}

/** A card's figure: cards show no decimals (spec 01 section 1); money in pounds. */
export function formatCardFigure(value: number | null | undefined, kind: 'count' | 'money'): string {
  if (value === null || value === undefined) return NO_VALUE;
  return kind === 'money' ? MONEY_0.format(value) : NUMBER_0.format(value);
}

/** A trend percent with one decimal and its sign ('+12.5%', '-3.0%', '0.0%'). */
export function formatTrend(percent: number): string {
  return `${percent > 0 ? '+' : ''}${NUMBER_1.format(percent)}%`;
}

/** Money with pence (ASPs, target figures). */
export function formatMoney(value: number | null | undefined): string {
  return value === null || value === undefined ? NO_VALUE : MONEY_2.format(value);
}

/** One figure of a card as its accessible name reads it: its label, its value and its trend. */
export interface SpokenFigure {
  label: string;
  /** As the card shows it; null when the span is not available. */
  value: string | null;
  trend?: string;
}

/**
 * A KPI card's accessible name (issue 26): the card is a link, and a link's name replaces its
 * content for a screen reader, so the name carries the figures the card shows before what a
 * click does ('Month to date: £1,234, 12 sales; Prior £1,000, +23.4%; Last year not available.
 * Open the sales').
 */
export function cardAccessibleName(title: string, value: string, count: string, figures: SpokenFigure[]): string {
  const spoken = figures.map((f) => (f.value === null ? `${f.label} not available` : `${f.label} ${f.value}${f.trend ? `, ${f.trend}` : ''}`));
  return `${title}: ${value}, ${count}${spoken.length ? `; ${spoken.join('; ')}` : ''}. Open the sales`;
}
