import { firstEmpty, isEmptyValue } from './initialFocus';

describe('first empty field', () => {
  it('counts nothing, blank text and empty lists as empty, not false or 0', () => {
    expect(isEmptyValue(undefined)).toBe(true);
    expect(isEmptyValue(null)).toBe(true);
    expect(isEmptyValue('  ')).toBe(true);
    expect(isEmptyValue([])).toBe(true);
    expect(isEmptyValue(false)).toBe(false);
    expect(isEmptyValue(0)).toBe(false);
    expect(isEmptyValue('Leeds')).toBe(false);
  });

  it('picks the first empty field in the form order, else the first field', () => {
    expect(firstEmpty(['storeID', 'saleTypeID', 'orderRef'], { storeID: 3, saleTypeID: null, orderRef: '' })).toBe('saleTypeID');
    expect(firstEmpty(['name', 'code'], { name: 'Leeds', code: 'L1' })).toBe('name');
    expect(firstEmpty([], {})).toBeUndefined();
  });
});
