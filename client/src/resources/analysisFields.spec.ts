import { analysisFieldsResource, inputsForInputType } from './analysisFields';

describe('analysis field inputs by input type (spec 02 §5)', () => {
  it('offers regex and default for text only, items for single and multi, auto-fill and targets for single only', () => {
    expect(inputsForInputType('text')).toEqual({ textRules: true, listItems: false, singleOnly: false });
    expect(inputsForInputType('single')).toEqual({ textRules: false, listItems: true, singleOnly: true });
    expect(inputsForInputType('multi')).toEqual({ textRules: false, listItems: true, singleOnly: false });
  });

  it('hides the inputs the type does not allow, and clears them on save', () => {
    const me = { userID: 1 } as never;
    const shown = (inputType: string) =>
      analysisFieldsResource.columns
        .filter((f) => !(typeof f.hideInForm === 'function' ? f.hideInForm({ me, mode: 'create', values: { inputType } }) : f.hideInForm))
        .map((f) => f.name);
    expect(shown('text')).toEqual(expect.arrayContaining(['regex', 'defaultValue']));
    expect(shown('text')).not.toContain('analysisListItems');
    expect(shown('multi')).toEqual(expect.arrayContaining(['analysisListItems']));
    expect(shown('multi')).not.toContain('autoFillFrom');
    expect(shown('single')).toEqual(expect.arrayContaining(['analysisListItems', 'autoFillFrom', 'targetRevenue', 'targetQuantity']));
    const conditional = analysisFieldsResource.columns.filter((f) => typeof f.hideInForm === 'function');
    expect(conditional.every((f) => f.valueWhenHidden !== undefined)).toBe(true);
  });
});
