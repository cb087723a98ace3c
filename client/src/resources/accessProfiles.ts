import { createElement } from 'react';
import type { Row } from '../api/types';
import { splitSystemAreas } from '../auth/permissions';
import type { ResourceDef } from '../list/resource';
import { SystemAreasSummary } from '../record/SystemAreasInput';
import { AUDIT_COLUMNS, STORE_LOOKUP, writableWith } from './common';

interface AccessProfileStore {
  storeID: number;
  storeName: string;
}

function storesOfProfile(row: Row): AccessProfileStore[] {
  return (row.accessProfileStores as AccessProfileStore[] | undefined) ?? [];
}

/** /data/users/accessProfiles: what a group of users may see and do (UserSetup). */
export const accessProfilesResource: ResourceDef = {
  tableName: 'accessProfiles',
  title: 'Access Profiles',
  singular: 'access profile',
  listPath: 'accessProfiles',
  savePath: 'accessProfile',
  idField: 'accessProfileID',
  defaultSort: { field: 'name', dir: 'asc' },
  permissions: writableWith('UserSetup'),
  columns: [
    { name: 'name', title: 'Name', valueType: 'text', sortable: true, required: true, maxLength: 100 },
    {
      name: 'systemAreas',
      title: 'System areas',
      valueType: 'systemAreas',
      // The server keeps the areas as one 'A, B' string; the form edits a list.
      toFormValue: (row) => splitSystemAreas(row.systemAreas as string),
      toBodyValue: (value) => ((value as string[] | null) ?? []).join(', '),
      // What each area grants, not its code name.
      render: (row) => createElement(SystemAreasSummary, { names: splitSystemAreas(row.systemAreas as string) }),
      width: 360,
    },
    // Spec 02 §2.6: the list shows name, areas, stores and users; the flags are a column choice away.
    { name: 'showRevenue', title: 'Show revenue', valueType: 'boolean', sortable: true, initialValue: true, hiddenByDefault: true },
    {
      name: 'showCommission',
      title: 'Show commission',
      valueType: 'boolean',
      sortable: true,
      initialValue: false,
      hiddenByDefault: true,
    },
    {
      name: 'sells',
      title: 'Sells',
      valueType: 'boolean',
      sortable: true,
      initialValue: true,
      hiddenByDefault: true,
      // The server's one rule of who sells (docs/decisions.md, issue 26).
      help: "Its users are sellers: named on sales, rows of the targets and the rota. Off for administrators' profiles.",
    },
    {
      name: 'accessProfileStores',
      title: 'Stores',
      valueType: 'multiLookup',
      lookup: STORE_LOOKUP,
      // Rows carry the stores as [{ storeID, storeName }]; the body sends storeIDs.
      optionsFromRow: (row) => storesOfProfile(row).map((s) => ({ value: s.storeID, label: s.storeName })),
      toFormValue: (row) => storesOfProfile(row).map((s) => s.storeID),
      bodyField: 'storeIDs',
      toBodyValue: (value) => value ?? [],
      render: (row) => {
        const stores = storesOfProfile(row);
        // A long list of names would swamp the table; past a few, say how many.
        return stores.length > 3 ? `${stores.length} stores` : stores.map((s) => s.storeName).join(', ');
      },
      width: 240,
    },
    { name: 'userCount', title: 'Users', valueType: 'integer', hideInForm: true },
    ...AUDIT_COLUMNS,
  ],
};
