import type { ListField } from './list-definition';

/** The audit fields every master list can filter, sort and export. */
export function auditFields(alias: string): Record<string, ListField> {
  return {
    createdByUserName: { column: `${alias}.createdByUserName`, type: 'text', excel: 'Created by' },
    createdDate: { column: `${alias}.createdDate`, type: 'datetime', excel: 'Created' },
    updatedByUserName: { column: `${alias}.updatedByUserName`, type: 'text', excel: 'Updated by' },
    updatedDate: { column: `${alias}.updatedDate`, type: 'datetime', excel: 'Updated' },
  };
}
