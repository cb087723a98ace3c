import type { ResourceDef } from '../list/resource';
import { AUDIT_COLUMNS, writableWith } from './common';

/** /data/storeTypes: what daily statistics a kind of store records. */
export const storeTypesResource: ResourceDef = {
  tableName: 'storeTypes',
  title: 'Store types',
  singular: 'store type',
  listPath: 'storeTypes',
  savePath: 'storeType',
  idField: 'storeTypeID',
  defaultSort: { field: 'name', dir: 'asc' },
  permissions: writableWith('SystemSetup'),
  columns: [
    { name: 'name', title: 'Name', valueType: 'text', sortable: true, required: true, maxLength: 100 },
    { name: 'recordFootfall', title: 'Record footfall', valueType: 'boolean', sortable: true },
    { name: 'recordChatCount', title: 'Record chat count', valueType: 'boolean', sortable: true },
    { name: 'recordStaffCount', title: 'Record staff count', valueType: 'boolean', sortable: true },
    { name: 'storeCount', title: 'Stores', valueType: 'integer', hideInForm: true },
    ...AUDIT_COLUMNS,
  ],
};
