import type { ResourceDef } from '../list/resource';
import { AUDIT_COLUMNS, writableWith } from './common';

/** /data/bands: price bands of rate card lines (an analysis field may fill itself from the band's name). */
export const bandsResource: ResourceDef = {
  tableName: 'bands',
  title: 'Bands',
  singular: 'band',
  listPath: 'bands',
  savePath: 'band',
  idField: 'bandID',
  defaultSort: { field: 'name', dir: 'asc' },
  permissions: writableWith('SystemSetup'),
  columns: [
    { name: 'name', title: 'Name', valueType: 'text', sortable: true, required: true, maxLength: 100 },
    { name: 'description', title: 'Description', valueType: 'textarea', sortable: true, filterable: true, maxLength: 255, width: 320 },
    ...AUDIT_COLUMNS,
  ],
};
