import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CrudService, type Row } from '../../../common/crud/crud.service';
import { InvalidInput } from '../../../common/http/validation-result';
import { auditFields } from '../../../common/list/audit-fields';
import type { ListDefinition } from '../../../common/list/list-definition';
import { ListService } from '../../../common/list/list.service';
import { RecMatchRule } from '../entities/rec-match-rule.entity';
import { MATCH_RULES, RULE_TITLES, ruleDescription, type MatchRuleKind, type MatchRuleSettings } from '../../../shared/match-rules';
import { RecMatchRuleBody } from './rec-match-rule.body';

/** A rule as the API answers it, with its title and what it allows in a sentence. */
function ruleRow(rule: RecMatchRule): Row {
  const kind = rule.rule as MatchRuleKind;
  return { ...rule, title: RULE_TITLES[kind] ?? rule.rule, description: ruleDescription(settingsOf(rule)) };
}

function settingsOf(rule: RecMatchRule): MatchRuleSettings {
  return { rule: rule.rule as MatchRuleKind, days: rule.days ?? 0, toleranceAmount: rule.toleranceAmount, tolerancePercent: rule.tolerancePercent };
}

export const recMatchRuleList: ListDefinition<RecMatchRule> = {
  entity: RecMatchRule,
  alias: 'recMatchRule',
  idField: 'recMatchRuleID',
  label: 'match rule',
  fields: {
    recMatchRuleID: { column: 'recMatchRule.recMatchRuleID', type: 'integer', excel: 'ID' },
    rule: { column: 'recMatchRule.rule', type: 'text', maxLength: 20, excel: 'Rule' },
    position: { column: 'recMatchRule.position', type: 'integer', excel: 'Order' },
    days: { column: 'recMatchRule.days', type: 'integer', excel: 'Days' },
    toleranceAmount: { column: 'recMatchRule.toleranceAmount', type: 'number', excel: 'Tolerance (£)' },
    tolerancePercent: { column: 'recMatchRule.tolerancePercent', type: 'number', excel: 'Tolerance (%)' },
    ...auditFields('recMatchRule'),
  },
  defaultSort: { field: 'position', dir: 'ASC' },
  toRow: ruleRow,
};

/**
 * The match rules of auto reconcile (issue 24): at most one of each kind, each with the one
 * setting its kind takes. Read by AutoRecService at every batch.
 */
@Injectable()
export class RecMatchRulesService extends CrudService<RecMatchRule, RecMatchRuleBody> {
  readonly definition = recMatchRuleList;

  constructor(@InjectDataSource() dataSource: DataSource, lists: ListService) {
    super(dataSource, lists);
  }

  protected async assign(manager: EntityManager, rule: RecMatchRule, body: RecMatchRuleBody): Promise<void> {
    const kind = body.rule as MatchRuleKind;
    const errors: Record<string, string> = {};
    const taken = await manager.findOneBy(RecMatchRule, { rule: kind });
    if (taken && taken.recMatchRuleID !== rule.recMatchRuleID) errors.rule = `There is already a rule '${RULE_TITLES[kind]}': change that one`;
    const days = body.days ?? null;
    const amount = body.toleranceAmount ?? null;
    const percent = body.tolerancePercent ?? null;
    if (kind === 'saleDateWithin') {
      if (days === null) errors.days = 'Days is required: how many days the sale date may be from the line’s';
    } else if (days !== null) errors.days = 'Only the sale date rule takes days';
    if (kind === 'revenueWithin') {
      if (amount === null && percent === null) errors.toleranceAmount = 'Give the tolerance in pounds or in percent';
      else if (amount !== null && percent !== null) errors.toleranceAmount = 'Give the tolerance in pounds or in percent, not both';
      else if (amount !== null && amount <= 0) errors.toleranceAmount = 'Tolerance in pounds must be more than 0';
    } else {
      if (amount !== null) errors.toleranceAmount = 'Only the revenue rule takes a tolerance';
      if (percent !== null) errors.tolerancePercent = 'Only the revenue rule takes a tolerance';
    }
    if (Object.keys(errors).length) throw new InvalidInput(errors);
    rule.rule = kind;
    rule.position = MATCH_RULES.indexOf(kind) + 1;
    rule.days = kind === 'saleDateWithin' ? days : null;
    rule.toleranceAmount = kind === 'revenueWithin' ? amount : null;
    rule.tolerancePercent = kind === 'revenueWithin' ? percent : null;
  }

  /** The rules in the order auto reconcile tries them. */
  async settings(manager: EntityManager = this.dataSource.manager): Promise<MatchRuleSettings[]> {
    return (await manager.find(RecMatchRule, { order: { position: 'ASC' } })).map(settingsOf);
  }
}
