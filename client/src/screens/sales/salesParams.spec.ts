import { readListState } from '../../list/tableQuery';
import { countPanelFilters, decodeParams, encodeParams, filtersToParams, paramsTarget, paramsToFilters, withFilters, withoutPanelFilters } from './salesParams';

/** Standard base64 (with '+', '/' and '=' padding) of a text, as another screen may write it. */
const standardBase64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

describe('sales params: base64 JSON in a path segment', () => {
  it('round-trips an object, UTF-8 included', () => {
    const value = { storeID: 3, saleDateGEQ: '2026-11-01', note: 'Café £5 ✓' };
    expect(decodeParams(encodeParams(value))).toEqual(value);
  });

  it('never holds characters that end or split a path segment', () => {
    // '?>?' in JSON gives '+' and '/' in standard base64.
    for (let i = 0; i < 64; i++) {
      const encoded = encodeParams({ text: `?>?${'x'.repeat(i)}~~~` });
      expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    }
  });

  it('reads standard base64 with padding and URL-encoded segments too', () => {
    const standard = standardBase64(JSON.stringify({ sku: 'ABC', storeID: '2' }));
    expect(decodeParams(standard)).toEqual({ sku: 'ABC', storeID: '2' });
    expect(decodeParams(encodeURIComponent(standard))).toEqual({ sku: 'ABC', storeID: '2' });
  });

  it('answers null for anything that is not base64 JSON of an object', () => {
    expect(decodeParams(undefined)).toBeNull();
    expect(decodeParams('')).toBeNull();
    expect(decodeParams('not base64!')).toBeNull();
    expect(decodeParams(standardBase64('[1,2]'))).toBeNull();
    expect(decodeParams(standardBase64('{"a":'))).toBeNull();
  });
});

describe('sales params as list filters', () => {
  it('keeps the contract parameters, as comma lists, and drops unknown names', () => {
    expect(
      paramsToFilters({
        storeID: 4,
        attributableToUserID: [7, 8],
        currentHistoryStep: 'recorded, modified',
        isRefund: false,
        orderRefDuplicates: 2,
        bogus: 'x',
        __proto__: 'y',
      }),
    ).toEqual({
      storeID: ['4'],
      attributableToUserID: ['7', '8'],
      currentHistoryStep: ['recorded', 'modified'],
      isRefund: ['0'],
      orderRefDuplicates: ['2'],
    });
  });

  it('sends dates as yyyy-mm-dd and leaves out the default target date', () => {
    expect(paramsToFilters({ saleDateGEQ: '2026-11-01T00:00:00.000Z', saleDateLEQ: 'soon', targetDate: '2000-01-01' })).toEqual({
      saleDateGEQ: ['2026-11-01'],
    });
    expect(paramsToFilters({ targetDate: '2026-10-15' })).toEqual({ targetDate: ['2026-10-15'] });
  });

  it('turns filters back into a params object', () => {
    const filters = { saleTypeID: ['1', '2'], skuLower: ['abc'] };
    expect(filtersToParams(filters)).toEqual({ saleTypeID: '1,2', skuLower: 'abc' });
    expect(paramsToFilters(filtersToParams(filters))).toEqual(filters);
  });
});

describe('filter changes in the URL', () => {
  it('sets and removes filters, keeps the rest and goes back to page 1', () => {
    const search = new URLSearchParams('page=3&pageLength=50&sort=saleDate&sortDir=asc&quickFilter=x&f.isRefund=1&f.sku=A,B');
    const next = withFilters(search, { isRefund: null, currentHistoryStep: ['recorded', 'cancelled'], sku: [''] });
    const state = readListState(next);
    expect(state).toEqual({
      page: 1,
      pageLength: 50,
      sort: 'saleDate',
      sortDir: 'asc',
      quickFilter: 'x',
      filters: { currentHistoryStep: ['recorded', 'cancelled'] },
    });
    expect(next.get('f.currentHistoryStep')).toBe('recorded,cancelled');
  });

  it('clears every panel filter but keeps a store filter, the quick filter and the page length', () => {
    const search = new URLSearchParams('pageLength=25&quickFilter=x&f.storeID=2&f.isRefund=1&f.targetDate=2026-01-01&f.descriptionLower=phone');
    const state = readListState(withoutPanelFilters(search));
    expect(state.filters).toEqual({ storeID: ['2'] });
    expect(state.quickFilter).toBe('x');
    expect(state.pageLength).toBe(25);
    expect(countPanelFilters({ storeID: ['2'], isRefund: ['1'], sku: ['A', 'B'] })).toBe(2);
  });
});

describe('where /sales/params/{base64} leads', () => {
  it('opens the tab of a single store the profile has, with the other filters in the query string', () => {
    expect(paramsTarget({ storeID: 2, saleDateGEQ: '2026-11-01' }, undefined, [1, 2])).toBe('/sales/2?f.saleDateGEQ=2026-11-01');
    expect(paramsTarget({ attributableToUserID: '5,6' }, 1, [1, 2])).toBe('/sales/1?f.attributableToUserID=5%2C6');
  });

  it('stays on All stores for several stores, a store outside the profile, or nothing', () => {
    expect(paramsTarget({ storeID: '1,2' }, undefined, [1, 2])).toBe('/sales?f.storeID=1%2C2');
    expect(paramsTarget({ storeID: 9 }, undefined, [1, 2])).toBe('/sales?f.storeID=9');
    expect(paramsTarget({}, 9, [1, 2])).toBe('/sales');
  });
});
