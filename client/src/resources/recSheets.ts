import type { Row } from '../api/types';
import type { ResourceDef, RowAction } from '../list/resource';
import { AUDIT_COLUMNS, writableWith } from './common';
import { textOf } from '../format/format';

/** '12.5%': the list's percentages, 1 decimal (spec 02 §9); the server sends 0..100. */
export function formatPercent1(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = Number(value);
  return Number.isFinite(amount) ? `${amount.toFixed(1)}%` : '';
}

/**
 * /recSheets (spec 02 §2.3, §3 "Rec sheet"): the sheets, newest recDate first, with their line
 * count and how much is reconciled. RevenueReconciliation only (the menu and route are hidden
 * otherwise), and that area adds, edits and deletes.
 */
export function recSheetsResource(linesAction: Omit<RowAction, 'path' | 'key' | 'label'>): ResourceDef {
  return {
    tableName: 'recSheets',
    title: 'Revenue reconciliation sheets',
    singular: 'rec sheet',
    listPath: 'recSheets',
    savePath: 'recSheet',
    idField: 'recSheetID',
    defaultSort: { field: 'recDate', dir: 'desc' },
    permissions: writableWith('RevenueReconciliation'),
    rowActions: [{ key: 'lines', label: 'Lines', ...linesAction, path: (row: Row) => `/recSheets/${Number(row.recSheetID)}/lines` }],
    columns: [
      { name: 'name', title: 'Name', valueType: 'text', sortable: true, required: true, maxLength: 100, width: 200 },
      {
        name: 'recDate',
        title: 'Date',
        valueType: 'date',
        sortable: true,
        required: true,
        toBodyValue: (value) => (value ? textOf(value).slice(0, 10) : null),
        help: 'The day the supplier paid, or the period the sheet covers',
      },
      { name: 'recSheetLineCount', title: 'Lines', valueType: 'integer', hideInForm: true, sortable: true },
      {
        name: 'reconciledPercent',
        title: 'Reconciled',
        valueType: 'number',
        hideInForm: true,
        sortable: true,
        render: (row) => formatPercent1(row.reconciledPercent),
      },
      {
        name: 'autoReconciledPercent',
        title: 'Auto reconciled',
        valueType: 'number',
        hideInForm: true,
        sortable: true,
        render: (row) => formatPercent1(row.autoReconciledPercent),
      },
      ...AUDIT_COLUMNS,
    ],
  };
}
