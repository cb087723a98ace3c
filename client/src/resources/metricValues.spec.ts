import {
  formatMetricValue,
  formatPartValue,
  formatSuccessValue,
  metricFieldOptions,
  paramsJsonError,
  successValueToBody,
  successValueToForm,
} from './metricValues';

describe('success value', () => {
  it('shows a percent metric x100 and sends it as a fraction', () => {
    expect(successValueToForm(0.75, 'percent')).toBe(75);
    expect(successValueToForm(0.07, 'percent')).toBe(7);
    expect(successValueToBody(75, 'percent')).toBe(0.75);
    expect(successValueToBody(12.5, 'percent')).toBe(0.125);
    expect(successValueToBody(7, 'percent')).toBe(0.07);
    expect(successValueToBody(12.25, 'percent')).toBe(0.1225);
  });

  it('leaves other kinds as they are, and empty is 0 (not used)', () => {
    expect(successValueToForm(1500, 'money')).toBe(1500);
    expect(successValueToBody(1500, 'money')).toBe(1500);
    expect(successValueToBody(null, 'percent')).toBe(0);
    expect(successValueToForm(null, 'integer')).toBe(0);
  });

  it('reads in the metric kind', () => {
    expect(formatSuccessValue(0.75, 'percent')).toBe('75%');
    expect(formatSuccessValue(1500, 'money')).toBe('£1,500.00');
    expect(formatSuccessValue(12, 'integer')).toBe('12');
    expect(formatSuccessValue(1.5, '2dp')).toBe('1.50');
    expect(formatSuccessValue(0, 'percent')).toBe('Not used');
  });
});

describe('params JSON check', () => {
  it('accepts a JSON object', () => {
    expect(paramsJsonError('{}')).toBeUndefined();
    expect(paramsJsonError(' {"saleTypeID": 2, "isRefund": 0} ')).toBeUndefined();
  });

  it('refuses text that is not JSON', () => {
    expect(paramsJsonError('{saleTypeID: 2}')).toBe('Params must be valid JSON');
    expect(paramsJsonError('{"a": 1,}')).toBe('Params must be valid JSON');
  });

  it('takes empty params as no filters', () => {
    expect(paramsJsonError('')).toBeUndefined();
    expect(paramsJsonError(undefined)).toBeUndefined();
  });

  it('refuses filters the lists do not have the shape of', () => {
    expect(paramsJsonError('{"store id": 3}')).toBe('Params: "store id" is not a filter name');
    expect(paramsJsonError('{"storeID": [3]}')).toBe('Params: the value of storeID must be text, a number or true/false');
    expect(paramsJsonError('{"storeID": null}')).toMatch(/must be text/);
  });

  it('refuses JSON that is not an object', () => {
    expect(paramsJsonError('[1]')).toMatch(/JSON object/);
    expect(paramsJsonError('null')).toMatch(/JSON object/);
    expect(paramsJsonError('3')).toMatch(/JSON object/);
  });
});

describe('metric part fields', () => {
  it('reads rows of table and field', () => {
    const body = {
      listData: [
        { tableName: 'sales', field: 'revenueCount' },
        { tableName: 'dailyStats', field: 'dayCount' },
      ],
    };
    expect(metricFieldOptions(body, 'sales')).toEqual([{ value: 'revenueCount', label: 'Revenue count' }]);
  });

  it('reads an object keyed by table', () => {
    const body = { data: { sales: ['revenueCount', 'commissionASP'], dailyStats: ['footfallTotal'] } };
    expect(metricFieldOptions(body, 'dailyStats')).toEqual([{ value: 'footfallTotal', label: 'Footfall total' }]);
    expect(metricFieldOptions(body, 'sales').map((o) => o.value)).toEqual(['revenueCount', 'commissionASP']);
  });

  it('reads rows of a table with its fields', () => {
    const body = {
      listData: [
        { tableName: 'sales', fields: ['revenueCount'] },
        { tableName: 'dailyStats', fields: ['dayCount'] },
      ],
    };
    expect(metricFieldOptions(body, 'dailyStats')).toEqual([{ value: 'dayCount', label: 'Day count' }]);
  });
});

describe('metric values as their type shows them', () => {
  it('percent x100 with %, money in pounds, 2dp, integer', () => {
    expect(formatMetricValue(0.3333, 'percent')).toBe('33.33%');
    expect(formatMetricValue(1234.5, 'money')).toBe('£1,234.50');
    expect(formatMetricValue(1234.5, '2dp')).toBe('1,234.50');
    expect(formatMetricValue(-2.345, '2dp')).toBe('-2.35');
    expect(formatMetricValue(7.6, 'integer')).toBe('8');
  });

  it('no value is a dash, 0 is a value', () => {
    expect(formatMetricValue(null, 'money')).toBe('-');
    expect(formatMetricValue(undefined, 'percent')).toBe('-');
    expect(formatMetricValue(0, 'percent')).toBe('0%');
  });
});

describe('part values as their field reads', () => {
  it('money for revenue and commission, a number for counts and daily figures', () => {
    expect(formatPartValue(1250, 'adjustedRevenueTotal')).toBe('£1,250.00');
    expect(formatPartValue(12.5, 'commissionASP')).toBe('£12.50');
    expect(formatPartValue(-3, 'revenueCount')).toBe('-3');
    expect(formatPartValue(9.25, 'staffCountTotal')).toBe('9.25');
    expect(formatPartValue(null, 'footfallTotal')).toBe('-');
  });
});
