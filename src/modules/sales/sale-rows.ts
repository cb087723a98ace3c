import { monthSpan } from '../../common/dates/months';
import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { textOf, toMoney, toNumber } from '../../common/db/numbers';
import { auditFields } from '../../common/list/audit-fields';
import { likeContains } from '../../common/list/list.service';
import type { ListDefinition } from '../../common/list/list-definition';
import type { ListFilter } from '../../common/list/list-query';
import { recordDate } from '../../common/dates/days';
import { ID_7 } from '../rate-cards';
import { Sale, SaleAnalysisValue } from './entities';
import { SALE_STEPS, type SaleStep } from './entities/sale.entity';
import { linkCountSql, linkTotalSql, readyToReconcileSql, stepInSql, stepSql, unreconciledSql } from './sale-links';
import { newestHistorySql } from './sale-reconciliation';

/**
 * The order reference every credit-check fail carries (spec 01 section 4: "a fixed
 * credit-check-failed code"); never counted as a duplicate.
 */
export const CREDIT_CHECK_FAIL_ORDER_REF = '00000000000000000000';

/** Steps whose sales may be edited or deleted (spec 01 section 4). */
export const EDITABLE_STEPS: readonly string[] = ['recorded', 'modified'];

/**
 * Which sales may be edited or deleted: an editable step no rec sheet line has reconciled, and
 * not one of a refund pair (editing either would leave the pair disagreeing). The server's check
 * and listIDs' `selectable` alike.
 */
export function isEditable(sale: Pick<Sale, 'currentHistoryStep' | 'isRefund' | 'isRefunded' | 'linkedLines'>): boolean {
  return EDITABLE_STEPS.includes(stepOf(sale)) && !sale.isRefund && !sale.isRefunded;
}

/** A loaded sale's reconcile state as users see it: the row's derived step, count, total and unreconciled revenue. */
export function reconcileStateOf(sale: Pick<Sale, 'currentHistoryStep' | 'linkedLines' | 'linkedLinesTotal' | 'adjustedRevenue'>): {
  step: SaleStep;
  count: number;
  total: number;
  unreconciled: number;
} {
  const total = toMoney(sale.linkedLinesTotal ?? 0);
  return { step: stepOf(sale), count: sale.linkedLines ?? 0, total, unreconciled: toMoney(sale.adjustedRevenue - total) };
}

/** A loaded sale's step as users see it (stepSql in sale-links.ts): a recorded or modified sale a line links is reconciled. */
export function stepOf(sale: Pick<Sale, 'currentHistoryStep' | 'linkedLines'>): SaleStep {
  return EDITABLE_STEPS.includes(sale.currentHistoryStep) && sale.linkedLines > 0 ? 'reconciled' : sale.currentHistoryStep;
}

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
  qb.andWhere(
    duplicates
      ? `(sale.isRefund = :dupNo AND sale.orderRef <> :dupCode AND ${exists})`
      : `NOT (sale.isRefund = :dupNo AND sale.orderRef <> :dupCode AND ${exists})`,
    params,
  );
}

/** analysisValue: the sale has any of these analysis values (a code, or a text answer). */
function analysisValue(qb: SelectQueryBuilder<ObjectLiteral>, filter: ListFilter, param: string): void {
  const exists = `EXISTS (SELECT 1 FROM saleAnalysisValue sav WHERE sav.saleID = sale.saleID AND sav.analysisValue IN (:...${param}))`;
  qb.andWhere(filter.op === 'not' ? `NOT ${exists}` : exists, { [param]: filter.values.map(String) });
}

/**
 * currentHistoryStep: the step users see (sale-links.ts), compared so that the stored column's
 * indexes serve the usual filters (the dashboard's links name recorded, modified and reconciled).
 * A value that is no step matches no sale; a contains filter reads the derived step.
 */
function stepFilter(qb: SelectQueryBuilder<ObjectLiteral>, filter: ListFilter, param: string): void {
  if (filter.op === 'lower') {
    qb.andWhere(`LOWER(${stepSql('sale')}) LIKE :${param} ESCAPE '!'`, { [param]: likeContains(String(filter.values[0])) });
    return;
  }
  const steps = SALE_STEPS.filter((step) => filter.values.includes(step));
  const matches = stepInSql('sale', steps);
  qb.andWhere(filter.op === 'eq' ? matches : `NOT ${matches}`);
}

/** targetDate: the sales of that date's calendar month (how a target's actual is counted). */
function targetMonth(qb: SelectQueryBuilder<ObjectLiteral>, filter: ListFilter, param: string): void {
  const months = filter.values.map((value, i) => {
    const { first, last } = monthSpan(String(value));
    qb.setParameter(`${param}a${i}`, first).setParameter(`${param}b${i}`, last);
    return `(sale.saleDate >= :${param}a${i} AND sale.saleDate <= :${param}b${i})`;
  });
  qb.andWhere(filter.op === 'not' ? `NOT (${months.join(' OR ')})` : `(${months.join(' OR ')})`);
}

type Raw = Record<string, unknown>;

/** Columns of a sale row as GET /api/sales answers it (docs/http-api.md, "Sale row"), read in one statement. */
const ROW_COLUMNS: Array<[string, string, (value: unknown) => unknown]> = [];
const integer = (value: unknown) => toNumber(value);
const optionalInteger = (value: unknown) => (value == null ? null : toNumber(value));
const money = (value: unknown) => toMoney(value);
const flag = (value: unknown) => Boolean(toNumber(value));
const asText = (value: unknown) => (value == null ? '' : textOf(value));
const optionalText = (value: unknown) => (value == null ? null : textOf(value));
const column = (name: string, expression: string, read: (value: unknown) => unknown) => ROW_COLUMNS.push([name, expression, read]);
column('saleID', 'sale.saleID', integer);
column('storeID', 'sale.storeID', integer);
column('storeName', 'store.name', (v) => optionalText(v) ?? '(Store name not found)');
column('saleTypeID', 'sale.saleTypeID', integer);
column('saleTypeName', 'saleType.name', asText);
column('attributableToUserID', 'sale.attributableToUserID', integer);
column('attributableToUserName', 'attributableToUser.name', (v) => optionalText(v) ?? '(Username not found)');
column('saleDate', 'sale.saleDate', recordDate);
column('orderRef', 'sale.orderRef', asText);
column('rateCardID', 'sale.rateCardID', integer);
column('rateCardName', 'rateCard.name', asText);
column('rateCardFromDate', 'rateCard.fromDate', recordDate);
column('rateCardLineID', 'sale.rateCardLineID', integer);
column('rateCardLineStoreID', 'sale.rateCardLineStoreID', integer);
column('sku', 'sale.sku', asText);
// The line store's values: its override, else the line's (excludeDiscount: the SKU type's).
column('description', 'COALESCE(rateCardLineStore.description, rateCardLine.description)', asText);
column('skuTypeName', 'skuType.name', asText);
column('excludeDiscount', 'COALESCE(rateCardLineStore.excludeDiscount, skuType.excludeDiscount)', flag);
column('bandName', 'band.name', optionalText);
// Read from the history, not the stored pointer, which a run that writes only links leaves behind.
column('currentHistoryID', newestHistorySql('sale'), optionalInteger);
column('currentHistoryStep', stepSql('sale'), asText);
column('revenue', 'sale.revenue', money);
column('commission', 'sale.commission', money);
column('adjustment', 'sale.adjustment', money);
column('adjustedRevenue', 'sale.adjustedRevenue', money);
column('refSaleID', 'sale.refSaleID', optionalInteger);
column('isRefund', 'sale.isRefund', flag);
column('isRefunded', 'sale.isRefunded', flag);
column('isRefundedNote', 'sale.isRefundedNote', optionalText);
column('isRefundedOrderRef', 'sale.isRefundedOrderRef', optionalText);
column('refundReasonID', 'sale.refundReasonID', optionalInteger);
column('notes', 'sale.notes', asText);
column('discountStoreID', 'sale.discountStoreID', optionalInteger);
column('discountName', 'discount.name', optionalText);
column('discountPercent', 'sale.discountPercent', optionalInteger);
// The reconcile state, from the lines that link the sale (sale-links.ts).
column('unreconciledRevenue', unreconciledSql('sale'), money);
column('recSheetLinesTotal', linkTotalSql('sale'), money);
column('recSheetLinesCount', linkCountSql('sale'), integer);
column('createdByUserName', 'sale.createdByUserName', asText);
column('updatedByUserName', 'sale.updatedByUserName', asText);

const JOINS: Array<[string, string]> = [
  ['sale.store', 'store'],
  ['sale.saleType', 'saleType'],
  ['sale.attributableToUser', 'attributableToUser'],
  ['sale.rateCard', 'rateCard'],
  ['sale.rateCardLine', 'rateCardLine'],
  ['sale.rateCardLineStore', 'rateCardLineStore'],
  ['rateCardLine.skuType', 'skuType'],
  ['rateCardLine.band', 'band'],
  ['sale.discountStore', 'discountStore'],
  ['discountStore.discount', 'discount'],
];

/**
 * The two statements of readSaleRows as SQL for `n` ids, built by TypeORM once per connection
 * (its query builder spends more time writing a ten-join statement than the database reading it).
 */
const ROW_STATEMENTS = new WeakMap<object, { rows: (n: number) => string; answers: (n: number) => string }>();

function rowStatements(manager: EntityManager) {
  const known = ROW_STATEMENTS.get(manager.connection);
  if (known) return known;
  const rows = manager.createQueryBuilder(Sale, 'sale');
  for (const [relation, alias] of JOINS) rows.leftJoin(relation, alias);
  rows.select('sale.saleID', 'saleID');
  for (const [name, expression] of ROW_COLUMNS.slice(1)) rows.addSelect(expression, name);
  // DATETIME(3) as each driver hydrates it (SQLite keeps text), so both engines answer the same instant.
  rows.addSelect('sale.createdDate', 'createdDate').addSelect('sale.updatedDate', 'updatedDate');
  rows.where('sale.saleID IN (:...ids)', { ids: [0] });
  const answers = manager
    .createQueryBuilder(SaleAnalysisValue, 'v')
    .select(['v.saleAnalysisValueID AS saleAnalysisValueID', 'v.saleID AS saleID', 'v.analysisFieldID AS analysisFieldID', 'v.analysisValue AS analysisValue'])
    .where('v.saleID IN (:...ids)', { ids: [0] })
    .orderBy('v.saleAnalysisValueID', 'ASC');
  // Each statement's only list parameter is its `IN (?)`: written for n ids when it runs.
  const forIDs = (sql: string) => {
    const [before, after] = sql.split('IN (?)');
    if (after === undefined || after.includes('IN (?)')) throw new Error('Sale row statement: expected one IN (?)');
    return (n: number) => `${before}IN (${Array.from({ length: n }, () => '?').join(', ')})${after}`;
  };
  const statements = { rows: forIDs(rows.getQueryAndParameters()[0]), answers: forIDs(answers.getQueryAndParameters()[0]) };
  ROW_STATEMENTS.set(manager.connection, statements);
  return statements;
}

/**
 * The rows of these sales as GET /api/sales answers them, read with two plain statements (the
 * sales and their analysis values) rather than as entities across ten joins: a page of sales is
 * read many times a second, and building entities cost more than the database (bench/sales).
 */
async function readSaleRows(manager: EntityManager, ids: number[]): Promise<Raw[]> {
  const statements = rowStatements(manager);
  const [raw, answers] = await Promise.all([manager.query<Raw[]>(statements.rows(ids.length), ids), manager.query<Raw[]>(statements.answers(ids.length), ids)]);
  const metadata = manager.connection.getMetadata(Sale);
  const dateOf = (name: string, value: unknown) =>
    value == null ? null : (manager.connection.driver.prepareHydratedValue(value, metadata.findColumnWithPropertyName(name)!) as Date);
  const answersOf = new Map<number, Raw[]>();
  for (const a of answers) {
    const saleID = toNumber(a.saleID);
    answersOf.set(saleID, [
      ...(answersOf.get(saleID) ?? []),
      { saleAnalysisValueID: toNumber(a.saleAnalysisValueID), analysisFieldID: toNumber(a.analysisFieldID), analysisValue: String(a.analysisValue) },
    ]);
  }
  return raw.map((r) => {
    const row: Raw = {};
    for (const [name, , read] of ROW_COLUMNS) row[name] = read(r[name]);
    row.saleAnalysisValues = answersOf.get(row.saleID as number) ?? [];
    row.createdDate = dateOf('createdDate', r.createdDate);
    row.updatedDate = dateOf('updatedDate', r.updatedDate);
    return row;
  });
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
    orderRef: {
      column: 'sale.orderRef',
      type: 'text',
      maxLength: 20,
      quick: true,
      quickDigits: true,
      excel: 'Order reference',
      indexed: { after: ['storeID'] },
    },
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
    currentHistoryStep: { column: stepSql('sale'), type: 'text', maxLength: NAME_50, excel: 'Status', where: stepFilter, sortable: true, notNull: true },
    revenue: { column: 'sale.revenue', type: 'number', excel: 'Revenue' },
    commission: { column: 'sale.commission', type: 'number', excel: 'Commission' },
    adjustment: { column: 'sale.adjustment', type: 'number', excel: 'Adjustment' },
    adjustedRevenue: { column: 'sale.adjustedRevenue', type: 'number', excel: 'Adjusted revenue' },
    refSaleID: { column: 'sale.refSaleID', type: 'integer', pattern: ID_7, excel: 'Refund of sale' },
    isRefund: { column: 'sale.isRefund', type: 'boolean', excel: 'Refund' },
    isRefunded: { column: 'sale.isRefunded', type: 'boolean', excel: 'Refunded' },
    isRefundedNote: { column: 'sale.isRefundedNote', type: 'text', excel: 'Refund note' },
    // Quick: a refund is found by its own order reference too (issue 26), the refund row and its sale.
    isRefundedOrderRef: { column: 'sale.isRefundedOrderRef', type: 'text', maxLength: 20, quick: true, quickDigits: true, excel: 'Refund order reference' },
    notes: { column: 'sale.notes', type: 'text', quick: true, excel: 'Notes' },
    discountStoreID: { column: 'sale.discountStoreID', type: 'integer', pattern: ID_7 },
    discountName: { column: 'discount.name', type: 'text', excel: 'Discount' },
    discountPercent: { column: 'sale.discountPercent', type: 'integer', excel: 'Discount %' },
    analysisValue: { column: 'sale.saleID', type: 'text', maxLength: 255, where: analysisValue },
    targetDate: { column: 'sale.saleDate', type: 'date', where: targetMonth },
    unreconciledRevenue: { column: unreconciledSql('sale'), type: 'number', excel: 'Unreconciled revenue', notNull: true },
    recSheetLinesTotal: { column: linkTotalSql('sale'), type: 'number', excel: 'Rec sheet lines total', notNull: true },
    recSheetLinesCount: { column: linkCountSql('sale'), type: 'integer', excel: 'Rec sheet lines', notNull: true },
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
  figures: {
    revenue: ['revenue', 'adjustment', 'adjustedRevenue', 'unreconciledRevenue', 'recSheetLinesTotal', 'aggregate'],
    commission: ['commission'],
  },
  aggregate: 'sale.adjustedRevenue',
  // isEditable, in SQL.
  selectable: `${readyToReconcileSql('sale')} AND sale.isRefund = 0 AND sale.isRefunded = 0`,
  // Transactions sorted by saleID descending (spec 01 section 9).
  defaultSort: { field: 'saleID', dir: 'DESC' },
  large: true,
  // Every call is limited to the profile's stores, whatever the areas (issue 9).
  storeScope: { column: 'sale.storeID' },
  readRows: readSaleRows,
  decorateRows: decorateSales,
};
