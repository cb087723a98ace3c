import type { FieldDef } from '../list/resource';
import { splitNestedKey, toFormValues, toRequestBody } from './formValues';
import { textOf } from '../format/format';

const me = { userID: 1 } as never;

const items: FieldDef = {
  name: 'analysisListItems',
  title: 'List items',
  valueType: 'subTable',
  subTable: {
    addLabel: 'Add item',
    emptyText: '',
    keepFields: ['analysisListItemID'],
    newRow: () => ({}),
    normalize: (row) => ({ ...row, code: textOf(row.code).toUpperCase() }),
    columns: [
      { key: 'code', title: 'Code', fields: [{ name: 'code', title: 'Code', valueType: 'text' }] },
      { key: 'on', title: 'On', fields: [{ name: 'enableTargets', title: 'Enable targets', valueType: 'boolean' }] },
      { key: 'ratio', title: 'Ratio', fields: [{ name: 'ratio', title: 'Ratio', valueType: 'ratio' }] },
    ],
  },
};

describe('nested tables in the form', () => {
  const record = { analysisListItems: [{ analysisListItemID: 7, code: 'A', enableTargets: true, description: 'x' }] };

  it('keeps child ids when editing and drops them when copying', () => {
    expect(toFormValues([items], { me, mode: 'update', record }).analysisListItems).toEqual(record.analysisListItems);
    expect(toFormValues([items], { me, mode: 'copy', record }).analysisListItems).toEqual([{ code: 'A', enableTargets: true, description: 'x' }]);
    expect(toFormValues([items], { me, mode: 'create' }).analysisListItems).toEqual([]);
  });

  it('sends each row as its inputs after the rules, with kept ids, and nothing else', () => {
    const body = toRequestBody([items], {
      analysisListItems: [{ analysisListItemID: 7, code: 'a', enableTargets: true, description: 'x' }, { code: 'b' }],
    });
    expect(body).toEqual({
      analysisListItems: [
        { analysisListItemID: 7, code: 'A', enableTargets: true, ratio: null },
        { code: 'B', enableTargets: false, ratio: null },
      ],
    });
  });

  it('sends the value of a hidden field that has one, and the form values to toBodyValue', () => {
    const regex: FieldDef = { name: 'regex', title: 'Regex', valueType: 'text', valueWhenHidden: '' };
    const percent: FieldDef = {
      name: 'successValue',
      title: 'Success',
      valueType: 'number',
      toBodyValue: (value, values) => (values.metricType === 'percent' ? Number(value) / 100 : value),
    };
    expect(toRequestBody([percent], { successValue: 75, metricType: 'percent', regex: 'x' }, [regex])).toEqual({
      regex: '',
      successValue: 0.75,
    });
  });

  it('places server messages of nested fields', () => {
    expect(splitNestedKey('analysisListItems.2.code')).toEqual({ field: 'analysisListItems', cellKey: '2.code' });
    expect(splitNestedKey('discountStores.1')).toEqual({ field: 'discountStores', cellKey: '1' });
    expect(splitNestedKey('name')).toBeUndefined();
  });
});
