import type { ResourceDef } from '../../list/resource';

const readOnly = { create: () => false, update: () => false, delete: () => false };

/**
 * The 'unreconciledSales' segment (issue 10, beyond the spec): sales the supplier has not paid
 * for the sheet's period, GET /api/recSheet/{id}/unreconciledSales, exportable to Excel through
 * the list's own download (…/unreconciledSales/excel).
 */
export function unreconciledSalesResource(recSheetID: number): ResourceDef {
  return {
    tableName: 'recSheetUnreconciledSales',
    title: 'Unreconciled sales',
    singular: 'sale',
    listPath: `recSheet/${recSheetID}/unreconciledSales`,
    savePath: 'sale',
    idField: 'saleID',
    defaultSort: { field: 'saleDate', dir: 'asc' },
    permissions: readOnly,
    compact: true,
    columns: [
      { name: 'saleDate', title: 'Date', valueType: 'date', sortable: true, width: 110 },
      { name: 'storeName', title: 'Store', valueType: 'text', sortable: true },
      { name: 'sku', title: 'SKU', valueType: 'text', sortable: true },
      { name: 'description', title: 'Description', valueType: 'text', sortable: true, wrapWidth: 220, hiddenByDefault: true },
      { name: 'orderRef', title: 'Order ref', valueType: 'text', sortable: true },
      { name: 'attributableToUserName', title: 'Sale made by', valueType: 'text', sortable: true },
      { name: 'revenue', title: 'Revenue', valueType: 'money', sortable: true, filterable: false, hiddenByDefault: true },
      { name: 'adjustedRevenue', title: 'Adjusted revenue', valueType: 'money', sortable: true, filterable: false },
      { name: 'unreconciledRevenue', title: 'Unreconciled revenue', valueType: 'money', sortable: true, filterable: false },
    ],
  };
}
