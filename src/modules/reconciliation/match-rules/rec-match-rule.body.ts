import { DecimalNumber, IgnoredID, Money, OneOf, WholeNumber } from '../../../common/http/dto-fields';
import { AuditedReadOnlyFields } from '../../../common/http/read-only-fields';
import { MATCH_RULES } from '../../../shared/match-rules';

/**
 * POST /recMatchRule and PUT /recMatchRule/{id}: one kind of rule and its setting. Which setting
 * a kind takes (days, or one tolerance) is checked by the service, under the field.
 */
@AuditedReadOnlyFields('position', 'title', 'description')
export class RecMatchRuleBody {
  @IgnoredID() recMatchRuleID?: number;
  @OneOf('Rule', MATCH_RULES) rule: string;
  @WholeNumber('Days', 1, 31) days?: number | null;
  @Money('Tolerance in pounds', true, 1000) toleranceAmount?: number | null;
  @DecimalNumber('Tolerance in percent', 2, 0.01, 50) tolerancePercent?: number | null;
}
