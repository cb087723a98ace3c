import type { ReactNode } from 'react';
import { Tag, Tooltip } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined, InfoCircleOutlined } from '@ant-design/icons';
import type { Me, Row } from '../api/types';
import { type FigureFlags, figuresOf } from '../auth/figures';
import { canAny } from '../auth/permissions';
import type { FieldDef, ResourceDef, RowAction, SelectionDef } from '../list/resource';
import { AUDIT_COLUMNS } from './common';
import { textOf } from '../format/format';

/** How each status shows (spec 01 §2): recorded info, modified warning, cancelled error, reconciled success. */
export const STEP_LOOK: Record<string, { label: string; color: string; icon: ReactNode }> = {
  recorded: { label: 'Recorded', color: 'processing', icon: <InfoCircleOutlined /> },
  modified: { label: 'Modified', color: 'warning', icon: <ExclamationCircleOutlined /> },
  cancelled: { label: 'Cancelled', color: 'error', icon: <CloseCircleOutlined /> },
  reconciled: { label: 'Reconciled', color: 'success', icon: <CheckCircleOutlined /> },
};

/** A sale's status as an icon and a word in the status colour. */
export function SaleStatus({ step }: { step: unknown }) {
  const look = STEP_LOOK[String(step)];
  if (!look) return <Tag>{textOf(step)}</Tag>;
  return (
    <Tag className={`sale-status sale-status-${String(step)}`} color={look.color} icon={look.icon}>
      {look.label}
    </Tag>
  );
}

/**
 * The legend's row kinds (spec 01 §2): refund rows red, refunded sales yellow/orange, the
 * rest white. A refund row is never itself refunded.
 */
export type SaleRowKind = 'refund' | 'refunded' | 'ordinary';

export function saleRowKind(row: Row): SaleRowKind {
  if (row.isRefund) return 'refund';
  if (row.isRefunded) return 'refunded';
  return 'ordinary';
}

export const SALE_ROW_CLASS: Record<SaleRowKind, string> = {
  refund: 'sale-row-refund',
  refunded: 'sale-row-refunded',
  ordinary: 'sale-row-ordinary',
};

/** The refund marks of a row: which sale a refund row refunds, and a refunded sale's note. */
function refundMarks(row: Row): ReactNode {
  if (row.isRefund) {
    return (
      <Tag color="red" className="sale-refund-mark">
        {row.refSaleID ? `Refund of ${textOf(row.refSaleID)}` : 'Refund'}
      </Tag>
    );
  }
  if (row.isRefunded) {
    const note = textOf(row.isRefundedNote);
    const tag = (
      <Tag color="orange" className="sale-refund-mark">
        Refunded
      </Tag>
    );
    return note ? <Tooltip title={note}>{tag}</Tooltip> : tag;
  }
  return '';
}

/** How many other sales share the row's order reference, when any do. */
function duplicatesMark(row: Row): ReactNode {
  const count = Number(row.dupeCount);
  if (!(count > 0)) return null;
  return (
    <Tooltip title={`${count} other ${count === 1 ? 'sale has' : 'sales have'} this order reference`}>
      <Tag color="volcano" className="sale-dupe-count">
        {count} {count === 1 ? 'duplicate' : 'duplicates'}
      </Tag>
    </Tooltip>
  );
}

/** The status cell in words, for its hover text: the status and the row's marks. */
function statusWords(row: Row): string {
  const marks = [STEP_LOOK[String(row.currentHistoryStep)]?.label ?? textOf(row.currentHistoryStep)];
  if (row.isRefund) marks.push(row.refSaleID ? `Refund of ${textOf(row.refSaleID)}` : 'Refund');
  else if (row.isRefunded) marks.push(row.isRefundedNote ? `Refunded: ${textOf(row.isRefundedNote)}` : 'Refunded');
  const dupes = Number(row.dupeCount);
  if (dupes > 0) marks.push(`${dupes} ${dupes === 1 ? 'duplicate' : 'duplicates'}`);
  return marks.join(' · ');
}

/**
 * A refund row's order reference is the refund's own (issue 26: it was never shown); the row
 * keeps its sale's reference (auto reconcile and the duplicates count match on it), shown on hover.
 */
function orderRefText(row: Row): string {
  return textOf((row.isRefund && row.isRefundedOrderRef) || row.orderRef || '');
}

function orderRefWords(row: Row): string {
  const own = orderRefText(row);
  return row.isRefund && row.isRefundedOrderRef && row.orderRef ? `${own} (refund of order ${textOf(row.orderRef)})` : own;
}

function discountText(row: Row): string {
  if (!row.discountName) return '';
  const percent = Number(row.discountPercent);
  return percent > 0 ? `${textOf(row.discountName)} (${percent}%)` : textOf(row.discountName);
}

/** Revenue figures and the commission figure: only what the profile shows (the server leaves the rest out). */
function figureColumns(figures: FigureFlags): FieldDef[] {
  const columns: FieldDef[] = [];
  if (figures.revenue)
    columns.push({ name: 'revenue', title: 'Revenue', valueType: 'money', sortable: true, filterable: false, width: 84, priority: 1, card: 'aside' });
  if (figures.commission)
    columns.push({ name: 'commission', title: 'Commission', valueType: 'money', sortable: true, filterable: false, width: 84, priority: 2 });
  if (figures.revenue) {
    columns.push(
      { name: 'adjustedRevenue', title: 'Adjusted revenue', valueType: 'money', sortable: true, filterable: false, hiddenByDefault: true },
      { name: 'adjustment', title: 'Adjustment', valueType: 'money', sortable: true, filterable: false, hiddenByDefault: true },
    );
  }
  return columns;
}

/** Who may record, change and delete sales (spec 01 §6); `selectable` in listIDs is the server's per-row say. */
const mayRecord = (me: Me) => canAny(me, ['RecordSales', 'RecordCreditFails']);
const mayChange = (me: Me) => canAny(me, ['RecordSales', 'UpdateSales']);

interface SalesResourceOptions {
  /** The store tab's store: the list's fixed store filter. */
  storeID?: number;
  /** Toolbar actions over ticked rows (bulk change of rate card), when the user may use them. */
  selection?: SelectionDef;
  /** Extra per-row buttons, e.g. the SKU history. */
  rowActions?: RowAction[];
}

/**
 * /sales (spec 01 §2 "Sales"): GET /api/sales, newest sale first. The record dialog is the
 * sale form (SalesScreen's renderDialog), so the columns here are the table's only.
 */
export function salesResource(me: Me, options: SalesResourceOptions = {}): ResourceDef {
  return {
    tableName: 'sales',
    title: 'Sales',
    singular: 'sale',
    listPath: 'sales',
    savePath: 'sale',
    idField: 'saleID',
    defaultSort: { field: 'saleID', dir: 'desc' },
    fixedFilters: options.storeID !== undefined ? { storeID: String(options.storeID) } : undefined,
    permissions: {
      create: mayRecord,
      update: (user, _row, listed) => mayChange(user) && listed?.selectable === true,
      delete: (user, _row, listed) => mayChange(user) && listed?.selectable === true,
    },
    selection: options.selection,
    rowActions: options.rowActions,
    rowClassName: (row) => SALE_ROW_CLASS[saleRowKind(row)],
    columns: [
      // Widths and priorities (issue 26): at 1280 px every default column fits with both figures
      // shown; narrower, Sale ID, then Sale type, then Sold by, Commission and Store drop (docs/decisions.md);
      // a phone's card shows the date, SKU, order reference, status and revenue.
      { name: 'saleID', title: 'Sale ID', valueType: 'integer', sortable: true, filterable: false, width: 64, priority: 4 },
      { name: 'saleDate', title: 'Date', valueType: 'date', sortable: true, filterable: false, width: 82, priority: 1, card: 'line' },
      // A store's tab shows one store: no column for it.
      ...(options.storeID === undefined
        ? [{ name: 'storeName', title: 'Store', valueType: 'text', sortable: true, filterable: true, width: 110, priority: 2 } as FieldDef]
        : []),
      { name: 'sku', title: 'SKU', valueType: 'text', sortable: true, filterable: true, width: 124, priority: 1, card: 'title' },
      // Off by default: the SKU names the product, and the status and amounts come first at 1280 px.
      { name: 'description', title: 'Description', valueType: 'text', sortable: true, filterable: true, width: 220, hiddenByDefault: true },
      {
        name: 'currentHistoryStep',
        title: 'Status',
        valueType: 'text',
        sortable: true,
        filterable: false,
        width: 104,
        keepWhole: true,
        priority: 1,
        card: 'line',
        hoverText: statusWords,
        // The status, and beside it what else marks the row: a refund, a refunded sale, duplicates.
        render: (row) => (
          <span className="sale-status-cell">
            <SaleStatus step={row.currentHistoryStep} />
            {refundMarks(row)}
            {duplicatesMark(row)}
          </span>
        ),
      },
      ...figureColumns(figuresOf(me)),
      {
        name: 'orderRef',
        title: 'Order reference',
        valueType: 'text',
        sortable: true,
        filterable: true,
        width: 158,
        keepWhole: true,
        priority: 1,
        card: 'line',
        render: orderRefText,
        hoverText: orderRefWords,
      },
      { name: 'saleTypeName', title: 'Sale type', valueType: 'text', sortable: true, filterable: false, width: 100, priority: 3 },
      { name: 'attributableToUserName', title: 'Sold by', valueType: 'text', sortable: true, filterable: true, width: 104, priority: 2 },
      { name: 'discountName', title: 'Discount', valueType: 'text', sortable: true, filterable: false, render: discountText, hiddenByDefault: true },
      { name: 'rateCardName', title: 'Rate card', valueType: 'text', sortable: true, filterable: false, hiddenByDefault: true },
      { name: 'skuTypeName', title: 'SKU type', valueType: 'text', sortable: true, filterable: false, hiddenByDefault: true },
      { name: 'bandName', title: 'Band', valueType: 'text', sortable: true, filterable: false, hiddenByDefault: true },
      { name: 'notes', title: 'Notes', valueType: 'text', sortable: true, filterable: true, hiddenByDefault: true, width: 220 },
      { name: 'isRefundedOrderRef', title: 'Refund order reference', valueType: 'text', sortable: true, filterable: false, hiddenByDefault: true },
      ...AUDIT_COLUMNS.map((column) => ({ ...column, filterable: false })),
    ],
  };
}
