import type { Me, Row } from '../api/types';
import { type SystemArea, can } from '../auth/permissions';
import type { FieldDef, ResourcePermissions } from '../list/resource';

/**
 * Who-and-when columns every master record carries. The server sets them, so
 * they are never in the form (the dialog shows them in its own block) and
 * never sent; in the table they are available from the column chooser.
 */
export const AUDIT_COLUMNS: FieldDef[] = [
  { name: 'createdByUserName', title: 'Created by', valueType: 'text', hiddenByDefault: true, hideInForm: true, sortable: true },
  { name: 'createdDate', title: 'Created', valueType: 'dateTime', hiddenByDefault: true, hideInForm: true, sortable: true },
  { name: 'updatedByUserName', title: 'Updated by', valueType: 'text', hiddenByDefault: true, hideInForm: true, sortable: true },
  { name: 'updatedDate', title: 'Updated', valueType: 'dateTime', hiddenByDefault: true, hideInForm: true, sortable: true },
];

/** Everyone may read; the given area may create, change and delete any row. */
export function writableWith(area: SystemArea): ResourcePermissions {
  const mayWrite = (me: Me) => can(me, area);
  return { create: mayWrite, update: mayWrite, delete: mayWrite };
}

/** The store picker loads 100 stores per search; other pickers 50 (spec 01 §9). */
export const STORE_LOOKUP = { listPath: 'stores', valueField: 'storeID', labelField: 'name', pageLength: 100 };

interface StoreOfRow {
  storeID: number;
  storeName: string;
}

/**
 * The stores a record applies to, carried as `[{ storeID, storeName }]` under
 * `relation` (e.g. 'saleTypeStores') and sent as `storeIDs`: a store
 * multi-select in the form, names (or a count, past three) in the table.
 */
export function storesField(relation: string, title = 'Stores'): FieldDef {
  const storesOfRow = (row: Row) => (row[relation] as StoreOfRow[] | undefined) ?? [];
  return {
    name: relation,
    title,
    valueType: 'multiLookup',
    lookup: STORE_LOOKUP,
    optionsFromRow: (row) => storesOfRow(row).map((s) => ({ value: s.storeID, label: s.storeName })),
    toFormValue: (row) => storesOfRow(row).map((s) => s.storeID),
    bodyField: 'storeIDs',
    toBodyValue: (value) => value ?? [],
    render: (row) => storesSummary(storesOfRow(row).map((s) => s.storeName)),
    initialValue: [],
    width: 240,
  };
}

/** A few names, or how many once a list of names would swamp the table. */
export function storesSummary(names: string[]): string {
  if (names.length === 0) return 'None';
  return names.length > 3 ? `${names.length} stores` : [...names].sort((a, b) => a.localeCompare(b)).join(', ');
}
