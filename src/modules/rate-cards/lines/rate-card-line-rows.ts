import type { AuthUser } from '../../../common/auth/auth-user';
import { hasArea } from '../../../common/auth/auth-user';
import { auditFields } from '../../../common/list/audit-fields';
import type { ListDefinition } from '../../../common/list/list-definition';
import { recordDate } from '../../../common/dates/days';
import { RateCardLine, RateCardLineStore } from '../entities';
import { SKU_MAX_LENGTH } from '../entities/rate-card-line.entity';
import { ID_7 } from '../rate-cards/rate-cards.service';

/** Whether `user` sees the rows of `storeID` (their stores; SystemSetup sees every store). */
export function seesStore(user: AuthUser | undefined, storeID: number): boolean {
  return !user || hasArea(user, 'SystemSetup') || user.storeIDs.includes(storeID);
}

/** The per-store fields a line store may override (null on the row = the line's value). */
export const LINE_STORE_OVERRIDES = ['sku', 'description', 'customerRRP', 'customerMonthly', 'excludeDiscount'] as const;
export type LineStoreOverride = (typeof LINE_STORE_OVERRIDES)[number];

/** The line's own value of an overridable field (excludeDiscount: its SKU type's). */
export function lineValueOf(line: RateCardLine | undefined, field: LineStoreOverride): string | number | boolean | null {
  if (!line) return field === 'excludeDiscount' ? false : null;
  return field === 'excludeDiscount' ? (line.skuType?.excludeDiscount ?? false) : line[field];
}

/** The store's effective values (its override, else the line's) and which fields are overridden. */
export function effectiveLineStore(ls: RateCardLineStore, line: RateCardLine | undefined) {
  const overrides: LineStoreOverride[] = LINE_STORE_OVERRIDES.filter((field) => ls[field] != null);
  const value = <F extends LineStoreOverride>(field: F) => (ls[field] != null ? ls[field] : lineValueOf(line, field));
  return {
    sku: value('sku') as string | null,
    description: value('description') as string | null,
    customerRRP: value('customerRRP') as number | null,
    customerMonthly: value('customerMonthly') as number | null,
    excludeDiscount: Boolean(value('excludeDiscount')),
    overrides,
  };
}

/**
 * A line store as GET /rateCardLineStores and a line's rateCardLineStores show it: sku,
 * description, customerRRP, customerMonthly and excludeDiscount are the store's override when
 * set, else the line's (excludeDiscount: its SKU type's); `overrides` names the overridden ones.
 */
export function lineStoreRow(ls: RateCardLineStore, line: RateCardLine | undefined = ls.rateCardLine): Record<string, unknown> {
  return {
    rateCardLineStoreID: ls.rateCardLineStoreID,
    rateCardLineID: ls.rateCardLineID,
    storeID: ls.storeID,
    storeName: ls.store?.name ?? '(Store name not found)',
    active: ls.active,
    revenue: ls.revenue,
    commission: ls.commission,
    ...effectiveLineStore(ls, line),
  };
}

/** A line's own fields and lookup names (without its stores). */
export function lineFields(line: RateCardLine): Record<string, unknown> {
  return {
    rateCardLineID: line.rateCardLineID,
    rateCardID: line.rateCardID,
    rateCardName: line.rateCard?.name ?? '',
    rateCardFromDate: recordDate(line.rateCard?.fromDate),
    saleTypeID: line.saleTypeID,
    saleTypeName: line.saleType?.name ?? '(Sale type not found)',
    sku: line.sku,
    skuTypeID: line.skuTypeID,
    skuTypeName: line.skuType?.name ?? '',
    excludeDiscount: line.skuType?.excludeDiscount ?? false,
    description: line.description,
    customerRRP: line.customerRRP,
    customerMonthly: line.customerMonthly,
    contractMonths: line.contractMonths,
    bandID: line.bandID,
    bandName: line.band?.name ?? null,
    legacySKU: line.legacySKU,
    fileID: line.fileID,
    createdByUserName: line.createdByUserName,
    createdDate: line.createdDate,
    updatedByUserName: line.updatedByUserName,
    updatedDate: line.updatedDate,
  };
}

export const rateCardLineList: ListDefinition<RateCardLine> = {
  entity: RateCardLine,
  alias: 'rateCardLine',
  idField: 'rateCardLineID',
  label: 'rate card line',
  fields: {
    rateCardLineID: { column: 'rateCardLine.rateCardLineID', type: 'integer', pattern: ID_7, excel: 'ID', indexed: true },
    rateCardID: { column: 'rateCardLine.rateCardID', type: 'integer', pattern: ID_7 },
    rateCardName: { column: 'rateCard.name', type: 'text', excel: 'Rate card' },
    rateCardFromDate: { column: 'rateCard.fromDate', type: 'date', excel: 'Rate card from' },
    /** Sorting by rateCard is by the card's fromDate: the latest line for a SKU is sort=rateCard&sortDir=desc. */
    rateCard: { column: 'rateCard.fromDate', type: 'date', inRow: false },
    saleTypeID: { column: 'rateCardLine.saleTypeID', type: 'integer', pattern: ID_7, indexed: true },
    saleTypeName: { column: 'saleType.name', type: 'text', excel: 'Sale type' },
    sku: { column: 'rateCardLine.sku', type: 'text', maxLength: SKU_MAX_LENGTH, ignoreCase: true, quick: true, excel: 'SKU', indexed: true },
    skuTypeID: { column: 'rateCardLine.skuTypeID', type: 'integer', pattern: ID_7, indexed: true },
    skuTypeName: { column: 'skuType.name', type: 'text', quick: true, excel: 'SKU type' },
    description: { column: 'rateCardLine.description', type: 'text', quick: true, excel: 'Description' },
    customerRRP: { column: 'rateCardLine.customerRRP', type: 'number', excel: 'Customer RRP' },
    customerMonthly: { column: 'rateCardLine.customerMonthly', type: 'number', excel: 'Customer monthly' },
    contractMonths: { column: 'rateCardLine.contractMonths', type: 'integer', excel: 'Contract months' },
    bandID: { column: 'rateCardLine.bandID', type: 'integer', pattern: ID_7, indexed: true },
    bandName: { column: 'band.name', type: 'text', quick: true, excel: 'Band' },
    legacySKU: { column: 'rateCardLine.legacySKU', type: 'text', maxLength: SKU_MAX_LENGTH, excel: 'Legacy SKU' },
    fileID: { column: 'rateCardLine.fileID', type: 'integer', pattern: ID_7, indexed: true },
    ...auditFields('rateCardLine'),
  },
  lookups: { rateCard: 'rateCardLine.rateCard', saleType: 'rateCardLine.saleType', skuType: 'rateCardLine.skuType', band: 'rateCardLine.band' },
  fkJoins: ['file', 'rateCardLineStores'],
  fkJoinsInclude: { rateCardLineStores: ['rateCardLineStores.store'] },
  figures: { revenue: ['rateCardLineStores.revenue'], commission: ['rateCardLineStores.commission'] },
  defaultSort: { field: 'sku', dir: 'ASC' },
  // A card holds thousands of lines per sale type, and every card is kept.
  large: true,
  toRow: (line, joins, user) => {
    const row = lineFields(line);
    if (joins.has('file')) row.file = line.file ? { fileID: line.file.fileID, originalName: line.file.originalName } : null;
    if (joins.has('rateCardLineStores')) {
      row.rateCardLineStores = (line.rateCardLineStores ?? [])
        .filter((ls) => seesStore(user, ls.storeID))
        .map((ls) => lineStoreRow(ls, line))
        .sort((a, b) => String(a.storeName).localeCompare(String(b.storeName)));
    }
    return row;
  },
};

export const rateCardLineStoreList: ListDefinition<RateCardLineStore> = {
  entity: RateCardLineStore,
  alias: 'rateCardLineStore',
  idField: 'rateCardLineStoreID',
  label: 'rate card line store',
  fields: {
    rateCardLineStoreID: { column: 'rateCardLineStore.rateCardLineStoreID', type: 'integer', pattern: ID_7, excel: 'ID', indexed: true },
    rateCardLineID: { column: 'rateCardLineStore.rateCardLineID', type: 'integer', pattern: ID_7 },
    storeID: { column: 'rateCardLineStore.storeID', type: 'integer', pattern: ID_7, indexed: true },
    storeName: { column: 'store.name', type: 'text', quick: true, excel: 'Store' },
    // A store's lines by their figures: the (storeID, …) indexes of ListIndexes1764120000000.
    active: { column: 'rateCardLineStore.active', type: 'boolean', excel: 'Active', indexed: { after: ['storeID'] } },
    revenue: { column: 'rateCardLineStore.revenue', type: 'number', excel: 'Revenue', indexed: { after: ['storeID'] } },
    commission: { column: 'rateCardLineStore.commission', type: 'number', excel: 'Commission', indexed: { after: ['storeID'] } },
    // The line's card and sale type: filters here, carried by the row only with fkJoins=rateCardLine.
    rateCardID: { column: 'rateCardLine.rateCardID', type: 'integer', pattern: ID_7, inRow: false },
    rateCard: { column: 'rateCard.fromDate', type: 'date', inRow: false },
    saleTypeID: { column: 'rateCardLine.saleTypeID', type: 'integer', pattern: ID_7, inRow: false },
    // The store's values: its override, else the line's (excludeDiscount: the SKU type's).
    sku: { column: 'COALESCE(rateCardLineStore.sku, rateCardLine.sku)', type: 'text', maxLength: SKU_MAX_LENGTH, ignoreCase: true, quick: true, excel: 'SKU' },
    description: { column: 'COALESCE(rateCardLineStore.description, rateCardLine.description)', type: 'text', quick: true, excel: 'Description' },
    customerRRP: { column: 'COALESCE(rateCardLineStore.customerRRP, rateCardLine.customerRRP)', type: 'number', excel: 'Customer RRP' },
    customerMonthly: { column: 'COALESCE(rateCardLineStore.customerMonthly, rateCardLine.customerMonthly)', type: 'number', excel: 'Customer monthly' },
    excludeDiscount: { column: 'COALESCE(rateCardLineStore.excludeDiscount, skuType.excludeDiscount)', type: 'boolean', excel: 'Exclude discount' },
  },
  lookups: {
    rateCardLine: 'rateCardLineStore.rateCardLine',
    rateCard: 'rateCardLine.rateCard',
    skuType: 'rateCardLine.skuType',
    saleType: 'rateCardLine.saleType',
    band: 'rateCardLine.band',
    store: 'rateCardLineStore.store',
  },
  fkJoins: ['rateCardLine', 'rateCardLine.rateCard'],
  // A row shows its store's name and the line's values (excludeDiscount: its SKU type's); the
  // line's card, sale type and band come only with fkJoins=rateCardLine.
  rowLookups: ['rateCardLine', 'skuType', 'store'],
  fkJoinsInclude: { rateCardLine: ['rateCardLine.rateCard', 'rateCardLine.saleType', 'rateCardLine.band'] },
  figures: { revenue: ['revenue'], commission: ['commission'] },
  // Every card's lines times every store: a million rows in a year. No index can serve the
  // SKU (the store's override, else the line's), so the default order is the id (lines are
  // written line by line, store by store) and SKU order is for filtered reads (a card, a sale
  // type, a store), UNINDEXED_SORT_MAX rows at most.
  defaultSort: { field: 'rateCardLineStoreID', dir: 'ASC' },
  large: true,
  // Sales forms read the lines of their stores; set-up users read every store's.
  storeScope: { column: 'rateCardLineStore.storeID', unlessAreas: ['SystemSetup'] },
  toRow: (ls, joins) => {
    const row = lineStoreRow(ls);
    const line = ls.rateCardLine;
    if (joins.has('rateCardLine') && line) {
      const lineRow = lineFields(line);
      if (joins.has('rateCardLine.rateCard')) {
        lineRow.rateCard = line.rateCard
          ? { rateCardID: line.rateCard.rateCardID, name: line.rateCard.name, fromDate: recordDate(line.rateCard.fromDate) }
          : null;
      }
      row.rateCardLine = lineRow;
    }
    return row;
  },
};
