import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CrudService } from '../../../common/crud/crud.service';
import { replaceChildren } from '../../../common/db/children';
import { forUpdate } from '../../../common/db/locks';
import { InvalidInput } from '../../../common/http/validation-result';
import { auditFields } from '../../../common/list/audit-fields';
import type { ListDefinition } from '../../../common/list/list-definition';
import { ListService } from '../../../common/list/list.service';
import { AnalysisFieldStore } from '../entities/analysis-field-store.entity';
import { AnalysisField } from '../entities/analysis-field.entity';
import { AnalysisListItem } from '../entities/analysis-list-item.entity';
import { sentOr } from '../../../common/http/sent-value';
import { existingStoreIDs, STORE_LIST_EDITORS, storeLinks, visibleStores } from '../stores/store-ids';
import { AnalysisFieldBody, AnalysisListItemBody } from './analysis-field.body';
import { anchorRegex, regexError, regexMatches } from './regex';

export function analysisListItemRow(item: AnalysisListItem): Record<string, unknown> {
  return {
    analysisListItemID: item.analysisListItemID,
    analysisFieldID: item.analysisFieldID,
    code: item.code,
    description: item.description,
    enableTargets: item.enableTargets,
    dailyReportAs: item.dailyReportAs,
  };
}

/**
 * An analysis field as rows and /user/me show it: items in the order they were added, stores
 * by name (those `user` may see).
 */
export function analysisFieldRow({ analysisListItems, analysisFieldStores, ...field }: AnalysisField, user?: AuthUser): Record<string, unknown> {
  const stores = analysisFieldStores && storeLinks(visibleStores(analysisFieldStores, user), 'analysisFieldStoreID');
  return {
    ...field,
    ...(analysisListItems
      ? { analysisListItems: [...analysisListItems].sort((a, b) => a.analysisListItemID - b.analysisListItemID).map(analysisListItemRow) }
      : {}),
    ...(stores ? { analysisFieldStores: stores, storeIDs: stores.map((s) => s.storeID) } : {}),
  };
}

export const analysisFieldList: ListDefinition<AnalysisField> = {
  entity: AnalysisField,
  alias: 'analysisField',
  idField: 'analysisFieldID',
  label: 'analysis field',
  uniqueName: 'name',
  fields: {
    analysisFieldID: { column: 'analysisField.analysisFieldID', type: 'integer', excel: 'ID' },
    name: { column: 'analysisField.name', type: 'text', quick: true, excel: 'Name' },
    label: { column: 'analysisField.label', type: 'text', quick: true, excel: 'Label' },
    inputType: { column: 'analysisField.inputType', type: 'text', excel: 'Input type' },
    regex: { column: 'analysisField.regex', type: 'text', excel: 'Regex' },
    defaultValue: { column: 'analysisField.defaultValue', type: 'text', excel: 'Default value' },
    required: { column: 'analysisField.required', type: 'boolean', excel: 'Required' },
    targetRevenue: { column: 'analysisField.targetRevenue', type: 'boolean', excel: 'Target revenue' },
    targetQuantity: { column: 'analysisField.targetQuantity', type: 'boolean', excel: 'Target quantity' },
    autoFillFrom: { column: 'analysisField.autoFillFrom', type: 'text', excel: 'Auto-fill from' },
    ...auditFields('analysisField'),
  },
  rowJoins: ['analysisListItems', 'analysisFieldStores', 'analysisFieldStores.store'],
  fkJoins: ['analysisListItems', 'analysisFieldStores', 'analysisFieldStores.store'],
  defaultSort: { field: 'name', dir: 'ASC' },
  toRow: (field, _joins, user) => analysisFieldRow(field, user),
};

const MESSAGES = {
  regex: 'A regex is only for text fields',
  defaultValue: 'A default value is only for text fields',
  analysisListItems: 'List items are only for single or multi fields',
  autoFillFrom: 'Auto-fill is only for single fields',
  targetRevenue: 'Revenue targets are only for single fields',
  targetQuantity: 'Quantity targets are only for single fields',
};

@Injectable()
export class AnalysisFieldsService extends CrudService<AnalysisField, AnalysisFieldBody> {
  readonly definition = analysisFieldList;

  constructor(@InjectDataSource() dataSource: DataSource, lists: ListService) {
    super(dataSource, lists);
  }

  /**
   * The list fields (single, multi) asked at one of these stores, with only their items reported
   * daily (dailyReportAs set), by label: the daily report's columns. One query, no list paging.
   */
  async dailyReportedAt(storeIDs: readonly number[]): Promise<AnalysisField[]> {
    return this.dataSource
      .getRepository(AnalysisField)
      .createQueryBuilder('field')
      .innerJoin('field.analysisFieldStores', 'fieldStore', 'fieldStore.storeID IN (:...storeIDs)', { storeIDs: [...storeIDs] })
      .innerJoinAndSelect('field.analysisListItems', 'item', "item.dailyReportAs <> ''")
      .where('field.inputType IN (:...listTypes)', { listTypes: ['single', 'multi'] })
      .orderBy('field.label', 'ASC')
      .addOrderBy('field.analysisFieldID', 'ASC')
      .addOrderBy('item.analysisListItemID', 'ASC')
      .getMany();
  }

  /** The analysis fields asked at a store, with their list items (a sale's questions). */
  async fieldsAt(manager: EntityManager, storeID: number): Promise<AnalysisField[]> {
    return manager
      .createQueryBuilder(AnalysisField, 'f')
      .innerJoin('f.analysisFieldStores', 'fs', 'fs.storeID = :storeID', { storeID })
      .leftJoinAndSelect('f.analysisListItems', 'item')
      .orderBy('f.analysisFieldID', 'ASC')
      .addOrderBy('item.analysisListItemID', 'ASC')
      .getMany();
  }

  /**
   * Item codes are unique in the field (checked in code, see checkItems), so two saves adding
   * the same code must not both pass the check: saves of one field take turns.
   */
  protected override async lockBeforeUpdate(manager: EntityManager, analysisFieldID: number): Promise<void> {
    await forUpdate(
      manager
        .createQueryBuilder(AnalysisField, 'locked')
        .select('locked.analysisFieldID')
        .where('locked.analysisFieldID = :analysisFieldID', { analysisFieldID }),
    ).getRawOne();
  }

  /**
   * The input-type rules (spec 02 sections 2.6 and 5), enforced here whatever the client
   * shows: a value sent for an input it does not apply to is a 400 on that field; values
   * kept from before that no longer apply are cleared.
   */
  protected async assign(manager: EntityManager, field: AnalysisField, body: AnalysisFieldBody, _user: AuthUser, isNew: boolean) {
    const errors: Record<string, string> = {};
    const type = body.inputType;
    const text = type === 'text';
    const single = type === 'single';
    if (!text && body.regex) errors.regex = MESSAGES.regex;
    if (!text && body.defaultValue) errors.defaultValue = MESSAGES.defaultValue;
    if (text && body.analysisListItems?.length) errors.analysisListItems = MESSAGES.analysisListItems;
    if (!single && body.autoFillFrom) errors.autoFillFrom = MESSAGES.autoFillFrom;
    if (!single && body.targetRevenue) errors.targetRevenue = MESSAGES.targetRevenue;
    if (!single && body.targetQuantity) errors.targetQuantity = MESSAGES.targetQuantity;

    let regex: string | null = null;
    let defaultValue: string | null = null;
    if (text) {
      const typed = body.regex === undefined ? (field.regex ?? null) : body.regex || null;
      regex = typed && anchorRegex(typed);
      // What was typed must compile, not only its anchored form: anchoring can give a broken
      // regex another meaning (`abc\` would become `^abc\$`, `a|b)(c` would become `^(?:a|b)(c)$`).
      const compileError = typed && (regexError(typed) ?? regexError(anchorRegex(typed)));
      defaultValue = body.defaultValue === undefined ? (field.defaultValue ?? null) : body.defaultValue || null;
      if (compileError) errors.regex = `The regex is not valid: ${compileError}`;
      else if (regex !== null && defaultValue !== null) {
        const matches = regexMatches(regex, defaultValue);
        if (matches === 'timeout') errors.regex = 'The regex takes too long to check a value; simplify it';
        else if (!matches) errors.defaultValue = 'The default value does not match the regex';
      }
    }
    if (!text && body.analysisListItems) Object.assign(errors, await this.checkItems(manager, field, body.analysisListItems, isNew));
    if (Object.keys(errors).length) throw new InvalidInput(errors);
    if (body.storeIDs) await existingStoreIDs(manager, body.storeIDs);

    field.name = body.name;
    if (body.label) field.label = body.label;
    else if (body.label !== undefined || isNew) field.label = body.name;
    field.inputType = type;
    field.regex = regex;
    field.defaultValue = defaultValue;
    field.required = sentOr(body.required, field.required, false);
    field.autoFillFrom = single ? sentOr(body.autoFillFrom, field.autoFillFrom, null) : null;
    field.targetRevenue = single ? sentOr(body.targetRevenue, field.targetRevenue, false) : false;
    field.targetQuantity = single ? sentOr(body.targetQuantity, field.targetQuantity, false) : false;
    delete field.analysisListItems;
    delete field.analysisFieldStores;
  }

  /**
   * Codes are unique within the field, ignoring case ('Code already exists'), and an existing
   * item keeps its code. Items are matched to the field's by code; an id names an existing item.
   * Saves of one field take turns (update), so `existing` is not changed by another save.
   */
  private async checkItems(manager: EntityManager, field: AnalysisField, items: AnalysisListItemBody[], isNew: boolean): Promise<Record<string, string>> {
    const existing = isNew ? [] : await manager.find(AnalysisListItem, { where: { analysisFieldID: field.analysisFieldID } });
    const byID = new Map(existing.map((item) => [item.analysisListItemID, item]));
    const byCode = new Map(existing.map((item) => [item.code.toLowerCase(), item]));
    const errors: Record<string, string> = {};
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const key = item.code.toLowerCase();
      const at = `analysisListItems.${i}`;
      if (!isNew && item.analysisListItemID) {
        const stored = byID.get(item.analysisListItemID);
        if (!stored) errors[`${at}.analysisListItemID`] = 'This list item is not part of this field';
        else if (stored.code !== item.code) errors[`${at}.code`] = `The code cannot be changed once created (it is ${stored.code})`;
      } else if (byCode.has(key) && byCode.get(key)!.code !== item.code) {
        errors[`${at}.code`] = 'Code already exists';
      }
      if (seen.has(key)) errors[`${at}.code`] = 'Code already exists';
      seen.add(key);
    });
    return errors;
  }

  /** List items (cleared for text fields) and stores, as the body sends them. */
  protected override async afterSave(manager: EntityManager, field: AnalysisField, body: AnalysisFieldBody): Promise<void> {
    const items = field.inputType === 'text' ? [] : body.analysisListItems;
    if (items) {
      await replaceChildren(manager, AnalysisListItem, {
        parent: { column: 'analysisFieldID', id: field.analysisFieldID },
        idField: 'analysisListItemID',
        wanted: items,
        keyOfRow: (row) => row.code.toLowerCase(),
        keyOfWanted: (item) => item.code.toLowerCase(),
        values: (item, had) => ({
          ...(had ? {} : { code: item.code }),
          description: item.description === undefined ? (had?.description ?? '') : (item.description ?? ''),
          enableTargets: sentOr(item.enableTargets, had?.enableTargets, false),
          dailyReportAs: item.dailyReportAs === undefined ? (had?.dailyReportAs ?? '') : (item.dailyReportAs ?? ''),
        }),
      });
    }
    if (body.storeIDs) {
      await replaceChildren(manager, AnalysisFieldStore, {
        parent: { column: 'analysisFieldID', id: field.analysisFieldID },
        idField: 'analysisFieldStoreID',
        wanted: [...new Set(body.storeIDs)],
        keyOfRow: (row) => row.storeID,
        keyOfWanted: (storeID) => storeID,
        values: (storeID) => ({ storeID }),
      });
    }
  }
}

export const analysisFieldStoreList: ListDefinition<AnalysisFieldStore> = {
  entity: AnalysisFieldStore,
  alias: 'analysisFieldStore',
  idField: 'analysisFieldStoreID',
  label: 'analysis field store',
  fields: {
    analysisFieldStoreID: { column: 'analysisFieldStore.analysisFieldStoreID', type: 'integer', excel: 'ID' },
    analysisFieldID: { column: 'analysisFieldStore.analysisFieldID', type: 'integer' },
    analysisFieldName: { column: 'analysisField.name', type: 'text', quick: true, excel: 'Analysis field' },
    analysisFieldLabel: { column: 'analysisField.label', type: 'text', quick: true, excel: 'Label' },
    inputType: { column: 'analysisField.inputType', type: 'text', excel: 'Input type' },
    storeID: { column: 'analysisFieldStore.storeID', type: 'integer' },
    storeName: { column: 'store.name', type: 'text', quick: true, excel: 'Store' },
  },
  lookups: { analysisField: 'analysisFieldStore.analysisField', store: 'analysisFieldStore.store' },
  fkJoins: ['analysisField', 'analysisField.analysisListItems'],
  defaultSort: { field: 'analysisFieldName', dir: 'ASC' },
  // Forms read the fields of their stores; set-up users read every store's.
  storeScope: { column: 'analysisFieldStore.storeID', unlessAreas: STORE_LIST_EDITORS },
  toRow: ({ analysisField, store, ...link }, joins, user) => ({
    analysisFieldStoreID: link.analysisFieldStoreID,
    analysisFieldID: link.analysisFieldID,
    analysisFieldName: analysisField?.name ?? '',
    analysisFieldLabel: analysisField?.label ?? '',
    inputType: analysisField?.inputType ?? null,
    storeID: link.storeID,
    storeName: store?.name ?? '(Store name not found)',
    ...(analysisField && [...joins].some((j) => j.startsWith('analysisField')) ? { analysisField: analysisFieldRow(analysisField, user) } : {}),
  }),
};
