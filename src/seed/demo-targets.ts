import type { DataSource } from 'typeorm';
import type { SaleFigures } from '../modules/sales/sale-figures';
import type { TargetType } from '../modules/targets/entities/target.entity';
import { distributeTotal, type HoursShare } from '../shared/hours-distribution';
import { addDays, addMonths, insertRows, rng } from './demo-sales';
import { sellsAtSql } from '../modules/users/users/sellers';

/**
 * Issue 11 demo targets and daily stats, for the last 13 months and this one, so the targets
 * screens and the dashboard have history to compare.
 *
 * Targets: for every store and month, the store total of each type the store targets, each of
 * its users (active, access profile has the store) and each targeted analysis list item (single
 * fields linked to the store with that target type on, items with enableTargets), for the types
 * both the store and the field target. A store total is the month's actual sales as
 * ARCHITECTURE.md counts them ("What counts in figures") times 0.85–1.2, so some are met and some
 * missed; this month's actual is projected to the whole month. The users' values are the store
 * total distributed by distributeTotal() (the grid's own rule), with hours following each user's
 * share of the store's sales that month, so they land near what each user sells too.
 *
 * Daily stats: every day up to today for the stores whose type records any, only the columns
 * the type records (the others stay null: not recorded).
 */

const FACTOR_MIN = 0.85;
const FACTOR_MAX = 1.2;
/** A full-time month's hours: the user selling most in a store that month. */
const FULL_MONTH_HOURS = 160;
/** Weightings in percent: trainees below 100, senior sellers above. */
const WEIGHTS = [100, 100, 100, 80, 120];

export interface DemoTargetsResult {
  /** null when the database already had targets (so a re-run adds none). */
  targets: { rows: number; from: string } | null;
  /** null when the database already had daily stats. */
  dailyStats: { rows: number; from: string } | null;
}

type Amounts = Record<TargetType, number>;

interface DemoStore {
  storeID: number;
  squareFeet: number;
  types: TargetType[];
  recordFootfall: boolean;
  recordChatCount: boolean;
  recordStaffCount: boolean;
}

interface TargetedItem {
  analysisFieldID: number;
  analysisListItemID: number;
  code: string;
  types: TargetType[];
}

const flag = (value: unknown) => Number(value) === 1 || value === true;

/** The seller key of a store's sales by every seller: what a store total counts. */
const EVERY_USER = '*';

/**
 * Adds the demo targets (when the database has none) and daily stats (when it has none), each
 * written in one transaction of multi-row INSERTs. `today` is the configured time zone's; `figures`
 * counts the actual sales as the targets' actuals do.
 */
export async function seedDemoTargets(dataSource: DataSource, today: string, figures: SaleFigures): Promise<DemoTargetsResult> {
  const from = addMonths(today, -13);
  const nowStamp = new Date().toISOString().slice(0, 23).replace('T', ' ');
  const stores = await readStores(dataSource);
  const count = async (table: string) => Number((await dataSource.query<Array<{ n: unknown }>>(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);

  let targets: DemoTargetsResult['targets'] = null;
  if ((await count('target')) === 0) {
    const rows = await planTargets(dataSource, figures, stores, from, today, nowStamp);
    await dataSource.transaction((manager) => insertRows(manager, 'target', TARGET_COLUMNS, rows));
    targets = { rows: rows.length, from };
  }
  let dailyStats: DemoTargetsResult['dailyStats'] = null;
  if ((await count('dailyStat')) === 0) {
    const rows = planDailyStats(stores, from, today, nowStamp);
    await dataSource.transaction((manager) => insertRows(manager, 'dailyStat', DAILY_STAT_COLUMNS, rows));
    dailyStats = { rows: rows.length, from };
  }
  return { targets, dailyStats };
}

async function readStores(dataSource: DataSource): Promise<DemoStore[]> {
  const rows: Array<Record<string, unknown>> = await dataSource.query(
    'SELECT s.storeID AS storeID, s.squareFeet AS squareFeet, s.targetRevenue AS targetRevenue, s.targetQuantity AS targetQuantity, ' +
      't.recordFootfall AS recordFootfall, t.recordChatCount AS recordChatCount, t.recordStaffCount AS recordStaffCount ' +
      'FROM store s LEFT JOIN storeType t ON t.storeTypeID = s.storeTypeID ORDER BY s.storeID',
  );
  return rows.map((r) => ({
    storeID: Number(r.storeID),
    squareFeet: Number(r.squareFeet ?? 0),
    types: [...(flag(r.targetRevenue) ? ['revenue' as const] : []), ...(flag(r.targetQuantity) ? ['quantity' as const] : [])],
    recordFootfall: flag(r.recordFootfall),
    recordChatCount: flag(r.recordChatCount),
    recordStaffCount: flag(r.recordStaffCount),
  }));
}

const TARGET_COLUMNS = [
  'storeID',
  'targetDate',
  'targetType',
  'userID',
  'targetForUserID',
  'analysisFieldID',
  'analysisListItemID',
  'isTarget',
  'target',
  'hours',
  'weight',
  'createdByUserName',
  'createdDate',
  'updatedByUserName',
  'updatedDate',
];
const DAILY_STAT_COLUMNS = [
  'storeID',
  'dailyStatDate',
  'footfall',
  'chatCount',
  'staffCount',
  'createdByUserName',
  'createdDate',
  'updatedByUserName',
  'updatedDate',
];

/** The target rows, in TARGET_COLUMNS order. */
async function planTargets(
  dataSource: DataSource,
  figures: SaleFigures,
  stores: DemoStore[],
  from: string,
  today: string,
  nowStamp: string,
): Promise<unknown[][]> {
  const random = rng(20261111);
  const thisMonth = `${today.slice(0, 7)}-01`;

  // The store's sellers (the targets grid's rows): active, and their access profile sells and has the store.
  const usersAt = new Map<number, number[]>();
  const userRows: Array<{ userID: unknown; storeID: unknown }> = await dataSource.query(
    'SELECT u.userID AS userID, aps.storeID AS storeID FROM user u INNER JOIN accessProfileStore aps ON aps.accessProfileID = u.accessProfileID ' +
      `WHERE u.active = ? AND ${sellsAtSql('u', 'aps.storeID')} ORDER BY aps.storeID, u.userID`,
    [1],
  );
  for (const row of userRows) usersAt.set(Number(row.storeID), [...(usersAt.get(Number(row.storeID)) ?? []), Number(row.userID)]);

  const itemsAt = new Map<number, TargetedItem[]>();
  const itemRows = await dataSource.query<
    Array<{ storeID: unknown; analysisFieldID: number; targetRevenue: unknown; targetQuantity: unknown; analysisListItemID: unknown; code: string }>
  >(
    'SELECT fs.storeID AS storeID, f.analysisFieldID AS analysisFieldID, f.targetRevenue AS targetRevenue, f.targetQuantity AS targetQuantity, ' +
      'i.analysisListItemID AS analysisListItemID, i.code AS code ' +
      'FROM analysisField f INNER JOIN analysisFieldStore fs ON fs.analysisFieldID = f.analysisFieldID ' +
      'INNER JOIN analysisListItem i ON i.analysisFieldID = f.analysisFieldID ' +
      "WHERE f.inputType = 'single' AND (f.targetRevenue = ? OR f.targetQuantity = ?) AND i.enableTargets = ? " +
      'ORDER BY fs.storeID, f.analysisFieldID, i.analysisListItemID',
    [1, 1, 1],
  );
  for (const row of itemRows) {
    const item: TargetedItem = {
      analysisFieldID: Number(row.analysisFieldID),
      analysisListItemID: Number(row.analysisListItemID),
      code: String(row.code),
      types: [...(flag(row.targetRevenue) ? ['revenue' as const] : []), ...(flag(row.targetQuantity) ? ['quantity' as const] : [])],
    };
    itemsAt.set(Number(row.storeID), [...(itemsAt.get(Number(row.storeID)) ?? []), item]);
  }

  // Actual sales as the targets' actuals count them, by store, month and seller, overall and by
  // answered list item; the store total counts every seller.
  const actual = new Map<string, Amounts>();
  const itemIDs = new Map(itemRows.map((r) => [`${r.analysisFieldID}/${r.code}`, Number(r.analysisListItemID)]));
  const fieldIDs = [...new Set(itemRows.map((r) => Number(r.analysisFieldID)))];
  for (let month = from; month <= thisMonth; month = addMonths(month, 1)) {
    for (const store of stores) {
      for (const total of await figures.storeTotals(store.storeID, month, addDays(addMonths(month, 1), -1), fieldIDs)) {
        const itemID = total.analysisFieldID === 0 ? 0 : itemIDs.get(`${total.analysisFieldID}/${total.analysisValue}`);
        if (itemID === undefined) continue;
        for (const user of [String(total.attributableToUserID), EVERY_USER]) {
          const key = `${store.storeID}/${month}/${user}/${itemID}`;
          const sum = actual.get(key) ?? { revenue: 0, quantity: 0 };
          sum.revenue += total.revenue;
          sum.quantity += total.quantity;
          actual.set(key, sum);
        }
      }
    }
  }
  const actualOf = (storeID: number, month: string, user: number | typeof EVERY_USER, itemID: number, type: TargetType) =>
    actual.get(`${storeID}/${month}/${user}/${itemID}`)?.[type] ?? 0;
  // This month so far, projected to the whole month.
  const daysIn = (month: string) => Number(addDays(addMonths(month, 1), -1).slice(8, 10));
  const projection = (month: string) => (month === thisMonth ? daysIn(month) / Number(today.slice(8, 10)) : 1);

  const rows: unknown[][] = [];
  const audit = ['Demo data', nowStamp, 'Demo data', nowStamp];
  for (let month = from; month <= thisMonth; month = addMonths(month, 1)) {
    for (const store of stores) {
      const userIDs = usersAt.get(store.storeID) ?? [];
      // Hours follow each user's share of the store's sales that month; every user works some.
      const sold = userIDs.map((userID) => Math.max(0, actualOf(store.storeID, month, userID, 0, 'revenue')));
      const most = Math.max(1, ...sold);
      const shares: HoursShare[] = userIDs.map((userID, i) => ({
        hours: Math.max(1, Math.round(FULL_MONTH_HOURS * (sold[i] / most) * (0.9 + 0.2 * random()))),
        weight: WEIGHTS[userID % WEIGHTS.length],
      }));
      const cells: Array<{ itemID: number; fieldID: number; types: TargetType[] }> = [
        { itemID: 0, fieldID: 0, types: store.types },
        ...(itemsAt.get(store.storeID) ?? []).map((item) => ({
          itemID: item.analysisListItemID,
          fieldID: item.analysisFieldID,
          types: item.types.filter((type) => store.types.includes(type)),
        })),
      ];
      for (const cell of cells) {
        for (const type of cell.types) {
          const expected = actualOf(store.storeID, month, EVERY_USER, cell.itemID, type) * projection(month);
          const total = Math.max(0, Math.round(expected * (FACTOR_MIN + (FACTOR_MAX - FACTOR_MIN) * random())));
          if (total === 0) continue;
          rows.push([store.storeID, month, type, 0, 0, cell.fieldID, cell.itemID, 1, total, 0, 0, ...audit]);
          const distribution = distributeTotal(total, shares);
          distribution.values.forEach((value, i) => {
            const { hours, weight } = distribution.users[i];
            rows.push([store.storeID, month, type, userIDs[i], userIDs[i], cell.fieldID, cell.itemID, 1, value, hours, weight, ...audit]);
          });
        }
      }
    }
  }
  return rows;
}

/** The daily stat rows, in DAILY_STAT_COLUMNS order. */
function planDailyStats(stores: DemoStore[], from: string, today: string, nowStamp: string): unknown[][] {
  const random = rng(20261112);
  const recording = stores.filter((s) => s.recordFootfall || s.recordChatCount || s.recordStaffCount);
  const rows: unknown[][] = [];
  for (let date = from; date <= today; date = addDays(date, 1)) {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const busy = weekday === 6 ? 1.45 : weekday === 0 ? 1.25 : 1;
    for (const store of recording) {
      const size = Math.min(1.4, Math.max(0.7, store.squareFeet / 900));
      const footfall = Math.round(Math.min(600, Math.max(150, 260 * size * busy * (0.8 + 0.4 * random()))));
      const chats = Math.round(Math.min(60, Math.max(10, footfall * (0.06 + 0.06 * random()))));
      // Part-timers now and then make half a staff member.
      const staff = Math.min(8, Math.max(3, Math.round(3 * size * busy + 2 * random())) + (random() < 0.3 ? 0.5 : 0));
      rows.push([
        store.storeID,
        date,
        store.recordFootfall ? footfall : null,
        store.recordChatCount ? chats : null,
        store.recordStaffCount ? staff : null,
        'Demo data',
        nowStamp,
        'Demo data',
        nowStamp,
      ]);
    }
  }
  return rows;
}
