import { monthSpan } from '../../common/dates/months';
import type { AnalysisField } from '../master-data';
import type { Store } from '../master-data';
import type { TargetType } from './entities/target.entity';

/** What decides which targets a store's grid may hold this month (spec 02 section 5). */
export interface TargetGrid {
  store: Store;
  /** The store's users: active users whose access profile has the store. */
  userIDs: ReadonlySet<number>;
  /** Single-input fields of the store that target revenue or quantity, with their list items. */
  fields: ReadonlyMap<number, AnalysisField>;
}

/** A target's coordinates in the grid. */
export interface TargetCell {
  userID: number;
  targetForUserID: number;
  analysisFieldID: number;
  analysisListItemID: number;
  targetType: TargetType;
}

const TYPE_WORD: Record<TargetType, string> = { revenue: 'revenue', quantity: 'quantity' };

function storeTargets(store: Store, type: TargetType): boolean {
  return type === 'revenue' ? store.targetRevenue : store.targetQuantity;
}

function fieldTargets(field: AnalysisField, type: TargetType): boolean {
  return type === 'revenue' ? field.targetRevenue : field.targetQuantity;
}

/**
 * Why a target cannot be in the grid, or null when it can: the entries spec 02 section 5 drops
 * before saving. The save drops them, and the progress views show the reason as the target's
 * `error` (a user who left, a field no longer targeted), so both read the same rule.
 */
export function whyNotInGrid(cell: TargetCell, grid: TargetGrid): string | null {
  if (cell.userID !== 0 && !grid.userIDs.has(cell.userID)) return "The user is not among the store's users";
  if (cell.targetForUserID !== 0 && !grid.userIDs.has(cell.targetForUserID)) return "The target's user is not among the store's users";
  if (cell.analysisFieldID === 0) {
    return storeTargets(grid.store, cell.targetType) ? null : `The store does not target ${TYPE_WORD[cell.targetType]}`;
  }
  const field = grid.fields.get(cell.analysisFieldID);
  if (!field) return 'The analysis field is not targeted at this store';
  if (!fieldTargets(field, cell.targetType)) return `The analysis field does not target ${TYPE_WORD[cell.targetType]}`;
  const item = field.analysisListItems?.find((i) => i.analysisListItemID === cell.analysisListItemID);
  if (!item) return 'The list item is not in the analysis field';
  if (!item.enableTargets) return 'The list item is not enabled for targets';
  return null;
}

/** Offered to the grid: single-input fields targeting revenue or quantity (items filtered by the caller). */
export function isTargetedField(field: AnalysisField): boolean {
  return field.inputType === 'single' && (field.targetRevenue || field.targetQuantity);
}

/** The first and last day of the month `date` (yyyy-mm-01) starts, or null if it is not a month's first day. */
export function monthOf(date: string): { from: string; to: string } | null {
  const match = /^(\d{4})-(\d{2})-01$/.exec(date);
  if (!match) return null;
  const [year, month] = [Number(match[1]), Number(match[2])];
  if (year < 1900 || month < 1 || month > 12) return null;
  const { first, last } = monthSpan(date);
  return { from: first, to: last };
}

/** The grid key of a cell: one target per user, list item and type in a store's month. */
export function cellKey(cell: Pick<TargetCell, 'userID' | 'analysisFieldID' | 'analysisListItemID' | 'targetType'>): string {
  return `${cell.targetType}:${cell.userID}:${cell.analysisFieldID}:${cell.analysisListItemID}`;
}
