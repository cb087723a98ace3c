import { formatPounds } from '../format/format';
import { acceptCellText, cellTextToNumber, formattedCellText, numberToCellText } from './cellText';

describe('grid cell text', () => {
  const digits = { kind: 'digits' } as const;
  const staff = { kind: 'decimal', maxDecimals: 2 } as const;
  const anyDecimals = { kind: 'decimal' } as const;

  it('digits cells drop anything that is not a digit as it is typed', () => {
    expect(acceptCellText(digits, '12', '12a')).toBe('12');
    expect(acceptCellText(digits, '12', '12.')).toBe('12');
    expect(acceptCellText(digits, '12', '123')).toBe('123');
    expect(acceptCellText(digits, '12', '')).toBe('');
  });

  it('decimal cells take one point and at most maxDecimals decimals', () => {
    expect(acceptCellText(staff, '2', '2.')).toBe('2.');
    expect(acceptCellText(staff, '2.', '2.5')).toBe('2.5');
    expect(acceptCellText(staff, '2.55', '2.555')).toBe('2.55');
    expect(acceptCellText(staff, '2.5', '2.5.')).toBe('2.5');
    expect(acceptCellText(staff, '2', '2x')).toBe('2');
    expect(acceptCellText(staff, '', '.5')).toBe('.5');
  });

  it('decimal cells without maxDecimals take any number of decimals; maxDecimals 0 takes no point', () => {
    expect(acceptCellText(anyDecimals, '1.234', '1.2345')).toBe('1.2345');
    expect(acceptCellText({ kind: 'decimal', maxDecimals: 0 }, '1', '1.')).toBe('1');
  });

  it('reads empty text (or a lone point) as not recorded, and numbers as typed', () => {
    expect(cellTextToNumber(digits, '')).toBeNull();
    expect(cellTextToNumber(staff, '.')).toBeNull();
    expect(cellTextToNumber(staff, '2.')).toBe(2);
    expect(cellTextToNumber(staff, '.5')).toBe(0.5);
    expect(cellTextToNumber(digits, '0')).toBe(0);
  });

  it('shows server values, keeping a recorded 0 apart from nothing', () => {
    expect(numberToCellText(digits, null)).toBe('');
    expect(numberToCellText(digits, 0)).toBe('0');
    expect(numberToCellText(staff, 2.5)).toBe('2.5');
    expect(numberToCellText(staff, '3.25')).toBe('3.25');
  });
});

describe('formattedCellText (a grid box not being edited, issue 26)', () => {
  it("a store total reads as money, '£125,000.00' rather than '125000'; an empty box stays empty", () => {
    expect(formattedCellText({ kind: 'digits' }, '125000', formatPounds)).toBe('£125,000.00');
    expect(formattedCellText({ kind: 'decimal', maxDecimals: 2 }, '1031', formatPounds)).toBe('£1,031.00');
    expect(formattedCellText({ kind: 'digits' }, '', formatPounds)).toBe('');
  });
});
