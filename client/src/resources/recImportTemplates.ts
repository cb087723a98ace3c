import type { Row } from '../api/types';
import type { ResourceDef } from '../list/resource';
import { REC_SHEET_UPLOAD_FIELDS } from '../../../src/shared/rec-sheet-upload-fields';
import { AUDIT_COLUMNS, writableWith } from './common';
import { textOf } from '../format/format';

/** The rec sheet fields in words, in the wizard's order (the server's upload fields, one list). */
const FIELD_LABELS: Record<string, string> = Object.fromEntries(REC_SHEET_UPLOAD_FIELDS.map((f) => [f.field, f.label]));
const FIELD_ORDER = Object.keys(FIELD_LABELS);

/** 'Sale date: txn date; Store: branch; ...' in the fields' order. */
export function templateMappingsText(row: Row): string {
  const mappings = (row.mappings ?? {}) as Record<string, string>;
  return Object.entries(mappings)
    .sort(([, a], [, b]) => FIELD_ORDER.indexOf(a) - FIELD_ORDER.indexOf(b))
    .map(([header, field]) => `${FIELD_LABELS[field] ?? field}: ${header}`)
    .join('; ');
}

/**
 * /recSheets/templates (issue 24): the supplier templates of the rec sheet import. They are made
 * in the upload wizard ('Save as template'); here they are renamed and deleted.
 * RevenueReconciliation only, as the route and the API.
 */
export const recImportTemplatesResource: ResourceDef = {
  tableName: 'recImportTemplates',
  title: 'Supplier templates',
  singular: 'supplier template',
  listPath: 'recImportTemplates',
  savePath: 'recImportTemplate',
  idField: 'templateID',
  defaultSort: { field: 'name', dir: 'asc' },
  permissions: { ...writableWith('RevenueReconciliation'), create: () => false },
  formNote: 'Templates are saved from the upload wizard (Save as template); here they are renamed or deleted.',
  savedMessage: (mode, saved) => (mode === 'delete' ? 'Template deleted' : `Template ${textOf(saved?.name)} saved`),
  columns: [
    { name: 'name', title: 'Supplier', valueType: 'text', sortable: true, required: true, maxLength: 100 },
    { name: 'headerCount', title: 'Headers', valueType: 'integer', hideInForm: true },
    {
      name: 'mappings',
      title: 'Mapped headers',
      valueType: 'text',
      readOnly: true,
      // Cut with an ellipsis in the list like every cell (the whole text on hover and in the record dialog).
      render: templateMappingsText,
    },
    ...AUDIT_COLUMNS,
  ],
};
