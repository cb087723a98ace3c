import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { Flag, IgnoredID, Money, ReferenceID, RequiredText } from '../../../common/http/dto-fields';
import { AuditedReadOnlyFields, ReadOnlyFields } from '../../../common/http/read-only-fields';

/** The settings of the discount at one store (spec 01 section 3, Discount store). */
@ReadOnlyFields('discountID', 'discountName', 'discountSaleTypeID', 'discountSaleTypeName', 'storeName')
export class DiscountStoreBody {
  @IgnoredID() discountStoreID?: number;
  @ReferenceID('store') storeID: number;
  // Each setting: left out keeps the store's value, null is the default (discountSettings).
  @Flag('Enabled') enabled?: boolean | null;
  @Flag('Capture variable percent') captureVariablePercent?: boolean | null;
  @Flag('Revenue reduction is fixed') revenueReductionIsFixed?: boolean | null;
  @Money('Revenue reduction') revenueReductionFixed?: number | null;
  @Money('Revenue reduction ratio', true, 1) revenueReductionRatio?: number | null;
  @Flag('Commission reduction is fixed') commissionReductionIsFixed?: boolean | null;
  @Money('Commission reduction') commissionReductionFixed?: number | null;
  @Money('Commission reduction ratio', true, 1) commissionReductionRatio?: number | null;
  @Flag('Commission same as revenue') commissionSameAsRevenue?: boolean | null;
}

@AuditedReadOnlyFields('saleTypeName', 'storeIDs', 'storeCount')
export class DiscountBody {
  @IgnoredID() discountID?: number;
  @RequiredText('Name') name: string;
  @ReferenceID('sale type') saleTypeID: number;

  /** One entry per store the discount applies to; replaces the current list when sent. */
  @IsOptional()
  @IsArray({ message: 'Discount stores must be a list' })
  @ArrayMaxSize(10_000, { message: 'Discount stores may hold at most 10000 stores' })
  @IsObject({ each: true, message: 'Each discount store must be an object' })
  @ValidateNested({ each: true, message: 'Each discount store must be an object' })
  @Type(() => DiscountStoreBody)
  discountStores?: DiscountStoreBody[];
}
