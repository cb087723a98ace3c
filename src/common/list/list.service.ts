import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { AuthUser } from '../auth/auth-user';
import { applyStoreScope } from '../auth/store-scope';
import { assertVersion, type EditVersion, type StoredStamp } from '../crud/edit-version';
import { forUpdate } from '../db/locks';
import { toNumber } from '../db/numbers';
import { InvalidInput, RecordNotFound } from '../http/validation-result';
import { hiddenFigurePaths, refuseHiddenFigureQuery, removeHiddenFigures } from './figures';
import type { ListDefinition, ListField } from './list-definition';
import { ListFilter, ListQuery, parseListQuery, RESERVED } from './list-query';

export interface ListID {
  id: number;
  selectable: boolean;
  aggregate: number | null;
}

export interface ListPage {
  page: number;
  pageLength: number;
  rowCount: number;
  pageCount: number;
  /** Position of listIDs[0] among every matching row (sort order). */
  listIDsFrom: number;
  /** The definition's aggregate summed over every matching row (lists with an aggregate only). */
  aggregateTotal?: number;
}

export interface ListResult {
  listData: Record<string, unknown>[];
  /** The ids of one window of matching rows: the page's by default (docs/http-api.md, listIDs). */
  listIDs: ListID[];
  page: ListPage;
}

/** Where a keyset read of a sorted list goes on from: the last row's sort value and id. */
export interface ListCursor {
  sortValue: unknown;
  id: number;
}

/**
 * A large list sorts by a field no index serves only while this few rows match: the database
 * sorts them in memory in a few milliseconds, where a million would take seconds.
 */
export const UNINDEXED_SORT_MAX = 10_000;

/** Whether the list's sort is cheap at any size: not a large list, or an index serves it (ListField.indexed). */
function sortIsServed<T extends ObjectLiteral>(definition: ListDefinition<T>, q: ListQuery): boolean {
  if (!definition.large) return true;
  const indexed = definition.fields[q.sort].indexed;
  if (indexed === true) return true;
  return Boolean(indexed?.after.every((name) => q.filters.some((f) => f.field === name && f.op === 'eq' && f.values.length === 1)));
}

/**
 * The definition's aggregate as `user` may see it: none when the definition declares it a
 * figure (`figures: { revenue: ['aggregate'] }`) the user's profile does not show.
 */
function aggregateFor<T extends ObjectLiteral>(definition: ListDefinition<T>, user: AuthUser): string | undefined {
  return hiddenFigurePaths(definition.figures, user).includes('aggregate') ? undefined : definition.aggregate;
}

/** Pages starting before this row are read alongside the count rather than after it. */
const NEAR_START = 1_000;

/** A date or number range among the filters (saleDateGEQ=...) on another field than `except`. */
const hasRangeFilter = (q: ListQuery, except?: string) => q.filters.some((f) => (f.op === 'geq' || f.op === 'leq') && f.field !== except);

/** `items` in the order of `ids` (those found), each found by `idOf`. */
function inOrder<I>(ids: readonly number[], items: I[], idOf: (item: I) => number): I[] {
  const byID = new Map(items.map((item) => [idOf(item), item]));
  return ids.map((id) => byID.get(id)).filter((item): item is I => item !== undefined);
}

/** Ids per statement when reading rows by id. */
const ID_CHUNK = 5_000;

/**
 * Whether a large list's page is best sorted from the matching rows rather than read in index
 * order. With a range filter the optimizer guesses how far along the sort's index the matches
 * lie as if they were spread evenly; sales dated last spring lie half a million ids back from the
 * newest, so "newest first, last spring only" walked the whole primary key. When few rows match,
 * reading them by the filter's index and sorting them is cheap whatever their place.
 */
function sortsMatches<T extends ObjectLiteral>(definition: ListDefinition<T>, q: ListQuery, rowCount: number | undefined): boolean {
  // A range on the sort's own field is read along the sort's index in order: nothing to guess.
  return Boolean(definition.large) && rowCount !== undefined && rowCount <= UNINDEXED_SORT_MAX && hasRangeFilter(q, q.sort);
}

const aliasOf = (join: string) => join.replace(/\./g, '__');

/** Escape LIKE wildcards with '!', which both SQLite and MySQL accept as ESCAPE character. */
export const likeContains = (value: string) => `%${value.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/**
 * The quick filter's digits when it is digits grouped by spaces or dashes ('45678 90123'), which
 * the reference fields (ListField.quickDigits) match as one run of digits; otherwise undefined.
 */
export function quickDigitsOf(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/^\d[\d\s-]*\d$/.test(trimmed) || !/[\s-]/.test(trimmed)) return undefined;
  return trimmed.replace(/[\s-]/g, '');
}

/** Query aliases an SQL expression refers to ('COALESCE(a.x, b.y)' -> a, b). */
const aliasesIn = (expression: string) => [...expression.matchAll(/([A-Za-z_]\w*)\./g)].map((m) => m[1]);

/**
 * 'yyyy-mm-dd[Thh:mm[:ss]]' as the 'yyyy-mm-dd hh:mm:ss.sss' both engines compare DATETIME(3)
 * with; a bare date as an upper bound means the end of that day.
 */
function datetimeBound(value: string, endOfDay: boolean): { op: string; value: string } {
  if (value.length === 10) {
    return endOfDay ? { op: '<=', value: `${value} 23:59:59.999` } : { op: '>=', value: `${value} 00:00:00.000` };
  }
  const iso = new Date(value.endsWith('Z') ? value : `${value.replace(' ', 'T')}Z`).toISOString();
  return { op: endOfDay ? '<=' : '>=', value: `${iso.slice(0, 10)} ${iso.slice(11, 23)}` };
}

/**
 * The list engine: every list, record read and Excel export goes through here, so paging,
 * filtering, sorting, joins and store scope are written once (ARCHITECTURE.md, HTTP contract).
 *
 * A page costs the same at any size: one COUNT for the totals, one id query cut by the
 * database (ORDER BY the sort and the id, LIMIT/OFFSET; it reads only the index when one
 * serves the sort), then the page's rows loaded by id with their relations.
 */
@Injectable()
export class ListService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The query string as `user` may ask it: every name and value checked (list-query.ts), and no
   * filter or sort on a figure the user may not see (figures.ts). Lists, records and exports all
   * read their query here.
   */
  parse<T extends ObjectLiteral>(definition: ListDefinition<T>, query: Record<string, unknown>, user: AuthUser): ListQuery {
    const q = parseListQuery(definition, query);
    refuseHiddenFigureQuery(definition.figures, q, user);
    return q;
  }

  async list<T extends ObjectLiteral>(definition: ListDefinition<T>, query: Record<string, unknown>, user: AuthUser): Promise<ListResult> {
    return this.run(definition, this.parse(definition, query, user), user);
  }

  async run<T extends ObjectLiteral>(definition: ListDefinition<T>, q: ListQuery, user: AuthUser): Promise<ListResult> {
    const pageFrom = q.page * q.pageLength;
    const sortIsCheap = sortIsServed(definition, q);
    // Near the start the count and the page's ids are independent queries, run side by side.
    // Deeper, the count comes first, so the page can be read from whichever end is nearer, and
    // a sort no index serves can be refused before it runs.
    // A large list with a range filter counts first too: the count decides how its page is sorted (sortsMatches).
    const nearStart = sortIsCheap && pageFrom < NEAR_START && !(definition.large && hasRangeFilter(q, q.sort));
    const [totals, pageIDs] = nearStart
      ? await Promise.all([this.totals(definition, q, user), this.windowIDs(definition, q, user, pageFrom, q.pageLength)])
      : [await this.totals(definition, q, user), null];
    if (!sortIsCheap) this.assertSortable(definition, q, user, totals.rowCount);
    const ids = pageIDs ?? (await this.windowIDs(definition, q, user, pageFrom, q.pageLength, totals.rowCount));
    const windowIsPage = q.listIDsFrom === pageFrom && q.listIDsLength === q.pageLength;
    // The page's rows and its listIDs (or another window's) only need the ids: read side by side.
    const [listIDs, listData] = await Promise.all([
      windowIsPage ? this.withRowFlags(definition, user, ids) : this.idWindow(definition, q, user, q.listIDsFrom, q.listIDsLength, totals.rowCount),
      this.rowsByID(definition, ids, q.fkJoins, user),
    ]);
    return {
      listData,
      listIDs,
      page: {
        page: q.page,
        pageLength: q.pageLength,
        rowCount: totals.rowCount,
        pageCount: Math.ceil(totals.rowCount / q.pageLength),
        listIDsFrom: q.listIDsFrom,
        ...(aggregateFor(definition, user) ? { aggregateTotal: totals.aggregateTotal } : {}),
      },
    };
  }

  /**
   * Reads every matching row in sort order, `batchSize` at a time, by keyset (where the last
   * batch ended) so each batch costs the same however deep into the list it is. For exports.
   */
  async *batches<T extends ObjectLiteral>(
    definition: ListDefinition<T>,
    q: ListQuery,
    user: AuthUser,
    batchSize: number,
  ): AsyncGenerator<Record<string, unknown>[]> {
    let cursor: ListCursor | undefined;
    for (;;) {
      const qb = this.idQuery(definition, q, user);
      if (cursor) this.after(qb, definition, q, cursor);
      const ids = await this.readIDs(qb.limit(batchSize));
      if (ids.length === 0) return;
      yield await this.rowsByID(
        definition,
        ids.map((row) => row.id),
        [],
        user,
      );
      if (ids.length < batchSize) return;
      const last = ids[ids.length - 1];
      cursor = { sortValue: last.sortValue, id: last.id };
    }
  }

  /** The SQL and parameters of a page's id query (as run once `rowCount` rows are known to match), for EXPLAIN in tests and benchmarks. */
  pageQuery<T extends ObjectLiteral>(definition: ListDefinition<T>, query: Record<string, unknown>, user: AuthUser, rowCount?: number): [string, unknown[]] {
    const q = this.parse(definition, query, user);
    const sortMatches = sortsMatches(definition, q, rowCount);
    return this.idQuery(definition, q, user, false, sortMatches)
      .offset(q.page * q.pageLength)
      .limit(q.pageLength)
      .getQueryAndParameters();
  }

  /** Refuses (400) a sort no index serves on a large list with too many matching rows. */
  async assertSortIsCheap<T extends ObjectLiteral>(definition: ListDefinition<T>, q: ListQuery, user: AuthUser): Promise<void> {
    if (sortIsServed(definition, q)) return;
    this.assertSortable(definition, q, user, (await this.totals(definition, q, user)).rowCount);
  }

  private assertSortable<T extends ObjectLiteral>(definition: ListDefinition<T>, q: ListQuery, user: AuthUser, rowCount: number): void {
    if (rowCount <= UNINDEXED_SORT_MAX) return;
    const hidden = new Set(hiddenFigurePaths(definition.figures, user));
    const indexed = Object.entries(definition.fields)
      .filter(([name, field]) => field.indexed && field.sortable !== false && !hidden.has(name))
      .map(([name, field]) => (field.indexed === true ? name : `${name} (filtered to one ${field.indexed!.after.join(' and one ')})`));
    throw new InvalidInput({
      sort: `${rowCount.toLocaleString('en-GB')} rows match: sorting by ${q.sort} needs at most ${UNINDEXED_SORT_MAX.toLocaleString('en-GB')}. Filter the list further, or sort by ${indexed.join(', ')}`,
    });
  }

  /** Row count (and aggregate total) of every matching row: one query, no sort. */
  private async totals<T extends ObjectLiteral>(
    definition: ListDefinition<T>,
    q: ListQuery,
    user: AuthUser,
  ): Promise<{ rowCount: number; aggregateTotal: number }> {
    const aggregate = aggregateFor(definition, user);
    const qb = this.filtered(definition, q, user, aggregate ? [aggregate] : []);
    qb.select('COUNT(*)', 'rowCount');
    if (aggregate) qb.addSelect(`SUM(${aggregate})`, 'aggregateTotal');
    const raw = await qb.getRawOne<{ rowCount: unknown; aggregateTotal?: unknown }>();
    return { rowCount: toNumber(raw?.rowCount), aggregateTotal: toNumber(raw?.aggregateTotal) };
  }

  /**
   * The ids at positions [from, from + length) in sort order, as listIDs shows them. With the
   * row count known, a window in the back half is read backwards from the end (the reversed
   * order, a small OFFSET), so the last page costs what the first does: an OFFSET makes the
   * database step over every row before it, even in an index.
   */
  async idWindow<T extends ObjectLiteral>(
    definition: ListDefinition<T>,
    q: ListQuery,
    user: AuthUser,
    from: number,
    length: number,
    rowCount?: number,
  ): Promise<ListID[]> {
    return this.withRowFlags(definition, user, await this.windowIDs(definition, q, user, from, length, rowCount));
  }

  /** The ids of a window, as idWindow finds them, without their listIDs flags. */
  private async windowIDs<T extends ObjectLiteral>(
    definition: ListDefinition<T>,
    q: ListQuery,
    user: AuthUser,
    from: number,
    length: number,
    rowCount?: number,
  ): Promise<number[]> {
    if (length === 0 || (rowCount !== undefined && from >= rowCount)) return [];
    const fromEnd = rowCount !== undefined && from > rowCount / 2;
    const sortMatches = sortsMatches(definition, q, rowCount);
    const qb = fromEnd
      ? this.idQuery(definition, q, user, true, sortMatches)
          .offset(Math.max(0, rowCount - from - length))
          .limit(Math.min(length, rowCount - from))
      : this.idQuery(definition, q, user, false, sortMatches).offset(from).limit(length);
    const ids = await this.readIDs(qb);
    if (fromEnd) ids.reverse();
    return ids.map((row) => row.id);
  }

  private async readIDs<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>): Promise<Array<{ id: number; sortValue: unknown }>> {
    const raw = await qb.getRawMany<{ id: unknown; sortValue: unknown }>();
    return raw.map((r) => ({ id: toNumber(r.id), sortValue: r.sortValue }));
  }

  /**
   * listIDs' `selectable` and `aggregate` of these rows, read by id once the id query has found
   * them: the id query then reads nothing but the sort's index (a column the index lacks would
   * make the database fetch each row it passes, and choose its plan by that).
   */
  private async withRowFlags<T extends ObjectLiteral>(definition: ListDefinition<T>, user: AuthUser, ids: number[]): Promise<ListID[]> {
    const aggregate = aggregateFor(definition, user);
    if (ids.length === 0 || (!aggregate && !definition.selectable)) return ids.map((id) => ({ id, selectable: true, aggregate: null }));
    const { alias, idField } = definition;
    const found = new Map<number, { selectable?: unknown; aggregate?: unknown }>();
    for (let i = 0; i < ids.length; i += ID_CHUNK) {
      const qb = this.dataSource.createQueryBuilder(definition.entity, alias);
      this.joinLookups(qb, definition, false, [aggregate ?? '', definition.selectable ?? '']);
      qb.select(`${alias}.${idField}`, 'id').where(`${alias}.${idField} IN (:...flagIDs)`, { flagIDs: ids.slice(i, i + ID_CHUNK) });
      if (aggregate) qb.addSelect(aggregate, 'aggregate');
      if (definition.selectable) qb.addSelect(`CASE WHEN ${definition.selectable} THEN 1 ELSE 0 END`, 'selectable');
      for (const row of await qb.getRawMany<{ id: unknown; selectable?: unknown; aggregate?: unknown }>()) found.set(toNumber(row.id), row);
    }
    return ids.map((id) => {
      const row = found.get(id);
      return {
        id,
        selectable: definition.selectable ? toNumber(row?.selectable) === 1 : true,
        aggregate: aggregate ? toNumber(row?.aggregate) : null,
      };
    });
  }

  /** Matching ids in sort order (or its exact reverse), the id breaking ties so every row has one place. */
  private idQuery<T extends ObjectLiteral>(
    definition: ListDefinition<T>,
    q: ListQuery,
    user: AuthUser,
    reversed = false,
    sortMatches = false,
  ): SelectQueryBuilder<T> {
    const { alias, idField } = definition;
    const sortColumn = definition.fields[q.sort].column;
    const qb = this.filtered(definition, q, user, [sortColumn]);
    qb.select(`${alias}.${idField}`, 'id').addSelect(sortColumn, 'sortValue');
    // NULL is the smallest value on both engines, so reversing the direction reverses the order exactly.
    const dir = reversed ? (q.sortDir === 'ASC' ? 'DESC' : 'ASC') : q.sortDir;
    // COALESCE(x, x) orders exactly as x does, but no index serves it: the database reads the
    // matches by the filter's index and sorts them (sortsMatches), on both engines.
    const order = (column: string) => (sortMatches ? `COALESCE(${column}, ${column})` : column);
    return qb.orderBy(order(sortColumn), dir).addOrderBy(order(`${alias}.${idField}`), dir);
  }

  /**
   * Rows after `cursor` in the sort order. NULL sorts first ascending and last descending on
   * both engines, so a NULL sort value is handled on its own.
   */
  private after<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, definition: ListDefinition<T>, q: ListQuery, cursor: ListCursor) {
    const column = definition.fields[q.sort].column;
    const id = `${definition.alias}.${definition.idField}`;
    const [beyond, idBeyond] = q.sortDir === 'ASC' ? ['>', '>'] : ['<', '<'];
    qb.setParameters({ cursorValue: cursor.sortValue, cursorID: cursor.id });
    if (cursor.sortValue === null || cursor.sortValue === undefined) {
      qb.andWhere(q.sortDir === 'ASC' ? `((${column} IS NULL AND ${id} > :cursorID) OR ${column} IS NOT NULL)` : `(${column} IS NULL AND ${id} < :cursorID)`);
    } else {
      const tail = q.sortDir === 'DESC' ? ` OR ${column} IS NULL` : '';
      qb.andWhere(`(${column} ${beyond} :cursorValue OR (${column} = :cursorValue AND ${id} ${idBeyond} :cursorID)${tail})`);
    }
  }

  /**
   * The rows a list's filters select, as a query to aggregate (the KPI figures): `params` read
   * with the list's own vocabulary and checks (400 naming a bad or unknown name, or a filter on
   * a figure the user may not see), the user's store scope applied, no paging or sort. Joined to
   * the lookups the filters, the scope and `expressions` use. Paging and sort names are not
   * filters: refused.
   */
  filteredQuery<T extends ObjectLiteral>(
    definition: ListDefinition<T>,
    params: Record<string, unknown>,
    user: AuthUser,
    expressions: string[] = [],
  ): SelectQueryBuilder<T> {
    const notFilters = Object.keys(params).filter((name) => RESERVED.has(name) && name !== 'quickFilter');
    if (notFilters.length) throw new InvalidInput(Object.fromEntries(notFilters.map((name) => [name, 'Not a filter'])));
    return this.filtered(definition, this.parse(definition, params, user), user, expressions);
  }

  /**
   * The list's rows with its filters and the user's scope, joined only to the lookups the
   * filters, the scope and `expressions` use (a COUNT over a million rows joins nothing else).
   */
  private filtered<T extends ObjectLiteral>(definition: ListDefinition<T>, q: ListQuery, user: AuthUser, expressions: string[]): SelectQueryBuilder<T> {
    const qb = this.dataSource.createQueryBuilder(definition.entity, definition.alias);
    const used = [...expressions, definition.storeScope?.column ?? ''];
    for (const filter of q.filters) used.push(definition.fields[filter.field].column);
    if (q.quickFilter) for (const field of Object.values(definition.fields)) if (field.quick) used.push(field.column);
    // A scope function may use any lookup.
    this.joinLookups(qb, definition, false, definition.scope ? undefined : used);
    this.applyFilters(qb, definition, q, user);
    this.applyScope(qb, definition, user);
    return qb;
  }

  /** One row as the list returns it; 404 when it does not exist or is outside the user's scope. */
  async row<T extends ObjectLiteral>(
    definition: ListDefinition<T>,
    id: number,
    user: AuthUser,
    fkJoins: string[] = [...(definition.fkJoins ?? [])].filter((j) => !j.includes('.')),
  ): Promise<Record<string, unknown>> {
    await this.findVisible(definition, id, user);
    const [row] = await this.rowsByID(definition, [id], fkJoins, user);
    return row;
  }

  /**
   * The entity if the user may see it; otherwise 404 (never 403, so ids do not leak).
   * Loaded without its lookups so a save cannot be overridden by a stale relation object.
   */
  async findVisible<T extends ObjectLiteral>(
    definition: ListDefinition<T>,
    id: number,
    user: AuthUser,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<T> {
    const { alias, idField } = definition;
    const qb = manager.createQueryBuilder(definition.entity, alias);
    this.joinLookups(qb, definition, false);
    qb.select(`${alias}.${idField}`, 'id').where(`${alias}.${idField} = :id`, { id });
    this.applyScope(qb, definition, user);
    const visible = await qb.getRawOne<{ id: unknown }>();
    const entity = visible ? await manager.findOne(definition.entity, { where: { [idField]: id } as never }) : null;
    if (!entity) throw new RecordNotFound(definition.label[0].toUpperCase() + definition.label.slice(1));
    return entity;
  }

  /**
   * Optimistic concurrency: locks the record's row (SELECT ... FOR UPDATE on MySQL/MariaDB, which
   * waits for another save of it and reads its latest stamp; SQLite's writes take turns anyway)
   * and answers 409 when its updatedDate is not `version`, the one the edit was made from. Call it
   * inside the save's transaction, before anything is written; no version, no check.
   */
  async lockUnchanged<T extends ObjectLiteral>(definition: ListDefinition<T>, id: number, version: EditVersion, manager: EntityManager): Promise<void> {
    if (!version) return;
    const { alias, idField } = definition;
    const stored = await forUpdate(
      manager
        .createQueryBuilder(definition.entity, alias)
        .select([`${alias}.${idField}`, `${alias}.updatedDate`, `${alias}.updatedByUserName`])
        .where(`${alias}.${idField} = :id`, { id }),
    ).getOne();
    // A record that is gone is the caller's 404 (findVisible), not a conflict.
    if (stored) this.assertStamp(stored as unknown as StoredStamp, version);
  }

  /** 409 unless `stored` (a record's stamps, or a grid's newest row's) is the version sent. */
  assertStamp(stored: StoredStamp | null | undefined, version: EditVersion): void {
    assertVersion(stored, version, this.config.timeZone);
  }

  /** Loads full rows for the given ids, keeping their order, shaped for `user` (who asked). */
  async rowsByID<T extends ObjectLiteral>(
    definition: ListDefinition<T>,
    ids: number[],
    fkJoins: readonly string[],
    user?: AuthUser,
  ): Promise<Record<string, unknown>[]> {
    if (ids.length === 0) return [];
    const { idField } = definition;
    const rows =
      definition.readRows && fkJoins.length === 0
        ? inOrder(ids, await definition.readRows(this.dataSource.manager, ids), (row) => toNumber(row[idField]))
        : await this.entityRows(definition, ids, fkJoins, user);
    if (definition.decorateRows && rows.length) await definition.decorateRows(rows, { manager: this.dataSource.manager, user });
    return removeHiddenFigures(rows, definition.figures, user);
  }

  /** The rows of these ids as entities with their lookups and joins, shaped by toRow, in the ids' order. */
  private async entityRows<T extends ObjectLiteral>(
    definition: ListDefinition<T>,
    ids: number[],
    fkJoins: readonly string[],
    user?: AuthUser,
  ): Promise<Record<string, unknown>[]> {
    const { alias, idField } = definition;
    const qb = this.dataSource.createQueryBuilder(definition.entity, alias);
    this.joinLookups(
      qb,
      definition,
      true,
      definition.rowLookups?.map((lookup) => `${lookup}.`),
    );
    const lookupAliases = new Set(definition.rowLookups ?? Object.keys(definition.lookups ?? {}));
    // toRow is told what was asked for; what is loaded adds the relations those joins bring along.
    const joins = new Set([...(definition.rowJoins ?? []), ...fkJoins]);
    const loaded = new Set(joins);
    for (const join of joins) for (const extra of definition.fkJoinsInclude?.[join] ?? []) loaded.add(extra);
    for (const join of [...loaded].sort()) {
      if (lookupAliases.has(join)) continue;
      const dot = join.lastIndexOf('.');
      const parent = dot < 0 ? alias : aliasOf(join.slice(0, dot));
      qb.leftJoinAndSelect(`${parent}.${join.slice(dot + 1)}`, aliasOf(join));
    }
    qb.where(`${alias}.${idField} IN (:...pageIDs)`, { pageIDs: ids });
    const entities = inOrder(ids, await qb.getMany(), (e) => toNumber(e[idField]));
    return entities.map((e) => (definition.toRow ? definition.toRow(e, joins, user) : { ...e }));
  }

  /**
   * Joins the definition's lookups: all of them, or those `expressions` refer to and the
   * lookups they hang from (declared parents first, e.g. rateCardLine before rateCard).
   */
  private joinLookups<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, definition: ListDefinition<T>, select: boolean, expressions?: string[]) {
    const lookups = Object.entries(definition.lookups ?? {});
    const needed = new Set(expressions?.flatMap(aliasesIn));
    for (const [lookupAlias, relation] of [...lookups].reverse()) {
      if (needed.has(lookupAlias)) needed.add(relation.split('.')[0]);
    }
    for (const [lookupAlias, relation] of lookups) {
      if (expressions && !needed.has(lookupAlias)) continue;
      if (select) qb.leftJoinAndSelect(relation, lookupAlias);
      else qb.leftJoin(relation, lookupAlias);
    }
  }

  private applyScope<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, definition: ListDefinition<T>, user: AuthUser) {
    applyStoreScope(qb, definition.storeScope, user);
    definition.scope?.(qb, user);
  }

  private applyFilters<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, definition: ListDefinition<T>, q: ListQuery, user: AuthUser) {
    let n = 0;
    const param = () => `f${n++}`;
    for (const filter of q.filters) {
      const field = definition.fields[filter.field];
      if (field.where) field.where(qb as unknown as SelectQueryBuilder<ObjectLiteral>, filter, param(), user);
      else this.applyFilter(qb, field, filter, param);
    }
    if (q.quickFilter) {
      const quick = Object.values(definition.fields).filter((f) => f.quick && f.type === 'text');
      if (quick.length) {
        const p = param();
        const clauses = quick.map((f) => `LOWER(${f.column}) LIKE :${p} ESCAPE '!'`);
        // Digits grouped by spaces or dashes: the digits alone on the reference fields (no
        // LOWER there: digits have no case, and the bare column is what the database compares fastest).
        const digits = quickDigitsOf(q.quickFilter);
        const pd = digits ? param() : '';
        if (digits) clauses.push(...quick.filter((f) => f.quickDigits).map((f) => `${f.column} LIKE :${pd}`));
        qb.andWhere(`(${clauses.join(' OR ')})`, { [p]: likeContains(q.quickFilter.toLowerCase()), ...(digits ? { [pd]: `%${digits}%` } : {}) });
      }
    }
  }

  private applyFilter<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, field: ListField, filter: ListFilter, param: () => string) {
    const p = param();
    const column = field.column;
    const values = field.type === 'date' ? filter.values.map((v) => String(v).slice(0, 10)) : filter.values;
    switch (filter.op) {
      case 'lower':
        qb.andWhere(`LOWER(${column}) LIKE :${p} ESCAPE '!'`, { [p]: likeContains(String(values[0])) });
        return;
      case 'eq':
      case 'not': {
        if (field.type === 'datetime') {
          // A datetime equals a day when it falls within it.
          const clauses = values.map((v, i) => {
            const from = datetimeBound(String(v), false);
            const to = datetimeBound(String(v), true);
            qb.setParameter(`${p}a${i}`, from.value).setParameter(`${p}b${i}`, to.value);
            return `(${column} ${from.op} :${p}a${i} AND ${column} ${to.op} :${p}b${i})`;
          });
          const any = `(${clauses.join(' OR ')})`;
          qb.andWhere(filter.op === 'eq' ? any : `(${column} IS NULL OR NOT ${any})`);
          return;
        }
        const compared = field.ignoreCase ? `LOWER(${column})` : column;
        const wanted = field.ignoreCase ? values.map((v) => String(v).toLowerCase()) : values;
        if (filter.op === 'eq') qb.andWhere(`${compared} IN (:...${p})`, { [p]: wanted });
        else qb.andWhere(`(${column} IS NULL OR ${compared} NOT IN (:...${p}))`, { [p]: wanted });
        return;
      }
      case 'geq':
      case 'leq': {
        if (field.type === 'datetime') {
          const bound = datetimeBound(String(values[0]), filter.op === 'leq');
          qb.andWhere(`${column} ${bound.op} :${p}`, { [p]: bound.value });
        } else {
          qb.andWhere(`${column} ${filter.op === 'geq' ? '>=' : '<='} :${p}`, { [p]: values[0] });
        }
        return;
      }
    }
  }
}
