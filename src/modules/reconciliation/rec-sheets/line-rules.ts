import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import type { StoresService } from '../../master-data';

/**
 * The rules a rec sheet line's values follow, typed in (POST/PUT /recSheetLine) or imported
 * (POST /recSheetLines/excel) alike (docs/http-api.md, "Revenue reconciliation").
 */

export const STORE_NAME_MAX = 100;
export const ORDER_REF_MAX = 50;
export const SKU_MAX = 50;
export const DESCRIPTION_MAX = 255;
/** |revenue| < 10,000,000, in pounds with 2 decimals. */
export const MAX_REVENUE = 9_999_999.99;
export const MAX_REVENUE_PENCE = 999_999_999;

export const ONLY_UNRECONCILED = 'Only unreconciled lines can be changed';

/**
 * Order numbers are kept trimmed and upper-cased: 'ab12 ' and 'AB12' are the same order on both
 * engines. The apostrophe Excel users type to keep a number as text ("'00123") and non-breaking
 * spaces pasted from a web page go too.
 */
export function normaliseOrderRef(value: string): string {
  return value
    .replace(/\u00a0/g, ' ')
    .trim()
    .replace(/^'+/, '')
    .trim()
    .toUpperCase();
}

export function duplicateOrderMessage(orderRef: string): string {
  return `Order number ${orderRef} is already on this sheet`;
}

export interface StoreInfo {
  storeID: number;
  name: string;
}

/** Every store by lower-cased trimmed name (names are unique ignoring case), read once. */
export async function storesByName(manager: EntityManager, stores: Pick<StoresService, 'idsAndNames'>): Promise<Map<string, StoreInfo>> {
  const rows = await stores.idsAndNames(manager);
  return new Map(rows.map((s) => [s.name.trim().toLowerCase(), { storeID: s.storeID, name: s.name }]));
}

/**
 * The store a line names: a store of the user's profile, or an error message. `unknownAllowed`
 * (imports) lets a name no store has through as no store (null).
 */
export function resolveStore(
  stores: Map<string, StoreInfo>,
  user: AuthUser,
  name: string,
  unknownAllowed: boolean,
): { ok: true; store: StoreInfo | null } | { ok: false; error: string } {
  const store = stores.get(name.trim().toLowerCase());
  if (!store) return unknownAllowed ? { ok: true, store: null } : { ok: false, error: `There is no store called ${name.trim()}` };
  if (!user.storeIDs.includes(store.storeID)) return { ok: false, error: `Your access profile does not include store ${store.name}` };
  return { ok: true, store };
}
