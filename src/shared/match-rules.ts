import { pounds } from './pounds';

/**
 * The match rules of auto reconcile (issue 24, "Matching beyond exact equality"), in the fixed
 * order they are tried after the exact match. Each relaxes one thing the exact match requires;
 * every rule still needs the sale's order reference, so a sheet's lines (whose order references
 * are unique) never compete for one sale.
 *
 * - saleDateWithin: the sale date within `days` days of the line's (all else exact);
 * - revenueWithin: the revenue within a tolerance, in pounds or percent of the sale's adjusted
 *   revenue (all else exact); the difference is written as the line's and the sale's adjustment,
 *   with its reason, as a manual reconcile would;
 * - orderRefOnly: the order reference alone, SKU, store and sale date may differ (the sale must
 *   be of one of the user's stores); the revenue must still be equal, or within the revenue
 *   tolerance when that rule is set.
 */
export const MATCH_RULES = ['saleDateWithin', 'revenueWithin', 'orderRefOnly'] as const;
export type MatchRuleKind = (typeof MATCH_RULES)[number];

/** What a link was made by: the exact match, a rule, or the clawback match (always on). */
export type LinkRule = 'exact' | MatchRuleKind | 'clawback';

/** A rule as auto reconcile reads it. */
export interface MatchRuleSettings {
  rule: MatchRuleKind;
  days: number;
  toleranceAmount: number | null;
  tolerancePercent: number | null;
}

export const RULE_TITLES: Record<MatchRuleKind, string> = {
  saleDateWithin: 'Sale date within days',
  revenueWithin: 'Revenue within a tolerance',
  orderRefOnly: 'Order reference alone',
};

/** The tolerance in words: '£0.50' or '2%'. */
export function toleranceText(rule: Pick<MatchRuleSettings, 'toleranceAmount' | 'tolerancePercent'>): string {
  return rule.tolerancePercent != null ? `${rule.tolerancePercent}%` : pounds(rule.toleranceAmount ?? 0);
}

/** What the rule allows, in a sentence (the rules list, the run report). */
export function ruleDescription(rule: MatchRuleSettings): string {
  switch (rule.rule) {
    case 'saleDateWithin':
      return `The sale date may be up to ${days(rule.days)} before or after the line's`;
    case 'revenueWithin':
      return `The revenue may differ by up to ${toleranceText(rule)}; the difference is recorded as an adjustment`;
    case 'orderRefOnly':
      return 'The order reference alone: SKU, store and sale date may differ';
  }
}

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** A rule in a few words: 'sale date within 3 days', 'revenue within £0.50', 'order reference alone'. */
export function ruleInWords(rule: MatchRuleSettings): string {
  switch (rule.rule) {
    case 'saleDateWithin':
      return `sale date within ${days(rule.days)}`;
    case 'revenueWithin':
      return `revenue within ${toleranceText(rule)}`;
    case 'orderRefOnly':
      return 'order reference alone';
  }
}

/** How a line's note names what linked it: 'Reconciled automatically to sale 12 (sale date within 3 days)'. */
export function ruleNoteText(rule: LinkRule, settings: readonly MatchRuleSettings[]): string {
  if (rule === 'exact') return 'exact match';
  if (rule === 'clawback') return 'clawback of a refunded sale';
  const found = settings.find((s) => s.rule === rule);
  return found ? ruleInWords(found) : rule;
}

/** The adjustment reason a rule writes on the line it linked with a revenue difference. */
export function adjustmentReason(settings: readonly MatchRuleSettings[]): string {
  const revenue = settings.find((s) => s.rule === 'revenueWithin');
  return `Auto reconcile: revenue within the tolerance of ${revenue ? toleranceText(revenue) : '£0.00'}`;
}
