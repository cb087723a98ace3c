import { EntityManager, In } from 'typeorm';
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
