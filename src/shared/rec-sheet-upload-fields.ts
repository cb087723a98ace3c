/** The fields a rec sheet import maps columns to (GET /recSheetLine/uploadFields), in the wizard's order. */
export interface RecSheetUploadField {
  field: RecSheetField;
  label: string;
  required: boolean;
  /** Other headers suppliers give this column: the wizard maps a column so named on its own. */
  aliases: string[];
}

export type RecSheetField = 'saleDate' | 'storeName' | 'orderRef' | 'sku' | 'description' | 'revenue';

export const REC_SHEET_UPLOAD_FIELDS: readonly RecSheetUploadField[] = [
  {
    field: 'saleDate',
    label: 'Sale date',
    required: true,
    aliases: ['Date', 'Txn date', 'Transaction date', 'Order date', 'Activation date', 'Connection date'],
  },
  { field: 'storeName', label: 'Store', required: true, aliases: ['Store name', 'Branch', 'Shop', 'Outlet', 'Location', 'Dealer store'] },
  {
    field: 'orderRef',
    label: 'Order number',
    required: true,
    aliases: ['Order no', 'Order ref', 'Order reference', 'Order ID', 'Order', 'Reference', 'Ref', 'Transaction ID'],
  },
  { field: 'sku', label: 'SKU', required: false, aliases: ['Product code', 'Item code', 'Tariff code', 'Part number'] },
  { field: 'description', label: 'Description', required: false, aliases: ['Product', 'Product description', 'Item', 'Tariff', 'Details'] },
  { field: 'revenue', label: 'Revenue', required: true, aliases: ['Net revenue', 'Amount', 'Net amount', 'Commission', 'Value', 'Payment', 'Total revenue'] },
];

export const REC_SHEET_FIELD_NAMES: readonly RecSheetField[] = REC_SHEET_UPLOAD_FIELDS.map((f) => f.field);

export const SHEET_SKIPPED = 'Sheet skipped due to incomplete mapping';
