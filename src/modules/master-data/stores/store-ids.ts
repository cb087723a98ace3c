import { EntityManager, In } from 'typeorm';
import { AuthUser, hasAnyArea } from '../../../common/auth/auth-user';
import { canUseStore } from '../../../common/auth/store-scope';
import type { SystemArea } from '../../../common/auth/system-areas';
import { InvalidInput } from '../../../common/http/validation-result';
import { Store } from '../entities/store.entity';

/** The distinct store ids of a body's list; 400 on `field` when any store does not exist. */
export async function existingStoreIDs(manager: EntityManager, storeIDs: readonly number[], field = 'storeIDs'): Promise<number[]> {
  const distinct = [...new Set(storeIDs)];
  if (distinct.length === 0) return distinct;
  const found = await manager.countBy(Store, { storeID: In(distinct) });
  if (found !== distinct.length) throw new InvalidInput({ [field]: 'Choose stores that exist' });
  return distinct;
}

/** A store link as rows show it: `{ <idField>: id, storeID, storeName }`, sorted by store name. */
export function storeLinks<L extends { storeID: number; store?: Store }>(
  links: readonly L[] | undefined,
  idField: keyof L & string,
): Array<Record<string, unknown> & { storeID: number; storeName: string }> {
  return (links ?? [])
    .map((link) => ({ [idField]: link[idField], storeID: link.storeID, storeName: link.store?.name ?? '(Store name not found)' }))
    .sort((a, b) => a.storeName.localeCompare(b.storeName) || a.storeID - b.storeID);
}

/** Who edits the store lists of sale types, discounts and analysis fields, and so sees every store in them. */
export const STORE_LIST_EDITORS: readonly SystemArea[] = ['SystemSetup'];

/**
 * The entries of a record's store list that `user` may see: only the stores of their access
 * profile (ARCHITECTURE: records outside the user's stores are not shown), unless they hold one
 * of `unlessAreas` (those who edit the list, who must see all of it). The same rule as the
 * query-side applyStoreScope, for lists nested in a row. No user: an internal read, all entries.
 */
export function visibleStores<L extends { storeID: number }>(
  links: readonly L[] | undefined,
  user: AuthUser | undefined,
  unlessAreas: readonly SystemArea[] = STORE_LIST_EDITORS,
): L[] {
  if (!user || hasAnyArea(user, unlessAreas)) return [...(links ?? [])];
  return (links ?? []).filter((link) => canUseStore(user, link.storeID));
}
