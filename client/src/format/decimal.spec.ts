import { acceptDecimalText, decimalTextToNumber, isDecimalText, moneyBoxText, numberToDecimalText } from './decimal';
import { formatRatio, humanizeIdentifier } from './format';

describe('money and ratio text (digits with up to two decimals)', () => {
  it('allows digits, one point and at most two decimals', () => {
    for (const text of ['', '0', '12', '12.', '12.5', '12.50', '.25', '1234567']) expect(isDecimalText(text)).toBe(true);
    for (const text of ['-1', '1e3', '12.345', '1.2.3', 'abc', ' 1', '1,000', '£5']) expect(isDecimalText(text)).toBe(false);
  });

  it('ignores a keystroke that would break the rule', () => {
    expect(acceptDecimalText('12.5', '12.55')).toBe('12.55');
    expect(acceptDecimalText('12.55', '12.555')).toBe('12.55');
    expect(acceptDecimalText('12', '12a')).toBe('12');
    expect(acceptDecimalText('12', '-12')).toBe('12');
    expect(acceptDecimalText('12', '')).toBe('');
  });

  it('refuses ratios above the maximum', () => {
    expect(acceptDecimalText('0.2', '0.25', 1)).toBe('0.25');
    expect(acceptDecimalText('1', '12', 1)).toBe('1');
    expect(acceptDecimalText('1', '1.', 1)).toBe('1.');
  });

  it('turns text into the amount and back', () => {
    expect(decimalTextToNumber('')).toBeNull();
    expect(decimalTextToNumber('.')).toBeNull();
    expect(decimalTextToNumber('12.')).toBe(12);
    expect(decimalTextToNumber('.25')).toBe(0.25);
    expect(numberToDecimalText(null)).toBe('');
    expect(numberToDecimalText('5.10')).toBe('5.1');
    expect(numberToDecimalText(0)).toBe('0');
    expect(numberToDecimalText(12.5, 'money')).toBe('12.50');
    expect(numberToDecimalText(0.25, 'ratio')).toBe('0.25');
  });
});

describe('display helpers', () => {
  it('shows ratios as percentages', () => {
    expect(formatRatio(0.25)).toBe('25%');
    expect(formatRatio(0.07)).toBe('7%');
    expect(formatRatio(0.125)).toBe('12.5%');
    expect(formatRatio(null)).toBe('');
  });

  it('turns identifiers into words', () => {
    expect(humanizeIdentifier('revenueCount')).toBe('Revenue count');
    expect(humanizeIdentifier('adjustedRevenueASP')).toBe('Adjusted revenue ASP');
    expect(humanizeIdentifier('dayCount')).toBe('Day count');
  });
});

describe('moneyBoxText (a money box not being edited, issue 26)', () => {
  it('shows thousands separators and two decimals; nothing for no amount', () => {
    expect(moneyBoxText(125000)).toBe('125,000.00');
    expect(moneyBoxText(1031)).toBe('1,031.00');
    expect(moneyBoxText(12.5)).toBe('12.50');
    expect(moneyBoxText(null)).toBe('');
    expect(moneyBoxText('')).toBe('');
  });
});
