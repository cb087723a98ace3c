import type { Me } from '../api/types';
import { resolve } from '../list/resource';
import { MATCH_RULE_OPTIONS, recMatchRulesResource } from './recMatchRules';

const me = (areas: string) => ({ accessProfile: { systemAreas: areas } }) as unknown as Me;
const field = (name: string) => recMatchRulesResource.columns.find((f) => f.name === name)!;
const shown = (name: string, rule: string) => !resolve(field(name).hideInForm, { me: me(''), mode: 'create', values: { rule } });

describe('match rules resource', () => {
  it('offers the three kinds by title, in the order auto reconcile tries them', () => {
    expect(MATCH_RULE_OPTIONS).toEqual([
      { value: 'saleDateWithin', label: 'Sale date within days' },
      { value: 'revenueWithin', label: 'Revenue within a tolerance' },
      { value: 'orderRefOnly', label: 'Order reference alone' },
    ]);
  });

  it('shows a rule by its title, never its code', () => {
    // The list's own renderer shows a select's displayField (renderValue.tsx); the column has no render of its own.
    const rule = field('rule');
    const row: Record<string, unknown> = { rule: 'saleDateWithin', title: 'Sale date within days' };
    expect(rule.render).toBeUndefined();
    expect(String(row[rule.displayField!])).toBe('Sale date within days');
  });

  it('asks each kind only for its own setting (the others sent as null)', () => {
    expect(['days', 'toleranceAmount', 'tolerancePercent'].filter((name) => shown(name, 'saleDateWithin'))).toEqual(['days']);
    expect(['days', 'toleranceAmount', 'tolerancePercent'].filter((name) => shown(name, 'revenueWithin'))).toEqual(['toleranceAmount', 'tolerancePercent']);
    expect(['days', 'toleranceAmount', 'tolerancePercent'].filter((name) => shown(name, 'orderRefOnly'))).toEqual([]);
    expect(['days', 'toleranceAmount', 'tolerancePercent'].map((name) => field(name).valueWhenHidden)).toEqual([null, null, null]);
  });

  it('lets only an administrator (reconciliation and system setup) change the rules', () => {
    const { permissions } = recMatchRulesResource;
    expect(permissions.create(me('RevenueReconciliation, SystemSetup'))).toBe(true);
    expect(permissions.create(me('RevenueReconciliation'))).toBe(false);
    expect(permissions.update(me('SystemSetup'), {})).toBe(false);
    expect(permissions.delete(me('RevenueReconciliation, SystemSetup'), {})).toBe(true);
  });
});
