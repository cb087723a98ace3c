import { anchorRegex, regexError, regexMatches } from './regex';

describe('anchorRegex', () => {
  it.each([
    ['\\d{15}', '^\\d{15}$'],
    ['^\\d{15}$', '^\\d{15}$'],
    ['^\\d{15}', '^\\d{15}$'],
    ['\\d{15}$', '^\\d{15}$'],
    ['price \\$', '^price \\$$'],
    ['a\\\\$', '^a\\\\$'],
    ['Yes|No', '^(?:Yes|No)$'],
    ['^Yes|No$', '^(?:Yes|No)$'],
    ['^(?:Yes|No)$', '^(?:Yes|No)$'],
    ['(a|b)c', '^(a|b)c$'],
    ['[|]x', '^[|]x$'],
    ['\\|x', '^\\|x$'],
    ['', '^$'],
  ])('%s -> %s', (source, anchored) => {
    expect(anchorRegex(source)).toBe(anchored);
    expect(anchorRegex(anchored)).toBe(anchored);
  });
});

describe('regexError and regexMatches', () => {
  it('names what is wrong with a regex that does not compile', () => {
    expect(regexError('^(abc$')).toMatch(/unterminated group/i);
    expect(regexError('^abc$')).toBeNull();
  });

  it('matches, and gives up on catastrophic backtracking instead of hanging', () => {
    expect(regexMatches('^\\d{3}$', '123')).toBe(true);
    expect(regexMatches('^\\d{3}$', '1234')).toBe(false);
    expect(regexMatches('^(a+)+$', `${'a'.repeat(40)}b`)).toBe('timeout');
  });
});
