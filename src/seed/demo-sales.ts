import type { DataSource, EntityManager } from 'typeorm';
import type { AnalysisFieldsService } from '../modules/master-data/analysis-fields/analysis-fields.service';
import { AnalysisField } from '../modules/master-data/entities/analysis-field.entity';
import { DiscountStore } from '../modules/master-data/entities/discount-store.entity';
import { RateCard, RateCardLineStore } from '../modules/rate-cards/entities';
import { effectiveLineStore } from '../modules/rate-cards/lines/rate-card-line-rows';
import { checkAnalysisAnswers, type AnalysisAnswer } from '../modules/sales/sale-analysis';
import { saleAmounts } from '../modules/sales/sale-amounts';
import { CREDIT_CHECK_FAIL_ORDER_REF } from '../modules/sales/sale-rows';
import { sellsAtSql } from '../modules/users/users/sellers';

/**
 * Issue 9 demo sales: two years ending today for every store, seller and sale type, written
 * with multi-row INSERTs in one transaction (ids computed from the tables' current maximum),
 * so about 70,000 sales with their history and analysis values take seconds on either engine.
 *
 * Each sale follows the server's rules (sales.service.ts): the line store is an active one of
 * the card in force on the sale's date, at its store, for its sale type; the seller's access
 * profile has the store; amounts come from saleAmounts() with the discount as the server
 * applies it; analysis answers go through checkAnalysisAnswers() (the Handset band is filled
 * from the line). About 3 % are refunded (a refund row on a later date, the original marked
 * refunded), 2 % cancelled, 0.7 % credit-check fails, 6 % modified.
 *
 * The demo's rate cards start this month; so that two years of sales each have the card in
 * force on their date, earlier cards are added first (one a quarter, back past two years ago),
 * copies of the earliest card's lines and line stores with older prices.
 */

/** Sales a store makes on an ordinary weekday, before its size and the season. */
const SALES_PER_STORE_DAY = 8;
const P_CREDIT_FAIL = 0.007;
const P_CANCELLED = 0.02;
const P_REFUNDED = 0.032;
const P_MODIFIED = 0.06;
const P_DUPLICATE_REF = 0.002;

const CANCEL_REASONS = [
  'Customer changed their mind within the cooling-off period',
  'Recorded twice by mistake',
  'Order not completed by the network',
  'Customer failed ID verification',
];
const REFUND_NOTES = ['Faulty device returned', 'Returned within 14 days', 'Poor network coverage at home', 'Unopened, customer changed their mind'];
const MODIFIED_NOTES = ['Customer porting their number', 'Delivery to store requested', 'Trade-in to follow', 'Order reference corrected by the manager'];

type Rng = () => number;

/** mulberry32: a small seeded generator, so every run writes the same sales. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickWeighted<T>(items: T[], weight: (item: T) => number, random: Rng): T {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let r = random() * total;
  for (const item of items) {
    r -= weight(item);
    if (r < 0) return item;
  }
  return items[items.length - 1];
}

const digits = (n: number, random: Rng) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
const upper = (n: number, random: Rng) => Array.from({ length: n }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'[Math.floor(random() * 34)]).join('');

export function addDays(ymd: string, days: number): string {
  const date = new Date(`${ymd}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function addMonths(ymd: string, months: number): string {
  const [y, m] = ymd.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
}

/** 'yyyy-mm-dd hh:mm:ss.sss' (UTC), as both engines store DATETIME(3); never after `now`. */
function stamp(ymd: string, minuteOfDay: number, now: Date): string {
  const at = new Date(Math.min(Date.parse(`${ymd}T00:00:00Z`) + minuteOfDay * 60_000, now.getTime()));
  return at.toISOString().slice(0, 23).replace('T', ' ');
}

/** Multi-row INSERTs of at most ~30,000 parameters (SQLite's limit is 32,766). */
export async function insertRows(manager: EntityManager, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  const q = (name: string) => manager.connection.driver.escape(name);
  const per = Math.floor(30_000 / columns.length);
  const tuple = `(${columns.map(() => '?').join(',')})`;
  for (let i = 0; i < rows.length; i += per) {
    const chunk = rows.slice(i, i + per);
    await manager.query(`INSERT INTO ${q(table)} (${columns.map(q).join(',')}) VALUES ${chunk.map(() => tuple).join(',')}`, chunk.flat());
  }
}

async function maxID(manager: EntityManager, table: string, column: string): Promise<number> {
  const q = (name: string) => manager.connection.driver.escape(name);
  const [row] = await manager.query<Array<{ id: unknown }>>(`SELECT MAX(${q(column)}) AS id FROM ${q(table)}`);
  return Number(row?.id ?? 0);
}

/**
 * Cards before the earliest one, a quarter apart, until one is in force two years before
 * `today`: copies of the earliest card's lines and line stores, prices a little lower the older
 * the card. Answers how many cards were added.
 */
async function addEarlierCards(manager: EntityManager, start: string, nowStamp: string): Promise<number> {
  const cards = await manager.find(RateCard, { order: { fromDate: 'ASC' } });
  if (cards.length === 0) return 0;
  const earliest = cards[0];
  let fromDate = String(earliest.fromDate).slice(0, 10);
  let added = 0;
  while (fromDate > start) {
    fromDate = addMonths(fromDate, -3);
    added += 1;
    // 1 % lower revenue and commission a quarter back, so older sales earned a little less.
    const factor = 1 - 0.01 * added;
    await manager.query('INSERT INTO rateCard (name, fromDate, createdByUserName, createdDate, updatedByUserName, updatedDate) VALUES (?, ?, ?, ?, ?, ?)', [
      `Rate card ${fromDate.slice(0, 7)}`,
      fromDate,
      'Demo data',
      nowStamp,
      'Demo data',
      nowStamp,
    ]);
    const card = await manager.findOneByOrFail(RateCard, { fromDate });
    await manager.query(
      'INSERT INTO rateCardLine (rateCardID, saleTypeID, sku, skuTypeID, description, customerRRP, customerMonthly, contractMonths, bandID, legacySKU, ' +
        'createdByUserName, createdDate, updatedByUserName, updatedDate) ' +
        'SELECT ?, saleTypeID, sku, skuTypeID, description, customerRRP, customerMonthly, contractMonths, bandID, legacySKU, ?, ?, ?, ? ' +
        'FROM rateCardLine WHERE rateCardID = ?',
      [card.rateCardID, 'Demo data', nowStamp, 'Demo data', nowStamp, earliest.rateCardID],
    );
    await manager.query(
      'INSERT INTO rateCardLineStore (rateCardLineID, storeID, active, revenue, commission, sku, description, customerRRP, customerMonthly, excludeDiscount) ' +
        'SELECT nl.rateCardLineID, ls.storeID, ls.active, ROUND(ls.revenue * ?, 2), ROUND(ls.commission * ?, 2), ls.sku, ls.description, ls.customerRRP, ls.customerMonthly, ls.excludeDiscount ' +
        'FROM rateCardLineStore ls INNER JOIN rateCardLine ol ON ol.rateCardLineID = ls.rateCardLineID ' +
        'INNER JOIN rateCardLine nl ON nl.rateCardID = ? AND nl.saleTypeID = ol.saleTypeID AND nl.sku = ol.sku ' +
        'WHERE ol.rateCardID = ?',
      [factor, factor, card.rateCardID, earliest.rateCardID],
    );
  }
  return added;
}

interface Seller {
  userID: number;
  name: string;
  homeStoreID: number | null;
}

interface PlannedSale {
  key: number;
  saleID: number;
  date: string;
  minute: number;
  storeID: number;
  saleTypeID: number;
  seller: Seller;
  orderRef: string;
  lineStore: RateCardLineStore;
  sku: string;
  discount: DiscountStore | null;
  discountPercent: number | null;
  revenue: number;
  commission: number;
  step: 'recorded' | 'modified' | 'cancelled';
  notes: string;
  answers: AnalysisAnswer[];
  refundOf?: PlannedSale;
  refundedBy?: PlannedSale;
  refundNote?: string;
  refundOrderRef?: string;
  updated?: { date: string; minute: number };
}

interface PlannedHistory {
  sale: PlannedSale;
  step: string;
  description: string;
  at: string;
}

export interface DemoSalesResult {
  sales: number;
  refunds: number;
  cancelled: number;
  creditFails: number;
  modified: number;
  earlierCards: number;
  from: string;
}

/**
 * Adds the demo sales when the database has none (so running the seed again adds nothing).
 * `today` is the configured time zone's (RateCardsService.today()); the fields each store asks
 * are read as a save reads them (AnalysisFieldsService.fieldsAt).
 */
export async function seedDemoSales(dataSource: DataSource, today: string, analysisFields: AnalysisFieldsService): Promise<DemoSalesResult | null> {
  const [{ n }] = await dataSource.query<Array<{ n: unknown }>>('SELECT COUNT(*) AS n FROM sale');
  if (Number(n) > 0) return null;
  const now = new Date();
  const nowStamp = now.toISOString().slice(0, 23).replace('T', ' ');
  const start = addDays(today, -730);
  const random = rng(20261122);

  return dataSource.transaction(async (manager) => {
    const earlierCards = await addEarlierCards(manager, start, nowStamp);
    const cards = (await manager.find(RateCard, { order: { fromDate: 'ASC' } })).map((c) => ({ ...c, fromDate: String(c.fromDate).slice(0, 10) }));
    if (cards.length === 0) return null;

    // Active line stores by card, store and sale type, with what the price and the analysis read.
    const lineStores = await manager.find(RateCardLineStore, {
      where: { active: true },
      relations: { rateCardLine: { skuType: true, band: true } },
      order: { rateCardLineStoreID: 'ASC' },
    });
    const offered = new Map<string, RateCardLineStore[]>();
    for (const ls of lineStores) {
      const key = `${ls.rateCardLine!.rateCardID}/${ls.storeID}/${ls.rateCardLine!.saleTypeID}`;
      offered.set(key, [...(offered.get(key) ?? []), ls]);
    }
    const sellers = new Map<number, Seller[]>();
    const sellerRows: Array<{ userID: number; name: string; storeID: number | null; sellsAt: number }> = await manager.query(
      'SELECT u.userID AS userID, u.name AS name, u.storeID AS storeID, aps.storeID AS sellsAt FROM user u ' +
        `INNER JOIN accessProfileStore aps ON aps.accessProfileID = u.accessProfileID WHERE u.active = ? AND ${sellsAtSql('u', 'aps.storeID')} ORDER BY u.userID, aps.storeID`,
      [1],
    );
    for (const row of sellerRows) {
      const storeID = Number(row.sellsAt);
      sellers.set(storeID, [
        ...(sellers.get(storeID) ?? []),
        { userID: Number(row.userID), name: row.name, homeStoreID: row.storeID == null ? null : Number(row.storeID) },
      ]);
    }
    const stores: Array<{ storeID: number; squareFeet: number | null }> = (
      await manager.query<Array<{ storeID: unknown; squareFeet: unknown }>>('SELECT storeID, squareFeet FROM store ORDER BY storeID')
    ).map((s) => ({ storeID: Number(s.storeID), squareFeet: s.squareFeet == null ? null : Number(s.squareFeet) }));
    const saleTypes: Array<{ saleTypeID: number; name: string }> = (
      await manager.query<Array<{ saleTypeID: unknown; name: string }>>('SELECT saleTypeID, name FROM saleType ORDER BY saleTypeID')
    ).map((s) => ({ saleTypeID: Number(s.saleTypeID), name: s.name }));
    const discounts = await manager.find(DiscountStore, { where: { enabled: true }, relations: { discount: true }, order: { discountStoreID: 'ASC' } });
    const fieldsAt = new Map<number, AnalysisField[]>();
    for (const { storeID } of stores) {
      fieldsAt.set(storeID, await analysisFields.fieldsAt(manager, storeID));
    }
    const textRegex = new Map<number, RegExp>();
    const checkedFieldsAt = new Map<number, AnalysisField[]>();
    for (const [storeID, fields] of fieldsAt) {
      for (const f of fields) if (f.inputType === 'text' && f.regex) textRegex.set(f.analysisFieldID, new RegExp(f.regex));
      checkedFieldsAt.set(
        storeID,
        fields.map((f) => (textRegex.has(f.analysisFieldID) ? Object.assign(new AnalysisField(), f, { regex: null }) : f)),
      );
    }
    const typeWeight = (name: string) => (/upgrade/i.test(name) ? 35 : /sim/i.test(name) ? 25 : 40);
    const skuWeight = (ls: RateCardLineStore) =>
      ({ Handset: 1, SIM: 1, Tablet: 0.3, Accessory: 0.4, Insurance: 0.4 })[ls.rateCardLine!.skuType?.name ?? ''] ?? 0.5;

    const planned: PlannedSale[] = [];
    const cardOn = (date: string) => {
      let card = null;
      for (const c of cards) if (c.fromDate <= date) card = c;
      return card;
    };
    let key = 0;
    for (let date = start; date <= today; date = addDays(date, 1)) {
      const card = cardOn(date);
      if (!card) continue;
      const day = new Date(`${date}T00:00:00Z`);
      const weekday = day.getUTCDay();
      const season = (weekday === 6 ? 1.5 : weekday === 0 ? 0.8 : 1) * (day.getUTCMonth() === 11 ? 1.4 : day.getUTCMonth() === 0 ? 0.8 : 1);
      // The franchise grows about 15 % a year.
      const growth = 1 + (0.15 * (Date.parse(date) - Date.parse(start))) / (365 * 86_400_000);
      for (const store of stores) {
        const size = store.squareFeet ? Math.min(1.3, Math.max(0.7, store.squareFeet / 900)) : 1;
        const count = Math.round(SALES_PER_STORE_DAY * season * growth * size * (0.6 + 0.8 * random()));
        const storeSellers = sellers.get(store.storeID) ?? [];
        if (storeSellers.length === 0) continue;
        for (let i = 0; i < count; i++) {
          const types = saleTypes.filter((t) => offered.has(`${card.rateCardID}/${store.storeID}/${t.saleTypeID}`));
          if (types.length === 0) break;
          const type = pickWeighted(types, (t) => typeWeight(t.name), random);
          const lineStore = pickWeighted(offered.get(`${card.rateCardID}/${store.storeID}/${type.saleTypeID}`)!, skuWeight, random);
          const line = lineStore.rateCardLine!;
          const effective = effectiveLineStore(lineStore, line);
          // Most sales are made by the store's own staff, some by colleagues covering, a few by managers.
          const seller = pickWeighted(storeSellers, (s) => (s.homeStoreID === store.storeID ? 8 : s.homeStoreID === null ? 0.2 : 1), random);

          let discount: DiscountStore | null = null;
          let discountPercent: number | null = null;
          if (!effective.excludeDiscount) {
            const here = discounts.filter((d) => d.storeID === store.storeID && d.discount?.saleTypeID === type.saleTypeID);
            if (here.length && random() < 0.15) {
              discount = here[Math.floor(random() * here.length)];
              discountPercent = discount.captureVariablePercent ? 5 * (1 + Math.floor(random() * 8)) : null;
            }
          }

          const r = random();
          const creditFail = r < P_CREDIT_FAIL;
          const cancelled = !creditFail && r < P_CREDIT_FAIL + P_CANCELLED;
          const amounts = saleAmounts({
            lineStore,
            discount,
            discountPercent,
            excludeDiscount: effective.excludeDiscount,
            isCancelled: creditFail || cancelled,
          });

          const sent: AnalysisAnswer[] = [];
          const device = ['Handset', 'Tablet'].includes(line.skuType?.name ?? '');
          for (const field of fieldsAt.get(store.storeID) ?? []) {
            if (field.autoFillFrom) continue;
            const items = field.analysisListItems ?? [];
            if (field.inputType === 'text') {
              // The IMEI field (15 digits) on most device sales; another text field only when required.
              const imei = /\\d\{15\}/.test(field.regex ?? '');
              if (imei ? device && random() < 0.7 : field.required)
                sent.push({ analysisFieldID: field.analysisFieldID, analysisValue: imei ? `35${digits(13, random)}` : 'Demo' });
            } else if (items.length && (field.required || random() < 0.5)) {
              // The first item (e.g. insurance "Yes") on about a third of device sales.
              const first = device && random() < 0.35;
              const item = first || items.length === 1 ? items[0] : items[1 + Math.floor(random() * (items.length - 1))];
              sent.push({ analysisFieldID: field.analysisFieldID, analysisValue: item.code });
            }
          }
          // Text answers are matched here with the field's regex compiled once (the server runs each
          // check in a vm with a time limit, too slow for 40,000 answers), the rest as the server does.
          for (const answer of sent) {
            const regex = textRegex.get(answer.analysisFieldID);
            if (regex && !regex.test(answer.analysisValue)) throw new Error(`Demo analysis value ${answer.analysisValue} does not match ${regex}`);
          }
          const checked = checkAnalysisAnswers(
            checkedFieldsAt.get(store.storeID) ?? [],
            sent,
            { bandName: line.band?.name ?? null, description: effective.description ?? '' },
            true,
          );
          if (Object.keys(checked.errors).length) throw new Error(`Demo sale analysis values refused: ${JSON.stringify(checked.errors)}`);

          // Now and then an order reference keyed twice (the console flags duplicates).
          const previous = planned[planned.length - 1];
          const duplicateOf = previous && previous.orderRef !== CREDIT_CHECK_FAIL_ORDER_REF ? previous.orderRef : null;
          const sale: PlannedSale = {
            key: key++,
            saleID: 0,
            date,
            minute: 9 * 60 + Math.floor(random() * 9 * 60),
            storeID: store.storeID,
            saleTypeID: type.saleTypeID,
            seller,
            orderRef: creditFail ? CREDIT_CHECK_FAIL_ORDER_REF : duplicateOf && random() < P_DUPLICATE_REF ? duplicateOf : digits(20, random),
            lineStore,
            sku: effective.sku ?? line.sku,
            discount,
            discountPercent,
            revenue: amounts.revenue,
            commission: amounts.commission,
            step: creditFail || cancelled ? 'cancelled' : 'recorded',
            notes: creditFail ? 'Credit check fail' : '',
            answers: checked.answers,
          };
          if (!creditFail && !cancelled && random() < P_MODIFIED) {
            sale.step = 'modified';
            sale.notes = MODIFIED_NOTES[Math.floor(random() * MODIFIED_NOTES.length)];
            // Changed the same day, before any refund (a refunded sale cannot be edited).
            sale.updated = { date, minute: sale.minute + 30 + Math.floor(random() * 60) };
          }
          if (cancelled) sale.updated = { date, minute: sale.minute + 20 + Math.floor(random() * 200) };
          planned.push(sale);

          if (!creditFail && !cancelled && random() < P_REFUNDED) {
            const refundDate = addDays(date, 1 + Math.floor(random() * 28));
            if (refundDate <= today) {
              const note = REFUND_NOTES[Math.floor(random() * REFUND_NOTES.length)];
              const refund: PlannedSale = {
                ...sale,
                key: key++,
                date: refundDate,
                minute: 9 * 60 + Math.floor(random() * 9 * 60),
                revenue: -sale.revenue + 0,
                commission: -sale.commission + 0,
                step: 'recorded',
                notes: note,
                refundOf: sale,
                updated: undefined,
              };
              sale.refundedBy = refund;
              sale.refundNote = note;
              sale.refundOrderRef = upper(20, random);
              refund.refundOrderRef = sale.refundOrderRef;
              planned.push(refund);
            }
          }
        }
      }
    }

    // Ids in the order the sales were recorded (a refund comes after its sale, on its own date).
    planned.sort((a, b) => (a.date === b.date ? a.minute - b.minute || a.key - b.key : a.date < b.date ? -1 : 1));
    let saleID = await maxID(manager, 'sale', 'saleID');
    for (const sale of planned) sale.saleID = ++saleID;

    const history: PlannedHistory[] = [];
    for (const sale of planned) {
      const at = stamp(sale.date, sale.minute, now);
      if (sale.refundOf) {
        history.push({ sale, step: 'recorded', description: `Refund of sale ${sale.refundOf.saleID}: ${sale.notes}`, at });
        history.push({ sale: sale.refundOf, step: sale.refundOf.step, description: `Refunded: ${sale.refundOf.refundNote}`, at });
        continue;
      }
      if (sale.orderRef === CREDIT_CHECK_FAIL_ORDER_REF && sale.step === 'cancelled') {
        history.push({ sale, step: 'cancelled', description: 'Credit check fail', at });
        continue;
      }
      history.push({ sale, step: 'recorded', description: 'Sale recorded', at });
      if (sale.step === 'modified')
        history.push({ sale, step: 'modified', description: 'Changed notes', at: stamp(sale.updated!.date, sale.updated!.minute, now) });
      if (sale.step === 'cancelled') {
        history.push({
          sale,
          step: 'cancelled',
          description: `Cancelled: ${CANCEL_REASONS[sale.saleID % CANCEL_REASONS.length]}`,
          at: stamp(sale.updated!.date, sale.updated!.minute, now),
        });
      }
    }
    history.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    let historyID = await maxID(manager, 'history', 'historyID');
    const current = new Map<PlannedSale, { id: number; at: string }>();
    const historyRows = history.map((h) => {
      historyID += 1;
      current.set(h.sale, { id: historyID, at: h.at });
      return [historyID, 'sale', h.sale.saleID, h.step, h.description, h.at, h.sale.seller.name];
    });

    const saleRows = planned.map((s) => {
      const created = stamp(s.date, s.minute, now);
      const last = current.get(s)!;
      const money = (v: number) => Math.round(v * 100) / 100 + 0;
      return [
        s.saleID,
        s.storeID,
        s.saleTypeID,
        s.seller.userID,
        s.date,
        s.orderRef,
        s.lineStore.rateCardLine!.rateCardID,
        s.lineStore.rateCardLineID,
        s.lineStore.rateCardLineStoreID,
        s.sku,
        last.id,
        s.step,
        s.revenue,
        s.commission,
        0,
        money(s.revenue),
        s.refundOf?.saleID ?? null,
        s.refundOf ? 1 : 0,
        s.refundedBy ? 1 : 0,
        s.refundedBy ? s.refundNote! : null,
        s.refundOrderRef ?? null,
        s.notes,
        s.discount?.discountStoreID ?? null,
        s.discountPercent,
        money(s.revenue),
        0,
        0,
        s.seller.name,
        created,
        s.seller.name,
        last.at,
      ];
    });
    await insertRows(
      manager,
      'sale',
      [
        'saleID',
        'storeID',
        'saleTypeID',
        'attributableToUserID',
        'saleDate',
        'orderRef',
        'rateCardID',
        'rateCardLineID',
        'rateCardLineStoreID',
        'sku',
        'currentHistoryID',
        'currentHistoryStep',
        'revenue',
        'commission',
        'adjustment',
        'adjustedRevenue',
        'refSaleID',
        'isRefund',
        'isRefunded',
        'isRefundedNote',
        'isRefundedOrderRef',
        'notes',
        'discountStoreID',
        'discountPercent',
        'unreconciledRevenue',
        'recSheetLinesTotal',
        'recSheetLinesCount',
        'createdByUserName',
        'createdDate',
        'updatedByUserName',
        'updatedDate',
      ],
      saleRows,
    );
    await insertRows(manager, 'history', ['historyID', 'documentType', 'documentID', 'step', 'description', 'createdDate', 'createdByUserName'], historyRows);
    await insertRows(
      manager,
      'saleAnalysisValue',
      ['saleID', 'analysisFieldID', 'analysisValue'],
      planned.flatMap((s) => s.answers.map((a) => [s.saleID, a.analysisFieldID, a.analysisValue])),
    );
    const originals = planned.filter((s) => !s.refundOf);
    return {
      sales: originals.length,
      refunds: planned.length - originals.length,
      cancelled: originals.filter((s) => s.step === 'cancelled' && s.orderRef !== CREDIT_CHECK_FAIL_ORDER_REF).length,
      creditFails: originals.filter((s) => s.orderRef === CREDIT_CHECK_FAIL_ORDER_REF).length,
      modified: originals.filter((s) => s.step === 'modified').length,
      earlierCards,
      from: start,
    };
  });
}
