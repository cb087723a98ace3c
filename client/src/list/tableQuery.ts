/**
 * The one place where a list's state turns into API query parameters, and
 * where that state is read from and written to the URL. Everything a list
 * shows (page, page length, sort, quick filter, column filters) lives in the
 * URL, so a list can be bookmarked, shared and restored with Back.
 */

export const PAGE_SIZES = [10, 25, 50, 100, 500] as const;
export const DEFAULT_PAGE_LENGTH = 10;

export type SortDir = 'asc' | 'desc';

export interface ListState {
  /** 1-based, as the pager shows it; the API's page is 0-based. */
  page: number;
  pageLength: number;
  sort?: string;
  sortDir?: SortDir;
  quickFilter: string;
  /**
   * Column filters as API parameter name -> values, e.g.
   * `{ targetRevenue: ['1'] }` or `{ nameLower: ['north'] }`.
   */
  filters: Record<string, string[]>;
}

/** Column filters travel in the URL as `f.<apiParameter>=v1,v2`. */
const FILTER_PREFIX = 'f.';

export function readListState(search: URLSearchParams, defaultSort?: { field: string; dir: SortDir }): ListState {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  const pageLength = Number.parseInt(search.get('pageLength') ?? '', 10);
  const sortDir = search.get('sortDir');
  const filters: Record<string, string[]> = {};
  search.forEach((value, key) => {
    if (key.startsWith(FILTER_PREFIX) && value !== '') filters[key.slice(FILTER_PREFIX.length)] = value.split(',');
  });
  const sort = search.get('sort') ?? defaultSort?.field;
  return {
    page: page >= 1 ? page : 1,
    pageLength: (PAGE_SIZES as readonly number[]).includes(pageLength) ? pageLength : DEFAULT_PAGE_LENGTH,
    sort: sort || undefined,
    sortDir: sortDir === 'asc' || sortDir === 'desc' ? sortDir : search.get('sort') ? 'asc' : defaultSort?.dir,
    quickFilter: search.get('quickFilter') ?? '',
    filters,
  };
}

/** The URL search params for a state (defaults left out to keep URLs short). */
export function writeListState(state: ListState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.page > 1) search.set('page', String(state.page));
  if (state.pageLength !== DEFAULT_PAGE_LENGTH) search.set('pageLength', String(state.pageLength));
  if (state.sort) {
    search.set('sort', state.sort);
    search.set('sortDir', state.sortDir ?? 'asc');
  }
  if (state.quickFilter) search.set('quickFilter', state.quickFilter);
  for (const [name, values] of Object.entries(state.filters)) {
    if (values.length) search.set(FILTER_PREFIX + name, values.join(','));
  }
  return search;
}

/**
 * The list's URL params with the screen's own (`names`, e.g. the unreconciled sales' `refunds`)
 * carried over from `current`, so paging or sorting the list keeps what the screen shows.
 */
export function withScreenParams(search: URLSearchParams, current: URLSearchParams, names: readonly string[] = []): URLSearchParams {
  for (const name of names) {
    const value = current.get(name);
    if (value !== null) search.set(name, value);
  }
  return search;
}

/**
 * The API query for a list page (docs/http-api.md "List parameters"): 0-based
 * page, sort and sortDir, quickFilter, column filters (a comma list means
 * "any of") and the screen's fixed filters, which always win.
 */
export function toApiQuery(state: ListState, options: { fixedFilters?: Record<string, string>; fkJoins?: string; paged?: boolean } = {}): URLSearchParams {
  const query = new URLSearchParams();
  if (options.paged !== false) {
    query.set('page', String(state.page - 1));
    query.set('pageLength', String(state.pageLength));
  }
  if (state.sort) {
    query.set('sort', state.sort);
    query.set('sortDir', state.sortDir ?? 'asc');
  }
  const quickFilter = state.quickFilter.trim();
  if (quickFilter) query.set('quickFilter', quickFilter);
  for (const [name, values] of Object.entries(state.filters)) {
    if (values.length) query.set(name, values.join(','));
  }
  for (const [name, value] of Object.entries(options.fixedFilters ?? {})) query.set(name, value);
  if (options.fkJoins) query.set('fkJoins', options.fkJoins);
  return query;
}

/** What antd's Table reports on a change, reduced to what the list needs. */
export interface TableChange {
  current?: number;
  pageSize?: number;
  /** The sorted column's sort field, or undefined when sorting was cleared. */
  sortField?: string;
  sortOrder?: 'ascend' | 'descend' | null;
  /** Column filters keyed by API parameter name. */
  filters: Record<string, string[] | null>;
}

/**
 * Applies a table change to the state. A new page length, sort or filter
 * goes back to page 1, since the old page number means nothing any more.
 */
export function applyTableChange(state: ListState, change: TableChange): ListState {
  const filters: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(change.filters)) if (values?.length) filters[name] = values;
  const sort = change.sortOrder ? change.sortField : undefined;
  const sortDir: SortDir | undefined = change.sortOrder === 'descend' ? 'desc' : change.sortOrder ? 'asc' : undefined;
  const pageLength = change.pageSize ?? state.pageLength;
  const resetPage =
    pageLength !== state.pageLength || sort !== state.sort || sortDir !== state.sortDir || JSON.stringify(filters) !== JSON.stringify(state.filters);
  return { ...state, pageLength, sort, sortDir, filters, page: resetPage ? 1 : (change.current ?? state.page) };
}

export function withQuickFilter(state: ListState, quickFilter: string): ListState {
  return { ...state, quickFilter, page: 1 };
}
