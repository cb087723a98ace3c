import type { ResourceDef } from '../list/resource';
import { AUDIT_COLUMNS, writableWith } from './common';

/** /data/stores: the franchise's stores (SystemSetup edits). */
export const storesResource: ResourceDef = {
  tableName: 'stores',
  title: 'Stores',
  singular: 'store',
  listPath: 'stores',
  savePath: 'store',
  idField: 'storeID',
  defaultSort: { field: 'name', dir: 'asc' },
  permissions: writableWith('SystemSetup'),
  columns: [
    { name: 'name', title: 'Name', valueType: 'text', sortable: true, required: true, maxLength: 100 },
    {
      name: 'storeTypeID',
      title: 'Store type',
      valueType: 'lookup',
      displayField: 'storeTypeName',
      sortable: 'storeTypeName',
      required: true,
      lookup: { listPath: 'storeTypes', valueField: 'storeTypeID', labelField: 'name', pageLength: 50 },
    },
    { name: 'targetRevenue', title: 'Target revenue', valueType: 'boolean', sortable: true, initialValue: true },
    { name: 'targetQuantity', title: 'Target quantity', valueType: 'boolean', sortable: true },
    { name: 'postCode', title: 'Post code', valueType: 'text', sortable: true, maxLength: 10 },
    { name: 'squareFeet', title: 'Square feet', valueType: 'integer', sortable: true, min: 0, initialValue: 0 },
    ...AUDIT_COLUMNS,
  ],
};
