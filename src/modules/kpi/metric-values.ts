import type { FigureKind } from '../../common/list/figures';
import type { DivisionPart, MetricPart } from '../master-data';
import type { MetricPartTable } from '../master-data';
import type { ListParams } from '../master-data';
import type { DailyStatSums } from '../daily';
import type { SaleSums } from '../sales';

/**
 * The pure arithmetic of the metric engine (ARCHITECTURE.md, KPI metrics): which parts share a
 * query, a part's value from its table's sums, a metric from its parts. No database here.
 */

/** What a part needs to be evaluated: a saved part, or one typed in the parts page's test panel. */
export type PartDefinition = Pick<MetricPart, 'name' | 'divisionPart' | 'multiplier' | 'tableName' | 'field' | 'params'> & { metricPartID?: number };

/** Parts that read the same table with the same filters: one query answers them all. */
export interface PartGroup<P extends PartDefinition> {
  tableName: MetricPartTable;
  params: ListParams;
  parts: P[];
}

/** The same filters whatever their order: the key parts share a query by. */
function groupKey(tableName: string, params: ListParams): string {
  return JSON.stringify([
    tableName,
    Object.keys(params)
      .sort()
      .map((name) => [name, params[name]]),
  ]);
}

/** Parts grouped by table and filters (params as readParams reads them). */
export function groupParts<P extends PartDefinition>(parts: Array<{ part: P; params: ListParams }>): PartGroup<P>[] {
  const groups = new Map<string, PartGroup<P>>();
  for (const { part, params } of parts) {
    const key = groupKey(part.tableName, params);
    const group = groups.get(key) ?? { tableName: part.tableName as MetricPartTable, params, parts: [] };
    group.parts.push(part);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** A total over a count: 0 when nothing counted (ARCHITECTURE.md: ASP). */
export function average(total: number, count: number): number {
  return count === 0 ? 0 : total / count;
}

type FieldRule<S> = { value: (sums: S) => number; figure?: FigureKind };

const SALE_FIELDS: Record<string, FieldRule<SaleSums>> = {
  revenueCount: { value: (s) => s.revenueCount },
  adjustedRevenueTotal: { value: (s) => s.adjustedRevenue, figure: 'revenue' },
  adjustedRevenueASP: { value: (s) => average(s.adjustedRevenue, s.revenueCount), figure: 'revenue' },
  commissionTotal: { value: (s) => s.commission, figure: 'commission' },
  commissionASP: { value: (s) => average(s.commission, s.revenueCount), figure: 'commission' },
};

const DAILY_STAT_FIELDS: Record<string, FieldRule<DailyStatSums>> = {
  footfallTotal: { value: (s) => s.footfall },
  chatCountTotal: { value: (s) => s.chatCount },
  staffCountTotal: { value: (s) => s.staffCount },
  dayCount: { value: (s) => s.dayCount },
};

export const NO_SALES: SaleSums = { revenueCount: 0, adjustedRevenue: 0, commission: 0 };
export const NO_DAILY_STATS: DailyStatSums = { footfall: 0, chatCount: 0, staffCount: 0, dayCount: 0 };

/** The figure kind (revenue, commission) a field shows, which the caller's profile must allow; none for counts. */
export function figureOfField(tableName: string, field: string): FigureKind | undefined {
  return tableName === 'sales' ? SALE_FIELDS[field]?.figure : undefined;
}

/**
 * Sums of one part over several split keys added up, field by field, in hundredths: every sum
 * is a count or an amount of at most two decimals, so the total is exact (a table's totals row
 * from its rows' sums).
 */
export function addSums<S extends SaleSums | DailyStatSums>(list: S[]): S {
  const total: Record<string, number> = {};
  for (const sums of list) for (const [field, value] of Object.entries(sums)) total[field] = (total[field] ?? 0) + Math.round(Number(value) * 100);
  for (const field of Object.keys(total)) total[field] /= 100;
  return total as unknown as S;
}

/** Rounds away binary noise (0.1 + 0.2) so answers compare and read as the figures they are. */
export function roundFigure(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** A part's value: its field from its table's sums, times its multiplier. */
export function partValue(part: Pick<PartDefinition, 'tableName' | 'field' | 'multiplier'>, sums: SaleSums | DailyStatSums | undefined): number {
  const multiplier = Number(part.multiplier ?? 1);
  if (part.tableName === 'sales') {
    const rule = SALE_FIELDS[part.field];
    if (!rule) throw new Error(`Unknown sales field ${part.field}`);
    return roundFigure(rule.value((sums as SaleSums | undefined) ?? NO_SALES) * multiplier);
  }
  const rule = DAILY_STAT_FIELDS[part.field];
  if (!rule) throw new Error(`Unknown dailyStats field ${part.field}`);
  return roundFigure(rule.value((sums as DailyStatSums | undefined) ?? NO_DAILY_STATS) * multiplier);
}

/**
 * A metric's value: the sum of its numerator parts over the sum of its denominator parts (1 when
 * it has none); null when the denominator adds up to 0 (no value, rather than infinity).
 */
export function metricValue(parts: Array<{ divisionPart: DivisionPart; value: number }>): number | null {
  const sum = (side: DivisionPart) => parts.filter((p) => p.divisionPart === side).reduce((total, p) => total + p.value, 0);
  const hasDenominator = parts.some((p) => p.divisionPart === 'denominator');
  const denominator = hasDenominator ? sum('denominator') : 1;
  if (denominator === 0) return null;
  return roundFigure(sum('numerator') / denominator);
}
