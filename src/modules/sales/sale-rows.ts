import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { toNumber } from '../../common/db/numbers';
import { auditFields } from '../../common/list/audit-fields';
import type { ListDefinition } from '../../common/list/list-definition';
import type { ListFilter } from '../../common/list/list-query';
import { recordDate } from '../rate-cards/dates';
import { effectiveLineStore } from '../rate-cards/lines/rate-card-line-rows';
import { ID_7 } from '../rate-cards/rate-cards/rate-cards.service';
import { Sale } from './entities';

/**
 * The order reference every credit-check fail carries (spec 01 section 4: "a fixed
 * credit-check-failed code"); never counted as a duplicate.
 */
export const CREDIT_CHECK_FAIL_ORDER_REF = '00000000000000000000';

/** Steps whose sales may be edited or deleted (spec 01 section 4). */
export const EDITABLE_STEPS = ['recorded', 'modified'] as const;

/**
 * Order references that count as duplicates: those of ordinary sales (a refund row repeats its
 * sale's reference; credit-check fails share one code), within the user's stores.
 */
function duplicateOf(alias: string, user: AuthUser | undefined): { sql: string; params: Record<string, unknown> } {
  const stores = user ? [...user.storeIDs, -1] : [-1];
  return {
    sql:
      `SELECT 1 FROM sale d WHERE d.orderRef = ${alias}.orderRef AND d.saleID <> ${alias}.saleID ` +
      `AND d.isRefund = :dupNo AND d.orderRef <> :dupCode AND d.storeID IN (:...dupStores)`,
    params: { dupNo: false, dupCode: CREDIT_CHECK_FAIL_ORDER_REF, dupStores: stores },
  };
}

/** orderRefDuplicates: 1 = references no other sale has, 2 = duplicates only (spec 01 section 9). */
function orderRefDuplicates(qb: SelectQueryBuilder<ObjectLiteral>, filter: ListFilter, _param: string, user: AuthUser): void {
  const wanted = new Set(filter.values.map(Number));
  if (wanted.has(1) && wanted.has(2)) return;
  const { sql, params } = duplicateOf('sale', user);
  const exists = `EXISTS (${sql})`;
  const duplicates = wanted.has(2) !== (filter.op === 'not');
  qb.andWhere(duplicates ? `(sale.isRefund = :dupNo AND sale.orderRef <> :dupCode AND ${exists})` : `NOT (sale.isRefund = :dupNo AND sale.orderRef <> :dupCode AND ${exists})`, params);
}

/** analysisValue: the sale has any of these analysis values (a code, or a text answer). */
function analysisValue(qb: SelectQueryBuilder<ObjectLiteral>, filter: ListFilter, param: string): void {
  const exists = `EXISTS (SELECT 1 FROM saleAnalysisValue sav WHERE sav.saleID = sale.saleID AND sav.analysisValue IN (:...${param}))`;
  qb.andWhere(filter.op === 'not' ? `NOT ${exists}` : exists, { [param]: filter.values.map(String) });
}

/** targetDate: the sales of that date's calendar month (how a target's actual is counted). */
function targetMonth(qb: SelectQueryBuilder<ObjectLiteral>, filter: ListFilter, param: string): void {
  const months = filter.values.map((value, i) => {
    const [y, m] = String(value).slice(0, 7).split('-').map(Number);
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const ym = String(value).slice(0, 7);
    qb.setParameter(`${param}a${i}`, `${ym}-01`).setParameter(`${param}b${i}`, `${ym}-${String(last).padStart(2, '0')}`);
    return `(sale.saleDate >= :${param}a${i} AND sale.saleDate <= :${param}b${i})`;
  });
  qb.andWhere(filter.op === 'not' ? `NOT (${months.join(' OR ')})` : `(${months.join(' OR ')})`);
}

/** The row GET /api/sales answers (docs/http-api.md, "Sale row"). */
export function saleRow(sale: Sale): Record<string, unknown> {
  const line = sale.rateCardLine;
  const lineStore = sale.rateCardLineStore;
  const effective = lineStore ? effectiveLineStore(lineStore, line) : undefined;
  return {
    saleID: sale.saleID,
    storeID: sale.storeID,
    storeName: sale.store?.name ?? '(Store name not found)',
    saleTypeID: sale.saleTypeID,
    saleTypeName: sale.saleType?.name ?? '',
    attributableToUserID: sale.attributableToUserID,
    attributableToUserName: sale.attributableToUser?.name ?? '(Username not found)',
    saleDate: recordDate(sale.saleDate),
    orderRef: sale.orderRef,
    rateCardID: sale.rateCardID,
    rateCardName: sale.rateCard?.name ?? '',
    rateCardFromDate: recordDate(sale.rateCard?.fromDate),
    rateCardLineID: sale.rateCardLineID,
    rateCardLineStoreID: sale.rateCardLineStoreID,
    sku: sale.sku,
    description: effective?.description ?? line?.description ?? '',
    skuTypeName: line?.skuType?.name ?? '',
    excludeDiscount: effective?.excludeDiscount ?? false,
    bandName: line?.band?.name ?? null,
    currentHistoryID: sale.currentHistoryID,
    currentHistoryStep: sale.currentHistoryStep,
    revenue: sale.revenue,
    commission: sale.commission,
    adjustment: sale.adjustment,
    adjustedRevenue: sale.adjustedRevenue,
    refSaleID: sale.refSaleID,
    isRefund: sale.isRefund,
    isRefunded: sale.isRefunded,
    isRefundedNote: sale.isRefundedNote,
    isRefundedOrderRef: sale.isRefundedOrderRef,
    refundReasonID: sale.refundReasonID,
    notes: sale.notes,
    discountStoreID: sale.discountStoreID,
    discountName: sale.discountStore?.discount?.name ?? null,
    discountPercent: sale.discountPercent,
    saleAnalysisValues: (sale.saleAnalysisValues ?? [])
      .map((v) => ({ saleAnalysisValueID: v.saleAnalysisValueID, analysisFieldID: v.analysisFieldID, analysisValue: v.analysisValue }))
      .sort((a, b) => a.saleAnalysisValueID - b.saleAnalysisValueID),
    unreconciledRevenue: sale.unreconciledRevenue,
    recSheetLinesTotal: sale.recSheetLinesTotal,
    recSheetLinesCount: sale.recSheetLinesCount,
    createdByUserName: sale.createdByUserName,
    createdDate: sale.createdDate,
    updatedByUserName: sale.updatedByUserName,
    updatedDate: sale.updatedDate,
  };
}

/** dupeCount per row: how many other ordinary sales of the user's stores share an ordinary sale's order reference (one query per page); 0 on refund rows and credit-check fails. */
async function decorateSales(rows: Record<string, unknown>[], { manager, user }: { manager: EntityManager; user: AuthUser | undefined }): Promise<void> {
  const refs = [...new Set(rows.map((r) => String(r.orderRef)).filter((ref) => ref !== CREDIT_CHECK_FAIL_ORDER_REF))];
  const counts = new Map<string, number>();
  if (refs.length) {
    const found = await manager
      .createQueryBuilder(Sale, 's')
      .select('s.orderRef', 'orderRef')
      .addSelect('COUNT(*)', 'n')
      .where('s.orderRef IN (:...refs) AND s.isRefund = :no', { refs, no: false })
      .andWhere('s.storeID IN (:...stores)', { stores: user ? [...user.storeIDs, -1] : [-1] })
      .groupBy('s.orderRef')
      .getRawMany<{ orderRef: string; n: unknown }>();
    for (const row of found) counts.set(row.orderRef, toNumber(row.n));
  }
  for (const row of rows) {
    // A refund row repeats its sale's reference by design, and credit-check fails share one code.
    const ordinary = !row.isRefund && row.orderRef !== CREDIT_CHECK_FAIL_ORDER_REF;
    const others = (counts.get(String(row.orderRef)) ?? 0) - (user?.storeIDs.includes(Number(row.storeID)) ? 1 : 0);
    row.dupeCount = ordinary ? Math.max(0, others) : 0;
  }
}

const NAME_50 = 50;

export const saleList: ListDefinition<Sale> = {
  entity: Sale,
  alias: 'sale',
  idField: 'saleID',
  label: 'sale',
  fields: {
    saleID: { column: 'sale.saleID', type: 'integer', pattern: ID_7, excel: 'Sale ID', indexed: true },
    saleDate: { column: 'sale.saleDate', type: 'date', excel: 'Date', indexed: true },
    storeID: { column: 'sale.storeID', type: 'integer', pattern: ID_7 },
    storeName: { column: 'store.name', type: 'text', maxLength: NAME_50, quick: true, excel: 'Store' },
    saleTypeID: { column: 'sale.saleTypeID', type: 'integer', pattern: ID_7 },
    saleTypeName: { column: 'saleType.name', type: 'text', excel: 'Sale type' },
    attributableToUserID: { column: 'sale.attributableToUserID', type: 'integer', pattern: ID_7 },
    attributableToUserName: { column: 'attributableToUser.name', type: 'text', maxLength: NAME_50, quick: true, excel: 'Sale made by' },
    orderRef: { column: 'sale.orderRef', type: 'text', maxLength: 20, quick: true, excel: 'Order reference', indexed: { after: ['storeID'] } },
    orderRefDuplicates: { column: 'sale.orderRef', type: 'integer', pattern: /^[12]$/, where: orderRefDuplicates },
    rateCardID: { column: 'sale.rateCardID', type: 'integer', pattern: ID_7 },
    rateCardName: { column: 'rateCard.name', type: 'text', excel: 'Rate card' },
    rateCardLineID: { column: 'sale.rateCardLineID', type: 'integer', pattern: ID_7 },
    rateCardLineStoreID: { column: 'sale.rateCardLineStoreID', type: 'integer', pattern: ID_7 },
    sku: { column: 'sale.sku', type: 'text', maxLength: 25, ignoreCase: true, quick: true, excel: 'SKU', indexed: { after: ['storeID'] } },
    description: { column: 'COALESCE(rateCardLineStore.description, rateCardLine.description)', type: 'text', quick: true, excel: 'Description' },
    skuTypeName: { column: 'skuType.name', type: 'text', excel: 'SKU type' },
    excludeDiscount: { column: 'COALESCE(rateCardLineStore.excludeDiscount, skuType.excludeDiscount)', type: 'boolean', excel: 'Excluded from discounts' },
    bandName: { column: 'band.name', type: 'text', excel: 'Band' },
    currentHistoryStep: { column: 'sale.currentHistoryStep', type: 'text', maxLength: NAME_50, excel: 'Status' },
    revenue: { column: 'sale.revenue', type: 'number', excel: 'Revenue' },
    commission: { column: 'sale.commission', type: 'number', excel: 'Commission' },
    adjustment: { column: 'sale.adjustment', type: 'number', excel: 'Adjustment' },
    adjustedRevenue: { column: 'sale.adjustedRevenue', type: 'number', excel: 'Adjusted revenue' },
    refSaleID: { column: 'sale.refSaleID', type: 'integer', pattern: ID_7, excel: 'Refund of sale' },
    isRefund: { column: 'sale.isRefund', type: 'boolean', excel: 'Refund' },
    isRefunded: { column: 'sale.isRefunded', type: 'boolean', excel: 'Refunded' },
    isRefundedNote: { column: 'sale.isRefundedNote', type: 'text', excel: 'Refund note' },
    isRefundedOrderRef: { column: 'sale.isRefundedOrderRef', type: 'text', maxLength: 20, excel: 'Refund order reference' },
    notes: { column: 'sale.notes', type: 'text', quick: true, excel: 'Notes' },
    discountStoreID: { column: 'sale.discountStoreID', type: 'integer', pattern: ID_7 },
    discountName: { column: 'discount.name', type: 'text', excel: 'Discount' },
    discountPercent: { column: 'sale.discountPercent', type: 'integer', excel: 'Discount %' },
    analysisValue: { column: 'sale.saleID', type: 'text', maxLength: 255, where: analysisValue },
    targetDate: { column: 'sale.saleDate', type: 'date', where: targetMonth },
    unreconciledRevenue: { column: 'sale.unreconciledRevenue', type: 'number', excel: 'Unreconciled revenue' },
    recSheetLinesTotal: { column: 'sale.recSheetLinesTotal', type: 'number', excel: 'Rec sheet lines total' },
    recSheetLinesCount: { column: 'sale.recSheetLinesCount', type: 'integer', excel: 'Rec sheet lines' },
    ...auditFields('sale'),
  },
  lookups: {
    store: 'sale.store',
    saleType: 'sale.saleType',
    attributableToUser: 'sale.attributableToUser',
    rateCard: 'sale.rateCard',
    rateCardLine: 'sale.rateCardLine',
    rateCardLineStore: 'sale.rateCardLineStore',
    skuType: 'rateCardLine.skuType',
    band: 'rateCardLine.band',
    discountStore: 'sale.discountStore',
    discount: 'discountStore.discount',
  },
  rowJoins: ['saleAnalysisValues'],
  figures: {
    revenue: ['revenue', 'adjustment', 'adjustedRevenue', 'unreconciledRevenue', 'recSheetLinesTotal', 'aggregate'],
    commission: ['commission'],
  },
  aggregate: 'sale.adjustedRevenue',
  selectable: `sale.currentHistoryStep IN ('recorded', 'modified') AND sale.isRefund = 0 AND sale.isRefunded = 0`,
  // Transactions sorted by saleID descending (spec 01 section 9).
  defaultSort: { field: 'saleID', dir: 'DESC' },
  large: true,
  // Every call is limited to the profile's stores, whatever the areas (issue 9).
  storeScope: { column: 'sale.storeID' },
  toRow: (sale) => saleRow(sale),
  decorateRows: decorateSales,
};
