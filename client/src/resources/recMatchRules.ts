import type { Me, Row } from '../api/types';
import { can } from '../auth/permissions';
import type { FieldContext, ResourceDef, ResourcePermissions } from '../list/resource';
import { MATCH_RULES, RULE_TITLES } from '../../../src/shared/match-rules';
import { AUDIT_COLUMNS } from './common';
import { textOf } from '../format/format';

/** The three kinds of rule by title, in the order auto reconcile tries them (the server's list). */
export const MATCH_RULE_OPTIONS = MATCH_RULES.map((rule) => ({ value: rule, label: RULE_TITLES[rule] }));

/** The rule chosen in the form (or of the record). */
export const ruleOf = (ctx: FieldContext) => textOf(ctx.values?.rule ?? ctx.record?.rule);

/** A rule changes what every later auto reconcile links: an administrator's (both areas), as the API. */
const mayChange = (me: Me) => can(me, 'RevenueReconciliation') && can(me, 'SystemSetup');
const permissions: ResourcePermissions = { create: mayChange, update: mayChange, delete: mayChange };

/** A number column that shows nothing for the kinds that take no such setting. */
const settingText = (value: unknown, suffix = '') => (value === null || value === undefined || value === '' ? '' : `${textOf(value)}${suffix}`);

export const MATCH_RULES_NOTE =
  'Auto reconcile tries the exact match first, then these rules in this order; every rule still needs the order reference. Clawbacks (negative revenue) are matched to refunds.';

/**
 * /recSheets/matchRules (issue 24): the match rules of auto reconcile, at most one of each kind,
 * each with the one setting its kind takes. Read with RevenueReconciliation; changed with
 * RevenueReconciliation and SystemSetup.
 */
export const recMatchRulesResource: ResourceDef = {
  tableName: 'recMatchRules',
  title: 'Match rules',
  singular: 'match rule',
  listPath: 'recMatchRules',
  savePath: 'recMatchRule',
  idField: 'recMatchRuleID',
  defaultSort: { field: 'position', dir: 'asc' },
  permissions,
  // At most one rule of each kind: a copy could never be saved.
  noCopy: true,
  formNote: MATCH_RULES_NOTE,
  labelWidth: 170,
  savedMessage: (mode, saved) => (mode === 'delete' ? 'Match rule deleted' : `Match rule ${textOf(saved?.title)} saved`),
  columns: [
    { name: 'position', title: 'Order', valueType: 'integer', sortable: true, hideInForm: true, width: 80 },
    {
      name: 'rule',
      title: 'Rule',
      valueType: 'select',
      options: MATCH_RULE_OPTIONS,
      required: true,
      filterable: false,
      displayField: 'title',
    },
    {
      name: 'description',
      title: 'What it allows',
      valueType: 'text',
      hideInForm: true,
      width: 320,
      render: (row: Row) => textOf(row.description),
    },
    {
      name: 'days',
      title: 'Days',
      valueType: 'integer',
      digitsOnly: true,
      min: 1,
      max: 31,
      required: true,
      hideInForm: (ctx) => ruleOf(ctx) !== 'saleDateWithin',
      valueWhenHidden: null,
      render: (row) => settingText(row.days),
      help: 'How many days before or after the line’s date the sale may be (1 to 31)',
    },
    {
      name: 'toleranceAmount',
      title: 'Tolerance (£)',
      formTitle: 'Tolerance in pounds',
      valueType: 'money',
      hideInForm: (ctx) => ruleOf(ctx) !== 'revenueWithin',
      valueWhenHidden: null,
      help: 'In pounds, or leave empty and give a percent',
    },
    {
      name: 'tolerancePercent',
      title: 'Tolerance (%)',
      formTitle: 'Tolerance in percent',
      valueType: 'number',
      unit: '%',
      min: 0.01,
      max: 50,
      hideInForm: (ctx) => ruleOf(ctx) !== 'revenueWithin',
      valueWhenHidden: null,
      render: (row) => settingText(row.tolerancePercent, '%'),
      help: 'Of the sale’s revenue (0.01 to 50), or leave empty and give pounds',
    },
    ...AUDIT_COLUMNS,
  ],
};
