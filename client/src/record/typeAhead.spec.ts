import { compareTyped, firstTypedMatch, matchesTyped, optionText, typedRank } from './typeAhead';

const SALE_TYPES = [
  { value: 1, label: 'New contract' },
  { value: 2, label: 'Upgrade' },
  { value: 3, label: 'SIM only' },
];

describe('type-ahead of pickers', () => {
  it("'Upg' takes Upgrade, not the first option (the sale type bug of issue 26)", () => {
    expect(firstTypedMatch(SALE_TYPES, 'Upg')?.label).toBe('Upgrade');
    expect(firstTypedMatch(SALE_TYPES, 'upg')?.label).toBe('Upgrade');
    expect(firstTypedMatch(SALE_TYPES, 'UPGRADE ')?.label).toBe('Upgrade');
  });

  it('matches the label the user sees, never the value', () => {
    expect(firstTypedMatch(SALE_TYPES, '2')).toBeUndefined();
    expect(firstTypedMatch([{ value: 12, label: 'Store 12' }], '12')?.value).toBe(12);
  });

  it('a label starting with the text comes before one with a word starting with it, then any containing it', () => {
    const stores = [{ label: 'Reading Oracle' }, { label: 'Leeds Briggate' }, { label: 'Bristol Cabot Circus' }, { label: 'Leicester Highcross' }];
    expect(firstTypedMatch(stores, 'le')?.label).toBe('Leeds Briggate');
    expect(typedRank('Bristol Cabot Circus', 'cab')).toBe(1);
    expect(typedRank('New contract', 'contr')).toBe(1);
    expect(typedRank('New contract', 'ontr')).toBe(2);
    expect(typedRank('New contract', 'x')).toBeNull();
    expect(compareTyped('Bristol Cabot Circus', 'Leeds Briggate', 'b')).toBeLessThan(0);
    // Among equals, the list's order (a stable sort).
    expect(compareTyped('Leeds Briggate', 'Leicester Highcross', 'le')).toBe(0);
  });

  it('ignores case, accents and repeated spaces; an empty text matches every option', () => {
    expect(matchesTyped('Café Nero', 'cafe n')).toBe(true);
    expect(matchesTyped('SIM   only', 'sim only')).toBe(true);
    expect(matchesTyped('Anything', '')).toBe(true);
    expect(matchesTyped('a.b (c)', '(c')).toBe(true);
  });

  it('reads a label drawn as an element from its title', () => {
    expect(optionText({ label: 'Upgrade' })).toBe('Upgrade');
    expect(optionText({ label: 7 })).toBe('7');
    expect(optionText({ label: { type: 'span' }, title: 'Red' })).toBe('Red');
    expect(optionText(undefined)).toBe('');
  });
});
