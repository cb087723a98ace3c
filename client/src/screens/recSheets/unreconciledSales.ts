import { createElement } from 'react';
import type { FigureFlags } from '../../auth/figures';
import type { ResourceDef } from '../../list/resource';
import { SaleStatus } from '../../resources/sales';

const readOnly = { create: () => false, update: () => false, delete: () => false };

/**
 * The 'unreconciledSales' segment (issue 10, beyond the spec): sales the supplier has not paid
 * for the sheet's period, GET /api/recSheet/{id}/unreconciledSales, exportable to Excel through
 * the list's own download (…/unreconciledSales/excel).
 */
export function unreconciledSalesResource(recSheetID: number, figures: FigureFlags): ResourceDef {
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
    // The call takes no column filters (docs/http-api.md): sorting and the quick filter only.
    columns: [
      { name: 'saleDate', title: 'Date', valueType: 'date', sortable: true, filterable: false, width: 110 },
      { name: 'storeName', title: 'Store', valueType: 'text', sortable: true, filterable: false },
      { name: 'sku', title: 'SKU', valueType: 'text', sortable: true, filterable: false },
      { name: 'orderRef', title: 'Order ref', valueType: 'text', sortable: true, filterable: false },
      { name: 'attributableToUserName', title: 'Sale made by', valueType: 'text', sortable: true, filterable: false },
      { name: 'description', title: 'Description', valueType: 'text', sortable: false, filterable: false, hiddenByDefault: true },
      // Recorded or modified: the sales ready to reconcile.
      { name: 'currentHistoryStep', title: 'Status', valueType: 'text', sortable: true, filterable: false, render: (row) => createElement(SaleStatus, { step: row.currentHistoryStep }) },
      // Revenue figures only for a profile that shows them (the server sends none otherwise).
      ...(figures.revenue
        ? ([
            { name: 'revenue', title: 'Revenue', valueType: 'money', sortable: true, filterable: false, hiddenByDefault: true },
            { name: 'adjustedRevenue', title: 'Adjusted revenue', valueType: 'money', sortable: true, filterable: false },
            { name: 'unreconciledRevenue', title: 'Unreconciled revenue', valueType: 'money', sortable: true, filterable: false },
          ] satisfies ResourceDef['columns'])
        : []),
    ],
  };
}
