import { ALL_FIGURES, type FigureFlags } from '../../auth/figures';
import { formatPounds, textOf } from '../../format/format';

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

/**
 * One value of a comparison row: a changed one has both `from` and `to`; an added line's only `to`,
 * a removed line's only `from`.
 */
export interface CompareValue {
  label: string;
  from?: string;
  to?: string;
}

/**
 * One row of the comparison table: a line's own values (`storeName` null) or one store's on it.
 * Its kind decides the colour (green, red, amber).
 */
export interface CompareRow {
  key: string;
  kind: CompareKind;
  sku: string;
  description: string;
  storeName: string | null;
  values: CompareValue[];
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
  return textOf(value);
}

const MISSING_STORE = '(Store name not found)';

/** A change as its row shows it: 'Revenue', '£10.00', '£12.00'. */
export function changeValue(change: CompareChange): CompareValue {
  return { label: FIELD_LABELS[change.field] ?? change.field, from: valueText(change.field, change.from), to: valueText(change.field, change.to) };
}

type Side = 'from' | 'to';
type CompareStore = CompareLine['stores'][number];

/** An added line's values are what it brings (`to`), a removed line's what it had (`from`). */
function lineValues(line: CompareLine, side: Side): CompareValue[] {
  return (['customerRRP', 'customerMonthly'] as const).map((field) => ({ label: FIELD_LABELS[field], [side]: valueText(field, line[field]) }));
}

/** A store's figures as the profile shows them (the server leaves the others out), and 'Active No' if inactive. */
function storeValues(store: CompareStore, side: Side, figures: FigureFlags): CompareValue[] {
  const shown = (['revenue', 'commission'] as const).filter((field) => figures[field]);
  return [
    ...shown.map((field) => ({ label: FIELD_LABELS[field], [side]: valueText(field, store[field]) })),
    ...(store.active ? [] : [{ label: FIELD_LABELS.active, [side]: valueText('active', false) }]),
  ];
}

const byStore = (a: { storeName: string | null }, b: { storeName: string | null }) =>
  // The line's own row first, then its stores by name.
  a.storeName === null ? -1 : b.storeName === null ? 1 : a.storeName.localeCompare(b.storeName);

/** An added or removed line: a row for its prices, then one per store. */
function wholeLineRows(kind: 'added' | 'removed', line: CompareLine, figures: FigureFlags): Omit<CompareRow, 'key'>[] {
  const side: Side = kind === 'added' ? 'to' : 'from';
  const base = { kind, sku: line.sku, description: line.description };
  const stores = [...(line.stores ?? [])].map((store) => ({ ...base, storeName: store.storeName ?? MISSING_STORE, values: storeValues(store, side, figures) }));
  return [{ ...base, storeName: null, values: lineValues(line, side) }, ...stores.sort(byStore)];
}

/** A changed line: one row for its own fields (if any changed) and one per store with changes. */
function changedLineRows(line: CompareSaleType['changed'][number]): Omit<CompareRow, 'key'>[] {
  const groups = new Map<string, { storeName: string | null; changes: CompareChange[] }>();
  for (const change of line.changes) {
    const id = change.storeID === null ? 'line' : String(change.storeID);
    const storeName = change.storeID === null ? null : (change.storeName ?? MISSING_STORE);
    const group = groups.get(id) ?? { storeName, changes: [] };
    group.changes.push(change);
    groups.set(id, group);
  }
  return [...groups.values()]
    .map((group) => ({
      kind: 'changed' as const,
      sku: line.sku,
      description: line.description,
      storeName: group.storeName,
      values: group.changes.map(changeValue),
    }))
    .sort(byStore);
}

/**
 * The rows of one sale type: one per line and store that differ, by SKU (figures as the profile
 * shows them). Each row's key is unique within the sale type.
 */
export function compareRows(saleType: CompareSaleType, figures: FigureFlags = ALL_FIGURES): CompareRow[] {
  const lines = [
    ...saleType.added.map((line) => ({ kind: 'added' as const, sku: line.sku, rows: () => wholeLineRows('added', line, figures) })),
    ...saleType.removed.map((line) => ({ kind: 'removed' as const, sku: line.sku, rows: () => wholeLineRows('removed', line, figures) })),
    ...saleType.changed.map((line) => ({ kind: 'changed' as const, sku: line.sku, rows: () => changedLineRows(line) })),
  ].sort((a, b) => a.sku.localeCompare(b.sku) || a.kind.localeCompare(b.kind));
  return lines.flatMap((line) => line.rows().map((row, i) => ({ ...row, key: `${line.kind}-${line.sku}-${i}` })));
}

/** '2 added, 1 removed, 3 changed, 10 unchanged'. */
export function totalsText(totals: CompareTotals): string {
  return `${totals.added} added, ${totals.removed} removed, ${totals.changed} changed, ${totals.unchanged} unchanged`;
}
