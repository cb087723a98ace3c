import { CrudController } from '../../../common/crud/crud.controller';
import { RecMatchRuleBody } from './rec-match-rule.body';
import { RecMatchRulesService } from './rec-match-rules.service';

/**
 * GET /recMatchRules (+ /excel), POST /recMatchRule, PUT and DELETE /recMatchRule/{id}: read with
 * RevenueReconciliation; changed by an administrator (RevenueReconciliation and SystemSetup), as
 * a rule changes what every later auto reconcile links.
 */
export const RecMatchRuleCrudController = CrudController({
  plural: 'recMatchRules',
  singular: 'recMatchRule',
  service: RecMatchRulesService,
  createBody: RecMatchRuleBody,
  readAreas: ['RevenueReconciliation'],
  writeAreas: ['RevenueReconciliation', 'SystemSetup'],
});
