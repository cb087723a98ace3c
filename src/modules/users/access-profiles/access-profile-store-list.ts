import type { ListDefinition } from '../../../common/list/list-definition';
import { AccessProfileStore } from '../entities/access-profile-store.entity';

/**
 * GET /api/accessProfileStores: which profiles grant a store, and with
 * fkJoins=accessProfile,accessProfile.users who holds them (the targets grid finds a store's
 * users this way, spec 02 section 7). Saved through the access profile; limited to the caller's stores.
 */
export const accessProfileStoreList: ListDefinition<AccessProfileStore> = {
  entity: AccessProfileStore,
  alias: 'accessProfileStore',
  idField: 'accessProfileStoreID',
  label: 'access profile store',
  fields: {
    accessProfileStoreID: { column: 'accessProfileStore.accessProfileStoreID', type: 'integer', excel: 'ID' },
    accessProfileID: { column: 'accessProfileStore.accessProfileID', type: 'integer' },
    accessProfileName: { column: 'accessProfile.name', type: 'text', quick: true, excel: 'Access profile' },
    storeID: { column: 'accessProfileStore.storeID', type: 'integer' },
    storeName: { column: 'store.name', type: 'text', quick: true, excel: 'Store' },
  },
  lookups: { accessProfile: 'accessProfileStore.accessProfile', store: 'accessProfileStore.store' },
  fkJoins: ['accessProfile', 'accessProfile.users'],
  defaultSort: { field: 'accessProfileName', dir: 'ASC' },
  storeScope: { column: 'accessProfileStore.storeID' },
  toRow: ({ accessProfile, store, ...link }, joins) => ({
    accessProfileStoreID: link.accessProfileStoreID,
    accessProfileID: link.accessProfileID,
    accessProfileName: accessProfile?.name ?? '',
    storeID: link.storeID,
    storeName: store?.name ?? '(Store name not found)',
    ...(accessProfile && joins.has('accessProfile')
      ? {
          accessProfile: {
            accessProfileID: accessProfile.accessProfileID,
            name: accessProfile.name,
            // Names and the active flag only: the users list is where the rest is read, with its own rules.
            ...(accessProfile.users
              ? {
                  users: [...accessProfile.users]
                    .sort((a, b) => a.name.localeCompare(b.name))
                    .map((u) => ({ userID: u.userID, name: u.name, active: u.active })),
                }
              : {}),
          },
        }
      : {}),
  }),
};
