/**
 * The targets grid's pure logic (spec 02 §2.1, §4 "Targets editor", §5 "Targets"): its layout
 * (users and columns) from the store, its users and its analysis fields; the rows from the
 * server's targets; the hours distribution; and the entries a save sends.
 */
import { distributeTotal } from '../../../../src/shared/hours-distribution';
import { resolveDailyStatsRoute } from '../daily/dailyStats';

export type TargetType = 'revenue' | 'quantity';
/** Column order: revenue first, then quantity. */
export const TARGET_TYPES: readonly TargetType[] = ['revenue', 'quantity'];

/** A target as GET /api/targets/actuals (and, without the actual, GET /api/targets) answers it. */
export interface TargetRecord {
  targetID: number;
  targetType: TargetType;
  /** 0: the store total. */
  userID: number;
  userName?: string;
  targetForUserID?: number;
  /** 0: overall, not per analysis field. */
  analysisFieldID: number;
  analysisFieldLabel?: string;
  analysisListItemID: number;
  analysisListItemCode?: string;
  /** What users read for the item; may be '' (the code is shown then). */
  analysisListItemDescription?: string;
  /** False on an entry that only carries the user's hours and weight. */
  isTarget: boolean;
  target: number;
  hours: number;
  weight: number;
  actual?: number;
  /** Why the target can no longer be in the grid ('' when it can). */
  error?: string;
  /** The base64 sales filter of the sales behind the actual. */
  actualSaleParams?: string;
}

/** One entry of PUT /api/targets/{storeID}/{date}. */
export interface TargetEntry {
  userID: number;
  targetForUserID: number;
  analysisFieldID: number;
  analysisListItemID: number;
  targetType: TargetType;
  target: number;
  isTarget: boolean;
  hours: number;
  weight: number;
}

export interface StoreUser {
  userID: number;
  name: string;
}

/** One column of the grid: a type, overall or for one analysis list item. */
export interface TargetColumn {
  key: string;
  targetType: TargetType;
  analysisFieldID: number;
  analysisListItemID: number;
  /** '' on an overall column. */
  fieldLabel: string;
  /** The list item as users read it: its description, or its code when that is empty ('' on an overall column). */
  itemName: string;
}

/** What a store's grid may hold: its rows' users and its columns (spec 02 §5). */
export interface TargetLayout {
  users: StoreUser[];
  columns: TargetColumn[];
}

/** One grid row: the store total (userID 0) or a user. */
export interface TargetRow {
  userID: number;
  name: string;
  hours: number;
  weight: number;
  /** The value per column key; missing or null: no target. */
  values: Record<string, number | null>;
  /** The loaded target per column key: actual, error and sales link in the progress views. */
  targets: Record<string, TargetRecord>;
}

export const STORE_TOTAL_NAME = 'Store total';

export function columnKey(cell: { targetType: TargetType; analysisFieldID: number; analysisListItemID: number }): string {
  return `${cell.targetType}:${cell.analysisFieldID}:${cell.analysisListItemID}`;
}

/** The store record's target flags (GET /api/stores?storeID=). */
export interface StoreTargeting {
  name?: string;
  targetRevenue?: boolean;
  targetQuantity?: boolean;
}

/** A row of GET /api/analysisFieldStores?fkJoins=analysisField,analysisField.analysisListItems. */
export interface AnalysisFieldStoreRecord {
  analysisField?: {
    analysisFieldID: number;
    name?: string;
    label?: string | null;
    inputType: string;
    targetRevenue: boolean;
    targetQuantity: boolean;
    analysisListItems?: { analysisListItemID: number; code: string; description?: string | null; enableTargets: boolean }[];
  };
}

const targets = (flags: { targetRevenue?: boolean; targetQuantity?: boolean }, type: TargetType) =>
  Boolean(type === 'revenue' ? flags.targetRevenue : flags.targetQuantity);

/**
 * The grid's columns (spec 02 §5): for each type the store targets (revenue only when the
 * profile shows revenue), the overall target, then each single-input field targeting that type
 * with its list items that have enableTargets.
 */
export function targetColumns(store: StoreTargeting, showRevenue: boolean, fieldStores: AnalysisFieldStoreRecord[]): TargetColumn[] {
  const fields = fieldStores
    .map((link) => link.analysisField)
    .filter((field): field is NonNullable<AnalysisFieldStoreRecord['analysisField']> => Boolean(field && field.inputType === 'single'))
    .map((field) => ({ ...field, label: field.label || field.name || `Field ${field.analysisFieldID}` }))
    .sort((a, b) => a.label.localeCompare(b.label) || a.analysisFieldID - b.analysisFieldID);
  const columns: TargetColumn[] = [];
  for (const targetType of TARGET_TYPES) {
    if (!targets(store, targetType) || (targetType === 'revenue' && !showRevenue)) continue;
    columns.push({
      key: columnKey({ targetType, analysisFieldID: 0, analysisListItemID: 0 }),
      targetType,
      analysisFieldID: 0,
      analysisListItemID: 0,
      fieldLabel: '',
      itemName: '',
    });
    for (const field of fields) {
      if (!targets(field, targetType)) continue;
      for (const item of field.analysisListItems ?? []) {
        if (!item.enableTargets) continue;
        const cell = { targetType, analysisFieldID: field.analysisFieldID, analysisListItemID: item.analysisListItemID };
        columns.push({ key: columnKey(cell), ...cell, fieldLabel: field.label, itemName: item.description || item.code });
      }
    }
  }
  return columns;
}

/** Why an entry cannot be in this grid (spec 02 §5, entries dropped before saving), or null. */
export function whyNotInLayout(
  entry: Pick<TargetEntry, 'userID' | 'targetType' | 'analysisFieldID' | 'analysisListItemID'>,
  layout: TargetLayout,
): string | null {
  if (entry.userID !== 0 && !layout.users.some((user) => user.userID === entry.userID)) return "the user is not among the store's users";
  if (!layout.columns.some((column) => column.key === columnKey(entry))) {
    return entry.analysisFieldID === 0 ? `the store does not target ${entry.targetType}` : `the list item does not take ${entry.targetType} targets here`;
  }
  return null;
}

function emptyRow(user: StoreUser): TargetRow {
  return { userID: user.userID, name: user.name, hours: 0, weight: 0, values: {}, targets: {} };
}

export interface BuiltGrid {
  rows: TargetRow[];
  columns: TargetColumn[];
  /** Targets the layout does not offer (a user who left, a field no longer targeted). */
  outside: TargetRecord[];
}

/**
 * The grid of a store's month: the store total row, then a row per user, with the targets'
 * values, hours and weights. `keepOutside` (the read-only progress views) adds rows and columns
 * for targets the layout no longer offers, so their error shows; otherwise they are left out.
 */
export function buildGrid(layout: TargetLayout, records: TargetRecord[], keepOutside = false): BuiltGrid {
  const rows = [emptyRow({ userID: 0, name: STORE_TOTAL_NAME }), ...layout.users.map(emptyRow)];
  const columns = [...layout.columns];
  const outside: TargetRecord[] = [];
  for (const record of records) {
    const key = columnKey(record);
    let row = rows.find((r) => r.userID === record.userID);
    if (whyNotInLayout(record, layout)) {
      outside.push(record);
      if (!keepOutside) continue;
      if (!row) rows.push((row = emptyRow({ userID: record.userID, name: record.userName || `User ${record.userID}` })));
      if (!columns.some((column) => column.key === key)) columns.push(outsideColumn(record));
    }
    if (!row) continue;
    if (record.hours || record.weight) {
      row.hours = record.hours;
      row.weight = record.weight;
    }
    if (record.isTarget) {
      row.values[key] = record.target;
      row.targets[key] = record;
    }
  }
  return { rows, columns: keepOutside ? orderColumns(columns, layout.columns) : columns, outside };
}

function outsideColumn(record: TargetRecord): TargetColumn {
  return {
    key: columnKey(record),
    targetType: record.targetType,
    analysisFieldID: record.analysisFieldID,
    analysisListItemID: record.analysisListItemID,
    fieldLabel: record.analysisFieldID === 0 ? '' : record.analysisFieldLabel || `Field ${record.analysisFieldID}`,
    itemName: record.analysisListItemDescription || record.analysisListItemCode || '(List item not found)',
  };
}

/**
 * Keeps a type's columns together, and a field's items together, when outside columns were added;
 * within a type the fields keep the set view's order.
 */
function orderColumns(columns: TargetColumn[], layoutColumns: TargetColumn[]): TargetColumn[] {
  const fieldPlace = (column: TargetColumn) => {
    if (column.analysisFieldID === 0) return -1;
    const place = layoutColumns.findIndex((c) => c.targetType === column.targetType && c.analysisFieldID === column.analysisFieldID);
    return place === -1 ? layoutColumns.length + column.analysisFieldID : place;
  };
  return columns
    .map((column, place) => ({ column, place }))
    .sort(
      (a, b) =>
        TARGET_TYPES.indexOf(a.column.targetType) - TARGET_TYPES.indexOf(b.column.targetType) ||
        fieldPlace(a.column) - fieldPlace(b.column) ||
        a.place - b.place,
    )
    .map(({ column }) => column);
}

/** Hours mode is on when the hours plus weights of the grid add up to more than 0 (spec 02 §4). */
export function isHoursMode(rows: TargetRow[]): boolean {
  return rows.reduce((sum, row) => sum + (row.hours || 0) + (row.weight || 0), 0) > 0;
}

/** Whether any user has a target: ticking hours overwrites them, so it asks first. */
export function hasUserTargets(rows: TargetRow[]): boolean {
  return rows.some((row) => row.userID !== 0 && Object.values(row.values).some((value) => value !== null && value !== undefined));
}

/**
 * Hours mode: every user's value in each column is the column's store total distributed by
 * hours x weight (distributeTotal, the one implementation of spec 02 §5). Columns without a
 * store total leave the users empty. Hours and weights become the ones the distribution used
 * (hours 1 and weight 100 for everyone when every weighting was 0).
 */
export function distributeRows(rows: TargetRow[], columns: TargetColumn[]): TargetRow[] {
  const total = rows.find((row) => row.userID === 0);
  const users = rows.filter((row) => row.userID !== 0);
  if (!total || users.length === 0) return rows;
  const shares = users.map((user) => ({ hours: user.hours || 0, weight: user.weight || 0 }));
  const next = new Map(users.map((user) => [user.userID, { ...user, values: { ...user.values } }]));
  let used = distributeTotal(0, shares).users;
  for (const column of columns) {
    const storeTotal = total.values[column.key];
    if (storeTotal === null || storeTotal === undefined) {
      for (const user of next.values()) user.values[column.key] = null;
      continue;
    }
    const distribution = distributeTotal(storeTotal, shares);
    used = distribution.users;
    users.forEach((user, i) => (next.get(user.userID)!.values[column.key] = distribution.values[i]));
  }
  users.forEach((user, i) => Object.assign(next.get(user.userID)!, used[i]));
  return rows.map((row) => next.get(row.userID) ?? row);
}

/** Unticking hours: every hours and weight back to 0, the users' values kept. */
export function removeHours(rows: TargetRow[]): TargetRow[] {
  return rows.map((row) => ({ ...row, hours: 0, weight: 0 }));
}

/** The entries of a save, and what each one is, for the messages keyed by its index. */
export interface SaveEntries {
  entries: TargetEntry[];
  /** The entry's cell: 'Ann, Revenue (£) overall' ('Ann, hours' for hours alone). */
  labels: string[];
  /** The entry's row: 'Ann', 'Store total'. */
  rowNames: string[];
}

/**
 * The body of PUT /api/targets/{storeID}/{date}: a target per cell with a value, carrying the
 * user's hours and weight; a user with hours but no value keeps them on an entry that is not a
 * target (isTarget false). Entries this grid cannot hold (spec 02 §5) are logged and dropped.
 */
export function saveEntries(rows: TargetRow[], layout: TargetLayout): SaveEntries {
  const entries: TargetEntry[] = [];
  const labels: string[] = [];
  const rowNames: string[] = [];
  const columnsByKey = new Map(layout.columns.map((column) => [column.key, column]));
  for (const row of rows) {
    const add = (entry: TargetEntry, label: string) => {
      const reason = whyNotInLayout(entry, layout);
      if (reason) {
        console.warn(`Target dropped before saving (${reason}):`, entry);
        return;
      }
      entries.push(entry);
      labels.push(label);
      rowNames.push(row.name);
    };
    const hours = row.userID === 0 ? 0 : row.hours || 0;
    const weight = row.userID === 0 ? 0 : row.weight || 0;
    let sent = false;
    for (const [key, value] of Object.entries(row.values)) {
      if (value === null || value === undefined) continue;
      const [targetType, fieldID, itemID] = key.split(':');
      const cell = { targetType: targetType as TargetType, analysisFieldID: Number(fieldID), analysisListItemID: Number(itemID) };
      const column = columnsByKey.get(key);
      add(
        { userID: row.userID, targetForUserID: row.userID, ...cell, target: value, isTarget: true, hours, weight },
        `${row.name}, ${column ? columnLabel(column) : key}`,
      );
      sent = true;
    }
    const first = layout.columns[0];
    if (!sent && (hours || weight) && first) {
      const { targetType, analysisFieldID, analysisListItemID } = first;
      add(
        { userID: row.userID, targetForUserID: row.userID, targetType, analysisFieldID, analysisListItemID, target: 0, isTarget: false, hours, weight },
        `${row.name}, hours`,
      );
    }
  }
  return { entries, labels, rowNames };
}

/**
 * The grid cell a save's field message is about (keys `targets.{index}.{field}`, docs/http-api.md):
 * the entry's cell ('Ann, Revenue (£) overall'), or its row's hours or weight ('Ann, Hours': every
 * entry of a row carries them). Undefined for a key naming no entry sent (the list as a whole).
 */
export function failedCell(key: string, sent: SaveEntries): string | undefined {
  const match = /^targets\.(\d+)(?:\.(\w+))?$/.exec(key);
  const index = match ? Number(match[1]) : -1;
  if (!match || index >= sent.labels.length) return undefined;
  const field = match[2];
  return field === 'hours' || field === 'weight' ? `${sent.rowNames[index]}, ${field === 'hours' ? 'Hours' : 'Weight'}` : sent.labels[index];
}

export const TYPE_TITLES: Record<TargetType, string> = { revenue: 'Revenue (£)', quantity: 'Quantity' };

/** 'Revenue (£) overall', 'Quantity Colour Red': a column in messages. */
export function columnLabel(column: TargetColumn): string {
  return column.analysisFieldID === 0
    ? `${TYPE_TITLES[column.targetType]} overall`
    : `${TYPE_TITLES[column.targetType]} ${column.fieldLabel} ${column.itemName}`;
}

/** Progress of one target: met when the actual reaches the target. */
export function progressOf(target: { target: number; actual?: number }): { actual: number; met: boolean; percent: number | null; difference: number } {
  const actual = target.actual ?? 0;
  const difference = Math.round((actual - target.target) * 100) / 100;
  return { actual, met: difference >= 0, percent: target.target > 0 ? (actual / target.target) * 100 : null, difference };
}

export const TARGET_VIEWS = ['set', 'progress', 'variance'] as const;
export type TargetView = (typeof TARGET_VIEWS)[number];

export interface TargetsRoute {
  view: TargetView;
  /** yyyy-mm-01 */
  targetDate: string;
  storeID: number;
  highlightTargetID: number | null;
}

/**
 * Where /targets/{view}/{targetDate}/{storeID}/{highlightTargetID} should show (spec 02 §2.1):
 * view set unless a known one; the first of the given day's month, else of the current month;
 * a store of the profile, else the user's default store, else the profile's first (0: none).
 * A highlight is kept only on the store asked for. `canonical` false: replace the URL.
 */
export function resolveTargetsRoute(
  path: string | undefined,
  storeIDs: number[],
  defaultStoreID: number | null,
  today: string,
): TargetsRoute & { canonical: boolean } {
  const [view, targetDate, storeID, highlight, ...extra] = (path ?? '').split('/').filter(Boolean);
  const known = (TARGET_VIEWS as readonly string[]).includes(view) ? (view as TargetView) : 'set';
  const month = resolveDailyStatsRoute({ dailyStatDate: targetDate, storeID }, storeIDs, defaultStoreID, today);
  const storeKept = storeID !== undefined && String(month.storeID) === storeID;
  const highlightTargetID = storeKept && highlight && /^\d{1,10}$/.test(highlight) && Number(highlight) > 0 ? Number(highlight) : null;
  const canonical = month.canonical && known === view && extra.length === 0 && (highlight === undefined || String(highlightTargetID) === highlight);
  return { view: known, targetDate: month.dailyStatDate, storeID: month.storeID, highlightTargetID, canonical };
}

export function targetsPath({ view, targetDate, storeID, highlightTargetID }: TargetsRoute): string {
  return `/targets/${view}/${targetDate}/${storeID}${highlightTargetID ? `/${highlightTargetID}` : ''}`;
}

/**
 * The n of 'Copy {n} targets': the source's real targets (not the entries carrying only hours)
 * that this grid can hold, so the button counts what the copy puts in the grid.
 */
export function copyableCount(layout: TargetLayout, source: TargetRecord[]): number {
  return source.filter((target) => target.isTarget && !whyNotInLayout(target, layout)).length;
}

/**
 * The copy dialog's result (spec 02 §4): the source month's targets as this grid's values (hours
 * included); cells this store and month cannot hold are logged and left out.
 */
export function copiedRows(layout: TargetLayout, source: TargetRecord[]): TargetRow[] {
  const { rows, outside } = buildGrid(layout, source);
  if (outside.length) console.warn(`${outside.length} copied targets left out: this grid cannot hold them`, outside);
  return rows.map((row) => ({ ...row, targets: {} }));
}
