import type { ResourceDef } from '../list/resource';
import { AUDIT_COLUMNS, storesField, writableWith } from './common';

/** /data/saleTypes: kinds of sale (e.g. new contract, upgrade) and the stores that offer each. */
export const saleTypesResource: ResourceDef = {
  tableName: 'saleTypes',
  title: 'Sale types',
  singular: 'sale type',
  listPath: 'saleTypes',
  savePath: 'saleType',
  idField: 'saleTypeID',
  defaultSort: { field: 'name', dir: 'asc' },
  fkJoins: 'saleTypeStores',
  permissions: writableWith('SystemSetup'),
  columns: [
    { name: 'name', title: 'Name', valueType: 'text', sortable: true, required: true, maxLength: 100 },
    { ...storesField('saleTypeStores', 'Offered in stores'), help: 'The stores where this sale type can be recorded' },
    ...AUDIT_COLUMNS,
  ],
};
