import { Injectable } from '@nestjs/common';
import { hasArea, type AuthUser } from '../../common/auth/auth-user';
import type { FigureRequest, FigureScope } from '../../common/figures/figure-request';
import { StoresService } from '../master-data';
import { SaleFigures, type RankedSales, type SaleRank, type SaleSplit, type SaleSums } from '../sales';
import { earliestSaleDate } from '../sales';
import { TargetsService } from '../targets';
import { UsersService } from '../users';
import {
  cardSpans,
  monthStart,
  projectedMonthEnd,
  projectionColour,
  proRatedTarget,
  targetMet,
  trendColour,
  trendPercent,
  type CardPeriod,
  type Span,
  type TrendColour,
} from './card-rules';
import { MetricEngine } from './metric-engine';
import { addSums } from './metric-values';
import { salesLink } from './sales-link';

/** A span's figures as a card shows them (spec 01 section 3, "Dashboard card data"). */
export interface CardFigures extends Span {
  /** false: the span starts before the user's months back, and its figures are not shown (null). */
  available: boolean;
  revenueCount: number | null;
  /** null also when the profile does not show revenue (commission likewise). */
  adjustedRevenueTotal: number | null;
  commissionTotal: number | null;
  /** The sales list filter that opens these sales, as base64url JSON (/sales/params/{params}). */
  params: string;
}

export interface Trend {
  percent: number;
  colour: TrendColour;
}

type Measure = 'revenueCount' | 'adjustedRevenueTotal' | 'commissionTotal';

export interface TopEntry {
  revenueCount: number;
  adjustedRevenueTotal: number | null;
  commissionTotal: number | null;
  adjustedRevenueASP: number | null;
  commissionASP: number | null;
  sku?: string;
  rateCardLineDescription?: string;
  attributableToUserID?: number;
  attributableToUserName?: string;
  storeID?: number;
  storeName?: string;
}

/** The best SKU, seller and store of a card's current span, by revenue and by commission (each where shown). */
export type Tops = Partial<Record<'revenue' | 'commission', { topSKU: TopEntry | null; topUser: TopEntry | null; topStore: TopEntry | null }>>;

export interface Card {
  period: CardPeriod;
  current: CardFigures;
  prior: CardFigures;
  py: CardFigures;
  /** Current against prior and against py, per figure (none where a side is not shown). */
  trends: { prior: Partial<Record<Measure, Trend>>; py: Partial<Record<Measure, Trend>> };
  tops?: Tops;
}

export interface TargetCard {
  targetType: 'revenue' | 'quantity';
  target: number;
  actual: number;
  met: boolean;
  /** With the user's proRateTargetsOnActual: the target pro-rated to the date, and met against it. */
  proRatedTarget?: number;
  proRatedMet?: boolean;
  /** Where the month ends at this pace (a past month: its actual), coloured against the target. */
  projected: number;
  projectedColour: TrendColour;
}

const MEASURES: Measure[] = ['revenueCount', 'adjustedRevenueTotal', 'commissionTotal'];

/** One day of the trend chart: cumulative figures to that day of this month, the prior month and the same month last year (null past a month's end, or past the date). */
export interface TrendPoint {
  day: number;
  current: number | null;
  prior: number | null;
  py: number | null;
}

/** The cards tab's chart, per figure shown: the cumulative days, where the month ends at this pace, and the users' target. */
export type TrendChart = { daysInMonth: number } & Partial<
  Record<'revenue' | 'commission', { points: TrendPoint[]; projected: number; target: number | null }>
>;

/**
 * GET /api/kpi/cards (issue 12): the landing page's cards for a date and a list of users. Sums
 * come from SaleFigures through a fixed handful of grouped statements, none per user, store or
 * span (docs/decisions.md, "KPI dashboard"): every span the users' cards show in one statement
 * per seller (the cards and the user cards add those rows up), the month's three spans over all
 * the caller's stores in one per store and seller (the store cards and the top sellers and
 * stores), the chart's three months in one per day, the month per SKU in one (the top SKU), and
 * the top SKUs' descriptions for those SKUs alone.
 */
@Injectable()
export class KpiCardsService {
  constructor(
    private readonly sales: SaleFigures,
    private readonly engine: MetricEngine,
    private readonly targets: TargetsService,
    private readonly users: UsersService,
    private readonly stores: StoresService,
  ) {}

  async cards(date: string, userIDs: number[], user: AuthUser, proRate: boolean) {
    const periods: CardPeriod[] = hasArea(user, 'ViewYearCards') ? ['day', 'month', 'year'] : ['day', 'month'];
    const earliest = earliestSaleDate(this.engine.today(), user.salesMonthsBack);
    const scope: FigureScope = { userIDs };
    const [names, myStores] = await Promise.all([this.users.namesOf(userIDs), this.stores.storesByID(user.storeIDs)]);
    const storeIDs = myStores.map((s) => s.storeID);
    const month = cardSpans(date, 'month');

    // A span before the user's months back is not read, and its card shows no figures.
    const readable = (span: Span) => !earliest || span.fromDate >= earliest;
    const figures = (span: Span, sums: SaleSums | undefined, filter: Record<string, unknown>): CardFigures => {
      const available = readable(span);
      const shown = (value: number, kind: 'revenue' | 'commission') =>
        !available ? null : (kind === 'revenue' ? user.showRevenue : user.showCommission) ? value : null;
      return {
        ...span,
        available,
        revenueCount: available ? (sums?.revenueCount ?? 0) : null,
        adjustedRevenueTotal: shown(sums?.adjustedRevenue ?? 0, 'revenue'),
        commissionTotal: shown(sums?.commission ?? 0, 'commission'),
        params: salesLink(span, filter),
      };
    };
    const periodSpans = periods.map((period) => cardSpans(date, period));
    const monthSpans = [month.current, month.prior, month.py];
    // Two statements for every span: the users' (each span their cards show, per seller) and all
    // the caller's stores' (the month's spans per store and seller: the store cards and the top
    // sellers and stores add these up). Spans before the months back are not read.
    const userSpans = distinctSpans(periodSpans.flatMap((spans) => [spans.current, spans.prior, spans.py]).filter(readable));
    const storeSpans = distinctSpans(monthSpans.filter(readable));
    // Tops are the month's (the landing page's Top cards and dialogs): a year's would group half a million sales for nothing.
    const topsShown = readable(month.current);
    const topsRequest = { params: {}, ...month.current, scope: {}, user };
    const [userRows, storeRows, skus, targetRows, daily] = await Promise.all([
      this.sales.spanSums({ params: {}, scope, user }, userSpans, ['attributableToUserID']),
      storeIDs.length ? this.sales.spanSums({ params: {}, scope: {}, user }, storeSpans, ['storeID', 'attributableToUserID']) : Promise.resolve([]),
      topsShown && (user.showRevenue || user.showCommission) ? this.sales.bySku(topsRequest) : Promise.resolve([]),
      this.targets.overallTargets(monthStart(date), storeIDs, user),
      this.dailySums(date, scope, user, readable),
    ]);
    const userSums = spanTotals(userSpans, userRows);
    const storeSums = spanTotals(storeSpans, storeRows);
    const storeNames = new Map(myStores.map((s) => [s.storeID, s.name]));

    const userFilter = { attributableToUserID: userIDs.join(',') };
    const cardOf = (
      period: CardPeriod,
      spans: { current: Span; prior: Span; py: Span },
      sumsOf: (span: Span) => SaleSums | undefined,
      filter: Record<string, unknown>,
      tops?: Tops,
    ) =>
      card(
        period,
        figures(spans.current, sumsOf(spans.current), filter),
        figures(spans.prior, sumsOf(spans.prior), filter),
        figures(spans.py, sumsOf(spans.py), filter),
        tops,
      );
    const tops = topsShown ? await this.tops(topsRequest, storeSums.rows(month.current), skus, storeNames) : undefined;
    const cards = periods.map((period, i) => cardOf(period, periodSpans[i], (span) => userSums.sum(span), userFilter, period === 'month' ? tops : undefined));
    // The month of each user (when several are asked for) and of each of the caller's stores.
    const userCards = new Map(
      userIDs.length > 1 ? userIDs.map((id) => [id, cardOf('month', month, (span) => userSums.sum(span, id), { attributableToUserID: id })]) : [],
    );
    const storeCards = new Map(storeIDs.map((id) => [id, cardOf('month', month, (span) => storeSums.sum(span, id), { storeID: id })]));

    const monthCard = cards.find((c) => c.period === 'month')!;
    const targetCards = (rows: typeof targetRows, actualOf: Card): TargetCard[] =>
      (['revenue', 'quantity'] as const)
        .filter((type) => type === 'quantity' || user.showRevenue)
        .flatMap((type) => {
          const mine = rows.filter((r) => r.targetType === type);
          if (!mine.length) return [];
          const target = roundMoney(mine.reduce((sum, r) => sum + r.target, 0));
          const actual = (type === 'revenue' ? actualOf.current.adjustedRevenueTotal : actualOf.current.revenueCount) ?? 0;
          return [targetCard(type, target, actual, date, this.engine.today(), proRate)];
        });
    const usersTargets = targetRows.filter((r) => r.userID !== 0 && userIDs.includes(r.userID));

    const revenueTarget = usersTargets.filter((r) => r.targetType === 'revenue');
    return {
      date,
      userIDs,
      trend: trendChart(date, daily, user, revenueTarget.length ? roundMoney(revenueTarget.reduce((n, r) => n + r.target, 0)) : null),
      users: userIDs.map((id) => ({ userID: id, name: names.get(id) ?? '(Username not found)' })),
      cards,
      targets: targetCards(usersTargets, monthCard),
      userCards:
        userIDs.length > 1
          ? userIDs.map((id) => ({
              userID: id,
              name: names.get(id) ?? '(Username not found)',
              card: userCards.get(id)!,
              targets: targetCards(
                usersTargets.filter((r) => r.userID === id),
                userCards.get(id)!,
              ),
            }))
          : [],
      storeCards: myStores.map((s) => ({
        storeID: s.storeID,
        storeName: s.name,
        card: storeCards.get(s.storeID)!,
        targets: targetCards(
          targetRows.filter((r) => r.userID === 0 && r.storeID === s.storeID),
          storeCards.get(s.storeID)!,
        ),
      })),
      myStores: myStores.map((s) => ({ storeID: s.storeID, storeName: s.name, storeTypeID: s.storeTypeID, storeTypeName: s.storeTypeName })),
    };
  }

  /**
   * The users' counted sales per day of this month (to the date), the whole prior month and the
   * whole month a year before, in one statement (months before the months back are not read).
   * The three months never share a day, so one map serves each.
   */
  private async dailySums(date: string, scope: FigureScope, user: AuthUser, readable: (span: Span) => boolean): Promise<Map<string, SaleSums>> {
    const month = cardSpans(date, 'month');
    const spans = [month.current, wholeMonth(month.prior.fromDate), wholeMonth(month.py.fromDate)].filter(readable);
    return spans.length ? this.sales.byDay({ params: {}, ...spans[0], scope, user }, spans) : new Map<string, SaleSums>();
  }

  /**
   * The best SKU, seller and store over the caller's stores in a span, by each figure the profile
   * shows: what SaleFigures.ranked answers with a limit of 1 (the greatest sum, the lowest key on
   * a tie, the same names), from the span's sums per store and seller and one statement per SKU.
   */
  private async tops(
    request: FigureRequest<SaleSplit>,
    rows: StoreUserSums[],
    skus: Array<{ sku: string; sums: SaleSums }>,
    storeNames: Map<number, string>,
  ): Promise<Tops> {
    const user = request.user;
    const measures = (['revenue', 'commission'] as const).filter((m) => (m === 'revenue' ? user.showRevenue : user.showCommission));
    if (!measures.length) return {};
    const users = sumsBy(rows, (row) => row.attributableToUserID);
    const stores = sumsBy(rows, (row) => row.storeID);
    const figure = (measure: 'revenue' | 'commission') => (s: SaleSums) => cents(measure === 'revenue' ? s.adjustedRevenue : s.commission);
    const picks = measures.map((measure) => ({
      measure,
      sku: best(skus, (row) => figure(measure)(row.sums)),
      // Ids in ascending order: the first of equal sums is the lowest id, as ranked() breaks ties.
      user: best(
        [...users].sort((a, b) => a[0] - b[0]),
        ([, sums]) => figure(measure)(sums),
      ),
      store: best(
        [...stores].sort((a, b) => a[0] - b[0]),
        ([, sums]) => figure(measure)(sums),
      ),
    }));
    const topSkus = [...new Set(picks.flatMap((p) => (p.sku ? [p.sku.sku] : [])))];
    const [descriptions, userNames] = await Promise.all([
      Promise.all(topSkus.map((sku) => this.sales.skuDescription(request, sku))),
      this.users.namesOf([...new Set(picks.flatMap((p) => (p.user ? [p.user[0]] : [])))]),
    ]);
    const ranked = (key: number | string, sums: SaleSums, labels: Record<string, string | null>): RankedSales => ({ key, labels, ...sums });
    const tops: Tops = {};
    for (const pick of picks) {
      tops[pick.measure] = {
        topSKU: pick.sku
          ? topEntry('skus', ranked(pick.sku.sku, pick.sku.sums, { rateCardLineDescription: descriptions[topSkus.indexOf(pick.sku.sku)] }), user)
          : null,
        topUser: pick.user
          ? topEntry('users', ranked(pick.user[0], pick.user[1], { attributableToUserName: userNames.get(pick.user[0]) ?? null }), user)
          : null,
        topStore: pick.store ? topEntry('stores', ranked(pick.store[0], pick.store[1], { storeName: storeNames.get(pick.store[0]) ?? null }), user) : null,
      };
    }
    return tops;
  }
}

type StoreUserSums = { storeID: number; attributableToUserID: number; sums: SaleSums };

/** Spans with the same days once, in their first order. */
function distinctSpans(spans: Span[]): Span[] {
  const seen = new Map<string, Span>();
  for (const span of spans) seen.set(`${span.fromDate} ${span.toDate}`, seen.get(`${span.fromDate} ${span.toDate}`) ?? span);
  return [...seen.values()];
}

/** SaleFigures.spanSums' rows read back: a span's sums over all the rows, or those of one first key (a seller, a store), added up exactly; a span not read has none. */
function spanTotals(spans: Span[], rows: Array<{ keys: number[]; spans: SaleSums[] }>) {
  const indexOf = (span: Span) => spans.findIndex((s) => s.fromDate === span.fromDate && s.toDate === span.toDate);
  // Grouped once: forty store cards of three spans each would otherwise read every row 120 times.
  const byFirstKey = new Map<number, typeof rows>();
  for (const row of rows) {
    const group = byFirstKey.get(row.keys[0]);
    if (group) group.push(row);
    else byFirstKey.set(row.keys[0], [row]);
  }
  return {
    sum(span: Span, firstKey?: number): SaleSums | undefined {
      const i = indexOf(span);
      if (i < 0) return undefined;
      return addSums((firstKey === undefined ? rows : (byFirstKey.get(firstKey) ?? [])).map((row) => row.spans[i]));
    },
    /** Per store and seller (rows keyed by both), as the tops add them up. */
    rows(span: Span): StoreUserSums[] {
      const i = indexOf(span);
      return i < 0 ? [] : rows.map((row) => ({ storeID: row.keys[0], attributableToUserID: row.keys[1], sums: row.spans[i] }));
    },
  };
}

const cents = (value: number) => Math.round(value * 100);

/** Sums per store and seller added up per `keyOf` (a store, a seller), exactly (addSums). */
function sumsBy(rows: StoreUserSums[], keyOf: (row: StoreUserSums) => number): Map<number, SaleSums> {
  const groups = new Map<number, SaleSums[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row.sums]);
  return new Map([...groups].map(([key, list]) => [key, addSums(list)]));
}

/** The item with the greatest value; of equal values the first (items come in the tie-break order). */
function best<T>(items: Iterable<T>, value: (item: T) => number): T | undefined {
  let top: T | undefined;
  let topValue = -Infinity;
  for (const item of items) {
    const v = value(item);
    if (top === undefined || v > topValue) {
      top = item;
      topValue = v;
    }
  }
  return top;
}

/** A ranked group as a top card or Top dialog row: its names, figures and ASPs (each figure only where shown). */
export function topEntry(by: SaleRank, row: RankedSales, user: AuthUser): TopEntry {
  const names: Partial<TopEntry> =
    by === 'skus'
      ? { sku: String(row.key), rateCardLineDescription: row.labels.rateCardLineDescription ?? '' }
      : by === 'users'
        ? { attributableToUserID: Number(row.key), attributableToUserName: row.labels.attributableToUserName ?? '(Username not found)' }
        : { storeID: Number(row.key), storeName: row.labels.storeName ?? '(Store name not found)' };
  const asp = (total: number) => (row.revenueCount === 0 ? 0 : Math.round((total / row.revenueCount) * 100) / 100);
  return {
    ...names,
    revenueCount: row.revenueCount,
    adjustedRevenueTotal: user.showRevenue ? row.adjustedRevenue : null,
    commissionTotal: user.showCommission ? row.commission : null,
    adjustedRevenueASP: user.showRevenue ? asp(row.adjustedRevenue) : null,
    commissionASP: user.showCommission ? asp(row.commission) : null,
  };
}

function wholeMonth(first: string): Span {
  const [y, m] = first.split('-').map(Number);
  return { fromDate: first, toDate: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10) };
}

/** Cumulative sums by day of month for the chart, each figure only where the profile shows it. */
function trendChart(date: string, daily: Map<string, SaleSums>, user: AuthUser, revenueTarget: number | null): TrendChart {
  const daysInMonth = Number(wholeMonth(monthStart(date)).toDate.slice(8, 10));
  const today = Number(date.slice(8, 10));
  const lengthOf = (first: string) => Number(wholeMonth(first).toDate.slice(8, 10));
  const month = cardSpans(date, 'month');
  const cumulative = (first: string, last: number, pick: (s: SaleSums) => number) => {
    const out: Array<number | null> = [];
    let running = 0;
    for (let day = 1; day <= daysInMonth; day += 1) {
      if (day > last) {
        out.push(null);
        continue;
      }
      const s = daily.get(`${first.slice(0, 8)}${String(day).padStart(2, '0')}`);
      running += s ? Math.round(pick(s) * 100) : 0;
      out.push(running / 100);
    }
    return out;
  };
  const series = (pick: (s: SaleSums) => number, target: number | null) => {
    const c = cumulative(month.current.fromDate, today, pick);
    const p = cumulative(month.prior.fromDate, lengthOf(month.prior.fromDate), pick);
    const y = cumulative(month.py.fromDate, lengthOf(month.py.fromDate), pick);
    const actual = c[today - 1] ?? 0;
    return {
      points: c.map((value, i) => ({ day: i + 1, current: value, prior: p[i], py: y[i] })),
      projected: projectedMonthEnd(actual, date),
      target,
    };
  };
  return {
    daysInMonth,
    ...(user.showRevenue ? { revenue: series((s) => s.adjustedRevenue, revenueTarget) } : {}),
    ...(user.showCommission ? { commission: series((s) => s.commission, null) } : {}),
  };
}

function card(period: CardPeriod, current: CardFigures, prior: CardFigures, py: CardFigures, tops?: Tops): Card {
  const against = (earlier: CardFigures) => {
    const trends: Partial<Record<Measure, Trend>> = {};
    for (const measure of MEASURES) {
      const now = current[measure];
      const then = earlier[measure];
      if (now === null || then === null) continue;
      const percent = trendPercent(now, then);
      trends[measure] = { percent, colour: trendColour(percent) };
    }
    return trends;
  };
  return { period, current, prior, py, trends: { prior: against(prior), py: against(py) }, ...(tops ? { tops } : {}) };
}

function targetCard(targetType: 'revenue' | 'quantity', target: number, actual: number, date: string, today: string, proRate: boolean): TargetCard {
  // A month already over projects its actual; the current month projects from the date.
  const monthOver = date.slice(0, 7) < today.slice(0, 7);
  const projected = monthOver ? actual : projectedMonthEnd(actual, date);
  return {
    targetType,
    target,
    actual,
    met: targetMet(actual, target),
    ...(proRate
      ? { proRatedTarget: monthOver ? target : proRatedTarget(target, date), proRatedMet: targetMet(actual, monthOver ? target : proRatedTarget(target, date)) }
      : {}),
    projected,
    projectedColour: projectionColour(projected, target),
  };
}

function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}
