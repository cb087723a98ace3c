import { acceptDigitsText, digitsTextToNumber, numberToDigitsText } from './digits';

describe('digits-only boxes', () => {
  it('drops anything but digits as it is typed', () => {
    let text = '';
    for (const key of '2a4.5-') text = acceptDigitsText(text, text + key);
    expect(text).toBe('245');
  });

  it('keeps digits from pasted text', () => {
    expect(acceptDigitsText('', ' 1,2 months')).toBe('12');
  });

  it('refuses a number above the maximum', () => {
    expect(acceptDigitsText('12', '123', 120)).toBe('12');
    expect(acceptDigitsText('12', '120', 120)).toBe('120');
  });

  it('turns the text into the number the form holds and back', () => {
    expect(digitsTextToNumber('')).toBeNull();
    expect(digitsTextToNumber('024')).toBe(24);
    expect(numberToDigitsText(24)).toBe('24');
    expect(numberToDigitsText(null)).toBe('');
    expect(numberToDigitsText('36')).toBe('36');
  });
});
