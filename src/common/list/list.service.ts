import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { applyStoreScope } from '../auth/store-scope';
import { toNumber } from '../db/numbers';
import { RecordNotFound } from '../http/validation-result';
import { removeHiddenFigures } from './figures';
import type { ListDefinition, ListField } from './list-definition';
import { ListFilter, ListQuery, parseListQuery } from './list-query';

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
}

export interface ListResult {
  listData: Record<string, unknown>[];
  listIDs: ListID[];
  page: ListPage;
}

const aliasOf = (join: string) => join.replace(/\./g, '__');

/** Escape LIKE wildcards with '!', which both SQLite and MySQL accept as ESCAPE character. */
const likeContains = (value: string) => `%${value.replace(/[!%_]/g, (c) => `!${c}`)}%`;

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
 */
@Injectable()
export class ListService {
  constructor(private readonly dataSource: DataSource) {}

  parse<T extends ObjectLiteral>(definition: ListDefinition<T>, query: Record<string, unknown>): ListQuery {
    return parseListQuery(definition, query);
  }

  async list<T extends ObjectLiteral>(
    definition: ListDefinition<T>,
    query: Record<string, unknown>,
    user: AuthUser,
  ): Promise<ListResult> {
    return this.run(definition, this.parse(definition, query), user);
  }

  async run<T extends ObjectLiteral>(definition: ListDefinition<T>, q: ListQuery, user: AuthUser): Promise<ListResult> {
    const listIDs = await this.matchingIDs(definition, q, user);
    const start = q.page * q.pageLength;
    const pageIDs = listIDs.slice(start, start + q.pageLength).map((row) => row.id);
    const listData = await this.rowsByID(definition, pageIDs, q.fkJoins, user);
    return {
      listData,
      listIDs,
      page: {
        page: q.page,
        pageLength: q.pageLength,
        rowCount: listIDs.length,
        pageCount: Math.ceil(listIDs.length / q.pageLength),
      },
    };
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
    const visible = await qb.getRawOne();
    const entity = visible
      ? await manager.findOne(definition.entity, { where: { [idField]: id } as never })
      : null;
    if (!entity) throw new RecordNotFound(definition.label[0].toUpperCase() + definition.label.slice(1));
    return entity;
  }

  /** Every matching id in sort order, with its aggregate (the contract's listIDs). */
  async matchingIDs<T extends ObjectLiteral>(definition: ListDefinition<T>, q: ListQuery, user: AuthUser): Promise<ListID[]> {
    const { alias, idField } = definition;
    const qb = this.dataSource.createQueryBuilder(definition.entity, alias);
    this.joinLookups(qb, definition, false);
    this.applyFilters(qb, definition, q);
    this.applyScope(qb, definition, user);
    qb.select(`${alias}.${idField}`, 'id');
    if (definition.aggregate) qb.addSelect(definition.aggregate, 'aggregate');
    const sortField = definition.fields[q.sort];
    qb.orderBy(sortField.column, q.sortDir).addOrderBy(`${alias}.${idField}`, q.sortDir);
    const raw = await qb.getRawMany<{ id: unknown; aggregate?: unknown }>();
    return raw.map((r) => ({
      id: toNumber(r.id),
      selectable: true,
      aggregate: definition.aggregate ? toNumber(r.aggregate) : null,
    }));
  }

  /** Loads full rows for the given ids, keeping their order, shaped for `user` (who asked). */
  async rowsByID<T extends ObjectLiteral>(
    definition: ListDefinition<T>,
    ids: number[],
    fkJoins: readonly string[],
    user?: AuthUser,
  ): Promise<Record<string, unknown>[]> {
    if (ids.length === 0) return [];
    const { alias, idField } = definition;
    const qb = this.dataSource.createQueryBuilder(definition.entity, alias);
    this.joinLookups(qb, definition, true);
    const lookupAliases = new Set(Object.keys(definition.lookups ?? {}));
    const joins = new Set([...(definition.rowJoins ?? []), ...fkJoins]);
    for (const join of [...joins]) for (const extra of definition.fkJoinsInclude?.[join] ?? []) joins.add(extra);
    for (const join of [...joins].sort()) {
      if (lookupAliases.has(join)) continue;
      const dot = join.lastIndexOf('.');
      const parent = dot < 0 ? alias : aliasOf(join.slice(0, dot));
      qb.leftJoinAndSelect(`${parent}.${join.slice(dot + 1)}`, aliasOf(join));
    }
    qb.where(`${alias}.${idField} IN (:...pageIDs)`, { pageIDs: ids });
    const entities = await qb.getMany();
    const byID = new Map(entities.map((e) => [toNumber(e[idField]), e]));
    const rows = ids
      .map((id) => byID.get(id))
      .filter((e): e is T => !!e)
      .map((e) => (definition.toRow ? definition.toRow(e, joins, user) : { ...e }));
    if (definition.decorateRows && rows.length) await definition.decorateRows(rows, { manager: this.dataSource.manager, user });
    return removeHiddenFigures(rows, definition.figures, user);
  }

  private joinLookups<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, definition: ListDefinition<T>, select: boolean) {
    for (const [lookupAlias, relation] of Object.entries(definition.lookups ?? {})) {
      if (select) qb.leftJoinAndSelect(relation, lookupAlias);
      else qb.leftJoin(relation, lookupAlias);
    }
  }

  private applyScope<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, definition: ListDefinition<T>, user: AuthUser) {
    applyStoreScope(qb, definition.storeScope, user);
    definition.scope?.(qb, user);
  }

  private applyFilters<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, definition: ListDefinition<T>, q: ListQuery) {
    let n = 0;
    const param = () => `f${n++}`;
    for (const filter of q.filters) {
      this.applyFilter(qb, definition.fields[filter.field], filter, param);
    }
    if (q.quickFilter) {
      const quick = Object.values(definition.fields).filter((f) => f.quick && f.type === 'text');
      if (quick.length) {
        const p = param();
        qb.andWhere(`(${quick.map((f) => `LOWER(${f.column}) LIKE :${p} ESCAPE '!'`).join(' OR ')})`, {
          [p]: likeContains(q.quickFilter.toLowerCase()),
        });
      }
    }
  }

  private applyFilter<T extends ObjectLiteral>(
    qb: SelectQueryBuilder<T>,
    field: ListField,
    filter: ListFilter,
    param: () => string,
  ) {
    const p = param();
    const column = field.column;
    const values =
      field.type === 'date' ? filter.values.map((v) => String(v).slice(0, 10)) : filter.values;
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
