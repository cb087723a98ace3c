import type { ResourceDef } from '../list/resource';
import { AUDIT_COLUMNS, writableWith } from './common';

/** /data/skuTypes: kinds of SKU on rate cards; some never get a discount. */
export const skuTypesResource: ResourceDef = {
  tableName: 'skuTypes',
  title: 'SKU types',
  singular: 'SKU type',
  listPath: 'skuTypes',
  savePath: 'skuType',
  idField: 'skuTypeID',
  defaultSort: { field: 'name', dir: 'asc' },
  permissions: writableWith('SystemSetup'),
  columns: [
    { name: 'name', title: 'Name', valueType: 'text', sortable: true, required: true, maxLength: 100 },
    { name: 'description', title: 'Description', valueType: 'textarea', sortable: true, filterable: true, maxLength: 255, width: 320 },
    {
      name: 'excludeDiscount',
      title: 'Exclude discount',
      valueType: 'boolean',
      sortable: true,
      help: 'Sales of SKUs of this type never get a sale type discount',
    },
    ...AUDIT_COLUMNS,
  ],
};
