import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { toNumber } from '../db/numbers';
import type { ListDefinition } from '../list/list-definition';
import { likeContains, type ListService } from '../list/list.service';

/**
 * Which rows a KPI figure adds up, beyond the caller's own stores (which always limit it):
 * optionally only these users, stores or store types.
 */
export interface FigureScope {
  userIDs?: readonly number[];
  storeIDs?: readonly number[];
  storeTypeIDs?: readonly number[];
}

/**
 * What the metric engine asks a table's module (sales, daily stats): the rows its list filters
 * (`params`, the list API's vocabulary) select within a period and a scope, summed per split key
 * in one grouped statement.
 */
export interface FigureRequest<Split extends string> {
  params: Record<string, string>;
  /** yyyy-mm-dd, both included. */
  fromDate: string;
  toDate: string;
  scope: FigureScope;
  /** Sums per value of this column; none: one total, under key 0. */
  splitBy?: Split;
  user: AuthUser;
}

/** The scope's columns in a table's query; a table without one (daily stats have no user) ignores that part of the scope. */
export interface ScopeColumns {
  user?: string;
  store: string;
  storeType: string;
}

/** How a table's module sums its rows for the metric engine: the one shape of SaleFigures.aggregate and DailyStatFigures.aggregate. */
export interface FigureTable<T extends ObjectLiteral, Split extends string> {
  /** The table's list: its filter vocabulary reads the params, its store scope limits the rows. */
  list: ListDefinition<T>;
  /** The column of each split the table can answer (a split it lacks is a programming error). */
  splits: Partial<Record<Split, string>>;
  scope: ScopeColumns;
  /** The DATE column the period bounds. */
  dateColumn: string;
  /** What to add up, by name: each expression is summed over the rows (e.g. revenueCount: 'total.revenueCount'; a row count is '1'). */
  sums: Record<string, string>;
  /** Rows that never count, whatever the filters (e.g. cancelled sales). */
  counted?: { where: string; parameters: Record<string, unknown> };
}

/**
 * The table's rows the request selects (its list filters, the caller's stores, the period and
 * scope), summed per split key in one grouped statement: raw aggregates per key, for the table's
 * module to read as numbers.
 */
export async function sumFigures<T extends ObjectLiteral, Split extends string>(
  lists: ListService,
  table: FigureTable<T, Split>,
  request: FigureRequest<Split>,
): Promise<Map<number, Record<string, unknown>>> {
  const split = request.splitBy ? table.splits[request.splitBy] : undefined;
  if (request.splitBy && !split) throw new Error(`sumFigures: the table cannot split by ${request.splitBy}`);
  const qb = figureQuery(lists, table, request, split ? [split] : []);
  qb.select(split ?? '0', 'splitKey');
  for (const [name, sql] of Object.entries(table.sums)) qb.addSelect(`SUM(${sql})`, name);
  if (split) qb.groupBy(split);
  const rows = await qb.getRawMany<Record<string, unknown>>();
  return new Map(rows.map((row) => [toNumber(row.splitKey), row]));
}

/**
 * The table's rows the request selects, summed per combination of `columns` (e.g. store and
 * seller) in one grouped statement: raw rows with the columns as key0, key1, … and the sums by
 * name, in the database's order of the columns (its collation for text: what ORDER BY on them
 * would give). Callers that need several groupings of one span add them up from these rows
 * instead of reading the span once per grouping.
 */
export async function groupFigures<T extends ObjectLiteral, Split extends string>(
  lists: ListService,
  table: FigureTable<T, Split>,
  request: FigureRequest<Split>,
  columns: string[],
  spans: readonly DateSpan[] = [request],
): Promise<Array<Record<string, unknown>>> {
  const qb = figureQuery(lists, table, request, columns, spans);
  columns.forEach((column, i) => (i === 0 ? qb.select(column, `key${i}`) : qb.addSelect(column, `key${i}`)));
  for (const [name, sql] of Object.entries(table.sums)) qb.addSelect(`SUM(${sql})`, name);
  columns.forEach((column, i) => (i === 0 ? qb.groupBy(column) : qb.addGroupBy(column)));
  columns.forEach((column, i) => (i === 0 ? qb.orderBy(column, 'ASC') : qb.addOrderBy(column, 'ASC')));
  return qb.getRawMany<Record<string, unknown>>();
}

/** What the rows are ranked by, and which page of the ranking is read. */
export interface RankRequest {
  /** The group's columns: the first is its key, the others are read beside it (MAX of each). */
  key: string;
  labels: Record<string, string>;
  /** A sum's name in the table's `sums`, or a label's name. */
  sort: string;
  /** An SQL expression over the sums to sort by instead (an average), when given. */
  sortSql?: string;
  sortDir: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  /** Only groups whose first label contains this (case-insensitive). */
  labelContains?: string;
}

/**
 * The table's rows the request selects, grouped by `rank.key`, summed, sorted and paged in the
 * database: one statement for the page and one counting the groups, however many rows match.
 */
export async function rankFigures<T extends ObjectLiteral, Split extends string>(
  lists: ListService,
  table: FigureTable<T, Split>,
  request: FigureRequest<Split>,
  rank: RankRequest,
): Promise<{ rows: Array<Record<string, unknown>>; total: number }> {
  const labels = Object.entries(rank.labels);
  const base = () => {
    const qb = figureQuery(lists, table, request, [rank.key, ...labels.map(([, sql]) => sql)]);
    if (rank.labelContains && labels.length)
      qb.andWhere(`LOWER(${labels[0][1]}) LIKE :rankLabel ESCAPE '!'`, { rankLabel: likeContains(rank.labelContains.toLowerCase()) });
    return qb;
  };
  const page = base().select(rank.key, 'rankKey');
  for (const [name, sql] of labels) page.addSelect(`MAX(${sql})`, name);
  for (const [name, sql] of Object.entries(table.sums)) page.addSelect(`SUM(${sql})`, name);
  page.groupBy(rank.key);
  const sortSql =
    rank.sortSql ??
    (table.sums[rank.sort] ? `SUM(${table.sums[rank.sort]})` : undefined) ??
    (rank.labels[rank.sort] ? `MAX(${rank.labels[rank.sort]})` : undefined);
  if (!sortSql) throw new Error(`rankFigures: unknown sort ${rank.sort}`);
  // The key breaks ties, so a page never repeats or skips a group between calls.
  page.orderBy(sortSql, rank.sortDir).addOrderBy(rank.key, 'ASC').offset(rank.offset).limit(rank.limit);
  const count = base().select(`COUNT(DISTINCT ${rank.key})`, 'groups');
  const [rows, counted] = await Promise.all([page.getRawMany<Record<string, unknown>>(), count.getRawOne<Record<string, unknown>>()]);
  return { rows, total: toNumber(counted?.groups ?? 0) };
}

/**
 * The table's rows the request selects in each of several periods, summed per period and per
 * combination of `columns`, in one statement that reads each row once (a conditional sum per
 * period): per combination, its keys (the columns' values) and its sums in each period, in the
 * order of `spans`. A caller that needs a card's current, prior and last-year sums reads them
 * together instead of once per period.
 */
export async function spanFigures<T extends ObjectLiteral, Split extends string>(
  lists: ListService,
  table: FigureTable<T, Split>,
  request: Omit<FigureRequest<Split>, 'fromDate' | 'toDate' | 'splitBy'>,
  spans: readonly DateSpan[],
  columns: string[],
): Promise<Array<{ keys: unknown[]; spans: Array<Record<string, unknown>> }>> {
  if (!spans.length) return [];
  const qb = figureQuery(lists, table, { ...request, ...spans[0] }, columns, spans);
  qb.select(columns.length ? columns[0] : '0', 'key0');
  columns.slice(1).forEach((column, i) => qb.addSelect(column, `key${i + 1}`));
  const sums = Object.entries(table.sums);
  spans.forEach((_, s) => {
    const inSpan = `${table.dateColumn} >= :figFrom${s} AND ${table.dateColumn} <= :figTo${s}`;
    for (const [name, sql] of sums) qb.addSelect(`SUM(CASE WHEN ${inSpan} THEN ${sql} ELSE 0 END)`, `s${s}_${name}`);
  });
  columns.forEach((column, i) => (i === 0 ? qb.groupBy(column) : qb.addGroupBy(column)));
  const rows = await qb.getRawMany<Record<string, unknown>>();
  return rows.map((row) => ({
    keys: (columns.length ? columns : ['0']).map((_, i) => row[`key${i}`]),
    spans: spans.map((_, s) => Object.fromEntries(sums.map(([name]) => [name, row[`s${s}_${name}`]]))),
  }));
}

/** A period, both days included (yyyy-mm-dd). */
export interface DateSpan {
  fromDate: string;
  toDate: string;
}

/**
 * The table's list query with the request's filters, store scope, period (or any of `spans`,
 * whose bounds are the parameters figFrom0, figTo0, … ), counted rows and scope.
 */
export function figureQuery<T extends ObjectLiteral, Split extends string>(
  lists: ListService,
  table: FigureTable<T, Split>,
  request: FigureRequest<Split>,
  expressions: string[],
  spans: readonly DateSpan[] = [request],
): SelectQueryBuilder<T> {
  const joinsFor = [...expressions, request.scope.storeTypeIDs ? table.scope.storeType : ''].filter(Boolean);
  const qb = lists.filteredQuery(table.list, request.params, request.user, joinsFor);
  // Each period its own range, so the database reads the periods' rows and not the gaps between them.
  // A one-day period is an equality, which lets an index led by the date give its rows in the next column's order.
  const inSpan = (span: DateSpan, s: number) =>
    span.fromDate === span.toDate ? `${table.dateColumn} = :figFrom${s}` : `(${table.dateColumn} >= :figFrom${s} AND ${table.dateColumn} <= :figTo${s})`;
  const inSpans = spans.map(inSpan).join(' OR ');
  qb.andWhere(
    `(${inSpans})`,
    Object.fromEntries(
      spans.flatMap((span, s) => [
        [`figFrom${s}`, span.fromDate],
        [`figTo${s}`, span.toDate],
      ]),
    ),
  );
  if (table.counted) qb.andWhere(table.counted.where, table.counted.parameters);
  applyFigureScope(qb, table.scope, request.scope);
  return qb;
}

/** Limits `qb` to the scope's users, stores and store types (the user's stores are the list engine's). */
function applyFigureScope<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, columns: ScopeColumns, scope: FigureScope): void {
  const limits: Array<[string | undefined, readonly number[] | undefined, string]> = [
    [columns.user, scope.userIDs, 'figUserIDs'],
    [columns.store, scope.storeIDs, 'figStoreIDs'],
    [columns.storeType, scope.storeTypeIDs, 'figStoreTypeIDs'],
  ];
  for (const [column, ids, param] of limits) {
    if (!column || !ids) continue;
    if (ids.length === 0) qb.andWhere('1 = 0');
    else qb.andWhere(`${column} IN (:...${param})`, { [param]: [...ids] });
  }
}
