import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, Max, Min } from 'class-validator';
import { Day, DecimalNumber, IgnoredID, MAX_ID, OptionalText, ReferenceID, RequiredText } from '../../../common/http/dto-fields';
import { AuditedReadOnlyFields } from '../../../common/http/read-only-fields';
import { DESCRIPTION_MAX, MAX_REVENUE, ORDER_REF_MAX, SKU_MAX, STORE_NAME_MAX } from './line-rules';

/** POST /recSheet, PUT /recSheet/{id}. */
@AuditedReadOnlyFields('recSheetLineCount', 'reconciledPercent', 'autoReconciledPercent')
export class RecSheetBody {
  @IgnoredID() recSheetID?: number;
  @RequiredText('Name', 100) name: string;
  // Labels are the record dialog's, so a message names the field the user sees (issue 26).
  @Day('Date') recDate: string;
}

/** POST /recSheetLine, PUT /recSheetLine/{id}: the fields a user types; the rest is set by import and reconcile. */
@AuditedReadOnlyFields(
  'storeID',
  'worksheet',
  'rowNumber',
  'adjustment',
  'adjustmentReason',
  'fileID',
  'file',
  'fileName',
  'autoRecNotes',
  'saleID',
  'sale',
  'recByUserName',
  'recDate',
  'autoRecRunID',
  'operationID',
)
export class RecSheetLineBody {
  @IgnoredID() recSheetLineID?: number;
  @ReferenceID('rec sheet') recSheetID: number;
  @Day('Sale date') saleDate: string;
  @RequiredText('Store', STORE_NAME_MAX) storeName: string;
  @RequiredText('Order ref', ORDER_REF_MAX) orderRef: string;
  @OptionalText('SKU', SKU_MAX) sku?: string;
  @OptionalText('Description', DESCRIPTION_MAX) description?: string;
  @DecimalNumber('Revenue', 2, -MAX_REVENUE, MAX_REVENUE, false) revenue: number;
}

const IDS_MESSAGE = 'Rec sheet line ids must be a list of ids';

/** DELETE /recSheetLines: many lines, all or nothing. */
export class RecSheetLinesDeleteBody {
  @IsArray({ message: IDS_MESSAGE })
  @ArrayMinSize(1, { message: 'Choose at least one rec sheet line' })
  @ArrayMaxSize(10_000, { message: 'At most 10000 rec sheet lines can be deleted at once' })
  @IsInt({ each: true, message: IDS_MESSAGE })
  @Min(1, { each: true, message: IDS_MESSAGE })
  @Max(MAX_ID, { each: true, message: IDS_MESSAGE })
  recSheetLineIDs: number[];
}
