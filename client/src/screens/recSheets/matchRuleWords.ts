import type { Row } from '../../api/types';
import { ruleInWords, RULE_TITLES, type MatchRuleSettings } from '../../../../src/shared/match-rules';
import { textOf } from '../../format/format';

/** The auto reconcile job's result (spec 02 §4 "Rec sheet line"). */
export interface AutoRecResult {
  considered: number;
  reconciled: number;
  matchMultiple: number;
  matchNone: number;
  /** `reconciled` by what linked the line (issue 24); absent from runs of before the match rules. */
  exactMatches?: number;
  saleDateMatches?: number;
  revenueMatches?: number;
  orderRefMatches?: number;
  clawbackMatches?: number;
  /** Clawback lines with no refund to match (not in matchNone). */
  clawbacksWithoutRefund?: number;
  autoRecRunID?: number | null;
}

/** The parts of `reconciled`, in the order auto reconcile tries them. */
const RECONCILED_BY: Array<{ key: keyof AutoRecResult; label: string }> = [
  { key: 'exactMatches', label: 'Exact match' },
  { key: 'saleDateMatches', label: RULE_TITLES.saleDateWithin },
  { key: 'revenueMatches', label: RULE_TITLES.revenueWithin },
  { key: 'orderRefMatches', label: RULE_TITLES.orderRefOnly },
  { key: 'clawbackMatches', label: 'Clawbacks matched to a refund' },
];

export const countOf = (result: AutoRecResult, key: keyof AutoRecResult): number => Number(result[key] ?? 0);

/** What reconciled a run's lines, the nonzero parts only: [{ key, label, count }]. */
export function reconciledParts(result: AutoRecResult): Array<{ key: string; label: string; count: number }> {
  return RECONCILED_BY.map(({ key, label }) => ({ key, label, count: countOf(result, key) })).filter((part) => part.count > 0);
}

/** A rule (a row of GET /api/recMatchRules) as the dialog names it, in the words of the lines' notes: 'sale date within 3 days'. */
export function ruleInForce(rule: Row): string {
  const amount = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));
  const settings: MatchRuleSettings = {
    rule: rule.rule as MatchRuleSettings['rule'],
    days: Number(rule.days ?? 0),
    toleranceAmount: amount(rule.toleranceAmount),
    tolerancePercent: amount(rule.tolerancePercent),
  };
  return ruleInWords(settings) ?? textOf(rule.title).toLowerCase();
}

/** 'Also: sale date within 3 days; revenue within £0.50.', or null when no rule is set (exact matches only). */
export function rulesInForceText(rules: readonly Row[]): string | null {
  return rules.length ? `Also: ${rules.map(ruleInForce).join('; ')}.` : null;
}
