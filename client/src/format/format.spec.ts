import { formatIntegerField } from './format';

describe('formatIntegerField', () => {
  it('writes an id as it is, a quantity with thousands separators', () => {
    expect(formatIntegerField('saleID', 73358)).toBe('73358');
    expect(formatIntegerField('announcementID', 1200)).toBe('1200');
    expect(formatIntegerField('saleID', null)).toBe('');
    expect(formatIntegerField('squareFeet', 73358)).toBe('73,358');
  });
});
