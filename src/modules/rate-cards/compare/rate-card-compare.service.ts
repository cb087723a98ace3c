import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import { toMoney } from '../../../common/db/numbers';
import { InvalidInput } from '../../../common/http/validation-result';
import { type Figures, removeHiddenFigures } from '../../../common/list/figures';
import { RateCard, RateCardLine } from '../entities';
import { effectiveLineStore, LINE_STORE_OVERRIDES, seesStore } from '../lines/rate-card-line-rows';
import { ID_7, RateCardSummary, summaryOf } from '../rate-cards/rate-cards.service';

export interface CompareStore {
  storeID: number;
  storeName: string;
  /** Absent for a profile without showRevenue / showCommission (figures.ts). */
  revenue?: number;
  commission?: number;
  active: boolean;
  /** The store's values: its override, else the line's (excludeDiscount: the SKU type's). */
  sku: string;
  description: string;
  customerRRP: number;
  customerMonthly: number;
  excludeDiscount: boolean;
  /** Which of those the store overrides. */
  overrides: string[];
}

export interface CompareLine {
  sku: string;
  description: string;
  skuTypeName: string;
  bandName: string | null;
  customerRRP: number;
  customerMonthly: number;
  contractMonths: number;
  stores: CompareStore[];
}

export interface Change {
  field: string;
  storeID: number | null;
  storeName: string | null;
  from: unknown;
  to: unknown;
}

export interface Totals {
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
}

const LINE_FIELDS = ['description', 'skuTypeName', 'bandName', 'customerRRP', 'customerMonthly', 'contractMonths'] as const;
const STORE_FIELDS = ['active', 'revenue', 'commission', 'sku', 'description', 'customerRRP', 'customerMonthly', 'excludeDiscount'] as const;
/** Store fields that follow the line unless overridden. */
const OVERRIDABLE: ReadonlySet<string> = new Set(LINE_STORE_OVERRIDES);
const zero = (): Totals => ({ added: 0, removed: 0, changed: 0, unchanged: 0 });
/** The figures of a compared line: its stores' revenue and commission. */
const LINE_FIGURES: Figures = { revenue: ['stores.revenue'], commission: ['stores.commission'] };

/**
 * GET /rateCardCompare?rateCardIDs=a,b: what changes from the earlier card to the later one, per
 * sale type, matched by SKU ignoring case. Two queries (each card's lines with their stores),
 * compared in memory. Store values are limited to the user's stores unless SystemSetup.
 */
@Injectable()
export class RateCardCompareService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The query must be exactly `rateCardIDs` holding two different ids of existing cards. */
  parse(query: Record<string, unknown>): [number, number] {
    const unknown = Object.keys(query).filter((k) => k !== 'rateCardIDs');
    if (unknown.length) throw new InvalidInput(Object.fromEntries(unknown.slice(0, 10).map((k) => [k.slice(0, 50), 'Unknown parameter'])));
    const raw = query.rateCardIDs;
    const message = 'Choose exactly two rate cards (rateCardIDs=a,b)';
    if (typeof raw !== 'string') throw new InvalidInput({ rateCardIDs: message });
    const parts = raw.split(',');
    if (parts.length !== 2 || !parts.every((p) => ID_7.test(p))) throw new InvalidInput({ rateCardIDs: message });
    const [a, b] = parts.map(Number);
    if (a === b) throw new InvalidInput({ rateCardIDs: 'Choose two different rate cards' });
    return [a, b];
  }

  async compare(query: Record<string, unknown>, user: AuthUser) {
    const ids = this.parse(query);
    const cards = await this.dataSource.manager.find(RateCard, { where: { rateCardID: In(ids) } });
    if (cards.length !== 2) throw new InvalidInput({ rateCardIDs: 'Choose two rate cards that exist' });
    cards.sort((x, y) => String(x.fromDate).localeCompare(String(y.fromDate)));
    const [from, to] = cards;
    const [fromLines, toLines] = await Promise.all([this.linesOf(from.rateCardID, user), this.linesOf(to.rateCardID, user)]);

    const saleTypes = new Map<
      number,
      {
        saleTypeID: number;
        saleTypeName: string;
        added: CompareLine[];
        removed: CompareLine[];
        changed: Array<{ sku: string; description: string; changes: Change[] }>;
        totals: Totals;
      }
    >();
    const group = (line: RateCardLine) => {
      let g = saleTypes.get(line.saleTypeID);
      if (!g) {
        g = { saleTypeID: line.saleTypeID, saleTypeName: line.saleType?.name ?? '', added: [], removed: [], changed: [], totals: zero() };
        saleTypes.set(line.saleTypeID, g);
      }
      return g;
    };
    const key = (line: RateCardLine) => `${line.saleTypeID}\u0000${line.sku.toLowerCase()}`;
    const before = new Map(fromLines.map((l) => [key(l), l]));
    const after = new Map(toLines.map((l) => [key(l), l]));
    for (const [k, old] of before) {
      const g = group(old);
      const now = after.get(k);
      if (!now) {
        g.removed.push(shape(old, user));
        g.totals.removed++;
        continue;
      }
      const changes = differences(shape(old, user), shape(now, user));
      if (changes.length) {
        g.changed.push({ sku: now.sku, description: now.description, changes });
        g.totals.changed++;
      } else g.totals.unchanged++;
    }
    for (const [k, now] of after) {
      if (before.has(k)) continue;
      const g = group(now);
      g.added.push(shape(now, user));
      g.totals.added++;
    }
    const list = [...saleTypes.values()].sort((x, y) => x.saleTypeName.localeCompare(y.saleTypeName));
    const bySku = (x: { sku: string }, y: { sku: string }) => x.sku.localeCompare(y.sku);
    for (const g of list) {
      g.added.sort(bySku);
      g.removed.sort(bySku);
      g.changed.sort(bySku);
    }
    const totals = zero();
    for (const g of list) for (const k of Object.keys(totals) as Array<keyof Totals>) totals[k] += g.totals[k];
    const data: { from: RateCardSummary; to: RateCardSummary; saleTypes: typeof list; totals: Totals } = {
      from: summaryOf(from),
      to: summaryOf(to),
      saleTypes: list,
      totals,
    };
    return data;
  }

  private linesOf(rateCardID: number, _user: AuthUser): Promise<RateCardLine[]> {
    return this.dataSource.manager
      .createQueryBuilder(RateCardLine, 'l')
      .leftJoinAndSelect('l.saleType', 'saleType')
      .leftJoinAndSelect('l.skuType', 'skuType')
      .leftJoinAndSelect('l.band', 'band')
      .leftJoinAndSelect('l.rateCardLineStores', 'ls')
      .leftJoinAndSelect('ls.store', 'store')
      .where('l.rateCardID = :rateCardID', { rateCardID })
      .getMany();
  }
}

/** A line as the user may see it: its stores limited to theirs, figures to those they may see. */
function shape(line: RateCardLine, user: AuthUser): CompareLine {
  const shaped: CompareLine = {
    sku: line.sku,
    description: line.description,
    skuTypeName: line.skuType?.name ?? '',
    bandName: line.band?.name ?? null,
    customerRRP: toMoney(line.customerRRP),
    customerMonthly: toMoney(line.customerMonthly),
    contractMonths: line.contractMonths,
    stores: (line.rateCardLineStores ?? [])
      .filter((ls) => seesStore(user, ls.storeID))
      .map((ls) => {
        const own = effectiveLineStore(ls, line);
        return {
          storeID: ls.storeID,
          storeName: ls.store?.name ?? '',
          revenue: toMoney(ls.revenue),
          commission: toMoney(ls.commission),
          active: ls.active,
          sku: own.sku ?? '',
          description: own.description ?? '',
          customerRRP: toMoney(own.customerRRP),
          customerMonthly: toMoney(own.customerMonthly),
          excludeDiscount: own.excludeDiscount,
          overrides: own.overrides,
        };
      })
      .sort((a, b) => a.storeName.localeCompare(b.storeName)),
  };
  return removeHiddenFigures(shaped, LINE_FIGURES, user);
}

/**
 * Line fields (storeID null), then per store active, revenue, commission and the store's values
 * of sku, description, customerRRP, customerMonthly, excludeDiscount (its override, else the
 * line's): those only where either side overrides them, since a change of the line's own value
 * is reported once on the line. A store on one side only has null on the other.
 */
function differences(old: CompareLine, now: CompareLine): Change[] {
  const changes: Change[] = [];
  for (const field of LINE_FIELDS) {
    if (old[field] !== now[field]) changes.push({ field, storeID: null, storeName: null, from: old[field], to: now[field] });
  }
  const oldStores = new Map(old.stores.map((s) => [s.storeID, s]));
  const newStores = new Map(now.stores.map((s) => [s.storeID, s]));
  const storeIDs = [...new Set([...oldStores.keys(), ...newStores.keys()])];
  const name = (id: number) => (newStores.get(id) ?? oldStores.get(id))!.storeName;
  storeIDs.sort((a, b) => name(a).localeCompare(name(b)));
  for (const storeID of storeIDs) {
    const a = oldStores.get(storeID);
    const b = newStores.get(storeID);
    for (const field of STORE_FIELDS) {
      // A figure the user may not see is on neither side: a change of it is no change to them.
      if (!(field in (b ?? a)!)) continue;
      if (OVERRIDABLE.has(field) && !a?.overrides.includes(field) && !b?.overrides.includes(field)) continue;
      const from = a ? a[field] : null;
      const to = b ? b[field] : null;
      if (from !== to) changes.push({ field, storeID, storeName: name(storeID), from, to });
    }
  }
  return changes;
}
