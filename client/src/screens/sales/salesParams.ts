/**
 * The sales screen's URL pieces (spec 01 §2 "Sales"): the base64 JSON objects of
 * /sales/newSale/{base64} and /sales/params/{base64}, and the filters panel's state,
 * which lives in the URL as the list's filters (`f.<API parameter>=v1,v2`, tableQuery).
 */
import { readListState, writeListState } from '../../list/tableQuery';

/**
 * An object as base64 JSON for a path segment: UTF-8, URL-safe alphabet ('-' and '_' instead
 * of '+' and '/', which would end the segment) and no '=' padding. Decoding takes both alphabets.
 */
export function encodeParams(value: Record<string, unknown>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The object of a base64 JSON segment, or null when it is not one (a hand-typed URL). */
export function decodeParams(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    let base64 = decodeURIComponent(text).replace(/-/g, '+').replace(/_/g, '/');
    while (base64.length % 4) base64 += '=';
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The panel's default target date (spec 01 §2): 01/01/2000 means no target date filter. */
export const NO_TARGET_DATE = '2000-01-01';

/** Status values (spec 01 §9), in the order of the status checkboxes. */
export const SALE_STEPS = ['recorded', 'modified', 'cancelled', 'reconciled'] as const;
export type SaleStep = (typeof SALE_STEPS)[number];

/**
 * Filters of the list the panel and /sales/params/{base64} may set: the API parameter names
 * of docs/http-api.md "Sales (issue 9)". Date parameters are sent as yyyy-mm-dd.
 */
export const SALES_FILTER_PARAMS = [
  'storeID',
  'saleTypeID',
  'attributableToUserID',
  'currentHistoryStep',
  'saleDateGEQ',
  'saleDateLEQ',
  'saleDate',
  'isRefund',
  'isRefunded',
  'orderRefDuplicates',
  'excludeDiscount',
  'sku',
  'skuLower',
  'descriptionLower',
  'discountName',
  'discountNameLower',
  'analysisValue',
  'targetDate',
  'saleID',
  'refSaleID',
  'rateCardID',
  'orderRef',
] as const;

const DATE_PARAMS = new Set(['saleDateGEQ', 'saleDateLEQ', 'saleDate', 'targetDate']);

/** A date as yyyy-mm-dd: the day of 'yyyy-mm-dd...' strings, else nothing. */
function dayOf(value: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  return match ? match[1] : undefined;
}

/** One value of a params object as the list's filter values (a comma list means "any of"). */
function valuesOf(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap(valuesOf);
  if (typeof value === 'boolean') return [value ? '1' : '0'];
  if (typeof value === 'number') return Number.isFinite(value) ? [String(value)] : [];
  if (typeof value === 'string') {
    return value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  }
  return [];
}

/**
 * A params object (a dashboard card's, a target's, or one typed in the URL) as list filters.
 * Unknown names are dropped (they would be a 400); dates become yyyy-mm-dd; the default target
 * date is no filter.
 */
export function paramsToFilters(params: Record<string, unknown>): Record<string, string[]> {
  const filters: Record<string, string[]> = {};
  for (const name of SALES_FILTER_PARAMS) {
    let values = valuesOf(params[name]);
    if (DATE_PARAMS.has(name)) {
      values = values
        .map(dayOf)
        .filter((day): day is string => Boolean(day))
        .slice(0, 1);
      if (name === 'targetDate' && values[0] === NO_TARGET_DATE) values = [];
    }
    if (values.length) filters[name] = values;
  }
  return filters;
}

/** The list filters as a params object, e.g. for a link to this very list (inverse of paramsToFilters). */
export function filtersToParams(filters: Record<string, string[]>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, values] of Object.entries(filters)) if (values.length) params[name] = values.join(',');
  return params;
}

/**
 * The URL after the panel changed some filters: each named filter set (or removed with an
 * empty list or null), the others and the sort kept, back to page 1.
 */
export function withFilters(search: URLSearchParams, changes: Record<string, string[] | null>): URLSearchParams {
  const state = readListState(search);
  const filters = { ...state.filters };
  for (const [name, values] of Object.entries(changes)) {
    const kept = (values ?? []).filter((value) => value !== '');
    if (kept.length) filters[name] = kept;
    else delete filters[name];
  }
  return writeListState({ ...state, filters, page: 1 });
}

/** The URL with every panel filter removed (the Clear button); quick filter, sort and page length kept. */
export function withoutPanelFilters(search: URLSearchParams): URLSearchParams {
  const changes: Record<string, null> = {};
  for (const name of SALES_FILTER_PARAMS) if (name !== 'storeID') changes[name] = null;
  return withFilters(search, changes);
}

/** How many panel filters are applied (shown on the collapsed panel). */
export function countPanelFilters(filters: Record<string, string[]>): number {
  return SALES_FILTER_PARAMS.filter((name) => name !== 'storeID' && (filters[name]?.length ?? 0) > 0).length;
}

/**
 * Where /sales/params/{base64} and /sales/{storeID}/params/{base64} lead: the store tab (a
 * single store the profile has, from the path or the object) with the object's filters in the
 * query string, so the list's state is in the URL as everywhere else.
 */
export function paramsTarget(params: Record<string, unknown>, pathStoreID: number | undefined, myStoreIDs: number[]): string {
  const filters = paramsToFilters(params);
  let storeID = pathStoreID;
  const storeFilter = filters.storeID;
  if (storeID === undefined && storeFilter?.length === 1 && myStoreIDs.includes(Number(storeFilter[0]))) {
    storeID = Number(storeFilter[0]);
  }
  if (storeID !== undefined && !myStoreIDs.includes(storeID)) storeID = undefined;
  if (storeID !== undefined) delete filters.storeID;
  const search = writeListState({ ...readListState(new URLSearchParams()), filters }).toString();
  return `/sales${storeID !== undefined ? `/${storeID}` : ''}${search ? `?${search}` : ''}`;
}
