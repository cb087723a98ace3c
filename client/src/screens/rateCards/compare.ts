import { ALL_FIGURES, type FigureFlags } from '../../auth/figures';
import { formatPounds } from '../../format/format';

/** Shapes of `GET /api/rateCardCompare` (docs/http-api.md, "Rate cards (issue 4)"). */
export interface CompareLine {
  sku: string;
  description: string;
  skuTypeName?: string;
  customerRRP?: number;
  customerMonthly?: number;
  /** revenue and commission only where the user's profile shows them. */
  stores: { storeID: number; storeName: string; revenue?: number; commission?: number; active: boolean }[];
}

export interface CompareChange {
  field: string;
  storeID: number | null;
  storeName: string | null;
  from: unknown;
  to: unknown;
}

export interface CompareTotals {
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
}

export interface CompareSaleType {
  saleTypeID: number;
  saleTypeName: string;
  added: CompareLine[];
  removed: CompareLine[];
  changed: { sku: string; description: string; changes: CompareChange[] }[];
  totals: CompareTotals;
}

export interface CompareCard {
  rateCardID: number;
  name: string;
  fromDate: string;
}

export interface CompareResult {
  from: CompareCard;
  to: CompareCard;
  saleTypes: CompareSaleType[];
  totals: CompareTotals;
}

export type CompareKind = 'added' | 'removed' | 'changed';

/** One row of the comparison table; its kind decides the colour (green, red, amber). */
export interface CompareRow {
  key: string;
  kind: CompareKind;
  sku: string;
  description: string;
  details: string[];
}

/** CSS class per kind: green added, red removed, amber changed. */
export const KIND_CLASS: Record<CompareKind, string> = {
  added: 'compare-added',
  removed: 'compare-removed',
  changed: 'compare-changed',
};

export const KIND_LABEL: Record<CompareKind, string> = { added: 'Added', removed: 'Removed', changed: 'Changed' };

const FIELD_LABELS: Record<string, string> = {
  // A store's sku, description, RRP, monthly and excludeDiscount are its own values (overrides).
  sku: 'SKU',
  excludeDiscount: 'Exclude discount',
  description: 'Description',
  skuTypeName: 'SKU type',
  bandName: 'Band',
  customerRRP: 'RRP',
  customerMonthly: 'Monthly',
  contractMonths: 'Contract months',
  active: 'Active',
  revenue: 'Revenue',
  commission: 'Commission',
};

const MONEY_FIELDS = new Set(['customerRRP', 'customerMonthly', 'revenue', 'commission']);

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (MONEY_FIELDS.has(field)) return formatPounds(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** 'North: Revenue £10.00 → £12.00', or 'RRP £0.00 → £99.00' for a line field. */
export function describeChange(change: CompareChange): string {
  const label = FIELD_LABELS[change.field] ?? change.field;
  const where = change.storeName ? `${change.storeName}: ` : change.storeID ? `(Store name not found): ` : '';
  return `${where}${label} ${valueText(change.field, change.from)} → ${valueText(change.field, change.to)}`;
}

/** A store's figures as the profile shows them: '£10.00 / £2.00' (both), 'revenue £10.00', or none. */
function storeFigures(store: CompareLine['stores'][number], figures: FigureFlags): string {
  if (figures.revenue && figures.commission) return `${formatPounds(store.revenue)} / ${formatPounds(store.commission)}`;
  if (figures.revenue) return `revenue ${formatPounds(store.revenue)}`;
  if (figures.commission) return `commission ${formatPounds(store.commission)}`;
  return '';
}

/**
 * An added or removed line: its prices ('RRP £199.00 · Monthly £25.00'), then 'North: £10.00 /
 * £2.00' per store (revenue / commission, those the profile shows), inactive marked.
 */
function lineText(line: CompareLine, figures: FigureFlags): string[] {
  const prices = (['customerRRP', 'customerMonthly'] as const).map((field) => `${FIELD_LABELS[field]} ${valueText(field, line[field])}`).join(' · ');
  const stores = [...(line.stores ?? [])]
    .sort((a, b) => a.storeName.localeCompare(b.storeName))
    .map((s) => {
      const shown = storeFigures(s, figures);
      return `${s.storeName}${shown ? `: ${shown}` : ''}${s.active ? '' : ' (inactive)'}`;
    });
  return [prices, ...stores];
}

/** The rows of one sale type, by SKU; each says what happened to the line (figures as the profile shows them). */
export function compareRows(saleType: CompareSaleType, figures: FigureFlags = ALL_FIGURES): CompareRow[] {
  const rows: CompareRow[] = [
    ...saleType.added.map((line) => ({ kind: 'added' as const, sku: line.sku, description: line.description, details: lineText(line, figures) })),
    ...saleType.removed.map((line) => ({ kind: 'removed' as const, sku: line.sku, description: line.description, details: lineText(line, figures) })),
    ...saleType.changed.map((line) => ({
      kind: 'changed' as const,
      sku: line.sku,
      description: line.description,
      details: line.changes.map(describeChange),
    })),
  ].map((row) => ({ ...row, key: `${row.kind}-${row.sku}` }));
  return rows.sort((a, b) => a.sku.localeCompare(b.sku) || a.kind.localeCompare(b.kind));
}

/** '2 added, 1 removed, 3 changed, 10 unchanged'. */
export function totalsText(totals: CompareTotals): string {
  return `${totals.added} added, ${totals.removed} removed, ${totals.changed} changed, ${totals.unchanged} unchanged`;
}
