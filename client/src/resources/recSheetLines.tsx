import type { ReactNode } from 'react';
import { Tag, Tooltip } from 'antd';
import type { Me, Row } from '../api/types';
import { can } from '../auth/permissions';
import type { FigureFlags } from '../auth/figures';
import { formatDate, formatPounds, textOf } from '../format/format';
import type { FieldDef, ResourceDef, SelectionDef } from '../list/resource';
import { autoRecNotesText } from '../screens/recSheets/recLineWords';
import { AUDIT_COLUMNS } from './common';

/** The filter segments of /recSheets/{id}/lines (spec 02 §2.3); unreconciledSales is a list of sales. */
export type RecLinesFilter = 'all' | 'unreconciled' | 'reconciled' | 'saleAdjustments';

/** Each segment's fixed list filters (docs/http-api.md "Rec sheet lines"). */
export const REC_LINE_FILTERS: Record<RecLinesFilter, Record<string, string>> = {
  all: {},
  unreconciled: { segment: 'unreconciled' },
  reconciled: { segment: 'reconciled' },
  saleAdjustments: { segment: 'saleAdjustments' },
};

const LINE_TITLES: Record<RecLinesFilter, string> = {
  // The list's empty text reads 'There are no rec sheet lines to show.'
  all: 'Rec sheet lines',
  unreconciled: 'Unreconciled lines',
  reconciled: 'Reconciled lines',
  saleAdjustments: 'Sale adjustments',
};

export const isUnreconciled = (row: Row) => Number(row.saleID ?? 0) === 0;
const mayReconcile = (me: Me) => can(me, 'RevenueReconciliation');

/** 'dd/mm/yyyy, store, SKU, order ref, adjusted revenue': a sale in words, never its id. */
function saleWords(sale: Row): string {
  return [
    formatDate(sale.saleDate),
    sale.storeName,
    sale.sku,
    sale.orderRef ? `order ${textOf(sale.orderRef)}` : '',
    formatPounds(sale.adjustedRevenue ?? sale.revenue),
  ]
    .filter(Boolean)
    .join(', ');
}

/** The line's sale: 'Reconciled to sale of 03/03/2025' ('to refund of' for a clawback's; its details in a tooltip), or 'Unreconciled'. */
function saleCell(row: Row): ReactNode {
  if (isUnreconciled(row)) return <Tag className="rec-line-status">Unreconciled</Tag>;
  const sale = row.sale as Row | null | undefined;
  // A sale outside the user's stores is not joined: the line only says it is reconciled.
  if (!sale)
    return (
      <Tag className="rec-line-status" color="success">
        Reconciled
      </Tag>
    );
  return (
    <Tooltip title={saleWords(sale)}>
      <span className="rec-line-sale">
        Reconciled to {sale.isRefund ? 'refund' : 'sale'} of {formatDate(sale.saleDate)}
      </span>
    </Tooltip>
  );
}

interface Options {
  recSheetID: number;
  filter: RecLinesFilter;
  /** The figures the profile shows: without revenue the money columns are left out (the server sends none). */
  figures: FigureFlags;
  /** Bulk delete of selected unreconciled lines. */
  selection?: SelectionDef;
}

/**
 * /recSheets/{id}/lines[/{filter}] (spec 02 §2.3, §3 "Rec sheet line", §4): the lines of one
 * sheet. Only unreconciled lines (saleID 0) can be edited or deleted; reconciled ones show
 * the sale they were matched to, who reconciled them and the adjustment made.
 */
export function recSheetLinesResource({ recSheetID, filter, figures, selection }: Options): ResourceDef {
  const reconciledView = filter === 'reconciled' || filter === 'saleAdjustments';
  const columns: FieldDef[] = [
    {
      name: 'saleDate',
      title: 'Sale date',
      valueType: 'date',
      sortable: true,
      required: true,
      toBodyValue: (value) => (value ? textOf(value).slice(0, 10) : null),
      // A phone's card: the order reference, the revenue aside, the date and the line's sale.
      card: 'line',
    },
    { name: 'storeName', title: 'Store', valueType: 'text', sortable: true, required: true, maxLength: 100 },
    // Read whole (what a line is matched by); the store name gives way first.
    { name: 'orderRef', title: 'Order ref', valueType: 'text', sortable: true, required: true, maxLength: 50, width: 164, keepWhole: true, card: 'title' },
    // Reconciled lines show their sale instead (its SKU in the tooltip), so the SKU column is chosen there.
    // Narrower, the SKU gives way first and the line's sale (what a reconciler reads) stays.
    { name: 'sku', title: 'SKU', valueType: 'text', sortable: true, maxLength: 50, hiddenByDefault: reconciledView, priority: 4 },
    { name: 'revenue', title: 'Revenue', valueType: 'money', sortable: true, required: true, hideInTable: !figures.revenue, card: 'aside' },
    // The supplier's own words; in the column chooser, and in the line's dialog.
    { name: 'description', title: 'Description', valueType: 'text', sortable: true, maxLength: 255, width: 200, hiddenByDefault: true },
    { name: 'worksheet', title: 'Worksheet', valueType: 'text', sortable: true, hideInForm: true, hiddenByDefault: true },
    {
      name: 'file',
      title: 'Uploaded from',
      valueType: 'text',
      hideInForm: true,
      hiddenByDefault: true,
      filterable: false,
      render: (row) => textOf((row.file as Row | null | undefined)?.originalName ?? ''),
    },
    {
      name: 'autoRecNotes',
      title: 'Auto reconcile notes',
      valueType: 'text',
      hideInForm: true,
      sortable: true,
      width: 200,
      // Why a line is still unreconciled; elsewhere the Sale column says what it is linked to.
      hiddenByDefault: filter !== 'unreconciled',
      render: autoRecNotesText,
    },
    {
      name: 'saleID',
      title: 'Sale',
      valueType: 'text',
      hideInForm: true,
      filterable: false,
      render: saleCell,
      hiddenByDefault: filter === 'unreconciled',
      priority: 2,
      card: 'line',
    },
    {
      name: 'adjustment',
      title: 'Adjustment',
      valueType: 'money',
      hideInForm: true,
      sortable: true,
      hiddenByDefault: filter !== 'saleAdjustments',
      hideInTable: !figures.revenue,
    },
    {
      name: 'adjustmentReason',
      title: 'Adjustment reason',
      valueType: 'text',
      hideInForm: true,
      sortable: true,
      width: 200,
      hiddenByDefault: filter !== 'saleAdjustments',
      render: (row) => {
        const text = textOf(row.adjustmentReason);
        return text.length > 80 ? <Tooltip title={text}>{`${text.slice(0, 80)}...`}</Tooltip> : text;
      },
    },
    { name: 'recByUserName', title: 'Reconciled by', valueType: 'text', hideInForm: true, sortable: true, hiddenByDefault: !reconciledView },
    { name: 'recDate', title: 'Reconciled on', valueType: 'dateTime', hideInForm: true, sortable: true, hiddenByDefault: filter !== 'reconciled' },
    ...AUDIT_COLUMNS,
  ];
  return {
    tableName: `recSheetLines-${filter}`,
    title: LINE_TITLES[filter],
    singular: 'rec sheet line',
    listPath: 'recSheetLines',
    savePath: 'recSheetLine',
    idField: 'recSheetLineID',
    // The sheet's own order (file and row), which the server's index serves on any length.
    defaultSort: { field: 'recSheetLineID', dir: 'asc' },
    fixedFilters: { recSheetID: String(recSheetID), ...REC_LINE_FILTERS[filter] },
    fkJoins: 'file,sale',
    fixedBody: { recSheetID },
    permissions: {
      create: (me) => mayReconcile(me) && (filter === 'unreconciled' || filter === 'all'),
      update: (me, row) => mayReconcile(me) && isUnreconciled(row),
      delete: (me, row) => mayReconcile(me) && isUnreconciled(row),
    },
    selection: filter === 'unreconciled' || filter === 'all' ? selection : undefined,
    columns,
  };
}
