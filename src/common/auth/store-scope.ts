import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { AuthUser, hasAnyArea } from './auth-user';
import type { SystemArea } from './system-areas';
import { NotAllowed } from '../http/validation-result';

/**
 * How a list is limited to the user's stores. `column` is the store id column of the row
 * (e.g. 'store.storeID'); `unlessAreas` lets administrators of that data see every row.
 */
export interface StoreScope {
  column: string;
  unlessAreas?: readonly SystemArea[];
}

/** The one place store scope is applied to a query of store-owned rows. */
export function applyStoreScope<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, scope: StoreScope | undefined, user: AuthUser): void {
  if (!scope) return;
  if (scope.unlessAreas && hasAnyArea(user, scope.unlessAreas)) return;
  if (user.storeIDs.length === 0) {
    qb.andWhere('1 = 0');
    return;
  }
  qb.andWhere(`${scope.column} IN (:...scopeStoreIDs)`, { scopeStoreIDs: [...user.storeIDs] });
}

export function canUseStore(user: AuthUser, storeID: number): boolean {
  return user.storeIDs.includes(storeID);
}

/** Writes that name a store the profile does not grant are refused (403). */
export function assertStoreAccess(user: AuthUser, storeID: number | null | undefined): void {
  if (storeID == null) return;
  if (!canUseStore(user, storeID)) throw new NotAllowed('Your access profile does not include this store');
}
