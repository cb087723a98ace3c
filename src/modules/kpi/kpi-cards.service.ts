import { Injectable } from '@nestjs/common';
import { hasArea, type AuthUser } from '../../common/auth/auth-user';
import type { FigureScope } from '../../common/figures/figure-request';
import { StoresService } from '../master-data/stores/stores.service';
import { SaleFigures, type RankedSales, type SaleRank, type SaleSums } from '../sales/sale-figures';
import { earliestSaleDate } from '../sales/sales.service';
import { TargetsService } from '../targets/targets.service';
import { UsersService } from '../users/users/users.service';
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
export type TrendChart = { daysInMonth: number } & Partial<Record<'revenue' | 'commission', { points: TrendPoint[]; projected: number; target: number | null }>>;

/**
 * GET /api/kpi/cards (issue 12): the landing page's cards for a date and a list of users. Sums
 * come from SaleFigures through fixed, grouped statements, none per user or store, and each
 * distinct span is read once for each kind of sum (docs/decisions.md, "KPI dashboard"): the
 * users' cards one per span (a year card's prior and py are one span), the user cards one per
 * month span split by user, and over all the caller's stores one per span per store and seller
 * (the store cards and the top sellers and stores are sums of those rows) and one per current
 * span per SKU (the top SKU), with the top SKUs' descriptions read for those SKUs alone.
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

    const figures = (span: Span, sums: SaleSums | undefined, filter: Record<string, unknown>): CardFigures => {
      const available = !earliest || span.fromDate >= earliest;
      const shown = (value: number, kind: 'revenue' | 'commission') => (!available ? null : (kind === 'revenue' ? user.showRevenue : user.showCommission) ? value : null);
      return {
        ...span,
        available,
        revenueCount: available ? (sums?.revenueCount ?? 0) : null,
        adjustedRevenueTotal: shown(sums?.adjustedRevenue ?? 0, 'revenue'),
        commissionTotal: shown(sums?.commission ?? 0, 'commission'),
        params: salesLink(span, filter),
      };
    };
    const readable = (span: Span) => !earliest || span.fromDate >= earliest;
    // Each distinct span is read once per kind of sum, whichever cards ask for it.
    const reads = new Map<string, Promise<unknown>>();
    const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
      if (!reads.has(key)) reads.set(key, read());
      return reads.get(key) as Promise<T>;
    };
    const sumSpan = (span: Span, splitBy?: 'attributableToUserID') =>
      readable(span)
        ? once(`users ${splitBy ?? ''} ${span.fromDate} ${span.toDate}`, () => this.sales.aggregate({ params: {}, ...span, scope, splitBy, user }))
        : Promise.resolve(new Map<number, SaleSums>());
    // All the caller's stores, per store and seller: the store cards and the top sellers and stores add these up.
    const storeUserSums = (span: Span) => once(`stores ${span.fromDate} ${span.toDate}`, () => this.sales.byStoreAndUser({ params: {}, ...span, scope: {}, user }));
    const storeSums = async (span: Span) => (readable(span) ? sumsBy(await storeUserSums(span), (row) => row.storeID) : new Map<number, SaleSums>());
    const storeNames = new Map(myStores.map((s) => [s.storeID, s.name]));

    const userFilter = { attributableToUserID: userIDs.join(',') };
    const mainCards = Promise.all(
      periods.map(async (period) => {
        const spans = cardSpans(date, period);
        const [current, prior, py, tops] = await Promise.all([
          sumSpan(spans.current),
          sumSpan(spans.prior),
          sumSpan(spans.py),
          // Tops are the month's (the landing page's Top cards and dialogs): a year's would group half a million sales for nothing.
          period === 'month' && readable(spans.current) ? this.tops(spans.current, user, () => storeUserSums(spans.current), storeNames) : Promise.resolve(undefined),
        ]);
        return card(period, figures(spans.current, current.get(0), userFilter), figures(spans.prior, prior.get(0), userFilter), figures(spans.py, py.get(0), userFilter), tops);
      }),
    );
    // The month of each user (when several are asked for) and of each of the caller's stores, split in one statement per span.
    const splitCards = async (keys: number[], read: (span: Span) => Promise<Map<number, SaleSums>>, filterOf: (key: number) => Record<string, unknown>) => {
      if (!keys.length) return new Map<number, Card>();
      const [current, prior, py] = await Promise.all([read(month.current), read(month.prior), read(month.py)]);
      return new Map(
        keys.map((key) => [
          key,
          card('month', figures(month.current, current.get(key), filterOf(key)), figures(month.prior, prior.get(key), filterOf(key)), figures(month.py, py.get(key), filterOf(key))),
        ]),
      );
    };
    const [cards, userCards, storeCards, targetRows, daily] = await Promise.all([
      mainCards,
      splitCards(userIDs.length > 1 ? userIDs : [], (span) => sumSpan(span, 'attributableToUserID'), (key) => ({ attributableToUserID: key })),
      splitCards(storeIDs, storeSums, (key) => ({ storeID: key })),
      this.targets.overallTargets(monthStart(date), storeIDs, user),
      this.dailySums(date, scope, user, earliest),
    ]);

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
      userCards: userIDs.length > 1 ? userIDs.map((id) => ({ userID: id, name: names.get(id) ?? '(Username not found)', card: userCards.get(id)!, targets: targetCards(usersTargets.filter((r) => r.userID === id), userCards.get(id)!) })) : [],
      storeCards: myStores.map((s) => ({
        storeID: s.storeID,
        storeName: s.name,
        card: storeCards.get(s.storeID)!,
        targets: targetCards(targetRows.filter((r) => r.userID === 0 && r.storeID === s.storeID), storeCards.get(s.storeID)!),
      })),
      myStores: myStores.map((s) => ({ storeID: s.storeID, storeName: s.name, storeTypeID: s.storeTypeID, storeTypeName: s.storeTypeName })),
    };
  }

  /** The users' counted sales per day of this month (to the date), the whole prior month and the whole month a year before. */
  private async dailySums(date: string, scope: FigureScope, user: AuthUser, earliest: string | null): Promise<Array<Map<string, SaleSums>>> {
    const month = cardSpans(date, 'month');
    const spans = [month.current, wholeMonth(month.prior.fromDate), wholeMonth(month.py.fromDate)];
    return Promise.all(spans.map((span) => (earliest && span.fromDate < earliest ? new Map<string, SaleSums>() : this.sales.byDay({ params: {}, ...span, scope, user }))));
  }

  /**
   * The best SKU, seller and store over the caller's stores in a span, by each figure the profile
   * shows: what SaleFigures.ranked answers with a limit of 1 (the greatest sum, the lowest key on
   * a tie, the same names), from the span's sums per store and seller and one statement per SKU.
   */
  private async tops(span: Span, user: AuthUser, storeUser: () => Promise<StoreUserSums[]>, storeNames: Map<number, string>): Promise<Tops> {
    const measures = (['revenue', 'commission'] as const).filter((m) => (m === 'revenue' ? user.showRevenue : user.showCommission));
    if (!measures.length) return {};
    const request = { params: {}, ...span, scope: {}, user };
    const [rows, skus] = await Promise.all([storeUser(), this.sales.bySku(request)]);
    const users = sumsBy(rows, (row) => row.attributableToUserID);
    const stores = sumsBy(rows, (row) => row.storeID);
    const figure = (measure: 'revenue' | 'commission') => (s: SaleSums) => cents(measure === 'revenue' ? s.adjustedRevenue : s.commission);
    const picks = measures.map((measure) => ({
      measure,
      sku: best(skus, (row) => figure(measure)(row.sums)),
      // Ids in ascending order: the first of equal sums is the lowest id, as ranked() breaks ties.
      user: best([...users].sort((a, b) => a[0] - b[0]), ([, sums]) => figure(measure)(sums)),
      store: best([...stores].sort((a, b) => a[0] - b[0]), ([, sums]) => figure(measure)(sums)),
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
        topSKU: pick.sku ? topEntry('skus', ranked(pick.sku.sku, pick.sku.sums, { rateCardLineDescription: descriptions[topSkus.indexOf(pick.sku.sku)] }), user) : null,
        topUser: pick.user ? topEntry('users', ranked(pick.user[0], pick.user[1], { attributableToUserName: userNames.get(pick.user[0]) ?? null }), user) : null,
        topStore: pick.store ? topEntry('stores', ranked(pick.store[0], pick.store[1], { storeName: storeNames.get(pick.store[0]) ?? null }), user) : null,
      };
    }
    return tops;
  }
}

type StoreUserSums = { storeID: number; attributableToUserID: number; sums: SaleSums };

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
function trendChart(date: string, [current, prior, py]: Array<Map<string, SaleSums>>, user: AuthUser, revenueTarget: number | null): TrendChart {
  const daysInMonth = Number(wholeMonth(monthStart(date)).toDate.slice(8, 10));
  const today = Number(date.slice(8, 10));
  const lengthOf = (sums: Map<string, SaleSums>, first: string) => Number(wholeMonth(first).toDate.slice(8, 10));
  const month = cardSpans(date, 'month');
  const cumulative = (sums: Map<string, SaleSums>, first: string, last: number, pick: (s: SaleSums) => number) => {
    const out: Array<number | null> = [];
    let running = 0;
    for (let day = 1; day <= daysInMonth; day += 1) {
      if (day > last) {
        out.push(null);
        continue;
      }
      const s = sums.get(`${first.slice(0, 8)}${String(day).padStart(2, '0')}`);
      running += s ? Math.round(pick(s) * 100) : 0;
      out.push(running / 100);
    }
    return out;
  };
  const series = (pick: (s: SaleSums) => number, target: number | null) => {
    const c = cumulative(current, month.current.fromDate, today, pick);
    const p = cumulative(prior, month.prior.fromDate, lengthOf(prior, month.prior.fromDate), pick);
    const y = cumulative(py, month.py.fromDate, lengthOf(py, month.py.fromDate), pick);
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
    ...(proRate ? { proRatedTarget: monthOver ? target : proRatedTarget(target, date), proRatedMet: targetMet(actual, monthOver ? target : proRatedTarget(target, date)) } : {}),
    projected,
    projectedColour: projectionColour(projected, target),
  };
}

function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}
