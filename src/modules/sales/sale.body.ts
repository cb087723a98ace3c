import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { Day, Flag, IgnoredID, OptionalText, PlainText, ReferenceID } from '../../common/http/dto-fields';
import { AuditedReadOnlyFields, ReadOnlyFields } from '../../common/http/read-only-fields';
import { DISCOUNT_PERCENTS } from './sale-amounts';

export const ORDER_REF_MESSAGE = 'Should be 20 digits';
export const REASON_MESSAGE = 'You must explain the reason for cancelling';

/** One answer to an analysis field: a text, or one list item code (a multi field sends one per code). */
@ReadOnlyFields('saleID')
export class SaleAnalysisValueBody {
  @IgnoredID() saleAnalysisValueID?: number;
  @ReferenceID('analysis field') analysisFieldID: number;
  @IsString({ message: 'Analysis value must be text' })
  @MaxLength(255, { message: 'Analysis value must be at most 255 characters' })
  @PlainText('Analysis value')
  analysisValue: string;
}

/**
 * POST /sale, PUT /sale/{id} (docs/http-api.md, "Sales"). The amounts, the rate card and line,
 * the SKU, the step and the refund link are the server's: a read row sent back keeps them.
 * Actions travel here too: newStep 'cancelled' with newStepNote (cancel, credit-check fail),
 * isRefunded with its note and order reference (refund).
 */
@AuditedReadOnlyFields(
  'storeName',
  'saleTypeName',
  'attributableToUserName',
  'rateCardID',
  'rateCardName',
  'rateCardFromDate',
  'rateCardLineID',
  'sku',
  'description',
  'skuTypeName',
  'excludeDiscount',
  'bandName',
  'currentHistoryID',
  'currentHistoryStep',
  'revenue',
  'commission',
  'adjustment',
  'adjustedRevenue',
  'refSaleID',
  'isRefund',
  'discountName',
  'unreconciledRevenue',
  'recSheetLinesTotal',
  'recSheetLinesCount',
  'recSheetLines',
  'dupeCount',
)
export class SaleBody {
  @IgnoredID() saleID?: number;
  @ReferenceID('store') storeID: number;
  @ReferenceID('sale type') saleTypeID: number;
  @ReferenceID('seller') attributableToUserID: number;
  @ReferenceID('SKU') rateCardLineStoreID: number;
  @Day('Sale date') saleDate: string;

  @IsString({ message: ORDER_REF_MESSAGE })
  @Matches(/^\d{20}$/, { message: ORDER_REF_MESSAGE })
  orderRef: string;

  @OptionalText('Notes', 1000) notes?: string | null;
  @ReferenceID('discount', true) discountStoreID?: number | null;

  @IsOptional()
  @IsInt({ message: 'Discount percent must be 0 to 40 in steps of 5' })
  @IsIn([...DISCOUNT_PERCENTS], { message: 'Discount percent must be 0 to 40 in steps of 5' })
  discountPercent?: number | null;

  @IsOptional()
  @IsArray({ message: 'Analysis values must be a list' })
  @ArrayMaxSize(200, { message: 'At most 200 analysis values' })
  @IsObject({ each: true, message: 'Each analysis value must be an object' })
  @ValidateNested({ each: true, message: 'Each analysis value must be an object' })
  @Type(() => SaleAnalysisValueBody)
  saleAnalysisValues?: SaleAnalysisValueBody[];

  /** 'cancelled' cancels the sale (or, on a new sale, records a credit-check fail). */
  @IsOptional()
  @IsIn(['cancelled', null, ''], { message: 'New step can only be cancelled' })
  newStep?: 'cancelled' | null | '';
  @OptionalText('Reason', 1000) newStepNote?: string | null;

  @Flag('Refunded') isRefunded?: boolean;
  @OptionalText('Refund reason', 255) isRefundedNote?: string | null;
  @OptionalText('Refund order reference', 100) isRefundedOrderRef?: string | null;

  /** No refund reason list exists (docs/decisions.md): only null is accepted. */
  @IsOptional()
  @IsIn([null], { message: 'There are no refund reasons to choose from' })
  refundReasonID?: null;
}

/** PUT /sales/changeRateCardValidate and /sales/changeRateCard. */
export class ChangeRateCardBody {
  @IsString({ message: 'Choose the sales to change' })
  @Matches(/^\d{1,9}(,\d{1,9}){0,9999}$/, { message: 'Choose the sales to change' })
  saleID: string;

  @OptionalText('Reason', 1000) notes?: string | null;
  @ReferenceID('rate card') rateCardID: number;
}
