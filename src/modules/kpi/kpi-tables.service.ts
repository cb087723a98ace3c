import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { assertStoreAccess } from '../../common/auth/store-scope';
import type { FigureScope } from '../../common/figures/figure-request';
import { StoresService } from '../master-data';
import type { MetricType } from '../master-data';
import { earliestSaleDate } from '../sales';
import { UsersService } from '../users';
import { addDays, cardSpans, type Span } from './card-rules';
import { salesLink } from './sales-link';
import { MetricEngine, type MetricAnswer, type MetricDefinition, type MetricSplit, type PartAnswer } from './metric-engine';

export type CellColour = 'green' | 'red' | '';

export interface TableColumn {
  /** `name` for the row's name, else `metric{metricID}`. */
  name: string;
  title: string;
  metricID?: number;
  displayAs?: MetricType;
  successValue?: number;
  successIsLess?: number;
}

export interface TableRow {
  /** The split key: a user, store or store type id (0 on the totals row). */
  key: number;
  name: string;
  values: Record<string, number | null>;
  colors: Record<string, CellColour>;
  /** Each metric's parts with their current and prior values (the details dialog). */
  metricParts: Record<string, PartAnswer[]>;
  /** Why a value is missing, by column (a hidden figure). */
  reasons?: Record<string, string>;
  /** The sales list filter of the row's counted sales in the table's span (base64url JSON). */
  params: string;
}

/** A KPI table (spec 01 section 3): name, columns, rows, params, colours, metric parts, totals row, displayAs. */
export interface KpiTable {
  name: string;
  title: string;
  splitBy: MetricSplit;
  current: Span;
  prior: Span | null;
  columns: TableColumn[];
  rows: TableRow[];
  totalsRow: TableRow;
  displayAs: Record<string, MetricType>;
  /** The sales list filter of the whole table (base64url JSON). */
  params: string;
}

const SPLIT_TITLES: Record<MetricSplit, string> = { attributableToUserID: 'User', storeID: 'Store', storeStoreTypeID: 'Store type' };
const SPLIT_FILTERS: Record<MetricSplit, string | undefined> = {
  attributableToUserID: 'attributableToUserID',
  storeID: 'storeID',
  storeStoreTypeID: undefined,
};

/** A metric's colour for a value: green when it meets the success value (at least, or at most when successIsLess), red otherwise; none when unused (0) or no value. */
export function successColour(value: number | null, metric: Pick<MetricDefinition, 'successValue' | 'successIsLess'>): CellColour {
  if (value === null || Number(metric.successValue) === 0) return '';
  const met = metric.successIsLess ? value <= Number(metric.successValue) : value >= Number(metric.successValue);
  return met ? 'green' : 'red';
}

export interface TableRequest {
  name: string;
  title: string;
  metrics: MetricDefinition[];
  current: Span;
  prior?: Span;
  scope: FigureScope;
  splitBy: MetricSplit;
  user: AuthUser;
  /** Store filter of every row's sales params (a store tab's). */
  storeIDs?: number[];
}

/**
 * The KPI tables (issue 12): /kpi/tables, /kpi/leagueTables and /kpi/drhTable, all through the
 * metric engine, split by user, store or store type. Each table is one engine call (the split,
 * its totals row added up from the same sums), a fixed number of grouped statements.
 */
@Injectable()
export class KpiTablesService {
  constructor(
    private readonly engine: MetricEngine,
    private readonly users: UsersService,
    private readonly stores: StoresService,
  ) {}

  /** GET /kpi/tables: the month to the date and the day, for one of the caller's stores or all of them. */
  async tables(date: string, storeID: number | undefined, splitBy: MetricSplit, user: AuthUser): Promise<KpiTable[]> {
    if (storeID) assertStoreAccess(user, storeID);
    const metrics = await this.engine.tableMetrics();
    // No metric shown in tables: no tables (the client says 'Tables not found for this time period').
    if (!metrics.length) return [];
    const scope: FigureScope = storeID ? { storeIDs: [storeID] } : {};
    const month = cardSpans(date, 'month');
    const day = cardSpans(date, 'day');
    const storeIDs = storeID ? [storeID] : undefined;
    return Promise.all([
      this.table({ name: 'month', title: 'Month', metrics, current: month.current, prior: month.prior, scope, splitBy, user, storeIDs }),
      this.table({ name: 'day', title: 'Day', metrics, current: day.current, prior: day.prior, scope, splitBy, user, storeIDs }),
    ]);
  }

  /** GET /kpi/leagueTables: the month to the date over all the caller's stores, by user and by store, ranked by the first metric. */
  async leagueTables(date: string, user: AuthUser): Promise<KpiTable[]> {
    const metrics = await this.engine.tableMetrics();
    if (!metrics.length) return [];
    const month = cardSpans(date, 'month');
    const tables = await Promise.all([
      this.table({ name: 'users', title: 'Users', metrics, current: month.current, prior: month.prior, scope: {}, splitBy: 'attributableToUserID', user }),
      this.table({ name: 'stores', title: 'Stores', metrics, current: month.current, prior: month.prior, scope: {}, splitBy: 'storeID', user }),
    ]);
    const first = metrics[0];
    if (first) {
      // Best first: highest, or lowest when success is at most the value; rows without a value last.
      const column = `metric${first.metricID}`;
      const direction = first.successIsLess ? 1 : -1;
      const rank = (row: TableRow) => row.values[column] ?? null;
      for (const table of tables) {
        table.rows.sort((a, b) => {
          const [x, y] = [rank(a), rank(b)];
          if (x === null || y === null) return x === y ? a.name.localeCompare(b.name) : x === null ? 1 : -1;
          return (x - y) * direction || a.name.localeCompare(b.name);
        });
      }
    }
    return tables;
  }

  /** GET /kpi/drhTable: the user's drhMetrics (or every table metric) over a range, split as asked; prior is the same number of days before. */
  async drhTable(
    fromDate: string,
    toDate: string,
    storeIDs: number[] | undefined,
    splitBy: MetricSplit,
    metricIDs: number[] | undefined,
    user: AuthUser,
  ): Promise<KpiTable> {
    for (const id of storeIDs ?? []) assertStoreAccess(user, id);
    const metrics = metricIDs?.length ? await this.engine.savedMetrics(metricIDs, 'drhMetrics') : await this.engine.tableMetrics();
    const days = Math.round((Date.parse(toDate) - Date.parse(fromDate)) / 86_400_000) + 1;
    const prior = { fromDate: addDays(fromDate, -days), toDate: addDays(fromDate, -1) };
    return this.table({
      name: 'drh',
      title: 'Daily table',
      metrics,
      current: { fromDate, toDate },
      prior,
      scope: storeIDs ? { storeIDs } : {},
      splitBy,
      user,
      storeIDs,
    });
  }

  private async table(request: TableRequest): Promise<KpiTable> {
    const { metrics, splitBy, user } = request;
    // A prior span before the user's months back is not read (the table still answers its current span).
    const earliest = earliestSaleDate(this.engine.today(), user.salesMonthsBack);
    const prior = request.prior && (!earliest || request.prior.fromDate >= earliest) ? request.prior : undefined;
    const ask = { metrics, current: request.current, prior, scope: request.scope, user };
    // The totals row is the split's sums added up: no statements of its own.
    const { answers: split, totals } = await this.engine.evaluateWithTotals({ ...ask, splitBy });
    // Key 0 of a split is the scope's total of a table without that column (daily stats by user), not a row.
    const keys = [...split.keys()].filter((key) => key !== 0);
    const names = await this.namesOf(splitBy, keys, user);
    const columns: TableColumn[] = [
      { name: 'name', title: SPLIT_TITLES[splitBy] },
      ...metrics.map((m) => ({
        name: `metric${m.metricID}`,
        title: m.name,
        metricID: m.metricID,
        displayAs: m.metricType,
        successValue: Number(m.successValue),
        successIsLess: m.successIsLess,
      })),
    ];
    const baseFilter: Record<string, unknown> = request.storeIDs ? { storeID: request.storeIDs.join(',') } : {};
    const row = (key: number, name: string, answers: MetricAnswer[], filter: Record<string, unknown>): TableRow => {
      const values: TableRow['values'] = {};
      const colors: TableRow['colors'] = {};
      const metricParts: TableRow['metricParts'] = {};
      const reasons: Record<string, string> = {};
      for (const answer of answers) {
        const column = `metric${answer.metricID}`;
        values[column] = answer.result;
        colors[column] = successColour(answer.result, answer);
        metricParts[column] = answer.parts;
        if (answer.reason) reasons[column] = answer.reason;
      }
      return { key, name, values, colors, metricParts, ...(Object.keys(reasons).length ? { reasons } : {}), params: salesLink(request.current, filter) };
    };
    const splitFilter = SPLIT_FILTERS[splitBy];
    const rows = keys
      .map((key) => row(key, names.get(key) ?? unknownName(splitBy), split.get(key)!, splitFilter ? { ...baseFilter, [splitFilter]: key } : baseFilter))
      .sort((a, b) => a.name.localeCompare(b.name) || a.key - b.key);
    return {
      name: request.name,
      title: request.title,
      splitBy,
      current: request.current,
      prior: prior ?? null,
      columns,
      rows,
      totalsRow: row(0, 'Total', totals, baseFilter),
      displayAs: Object.fromEntries(metrics.map((m) => [`metric${m.metricID}`, m.metricType])),
      params: salesLink(request.current, baseFilter),
    };
  }

  private async namesOf(splitBy: MetricSplit, keys: number[], user: AuthUser): Promise<Map<number, string>> {
    if (splitBy === 'attributableToUserID') return this.users.namesOf(keys);
    const stores = await this.stores.storesByID(user.storeIDs);
    if (splitBy === 'storeID') return new Map(stores.map((s) => [s.storeID, s.name]));
    return new Map(stores.map((s) => [s.storeTypeID, s.storeTypeName]));
  }
}

function unknownName(splitBy: MetricSplit): string {
  return splitBy === 'attributableToUserID' ? '(Username not found)' : splitBy === 'storeID' ? '(Store name not found)' : '(Store type not found)';
}
