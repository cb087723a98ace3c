import { changeValue, compareRows, KIND_CLASS, totalsText, type CompareSaleType } from './compare';

describe('rate card comparison', () => {
  const saleType: CompareSaleType = {
    saleTypeID: 1,
    saleTypeName: 'Upgrade',
    added: [
      {
        sku: 'B1',
        description: 'New',
        customerRRP: 199,
        customerMonthly: 25.5,
        stores: [{ storeID: 2, storeName: 'North', revenue: 10, commission: 2.5, active: true }],
      },
    ],
    removed: [
      {
        sku: 'A1',
        description: 'Old',
        customerRRP: 0,
        customerMonthly: 10,
        stores: [{ storeID: 2, storeName: 'North', revenue: 5, commission: 1, active: false }],
      },
    ],
    changed: [
      {
        sku: 'C1',
        description: 'Same',
        changes: [
          { field: 'revenue', storeID: 2, storeName: 'North', from: 10, to: 12 },
          { field: 'customerRRP', storeID: null, storeName: null, from: null, to: 99 },
          { field: 'active', storeID: 3, storeName: 'South', from: true, to: false },
        ],
      },
    ],
    totals: { added: 1, removed: 1, changed: 1, unchanged: 4 },
  };

  it('gives a changed value its old and new text', () => {
    expect(changeValue(saleType.changed[0].changes[0])).toEqual({ label: 'Revenue', from: '£10.00', to: '£12.00' });
    expect(changeValue(saleType.changed[0].changes[1])).toEqual({ label: 'RRP', from: '(none)', to: '£99.00' });
    expect(changeValue(saleType.changed[0].changes[2])).toEqual({ label: 'Active', from: 'Yes', to: 'No' });
  });

  it('makes one row per line and store, by SKU, the line itself first (green added, red removed, amber changed)', () => {
    const rows = compareRows(saleType);
    expect(rows.map((r) => [r.sku, r.kind, r.storeName])).toEqual([
      ['A1', 'removed', null],
      ['A1', 'removed', 'North'],
      ['B1', 'added', null],
      ['B1', 'added', 'North'],
      ['C1', 'changed', null],
      ['C1', 'changed', 'North'],
      ['C1', 'changed', 'South'],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    // A removed line shows what it had, an added one what it brings; an inactive store says so.
    expect(rows[0].values).toEqual([
      { label: 'RRP', from: '£0.00' },
      { label: 'Monthly', from: '£10.00' },
    ]);
    expect(rows[1].values).toEqual([
      { label: 'Revenue', from: '£5.00' },
      { label: 'Commission', from: '£1.00' },
      { label: 'Active', from: 'No' },
    ]);
    expect(rows[3].values).toEqual([
      { label: 'Revenue', to: '£10.00' },
      { label: 'Commission', to: '£2.50' },
    ]);
    expect(rows[5].values).toEqual([{ label: 'Revenue', from: '£10.00', to: '£12.00' }]);
    expect(rows.map((r) => KIND_CLASS[r.kind])).toEqual([
      'compare-removed',
      'compare-removed',
      'compare-added',
      'compare-added',
      'compare-changed',
      'compare-changed',
      'compare-changed',
    ]);
  });

  it("shows only the figures the user's profile shows (the server leaves the others out)", () => {
    const revenueOnly: CompareSaleType = {
      ...saleType,
      added: [{ ...saleType.added[0], stores: [{ storeID: 2, storeName: 'North', revenue: 10, active: true }] }],
      removed: [{ ...saleType.removed[0], stores: [{ storeID: 2, storeName: 'North', revenue: 5, active: false }] }],
    };
    const storeLabels = (figures: { revenue: boolean; commission: boolean }) =>
      compareRows(revenueOnly, figures)
        .filter((r) => r.kind !== 'changed' && r.storeName)
        .map((r) => r.values.map((v) => v.label).join(','));
    expect(storeLabels({ revenue: true, commission: false })).toEqual(['Revenue,Active', 'Revenue']);
    expect(storeLabels({ revenue: false, commission: false })).toEqual(['Active', '']);
    expect(JSON.stringify(compareRows(revenueOnly, { revenue: true, commission: false }))).not.toMatch(/undefined|commission/i);
  });

  it('sums up the totals', () => {
    expect(totalsText(saleType.totals)).toBe('1 added, 1 removed, 1 changed, 4 unchanged');
  });
});
