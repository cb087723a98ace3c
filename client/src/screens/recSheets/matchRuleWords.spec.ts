import { reconciledParts, ruleInForce, rulesInForceText } from './matchRuleWords';

describe('match rules and run counts in words', () => {
  it('names each rule with its setting', () => {
    expect(ruleInForce({ rule: 'saleDateWithin', days: 3 })).toBe('sale date within 3 days');
    expect(ruleInForce({ rule: 'saleDateWithin', days: 1 })).toBe('sale date within 1 day');
    expect(ruleInForce({ rule: 'revenueWithin', toleranceAmount: '0.5', tolerancePercent: null })).toBe('revenue within £0.50');
    expect(ruleInForce({ rule: 'revenueWithin', toleranceAmount: null, tolerancePercent: 2.5 })).toBe('revenue within 2.5%');
    expect(ruleInForce({ rule: 'orderRefOnly' })).toBe('order reference alone');
  });

  it('says which rules are in force, or none', () => {
    expect(rulesInForceText([])).toBeNull();
    expect(
      rulesInForceText([
        { rule: 'saleDateWithin', days: 3 },
        { rule: 'revenueWithin', toleranceAmount: 0.5 },
      ]),
    ).toBe('Also: sale date within 3 days; revenue within £0.50.');
  });

  it('breaks Reconciled down by what matched, the nonzero parts only, in the order tried', () => {
    const result = {
      considered: 9,
      reconciled: 8,
      matchMultiple: 0,
      matchNone: 1,
      exactMatches: 5,
      saleDateMatches: 0,
      revenueMatches: 2,
      orderRefMatches: 0,
      clawbackMatches: 1,
    };
    expect(reconciledParts(result).map((p) => [p.label, p.count])).toEqual([
      ['Exact match', 5],
      ['Revenue within a tolerance', 2],
      ['Clawbacks matched to a refund', 1],
    ]);
    // A run of before the match rules has no parts.
    expect(reconciledParts({ considered: 1, reconciled: 1, matchMultiple: 0, matchNone: 0 })).toEqual([]);
  });
});
