import { readParams } from '../master-data';
import { average, figureOfField, groupParts, metricValue, PartDefinition, partValue } from './metric-values';

const part = (over: Partial<PartDefinition> = {}): PartDefinition => ({
  name: 'Part',
  divisionPart: 'numerator',
  multiplier: 1,
  tableName: 'sales',
  field: 'revenueCount',
  params: '{}',
  ...over,
});

const read = (p: PartDefinition) => {
  const params = readParams(p.params);
  if (typeof params === 'string') throw new Error(params);
  return { part: p, params };
};

describe('readParams', () => {
  it('reads the JSON values as a query string carries them', () => {
    expect({ ...(readParams('{"saleTypeID": 2, "skuLower": "abc", "isRefund": false, "commissionGEQ": 1.5}') as object) }).toEqual({
      saleTypeID: '2',
      skuLower: 'abc',
      isRefund: '0',
      commissionGEQ: '1.5',
    });
    expect(readParams('')).toEqual({});
  });

  it('keeps a huge number as written, for the list to refuse', () => {
    expect((readParams('{"saleTypeID": 1e30}') as Record<string, string>).saleTypeID).toBe('1e+30');
  });

  it('answers why params are not filters', () => {
    expect(readParams('{"a": 1')).toBe('Params must be valid JSON');
    expect(readParams('[1]')).toBe('Params must be a JSON object of filters, e.g. {"saleTypeID": 2}');
    expect(readParams('{"a b": 1}')).toBe('Params: "a b" is not a filter name');
    expect(readParams('{"a": null}')).toBe('Params: the value of a must be text, a number or true/false');
  });
});

describe('groupParts', () => {
  it('groups parts by table and filters, whatever the order of the filters', () => {
    const a = part({ params: '{"saleTypeID": 1, "storeID": 2}' });
    const b = part({ field: 'commissionTotal', params: '{"storeID": 2, "saleTypeID": 1}' });
    const c = part({ params: '{"saleTypeID": 1}' });
    const d = part({ tableName: 'dailyStats', field: 'footfallTotal', params: '{"saleTypeID": 1}' });
    const e = part({ params: '{"saleTypeID": "1"}' });
    const groups = groupParts([a, b, c, d, e].map(read));
    expect(groups.map((g) => g.parts)).toEqual([[a, b], [c, e], [d]]);
    expect(groups[2].tableName).toBe('dailyStats');
  });
});

describe('partValue', () => {
  const sales = { revenueCount: 4, adjustedRevenue: 250, commission: 30 };
  it.each([
    ['revenueCount', 4],
    ['adjustedRevenueTotal', 250],
    ['adjustedRevenueASP', 62.5],
    ['commissionTotal', 30],
    ['commissionASP', 7.5],
  ])('sales %s', (field, value) => {
    expect(partValue(part({ field }), sales)).toBe(value);
  });

  it('ASP is 0 when nothing counted, and no rows read as zero sums', () => {
    expect(partValue(part({ field: 'adjustedRevenueASP' }), { revenueCount: 0, adjustedRevenue: 0, commission: 0 })).toBe(0);
    expect(partValue(part({ field: 'commissionASP' }), undefined)).toBe(0);
    expect(average(10, 0)).toBe(0);
  });

  it.each([
    ['footfallTotal', 300],
    ['chatCountTotal', 20],
    ['staffCountTotal', 7.5],
    ['dayCount', 3],
  ])('dailyStats %s', (field, value) => {
    expect(partValue(part({ tableName: 'dailyStats', field }), { footfall: 300, chatCount: 20, staffCount: 7.5, dayCount: 3 })).toBe(value);
  });

  it('multiplies, without binary noise', () => {
    expect(partValue(part({ multiplier: 0.1 }), { ...sales, revenueCount: 3 })).toBe(0.3);
    expect(partValue(part({ multiplier: -2 }), sales)).toBe(-8);
  });
});

describe('metricValue', () => {
  it('is the numerators over the denominators', () => {
    expect(
      metricValue([
        { divisionPart: 'numerator', value: 3 },
        { divisionPart: 'numerator', value: 1 },
        { divisionPart: 'denominator', value: 6 },
        { divisionPart: 'denominator', value: 2 },
      ]),
    ).toBe(0.5);
  });

  it('divides by 1 without denominators, and gives no value when they add up to 0', () => {
    expect(metricValue([{ divisionPart: 'numerator', value: 7 }])).toBe(7);
    expect(metricValue([])).toBe(0);
    expect(
      metricValue([
        { divisionPart: 'numerator', value: 7 },
        { divisionPart: 'denominator', value: 0 },
      ]),
    ).toBeNull();
  });
});

describe('figureOfField', () => {
  it('names the figure a field shows', () => {
    expect(['revenueCount', 'adjustedRevenueTotal', 'adjustedRevenueASP', 'commissionTotal', 'commissionASP'].map((f) => figureOfField('sales', f))).toEqual([
      undefined,
      'revenue',
      'revenue',
      'commission',
      'commission',
    ]);
    expect(figureOfField('dailyStats', 'footfallTotal')).toBeUndefined();
  });
});
