import { normalizeHeader, parsePreference, prefillSheet, sheetStatus, toMappings, updatePreference, type UploadField } from './uploadMapping';

const FIELDS: UploadField[] = [
  { field: 'sku', label: 'SKU', required: true },
  { field: 'description', label: 'Description', required: true },
  { field: 'customerRRP', label: 'Customer RRP', required: false },
  { field: 'revenue.7', label: 'Revenue - North', required: false },
];

describe('rate card upload mapping', () => {
  it('normalises header names', () => {
    expect(normalizeHeader('  Customer_RRP ')).toBe('customer rrp');
  });

  it('prefills from header names matching labels or field names', () => {
    const sheet = {
      worksheet: 'A',
      headers: [
        { col: 1, header: 'Description' },
        { col: 2, header: 'sku' },
        { col: 3, header: 'customerRRP' },
      ],
    };
    expect(prefillSheet(sheet, FIELDS, {})).toEqual({ description: 1, sku: 2, customerRRP: 3 });
  });

  it("prefills a store column whose header has the label's words in another order", () => {
    const sheet = {
      worksheet: 'A',
      headers: [
        { col: 1, header: 'SKU' },
        { col: 4, header: 'North Revenue' },
        { col: 5, header: 'North' },
      ],
    };
    expect(prefillSheet(sheet, FIELDS, {})).toEqual({ sku: 1, 'revenue.7': 4 });
  });

  it('prefers the saved preference, keyed by header name wherever the column is', () => {
    const preference = parsePreference(JSON.stringify({ 'Product code': 'sku', 'North rev': 'revenue.7', SKU: 'description' }));
    const sheet = {
      worksheet: 'B',
      headers: [
        { col: 4, header: 'North Rev' },
        { col: 1, header: 'Other' },
        { col: 2, header: 'product code' },
      ],
    };
    expect(prefillSheet(sheet, FIELDS, preference)).toEqual({ sku: 2, 'revenue.7': 4 });
  });

  it('uses a column once and ignores a preference for unknown fields or bad JSON', () => {
    expect(parsePreference('not json')).toEqual({});
    const sheet = { worksheet: 'C', headers: [{ col: 1, header: 'SKU' }] };
    expect(prefillSheet(sheet, FIELDS, { sku: 'gone' })).toEqual({ sku: 1 });
  });

  it('skips worksheets without every required field and keeps only mapped fields', () => {
    const sheets = [
      {
        worksheet: 'Full',
        headers: [
          { col: 1, header: 'SKU' },
          { col: 2, header: 'Description' },
        ],
      },
      { worksheet: 'Half', headers: [{ col: 1, header: 'SKU' }] },
      { worksheet: 'None', headers: [] },
    ];
    const mapping = { Full: { sku: 1, description: 2, customerRRP: null }, Half: { sku: 1 }, None: {} };
    expect(sheetStatus(mapping.Full, FIELDS)).toBe('complete');
    expect(sheetStatus(mapping.Half, FIELDS)).toBe('incomplete');
    expect(sheetStatus(mapping.None, FIELDS)).toBe('empty');
    expect(toMappings(sheets, mapping, FIELDS)).toEqual({ Full: { sku: 1, description: 2 } });
  });

  it('saves the mapping by header name, forgetting headers left unmapped', () => {
    const sheets = [
      {
        worksheet: 'Full',
        headers: [
          { col: 1, header: 'Code' },
          { col: 2, header: 'Text' },
          { col: 3, header: 'Old' },
        ],
      },
    ];
    const next = updatePreference({ old: 'customerRRP', elsewhere: 'sku' }, sheets, { Full: { sku: 1, description: 2 } }, FIELDS);
    expect(next).toEqual({ code: 'sku', text: 'description', elsewhere: 'sku' });
  });
});
