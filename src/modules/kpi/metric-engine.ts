import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import type { FigureRequest, FigureScope } from '../../common/figures/figure-request';
import { seesFigures } from '../../common/list/figures';
import { InvalidInput } from '../../common/http/validation-result';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { DailyStatFigures, type DailyStatSplit, type DailyStatSums } from '../daily';
import type { DivisionPart } from '../master-data';
import { MetricsService, type MetricType } from '../master-data';
import { readParams } from '../master-data';
import { localDate } from '../../common/dates/days';
import { SaleFigures, SaleSplit, SaleSums } from '../sales';
import { earliestSaleDate } from '../sales';
import { addSums, figureOfField, groupParts, metricValue, PartDefinition, PartGroup, partValue } from './metric-values';

export type MetricSplit = SaleSplit;

export interface Period {
  /** yyyy-mm-dd, both included. */
  fromDate: string;
  toDate: string;
}

/** A metric to evaluate: saved, or with a part typed in the test panel in place of its saved one. */
export interface MetricDefinition {
  metricID: number;
  name: string;
  metricType: MetricType;
  successValue: number;
  successIsLess: number;
  parts: PartDefinition[];
}

export interface MetricRequest {
  metrics: MetricDefinition[];
  current: Period;
  /** Asked for the parts' prior values (tables' details dialog). */
  prior?: Period;
  scope: FigureScope;
  splitBy?: MetricSplit;
  user: AuthUser;
}

/** A part as an answer carries it (spec 01 section 3, "Metric part as read"). */
export interface PartAnswer {
  metricPartID?: number;
  metricName: string;
  multiplier: number;
  divisionPart: DivisionPart;
  name: string;
  field: string;
  tableName: string;
  /** null: a figure the caller's profile does not show. */
  current: number | null;
  prior?: number | null;
  metricSuccessValue: number;
  metricSuccessIsLess: number;
}

export interface MetricAnswer {
  metricID: number;
  name: string;
  metricType: MetricType;
  successValue: number;
  successIsLess: number;
  /** null when a part reads a hidden figure (see `reason`) or the denominator adds up to 0. */
  result: number | null;
  priorResult?: number | null;
  reason?: string;
  parts: PartAnswer[];
}

/** Answers per split key (0 when unsplit). */
export type MetricAnswers = Map<number, MetricAnswer[]>;

type Sums = SaleSums | DailyStatSums;

const HIDDEN_REASON = { revenue: 'Revenue is not shown to your access profile', commission: 'Commission is not shown to your access profile' } as const;

/**
 * The one metric engine (ARCHITECTURE.md, KPI metrics; issue 12): each part is its field summed
 * over its table, filtered by its params in the list API's vocabulary, times its multiplier; a
 * metric is its numerators over its denominators. Parts reading the same table with the same
 * params share one grouped statement per period, so an answer costs a fixed number of queries
 * whatever the number of users or stores. Always within the caller's stores (the list engine's
 * scope) and months back; revenue and commission only where the profile shows them.
 */
@Injectable()
export class MetricEngine {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sales: SaleFigures,
    private readonly dailyStats: DailyStatFigures,
    private readonly metrics: MetricsService,
  ) {}

  today(): string {
    return localDate(this.config.timeZone);
  }

  /** Saved metrics with their parts, in the order of `metricIDs`; an unknown id is a 400. */
  async savedMetrics(metricIDs: readonly number[], field = 'metricID'): Promise<MetricDefinition[]> {
    const found = await this.metrics.withParts(metricIDs);
    const byID = new Map(found.map((m) => [m.metricID, m]));
    const missing = metricIDs.filter((id) => !byID.has(id));
    if (missing.length) throw new InvalidInput({ [field]: `No metric ${missing.join(', ')}` });
    return metricIDs.map((id) => {
      const { metricParts, ...metric } = byID.get(id)!;
      return { ...metric, parts: [...(metricParts ?? [])].sort((a, b) => a.metricPartID - b.metricPartID) };
    });
  }

  /** Which of these metric ids exist, in the order given (a saved preference may name deleted ones). */
  async existingMetricIDs(metricIDs: readonly number[]): Promise<number[]> {
    if (!metricIDs.length) return [];
    const ids = new Set(await this.metrics.existingIDs(metricIDs));
    return [...new Set(metricIDs)].filter((id) => ids.has(id));
  }

  /** Every metric shown in tables (showInTables), by name. */
  async tableMetrics(): Promise<MetricDefinition[]> {
    return this.savedMetrics(await this.metrics.shownIDs('showInTables'));
  }

  /** Every metric shown as a card (showCard), by name. */
  async cardMetrics(): Promise<MetricDefinition[]> {
    return this.savedMetrics(await this.metrics.shownIDs('showCard'));
  }

  async evaluate(request: MetricRequest): Promise<MetricAnswers> {
    const { current, prior } = await this.read(request);
    return this.answers(request, current, prior);
  }

  /**
   * A split request's answers and, with them, the answers over its whole scope (a table's totals
   * row), from the same statements: each part's totals are its split sums added up (every row has
   * one split key, and a part read unsplit holds its total under key 0), so the totals cost no
   * statement of their own. The same figures as evaluate() without splitBy.
   */
  async evaluateWithTotals(request: MetricRequest & { splitBy: MetricSplit }): Promise<{ answers: MetricAnswers; totals: MetricAnswer[] }> {
    const { current, prior } = await this.read(request);
    const total = (sums: Map<PartDefinition, Map<number, Sums>>) => (part: PartDefinition) => {
      const byKey = sums.get(part);
      return byKey && byKey.size ? addSums([...byKey.values()]) : undefined;
    };
    return {
      answers: this.answers(request, current, prior),
      totals: request.metrics.map((metric) => this.answer(metric, request.user, total(current), prior && total(prior))),
    };
  }

  /** Each part's sums per split key in the current and prior periods: one statement per group of parts and period. */
  private async read(request: MetricRequest) {
    this.assertMonthsBack(request.user, [request.current, ...(request.prior ? [request.prior] : [])]);
    const all = request.metrics.flatMap((metric) => metric.parts.map((part) => ({ metric, part })));
    const groups = groupParts(all.map(({ part }) => ({ part, params: this.paramsOf(part) })));
    const [current, prior] = await Promise.all([
      this.readGroups(groups, request, request.current),
      request.prior ? this.readGroups(groups, request, request.prior) : undefined,
    ]);
    return { current, prior };
  }

  private answers(
    request: MetricRequest,
    current: Map<PartDefinition, Map<number, Sums>>,
    prior: Map<PartDefinition, Map<number, Sums>> | undefined,
  ): MetricAnswers {
    const keys = new Set<number>(request.splitBy ? this.scopedKeys(request) : [0]);
    // Key 0 is the unsplit total: a daily stats part's under a split by user (no user or store has id 0).
    for (const sums of [...current.values(), ...(prior?.values() ?? [])]) for (const key of sums.keys()) if (request.splitBy && key !== 0) keys.add(key);
    const answers: MetricAnswers = new Map();
    for (const key of [...keys].sort((a, b) => a - b)) {
      answers.set(
        key,
        request.metrics.map((metric) =>
          this.answer(
            metric,
            request.user,
            (part) => current.get(part)?.get(key) ?? current.get(part)?.get(0),
            prior && ((part) => prior.get(part)?.get(key) ?? prior.get(part)?.get(0)),
          ),
        ),
      );
    }
    return answers;
  }

  /** The keys a split answers even without rows: the scope's users or stores asked for by name. */
  private scopedKeys(request: MetricRequest): readonly number[] {
    if (request.splitBy === 'attributableToUserID') return request.scope.userIDs ?? [];
    if (request.splitBy === 'storeID') return (request.scope.storeIDs ?? []).filter((id) => request.user.storeIDs.includes(id));
    return request.scope.storeTypeIDs ?? [];
  }

  /** A period starting before the user's months back is refused: the engine never answers figures the sales list would hide. */
  private assertMonthsBack(user: AuthUser, periods: Period[]): void {
    const earliest = earliestSaleDate(this.today(), user.salesMonthsBack);
    if (!earliest) return;
    if (periods.some((p) => p.fromDate < earliest)) {
      throw new InvalidInput({ fromDate: `Your profile shows figures from ${earliest} on (${user.salesMonthsBack} months back)` });
    }
  }

  private paramsOf(part: PartDefinition) {
    const params = readParams(part.params);
    if (typeof params === 'string') throw new InvalidInput({ params: `Metric part "${part.name}": ${params}` });
    return params;
  }

  /**
   * Each group's sums per split key, for one period: one statement per group. A group's bad
   * filter is the list engine's 400, told again naming its parts.
   */
  private async readGroups(groups: PartGroup<PartDefinition>[], request: MetricRequest, period: Period): Promise<Map<PartDefinition, Map<number, Sums>>> {
    const read = await Promise.all(groups.map((group) => this.readGroup(group, request, period)));
    const byPart = new Map<PartDefinition, Map<number, Sums>>();
    groups.forEach((group, i) => group.parts.forEach((part) => byPart.set(part, read[i])));
    return byPart;
  }

  private async readGroup(group: PartGroup<PartDefinition>, request: MetricRequest, period: Period): Promise<Map<number, Sums>> {
    const base = { params: group.params, ...period, scope: request.scope, user: request.user };
    try {
      if (group.tableName === 'sales') return await this.sales.aggregate({ ...base, splitBy: request.splitBy });
      if (request.splitBy === 'attributableToUserID') return await this.dailyStatsPerSeller(base);
      return await this.dailyStats.aggregate({ ...base, splitBy: request.splitBy });
    } catch (error) {
      if (!(error instanceof InvalidInput)) throw error;
      const failMessages = (error.getResponse() as { validationResult: { failMessages: Record<string, string> } }).validationResult.failMessages;
      const names = group.parts.map((p) => `"${p.name}"`).join(', ');
      const problems = Object.entries(failMessages)
        .map(([name, message]) => `${name}: ${message}`)
        .join('; ');
      throw new InvalidInput({ params: `Metric part ${names}: ${problems}` });
    }
  }

  /**
   * Daily stats split by user. They are per store and day and name no seller, so each seller
   * gets an equal share of the stats of every store they sold in during the period (the store's
   * figures over its sellers there, counted among all its sellers, not only the ones asked for).
   * A seller's conversion is then their sales over their share of the footfall: the sellers of
   * one store average to the store's conversion, and the shares add up to the stores' totals (the
   * totals row). A user who sold nothing has no share, so no rate (before, every user read the
   * whole scope's footfall and every rate was a fraction of the store's). docs/decisions.md.
   */
  private async dailyStatsPerSeller(base: Omit<FigureRequest<DailyStatSplit>, 'splitBy'>): Promise<Map<number, DailyStatSums>> {
    const { storeIDs, storeTypeIDs } = base.scope;
    const [byStore, sold] = await Promise.all([
      this.dailyStats.aggregate({ ...base, splitBy: 'storeID' }),
      this.sales.spanSums(
        { params: {}, scope: { storeIDs, storeTypeIDs }, user: base.user },
        [{ fromDate: base.fromDate, toDate: base.toDate }],
        ['storeID', 'attributableToUserID'],
      ),
    ]);
    const asked = base.scope.userIDs ? new Set(base.scope.userIDs) : undefined;
    const sellersOf = new Map<number, number[]>();
    for (const { keys } of sold) sellersOf.set(keys[0], [...(sellersOf.get(keys[0]) ?? []), keys[1]]);
    const shares = new Map<number, DailyStatSums>();
    for (const [storeID, sellers] of sellersOf) {
      const stats = byStore.get(storeID);
      if (!stats) continue;
      const share: DailyStatSums = {
        footfall: stats.footfall / sellers.length,
        chatCount: stats.chatCount / sellers.length,
        staffCount: stats.staffCount / sellers.length,
        dayCount: stats.dayCount / sellers.length,
      };
      for (const userID of sellers) {
        if (asked && !asked.has(userID)) continue;
        const before = shares.get(userID);
        shares.set(
          userID,
          before
            ? {
                footfall: before.footfall + share.footfall,
                chatCount: before.chatCount + share.chatCount,
                staffCount: before.staffCount + share.staffCount,
                dayCount: before.dayCount + share.dayCount,
              }
            : share,
        );
      }
    }
    return shares;
  }

  private answer(
    metric: MetricDefinition,
    user: AuthUser,
    current: (part: PartDefinition) => Sums | undefined,
    prior: ((part: PartDefinition) => Sums | undefined) | undefined,
  ): MetricAnswer {
    const hidden = metric.parts.map((part) => figureOfField(part.tableName, part.field)).find((kind) => kind && !seesFigures(user, kind));
    const parts: PartAnswer[] = metric.parts.map((part) => {
      const shown = !figureOfField(part.tableName, part.field) || seesFigures(user, figureOfField(part.tableName, part.field)!);
      return {
        ...(part.metricPartID ? { metricPartID: part.metricPartID } : {}),
        metricName: metric.name,
        multiplier: Number(part.multiplier),
        divisionPart: part.divisionPart,
        name: part.name,
        field: part.field,
        tableName: part.tableName,
        current: shown ? partValue(part, current(part)) : null,
        ...(prior ? { prior: shown ? partValue(part, prior(part)) : null } : {}),
        metricSuccessValue: metric.successValue,
        metricSuccessIsLess: metric.successIsLess,
      };
    });
    const resultOf = (side: 'current' | 'prior') => (hidden ? null : metricValue(parts.map((p) => ({ divisionPart: p.divisionPart, value: p[side] ?? 0 }))));
    return {
      metricID: metric.metricID,
      name: metric.name,
      metricType: metric.metricType,
      successValue: metric.successValue,
      successIsLess: metric.successIsLess,
      result: resultOf('current'),
      ...(prior ? { priorResult: resultOf('prior') } : {}),
      ...(hidden ? { reason: HIDDEN_REASON[hidden] } : {}),
      parts,
    };
  }
}
