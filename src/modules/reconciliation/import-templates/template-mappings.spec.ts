import { mappingsProblem, matchedHeaders, normalizeHeader, normalizeMappings } from './template-mappings';

describe('supplier template mappings', () => {
  it('normalises header names as the wizard does', () => {
    expect(normalizeHeader('  Order No. ')).toBe('order no');
    expect(normalizeHeader('Txn__Date')).toBe('txn date');
    expect(normalizeMappings({ 'Net Revenue': 'revenue', 'Txn Date': 'saleDate' })).toEqual({ 'net revenue': 'revenue', 'txn date': 'saleDate' });
  });

  it.each<[string, unknown, RegExp]>([
    ['a list', [], /must be an object/],
    ['null', null, /must be an object/],
    ['text', 'x', /must be an object/],
    ['nothing mapped', {}, /at least one header/],
    ['an unknown field', { Colour: 'colour' }, /Colour.*unknown field/],
    ['punctuation only', { '...': 'sku' }, /letters or digits/],
    ['one field from two headers', { Date: 'saleDate', 'Txn date': 'saleDate' }, /Sale date is mapped from two headers/],
    ['one header into two fields', { 'Order No.': 'orderRef', 'order no': 'sku' }, /two fields/],
  ])('refuses %s', (_what, value, message) => {
    expect(mappingsProblem(value)).toMatch(message);
  });

  it('accepts one header written two ways for the same field', () => {
    expect(mappingsProblem({ 'Order No.': 'orderRef', 'order no': 'orderRef' })).toBeNull();
  });

  it('offers a template when every header it maps is present, in any column and case', () => {
    const template = { 'txn date': 'saleDate', 'net revenue': 'revenue' };
    expect(matchedHeaders(template, ['NET REVENUE', 'Branch', 'Txn  Date'])).toBe(2);
    expect(matchedHeaders(template, ['Txn Date', 'Amount'])).toBeNull();
    expect(matchedHeaders({}, ['Txn Date'])).toBeNull();
  });
});
