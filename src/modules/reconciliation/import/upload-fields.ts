/** The fields a rec sheet import maps columns to (GET /recSheetLine/uploadFields), in the wizard's order. */
export interface RecSheetUploadField {
  field: RecSheetField;
  label: string;
  required: boolean;
}

export type RecSheetField = 'saleDate' | 'storeName' | 'orderRef' | 'sku' | 'description' | 'revenue';

export const REC_SHEET_UPLOAD_FIELDS: readonly RecSheetUploadField[] = [
  { field: 'saleDate', label: 'Sale date', required: true },
  { field: 'storeName', label: 'Store', required: true },
  { field: 'orderRef', label: 'Order number', required: true },
  { field: 'sku', label: 'SKU', required: false },
  { field: 'description', label: 'Description', required: false },
  { field: 'revenue', label: 'Revenue', required: true },
];

export const REC_SHEET_FIELD_NAMES: readonly RecSheetField[] = REC_SHEET_UPLOAD_FIELDS.map((f) => f.field);

export const SHEET_SKIPPED = 'Sheet skipped due to incomplete mapping';
