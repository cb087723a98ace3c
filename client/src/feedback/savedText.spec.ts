import { counted, gridSavedText, monthText, nameOfRow, recordSavedText, saleSavedText } from './savedText';

describe('save feedback wording', () => {
  it('names the record kind, its name and what happened', () => {
    expect(recordSavedText('update', 'store', 'Leeds Briggate')).toBe('Store Leeds Briggate saved');
    expect(recordSavedText('create', 'rate card line', 'IPH-15')).toBe('Rate card line IPH-15 created');
    expect(recordSavedText('copy', 'sale type', 'Upgrade')).toBe('Sale type Upgrade created');
    expect(recordSavedText('delete', 'user', ' Grace Patel ')).toBe('User Grace Patel deleted');
  });

  it('leaves the name out when the record has none', () => {
    expect(recordSavedText('update', 'store', '')).toBe('Store saved');
    expect(recordSavedText('delete', 'discount')).toBe('Discount deleted');
  });

  it('names a sale by its id, without thousands separators', () => {
    expect(saleSavedText('create', 73358)).toBe('Sale 73358 recorded');
    expect(saleSavedText('update', 73358)).toBe('Sale 73358 saved');
    expect(saleSavedText('refund', 70408)).toBe('Sale 70408 refunded');
    expect(saleSavedText('cancel', 12)).toBe('Sale 12 cancelled');
    expect(saleSavedText('unreconcile', 5)).toBe('Sale 5 unreconciled');
    expect(saleSavedText('delete', 1042)).toBe('Sale 1042 deleted');
    expect(saleSavedText('create')).toBe('Sale recorded');
  });

  it('counts with the right noun', () => {
    expect(counted(1, 'line')).toBe('1 line');
    expect(counted(3, 'sale')).toBe('3 sales');
    expect(counted(1200, 'sale')).toBe('1,200 sales');
    expect(counted(2, 'match rule')).toBe('2 match rules');
  });

  it('finds the first name-like field that has a value', () => {
    expect(nameOfRow({ name: 'Leeds', code: 'L1' }, ['name', 'code'])).toBe('Leeds');
    expect(nameOfRow({ name: '', title: 'Hello' }, ['name', 'title'])).toBe('Hello');
    expect(nameOfRow({ sku: 42 }, ['sku'])).toBe('42');
    expect(nameOfRow(undefined, ['name'])).toBeUndefined();
    expect(nameOfRow({ other: 'x' }, ['name'])).toBeUndefined();
  });
});

describe('month grid wording', () => {
  it('names the month in words, and the store when known', () => {
    expect(monthText('2026-12-01')).toBe('December 2026');
    expect(monthText('2027-01-31')).toBe('January 2027');
    expect(gridSavedText('Targets', '2026-12-01', 'Leeds Briggate')).toBe('Targets saved for Leeds Briggate, December 2026');
    expect(gridSavedText('Daily stats', '2026-11-01')).toBe('Daily stats saved for November 2026');
  });
});
