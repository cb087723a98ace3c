import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type ObjectLiteral } from 'typeorm';
import { textOf, toMoney, toNumber } from '../../common/db/numbers';
import { FigureCache } from '../../common/figures/figure-cache';
import { FigureVersions, unversionedRead } from '../../common/figures/figure-versions';
import {
  type DateSpan,
  FigureRequest,
  FigureTable,
  figureQuery,
  groupFigures,
  rankFigures,
  spanFigures,
  sumFigures,
} from '../../common/figures/figure-request';
import type { ListDefinition } from '../../common/list/list-definition';
import { ListService } from '../../common/list/list.service';
import { monthSpan } from '../../common/dates/months';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { localDate } from '../../common/dates/days';
import { SaleDayTotal } from './entities/sale-day-total.entity';
import { SaleMonthSkuTotal } from './entities/sale-month-sku-total.entity';
import type { Sale, SaleStep } from './entities/sale.entity';
import { saleList } from './sale-rows';

/**
 * What counts in figures (ARCHITECTURE.md): recorded, modified and reconciled sales, never
 * cancelled ones (credit-check fails are cancelled). A refund row counts -1 and its negated
 * amounts on its own date; its original keeps counting 1.
 */
export const COUNTED_STEPS: readonly SaleStep[] = ['recorded', 'modified', 'reconciled'];

/** SQL of a sale's count in figures: -1 for a refund row, 1 otherwise. */
const SALE_COUNT = 'CASE WHEN sale.isRefund = 1 THEN -1 ELSE 1 END';

/** What a KPI figure of sales may be split by, as the sale's columns (the store's type through its store). */
export const SALE_SPLITS = {
  attributableToUserID: 'sale.attributableToUserID',
  storeID: 'sale.storeID',
  storeStoreTypeID: 'store.storeTypeID',
} as const;
export type SaleSplit = keyof typeof SALE_SPLITS;

/** The sums every sales metric field is computed from (ASPs are a total over the count). */
export interface SaleSums {
  /** Counted sales, refunds as -1. */
  revenueCount: number;
  adjustedRevenue: number;
  commission: number;
}

/** A grouped row's sums as numbers. */
const saleSums = (row: Record<string, unknown>): SaleSums => ({
  revenueCount: toNumber(row.revenueCount),
  adjustedRevenue: toMoney(row.adjustedRevenue),
  commission: toMoney(row.commission),
});

/** Counted sales summed for the metric engine: refunds -1 with their negated amounts. */
const SALE_FIGURES: FigureTable<Sale, SaleSplit> = {
  list: saleList,
  splits: SALE_SPLITS,
  scope: { user: 'sale.attributableToUserID', store: 'sale.storeID', storeType: 'store.storeTypeID' },
  dateColumn: 'sale.saleDate',
  sums: { revenueCount: SALE_COUNT, adjustedRevenue: 'sale.adjustedRevenue', commission: 'sale.commission' },
  counted: { where: 'sale.currentHistoryStep IN (:...figSteps)', parameters: { figSteps: [...COUNTED_STEPS] } },
};

/** The sale list's fields a day's totals hold: a figure filtered only by these reads saleDayTotal. */
const DAY_TOTAL_FIELDS = ['saleDate', 'storeID', 'saleTypeID', 'attributableToUserID'] as const;

/** saleDayTotal under the sale list's filter names, limited to the caller's stores as sales are. */
const saleDayTotalList: ListDefinition<SaleDayTotal> = {
  entity: SaleDayTotal,
  alias: 'total',
  idField: 'saleDate',
  label: 'sale',
  fields: Object.fromEntries(DAY_TOTAL_FIELDS.map((name) => [name, { ...saleList.fields[name], column: `total.${name}`, indexed: undefined }])),
  lookups: { store: 'total.store' },
  defaultSort: { field: 'saleDate', dir: 'ASC' },
  storeScope: { column: 'total.storeID' },
};

/**
 * The same figures from the day totals the database keeps (SaleDayTotal): a month of 40 stores
 * is a few thousand rows instead of tens of thousands of sales. Equal to SALE_FIGURES for any
 * request whose filters it holds (test/api/sale-day-totals).
 */
const SALE_DAY_FIGURES: FigureTable<SaleDayTotal, SaleSplit> = {
  list: saleDayTotalList,
  splits: { attributableToUserID: 'total.attributableToUserID', storeID: 'total.storeID', storeStoreTypeID: 'store.storeTypeID' },
  scope: { user: 'total.attributableToUserID', store: 'total.storeID', storeType: 'store.storeTypeID' },
  dateColumn: 'total.saleDate',
  sums: { revenueCount: 'total.revenueCount', adjustedRevenue: 'total.adjustedRevenue', commission: 'total.commission' },
};

/** saleMonthSkuTotal as the figures read it: no filters, limited to the caller's stores as sales are. */
const saleMonthSkuTotalList: ListDefinition<SaleMonthSkuTotal> = {
  entity: SaleMonthSkuTotal,
  alias: 'skuTotal',
  idField: 'saleMonth',
  label: 'sale',
  fields: { saleMonth: { column: 'skuTotal.saleMonth', type: 'date' } },
  lookups: { store: 'skuTotal.store', rateCardLine: 'skuTotal.rateCardLine' },
  defaultSort: { field: 'saleMonth', dir: 'ASC' },
  storeScope: { column: 'skuTotal.storeID' },
};

/**
 * A month's sums per SKU from saleMonthSkuTotal (its first day stands for the month, so a span
 * from the 1st to a day of that month selects it): only for requests monthSkuTable lets read it.
 * Rows with no counted sale left are not read, so a SKU is there only while one of its sales counts.
 */
const SALE_MONTH_SKU_FIGURES: FigureTable<SaleMonthSkuTotal, SaleSplit> = {
  list: saleMonthSkuTotalList,
  splits: { storeID: 'skuTotal.storeID', storeStoreTypeID: 'store.storeTypeID' },
  scope: { store: 'skuTotal.storeID', storeType: 'store.storeTypeID' },
  dateColumn: 'skuTotal.saleMonth',
  sums: { revenueCount: 'skuTotal.revenueCount', adjustedRevenue: 'skuTotal.adjustedRevenue', commission: 'skuTotal.commission' },
  counted: { where: 'skuTotal.rowCount > 0', parameters: {} },
};

/** The SKU column of the sales or of the month's SKU totals, whichever monthSkuTable chose. */
const skuColumnOf = (table: FigureTable<ObjectLiteral, SaleSplit>) => (table.list.alias === 'skuTotal' ? 'skuTotal.sku' : 'sale.sku');

/** What sales can be ranked by (the dashboard's top cards and Top dialogs), with what names each group. */
export const SALE_RANKS = {
  skus: { key: 'sale.sku', labels: { sku: 'sale.sku', rateCardLineDescription: 'rateCardLine.description' } },
  users: { key: 'sale.attributableToUserID', labels: { attributableToUserName: 'attributableToUser.name' } },
  stores: { key: 'sale.storeID', labels: { storeName: 'store.name' } },
} as const;
export type SaleRank = keyof typeof SALE_RANKS;

/** What the ranked groups can be sorted by: the sums, or the group's name. */
export const SALE_RANK_SORTS = ['revenueCount', 'adjustedRevenue', 'commission', 'adjustedRevenueASP', 'commissionASP'] as const;
export type SaleRankSort = (typeof SALE_RANK_SORTS)[number] | 'name';

export interface RankedSales extends SaleSums {
  key: number | string;
  labels: Record<string, string | null>;
}

export interface CountedTotal {
  attributableToUserID: number;
  /** 0 and '' for the overall totals. */
  analysisFieldID: number;
  analysisValue: string;
  /** Sum of adjusted revenue (pounds). */
  revenue: number;
  /** Sales counted, refunds as -1. */
  quantity: number;
}

/**
 * Counted sales totals of one store over a date range, per seller and per analysis value, with
 * two grouped statements whatever the number of users or list items (the targets' actuals).
 */
@Injectable()
export class SaleFigures {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lists: ListService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly versions: FigureVersions,
  ) {}

  /**
   * Where a request's figures are read: the day totals when its filters use only what they hold
   * (the dashboard's cards, and metric parts filtered by store, seller, sale type or date), else
   * the sales. Its filters are checked as the sales list's either way (a 400 names the field).
   */
  private tableFor(request: FigureRequest<SaleSplit>): FigureTable<ObjectLiteral, SaleSplit> {
    const q = this.lists.parse(saleList, request.params, request.user);
    const held = !q.quickFilter && q.filters.every((filter) => (DAY_TOTAL_FIELDS as readonly string[]).includes(filter.field));
    return (held ? SALE_DAY_FIGURES : SALE_FIGURES) as FigureTable<ObjectLiteral, SaleSplit>;
  }

  /**
   * Counted sales that the request's list filters select in its period and scope (and the
   * caller's stores), summed per split key: one grouped statement however many users or stores.
   */
  async aggregate(request: FigureRequest<SaleSplit>): Promise<Map<number, SaleSums>> {
    const table = this.tableFor(request);
    return this.kept(table, request, ['aggregate'], async () => {
      const sums = await sumFigures(this.lists, table, request);
      return new Map([...sums].map(([key, row]) => [key, saleSums(row)]));
    });
  }

  /**
   * Counted sales grouped by SKU, seller or store, sorted and paged in the database (the top
   * cards read the first, the Top dialogs a page): two statements whatever the number of groups.
   */
  async ranked(
    request: FigureRequest<SaleSplit>,
    by: SaleRank,
    page: { sort: SaleRankSort; sortDir: 'ASC' | 'DESC'; offset: number; limit: number; nameContains?: string },
  ): Promise<{ rows: RankedSales[]; total: number }> {
    unversionedRead();
    const rank = SALE_RANKS[by];
    const labels: Record<string, string> = { ...rank.labels };
    const sort = page.sort === 'name' ? Object.keys(labels)[0] : page.sort;
    // An average sorts by its sum over the count (NULL, first ascending, when nothing counted).
    const average = (sum: string) => `SUM(${SALE_FIGURES.sums[sum]}) / NULLIF(SUM(${SALE_FIGURES.sums.revenueCount}), 0)`;
    const sortSql = page.sort === 'adjustedRevenueASP' ? average('adjustedRevenue') : page.sort === 'commissionASP' ? average('commission') : undefined;
    const { rows, total } = await rankFigures(this.lists, SALE_FIGURES, request, {
      key: rank.key,
      labels,
      sort,
      sortSql,
      sortDir: page.sortDir,
      offset: page.offset,
      limit: page.limit,
      labelContains: page.nameContains,
    });
    return {
      total,
      rows: rows.map((row) => ({
        key: by === 'skus' ? String(row.rankKey) : toNumber(row.rankKey),
        labels: Object.fromEntries(Object.keys(labels).map((name) => [name, row[name] == null ? null : String(row[name] as string | number)])),
        ...saleSums(row),
      })),
    };
  }

  /**
   * Counted sales in each of several periods, summed per combination of the splits asked (none:
   * one row, keys [0]): one statement reading each row once, from which the dashboard adds up
   * its cards, its store cards and its top sellers and stores instead of reading each period
   * once per grouping. Each row's sums come in the order of `spans`.
   */
  async spanSums(
    request: Omit<FigureRequest<SaleSplit>, 'fromDate' | 'toDate' | 'splitBy'>,
    spans: readonly DateSpan[],
    splits: readonly SaleSplit[],
  ): Promise<Array<{ keys: number[]; spans: SaleSums[] }>> {
    const table = this.tableFor({ ...request, fromDate: '', toDate: '' });
    const columns = splits.map((split) => table.splits[split]!);
    return this.kept(table, request, ['spanSums', spans, splits], async () => {
      const rows = await spanFigures(this.lists, table, request, spans, columns);
      return rows.map((row) => ({ keys: row.keys.map(toNumber), spans: row.spans.map(saleSums) }));
    });
  }

  /**
   * Counted sales summed per SKU, in the database's SKU order (its collation: the order
   * ranked() breaks ties in): one grouped statement, no join (a SKU's description is read for
   * the few SKUs shown, skuDescription).
   */
  async bySku(request: FigureRequest<SaleSplit>): Promise<Array<{ sku: string; sums: SaleSums }>> {
    const { table, span } = await this.monthSkuTable(request);
    return this.kept(table, request, ['bySku', span], async () => {
      const rows = await groupFigures(this.lists, table, request, [skuColumnOf(table)], [span]);
      return rows.map((row) => ({ sku: String(row.key0), sums: saleSums(row) }));
    });
  }

  /** The description ranked() labels a SKU's group with: the greatest rate card line description among the request's counted sales of that SKU. */
  async skuDescription(request: FigureRequest<SaleSplit>, sku: string): Promise<string | null> {
    const { table, span } = await this.monthSkuTable(request);
    if (table === (SALE_FIGURES as FigureTable<ObjectLiteral, SaleSplit>)) unversionedRead();
    const skuColumn = skuColumnOf(table);
    const description = SALE_RANKS.skus.labels.rateCardLineDescription;
    const qb = figureQuery(this.lists, table, request, [skuColumn, description], [span]).select(`MAX(${description})`, 'description');
    const row = await qb.andWhere(`${skuColumn} = :labelSku`, { labelSku: sku }).getRawOne<{ description: unknown }>();
    return row?.description == null ? null : textOf(row.description);
  }

  /**
   * Where a request's sums per SKU are read: the month's SKU totals (their row for the month,
   * its first day) when it asks for no filters and no users, from the 1st of a month to a day of
   * it after which that month has no sale in its stores (today, always: no sale is dated
   * ahead); else the sales over the request's period.
   */
  private monthSkuTable(request: FigureRequest<SaleSplit>): Promise<{ table: FigureTable<ObjectLiteral, SaleSplit>; span: DateSpan }> {
    // Asked once per request: the top SKU's sums and then its description read the same table.
    if (!this.monthSkuTables.has(request)) this.monthSkuTables.set(request, this.chooseMonthSkuTable(request));
    return this.monthSkuTables.get(request)!;
  }

  private readonly monthSkuTables = new WeakMap<FigureRequest<SaleSplit>, Promise<{ table: FigureTable<ObjectLiteral, SaleSplit>; span: DateSpan }>>();

  private async chooseMonthSkuTable(request: FigureRequest<SaleSplit>): Promise<{ table: FigureTable<ObjectLiteral, SaleSplit>; span: DateSpan }> {
    const sales = { table: SALE_FIGURES as FigureTable<ObjectLiteral, SaleSplit>, span: request };
    const q = this.lists.parse(saleList, request.params, request.user);
    const month = monthSpan(request.fromDate);
    const monthPrefix = request.fromDate === month.first && request.toDate >= request.fromDate && request.toDate <= month.last;
    if (q.filters.length || q.quickFilter || request.scope.userIDs || !monthPrefix) return sales;
    // No sale is dated after today (a sale takes the day it is recorded), so a span to today needs no look.
    if (request.toDate < month.last && request.toDate < localDate(this.config.timeZone)) {
      const later = await figureQuery(this.lists, SALE_DAY_FIGURES, { ...request, toDate: month.last }, [])
        .select('1', 'later')
        .andWhere('total.saleDate > :spanEnd', { spanEnd: request.toDate })
        .limit(1)
        .getRawOne<{ later: unknown }>();
      if (later) return sales;
    }
    return { table: SALE_MONTH_SKU_FIGURES as FigureTable<ObjectLiteral, SaleSplit>, span: { fromDate: month.first, toDate: month.first } };
  }

  /** Counted sales summed per sale date in the request's period, or in each of `spans` (the dashboard's trend chart): one grouped statement. */
  async byDay(request: FigureRequest<SaleSplit>, spans: readonly DateSpan[] = [request]): Promise<Map<string, SaleSums>> {
    const table = this.tableFor(request);
    return this.kept(table, request, ['byDay', spans], async () => {
      const rows = await groupFigures(this.lists, table, request, [table.dateColumn], spans);
      return new Map(rows.map((row) => [String(row.key0).slice(0, 10), saleSums(row)]));
    });
  }

  /**
   * A read of the totals tables, kept (FigureCache) under the change counters of the caller's
   * stores and of what else figures read (FigureVersions; the totals change only with the
   * stores' counters, raised by the triggers that write them), so a kept answer is never stale,
   * across API processes too. The key holds all else the answer depends on: the table, the
   * request's filters, period, scope and split, and the profile's stores and figure flags.
   * Answers read from `sale` itself are not kept, and say so to a kept dashboard answer
   * (unversionedRead): a sale's other columns (an analysis value) change without moving the
   * counters. Callers must not change what they get.
   */
  private async kept<T>(
    table: FigureTable<ObjectLiteral, SaleSplit>,
    request: Omit<FigureRequest<SaleSplit>, 'fromDate' | 'toDate'> & Partial<DateSpan>,
    what: unknown[],
    read: () => Promise<T>,
  ): Promise<T> {
    if (table === (SALE_FIGURES as FigureTable<ObjectLiteral, SaleSplit>)) {
      unversionedRead();
      return read();
    }
    const { user, params, scope, splitBy, fromDate, toDate } = request;
    const version = await this.versions.of(user);
    const key = JSON.stringify([
      version,
      table.list.alias,
      what,
      params,
      scope,
      splitBy ?? null,
      fromDate ?? null,
      toDate ?? null,
      user.showRevenue,
      user.showCommission,
    ]);
    return this.cache.read(key, read);
  }

  private readonly cache = new FigureCache();

  async storeTotals(storeID: number, from: string, to: string, analysisFieldIDs: readonly number[]): Promise<CountedTotal[]> {
    unversionedRead();
    const counted = COUNTED_STEPS.map(() => '?').join(', ');
    const where = `sale.storeID = ? AND sale.saleDate >= ? AND sale.saleDate <= ? AND sale.currentHistoryStep IN (${counted})`;
    const params = [storeID, from, to, ...COUNTED_STEPS];
    const overall: Record<string, unknown>[] = await this.dataSource.query(
      `SELECT sale.attributableToUserID AS userID, SUM(sale.adjustedRevenue) AS revenue, SUM(${SALE_COUNT}) AS quantity
         FROM sale WHERE ${where} GROUP BY sale.attributableToUserID`,
      params,
    );
    const byValue: Record<string, unknown>[] = analysisFieldIDs.length
      ? await this.dataSource.query(
          `SELECT sale.attributableToUserID AS userID, sav.analysisFieldID AS analysisFieldID, sav.analysisValue AS analysisValue,
                  SUM(sale.adjustedRevenue) AS revenue, SUM(${SALE_COUNT}) AS quantity
             FROM sale INNER JOIN saleAnalysisValue sav ON sav.saleID = sale.saleID
            WHERE ${where} AND sav.analysisFieldID IN (${analysisFieldIDs.map(() => '?').join(', ')})
            GROUP BY sale.attributableToUserID, sav.analysisFieldID, sav.analysisValue`,
          [...params, ...analysisFieldIDs],
        )
      : [];
    const total = (row: Record<string, unknown>, analysisFieldID: number, analysisValue: string): CountedTotal => ({
      attributableToUserID: toNumber(row.userID),
      analysisFieldID,
      analysisValue,
      revenue: toMoney(row.revenue),
      quantity: toNumber(row.quantity),
    });
    return [...overall.map((row) => total(row, 0, '')), ...byValue.map((row) => total(row, toNumber(row.analysisFieldID), String(row.analysisValue)))];
  }

  /**
   * Counted sales of the stores over a date range (refunds -1 with their negated amounts) whose
   * analysis values fall in each group, a group being one field's item codes (the daily report's
   * headings): one grouped statement over sale and saleAnalysisValue whatever the number of
   * groups or items. A sale counts once in a group however many of the group's codes it holds (a
   * multi field). A field's groups must not share a code. Answers a total per group, in order.
   */
  async valueGroupTotals(
    storeIDs: readonly number[],
    from: string,
    to: string,
    groups: ReadonlyArray<{ analysisFieldID: number; codes: readonly string[] }>,
  ): Promise<Array<{ quantity: number; revenue: number }>> {
    const totals = groups.map(() => ({ quantity: 0, revenue: 0 }));
    const asked = groups.map((group, index) => ({ ...group, index })).filter((group) => group.codes.length > 0);
    if (!storeIDs.length || !asked.length) return totals;
    const marks = (values: readonly unknown[]) => values.map(() => '?').join(', ');
    const whichGroup = asked.map((group) => `WHEN sav.analysisFieldID = ? AND sav.analysisValue IN (${marks(group.codes)}) THEN ${group.index}`).join(' ');
    const fieldIDs = [...new Set(asked.map((group) => group.analysisFieldID))];
    const rows: Record<string, unknown>[] = await this.dataSource.query(
      `SELECT perSale.groupIndex AS groupIndex, SUM(perSale.quantity) AS quantity, SUM(perSale.revenue) AS revenue
         FROM (SELECT sale.saleID AS saleID, CASE ${whichGroup} END AS groupIndex,
                      MAX(${SALE_COUNT}) AS quantity, MAX(sale.adjustedRevenue) AS revenue
                 FROM sale INNER JOIN saleAnalysisValue sav ON sav.saleID = sale.saleID
                WHERE sale.storeID IN (${marks(storeIDs)}) AND sale.saleDate >= ? AND sale.saleDate <= ?
                  AND sale.currentHistoryStep IN (${marks(COUNTED_STEPS)}) AND sav.analysisFieldID IN (${marks(fieldIDs)})
                GROUP BY sale.saleID, groupIndex) perSale
        WHERE perSale.groupIndex IS NOT NULL
        GROUP BY perSale.groupIndex`,
      [...asked.flatMap((group) => [group.analysisFieldID, ...group.codes]), ...storeIDs, from, to, ...COUNTED_STEPS, ...fieldIDs],
    );
    for (const row of rows) totals[toNumber(row.groupIndex)] = { quantity: toNumber(row.quantity), revenue: toMoney(row.revenue) };
    return totals;
  }
}
