import { createElement } from 'react';
import type { FigureFlags } from '../../auth/figures';
import type { FieldDef, ResourceDef } from '../../list/resource';
import { SaleStatus } from '../../resources/sales';

const readOnly = { create: () => false, update: () => false, delete: () => false };

/** The view's URL param (`?refunds=1`): the refunds awaiting a clawback instead of the sales. */
export const REFUNDS_PARAM = 'refunds';

/** The call takes no column filters (docs/http-api.md): sorting and the quick filter only. */
const column = (name: string, title: string, valueType: FieldDef['valueType'], more: Partial<FieldDef> = {}): FieldDef => ({
  name,
  title,
  valueType,
  sortable: true,
  filterable: false,
  ...more,
});

/**
 * The 'unreconciledSales' segment (issue 10, beyond the spec): sales the supplier has not paid
 * for the sheet's period, GET /api/recSheet/{id}/unreconciledSales, exportable to Excel through
 * the list's own download (…/unreconciledSales/excel). With `refunds` (issue 24) the refund rows
 * still unreconciled instead, those a supplier's clawback (a line of negative revenue) should
 * match: their date is the refund's, their revenue negative.
 */
export function unreconciledSalesResource(recSheetID: number, figures: FigureFlags, refunds = false): ResourceDef {
  const revenueColumns: FieldDef[] = refunds
    ? [
        column('revenue', 'Revenue refunded', 'money', { priority: 1, card: 'aside' }),
        column('unreconciledRevenue', 'Unreconciled revenue', 'money', { hiddenByDefault: true }),
      ]
    : [
        column('revenue', 'Revenue', 'money', { hiddenByDefault: true }),
        column('adjustedRevenue', 'Adjusted revenue', 'money'),
        column('unreconciledRevenue', 'Unreconciled revenue', 'money', { priority: 1, card: 'aside' }),
      ];
  return {
    tableName: refunds ? 'recSheetUnreconciledRefunds' : 'recSheetUnreconciledSales',
    title: refunds ? 'Unreconciled refunds' : 'Unreconciled sales',
    singular: refunds ? 'refund' : 'sale',
    listPath: `recSheet/${recSheetID}/unreconciledSales`,
    savePath: 'sale',
    idField: 'saleID',
    defaultSort: { field: 'saleDate', dir: 'asc' },
    fixedFilters: refunds ? { refunds: 'true' } : undefined,
    permissions: readOnly,
    columns: [
      // Narrower, the seller gives way first, then the SKU and the store; a phone's card shows the
      // order reference, the revenue aside, the date and the status.
      column('saleDate', refunds ? 'Refund date' : 'Date', 'date', { width: 110, priority: 1, card: 'line' }),
      column('storeName', 'Store', 'text', { width: 150 }),
      column('sku', 'SKU', 'text', { width: 150 }),
      column('orderRef', 'Order ref', 'text', { width: 164, keepWhole: true, priority: 1, card: 'title' }),
      column('attributableToUserName', refunds ? 'Refunded by' : 'Sale made by', 'text', { width: 150, priority: 4 }),
      column('description', 'Description', 'text', { sortable: false, hiddenByDefault: true }),
      // Recorded or modified: the sales ready to reconcile.
      column('currentHistoryStep', 'Status', 'text', {
        priority: 2,
        card: 'line',
        render: (row) => createElement(SaleStatus, { step: row.currentHistoryStep }),
      }),
      // Revenue figures only for a profile that shows them (the server sends none otherwise).
      ...(figures.revenue ? revenueColumns : []),
    ],
  };
}
