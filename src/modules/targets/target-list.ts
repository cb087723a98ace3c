import type { ListDefinition } from '../../common/list/list-definition';
import { auditFields } from '../../common/list/audit-fields';
import { recordDate } from '../../common/dates/days';
import { Target } from './entities/target.entity';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * GET /api/targets (spec 02 sections 2.1 and 7): a store's targets, for the copy dialog and for
 * reports. Limited to the caller's stores; a profile without showRevenue never sees revenue targets.
 */
export const targetList: ListDefinition<Target> = {
  entity: Target,
  alias: 'target',
  idField: 'targetID',
  label: 'target',
  fields: {
    targetID: { column: 'target.targetID', type: 'integer', excel: 'ID' },
    storeID: { column: 'target.storeID', type: 'integer' },
    storeName: { column: 'store.name', type: 'text', quick: true, maxLength: 50, excel: 'Store' },
    targetDate: { column: 'target.targetDate', type: 'date', pattern: DATE, excel: 'Month' },
    targetType: { column: 'target.targetType', type: 'text', pattern: /^(quantity|revenue)$/, excel: 'Type' },
    userID: { column: 'target.userID', type: 'integer' },
    userName: { column: 'user.name', type: 'text', excel: 'User' },
    targetForUserID: { column: 'target.targetForUserID', type: 'integer' },
    targetForUserName: { column: 'targetForUser.name', type: 'text', quick: true, maxLength: 25, excel: 'Target for' },
    analysisFieldID: { column: 'target.analysisFieldID', type: 'integer' },
    analysisFieldLabel: { column: 'analysisField.label', type: 'text', excel: 'Analysis field' },
    analysisListItemID: { column: 'target.analysisListItemID', type: 'integer' },
    analysisListItemCode: { column: 'analysisListItem.code', type: 'text', excel: 'List item' },
    analysisListItemDescription: { column: 'analysisListItem.description', type: 'text', excel: 'List item description' },
    isTarget: { column: 'target.isTarget', type: 'boolean' },
    target: { column: 'target.target', type: 'number', excel: 'Target' },
    hours: { column: 'target.hours', type: 'integer', excel: 'Hours' },
    weight: { column: 'target.weight', type: 'integer', excel: 'Weight' },
    ...auditFields('target'),
  },
  lookups: {
    store: 'target.store',
    user: 'target.user',
    targetForUser: 'target.targetForUser',
    analysisField: 'target.analysisField',
    analysisListItem: 'target.analysisListItem',
  },
  defaultSort: { field: 'targetID', dir: 'ASC' },
  storeScope: { column: 'target.storeID' },
  scope: (qb, user) => {
    if (!user.showRevenue) qb.andWhere('target.targetType <> :hiddenType', { hiddenType: 'revenue' });
  },
  toRow: ({ store, user, targetForUser, analysisField, analysisListItem, ...target }) =>
    targetRow(target, {
      storeName: store?.name ?? '(Store name not found)',
      userName: user?.name ?? '',
      targetForUserName: targetForUser?.name ?? '',
      analysisFieldLabel: analysisField?.label ?? '',
      analysisListItemCode: analysisListItem?.code ?? '',
      analysisListItemDescription: analysisListItem?.description ?? '',
    }),
};

export interface TargetNames {
  storeName: string;
  userName: string;
  targetForUserName: string;
  analysisFieldLabel: string;
  analysisListItemCode: string;
  /** What users read for the item (the code is what sales record). */
  analysisListItemDescription: string;
}

/** A target as the API answers it, in one field order for the list and the grid. */
export function targetRow(
  target: Omit<Target, 'store' | 'user' | 'targetForUser' | 'analysisField' | 'analysisListItem'>,
  names: TargetNames,
): Record<string, unknown> {
  return {
    targetID: target.targetID,
    storeID: target.storeID,
    storeName: names.storeName,
    // A record's date, as every record carries one (yyyy-mm-ddT00:00:00.000Z); filters take yyyy-mm-dd.
    targetDate: recordDate(target.targetDate),
    targetType: target.targetType,
    userID: target.userID,
    userName: target.userID === 0 ? '' : names.userName,
    targetForUserID: target.targetForUserID,
    targetForUserName: names.targetForUserName,
    analysisFieldID: target.analysisFieldID,
    analysisFieldLabel: names.analysisFieldLabel,
    analysisListItemID: target.analysisListItemID,
    analysisListItemCode: names.analysisListItemCode,
    analysisListItemDescription: names.analysisListItemDescription,
    isTarget: target.isTarget,
    target: target.target,
    hours: target.hours,
    weight: target.weight,
    createdByUserName: target.createdByUserName,
    createdDate: target.createdDate,
    updatedByUserName: target.updatedByUserName,
    updatedDate: target.updatedDate,
  };
}
