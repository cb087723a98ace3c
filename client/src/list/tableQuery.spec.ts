import { applyTableChange, readListState, toApiQuery, withQuickFilter, withScreenParams, writeListState } from './tableQuery';

describe('list state in the URL', () => {
  it('reads defaults: page 1 of 10 in the screen sort', () => {
    expect(readListState(new URLSearchParams(), { field: 'name', dir: 'asc' })).toEqual({
      page: 1,
      pageLength: 10,
      sort: 'name',
      sortDir: 'asc',
      quickFilter: '',
      filters: {},
    });
  });

  it('round-trips page, length, sort, quick filter and column filters', () => {
    const state = { page: 3, pageLength: 50, sort: 'storeTypeName', sortDir: 'desc' as const, quickFilter: 'leeds', filters: { targetRevenue: ['1'] } };
    expect(readListState(writeListState(state))).toEqual(state);
  });

  it('ignores page lengths the pager does not offer', () => {
    expect(readListState(new URLSearchParams('pageLength=100000')).pageLength).toBe(10);
  });
});

describe('toApiQuery', () => {
  it('sends a 0-based page and lets fixed filters win over column filters', () => {
    const state = { page: 2, pageLength: 25, sort: 'name', sortDir: 'asc' as const, quickFilter: ' north ', filters: { active: ['0'], nameLower: ['a'] } };
    const query = toApiQuery(state, { fixedFilters: { active: '1' }, fkJoins: 'storeType' });
    expect(Object.fromEntries(query)).toEqual({
      page: '1',
      pageLength: '25',
      sort: 'name',
      sortDir: 'asc',
      quickFilter: 'north',
      active: '1',
      nameLower: 'a',
      fkJoins: 'storeType',
    });
  });
});

describe('applyTableChange', () => {
  const base = { page: 4, pageLength: 10, sort: 'name', sortDir: 'asc' as const, quickFilter: '', filters: {} };

  it('keeps the page when only the page changes', () => {
    expect(applyTableChange(base, { current: 5, pageSize: 10, sortField: 'name', sortOrder: 'ascend', filters: {} }).page).toBe(5);
  });

  it('goes back to page 1 when the sort, length or filters change', () => {
    expect(applyTableChange(base, { current: 4, pageSize: 10, sortField: 'name', sortOrder: 'descend', filters: {} })).toMatchObject({
      page: 1,
      sortDir: 'desc',
    });
    expect(applyTableChange(base, { current: 4, pageSize: 50, sortField: 'name', sortOrder: 'ascend', filters: {} }).page).toBe(1);
    expect(applyTableChange(base, { current: 4, pageSize: 10, sortField: 'name', sortOrder: 'ascend', filters: { active: ['1'] } }).page).toBe(1);
    expect(withQuickFilter(base, 'x').page).toBe(1);
  });
});

describe('withScreenParams', () => {
  it("keeps the screen's own params (e.g. refunds) when the list writes its state", () => {
    const current = new URLSearchParams('refunds=1&page=3&other=x');
    const next = withScreenParams(writeListState({ page: 1, pageLength: 10, sort: 'saleDate', sortDir: 'desc', quickFilter: '', filters: {} }), current, [
      'refunds',
    ]);
    expect(next.toString()).toBe('sort=saleDate&sortDir=desc&refunds=1');
    expect(withScreenParams(new URLSearchParams(), new URLSearchParams('page=2'), ['refunds']).toString()).toBe('');
  });
});
