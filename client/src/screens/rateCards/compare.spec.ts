import { compareRows, describeChange, KIND_CLASS, totalsText, type CompareSaleType } from './compare';

describe('rate card comparison', () => {
  const saleType: CompareSaleType = {
    saleTypeID: 1,
    saleTypeName: 'Upgrade',
    added: [{ sku: 'B1', description: 'New', customerRRP: 199, customerMonthly: 25.5, stores: [{ storeID: 2, storeName: 'North', revenue: 10, commission: 2.5, active: true }] }],
    removed: [{ sku: 'A1', description: 'Old', customerRRP: 0, customerMonthly: 10, stores: [{ storeID: 2, storeName: 'North', revenue: 5, commission: 1, active: false }] }],
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

  it('describes changes per store with from and to', () => {
    expect(describeChange(saleType.changed[0].changes[0])).toBe('North: Revenue £10.00 → £12.00');
    expect(describeChange(saleType.changed[0].changes[1])).toBe('RRP (none) → £99.00');
    expect(describeChange(saleType.changed[0].changes[2])).toBe('South: Active Yes → No');
  });

  it('lists rows by SKU with their kind (green added, red removed, amber changed)', () => {
    const rows = compareRows(saleType);
    expect(rows.map((r) => [r.sku, r.kind])).toEqual([
      ['A1', 'removed'],
      ['B1', 'added'],
      ['C1', 'changed'],
    ]);
    // Added and removed lines show their RRP and monthly (the server sends them), then each store.
    expect(rows[0].details).toEqual(['RRP £0.00 · Monthly £10.00', 'North: £5.00 / £1.00 (inactive)']);
    expect(rows[1].details).toEqual(['RRP £199.00 · Monthly £25.50', 'North: £10.00 / £2.50']);
    expect(rows.map((r) => KIND_CLASS[r.kind])).toEqual(['compare-removed', 'compare-added', 'compare-changed']);
  });

  it("shows only the figures the user's profile shows (the server leaves the others out)", () => {
    const revenueOnly: CompareSaleType = {
      ...saleType,
      added: [{ ...saleType.added[0], stores: [{ storeID: 2, storeName: 'North', revenue: 10, active: true }] }],
      removed: [{ ...saleType.removed[0], stores: [{ storeID: 2, storeName: 'North', revenue: 5, active: false }] }],
    };
    const storeDetails = (figures: { revenue: boolean; commission: boolean }) =>
      compareRows(revenueOnly, figures)
        .filter((r) => r.kind !== 'changed')
        .map((r) => r.details[1]);
    expect(storeDetails({ revenue: true, commission: false })).toEqual(['North: revenue £5.00 (inactive)', 'North: revenue £10.00']);
    expect(storeDetails({ revenue: false, commission: false })).toEqual(['North (inactive)', 'North']);
    expect(compareRows(revenueOnly, { revenue: true, commission: false }).flatMap((r) => r.details).join(' ')).not.toMatch(/undefined|commission/i);
  });

  it('sums up the totals', () => {
    expect(totalsText(saleType.totals)).toBe('1 added, 1 removed, 1 changed, 4 unchanged');
  });
});
