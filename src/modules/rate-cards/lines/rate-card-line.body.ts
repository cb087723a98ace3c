import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsIn, IsOptional, Matches, Max, Min, ValidateNested } from 'class-validator';
import { Flag, IgnoredID, MAX_ID, Money, OptionalText, ReferenceID, RequiredText, WholeNumber } from '../../../common/http/dto-fields';
import { SKU_MAX_LENGTH } from '../entities/rate-card-line.entity';
import { LINE_STORE_OVERRIDES, type LineStoreOverride } from './rate-card-line-rows';

/** Letters, digits and the punctuation SKUs use; no commas (sale filters take comma lists) or control characters. */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._\-/+#&()]*$/;
export const SKU_MESSAGE = 'SKU may hold letters, digits, spaces and . _ - / + # & ( ) and must start with a letter or digit';
export const MAX_CONTRACT_MONTHS = 120;
export const MAX_LINE_STORES = 10_000;
const OVERRIDES_MESSAGE = `Overrides must be a list of ${LINE_STORE_OVERRIDES.join(', ')}`;

/**
 * A line's revenue and commission at one store, and the store's overrides of the line's sku,
 * description, customerRRP, customerMonthly and excludeDiscount (the SKU type's): null or ''
 * = no override (the line's value), left out = keep the store's current one. Same rules as the
 * line's own fields (SKU pattern and length, money at most 2 decimals and at least 0).
 * `overrides`, as a read row has it, says which of the five the entry overrides: when sent, the
 * others are no override whatever their value (a read row sent back, e.g. a copy, keeps exactly
 * its overrides).
 */
export class RateCardLineStoreBody {
  @IgnoredID() rateCardLineStoreID?: number;
  @ReferenceID('store') storeID: number;
  @Flag('Active') active?: boolean;
  @Money('Revenue') revenue?: number;
  @Money('Commission') commission?: number;
  @OptionalText('Store SKU', SKU_MAX_LENGTH, SKU_PATTERN, SKU_MESSAGE.replace(/^SKU/, 'Store SKU')) sku?: string | null;
  @OptionalText('Store description', 255) description?: string | null;
  @Money('Store customer RRP') customerRRP?: number | null;
  @Money('Store customer monthly') customerMonthly?: number | null;
  @Flag('Store exclude discount') excludeDiscount?: boolean | null;
  @IsOptional()
  @IsArray({ message: OVERRIDES_MESSAGE })
  @ArrayMaxSize(LINE_STORE_OVERRIDES.length, { message: OVERRIDES_MESSAGE })
  @IsIn([...LINE_STORE_OVERRIDES], { each: true, message: OVERRIDES_MESSAGE })
  overrides?: LineStoreOverride[];
}

/** POST /rateCardLine, PUT /rateCardLine/{id}. A copy is a POST of a read row (fileID null). */
export class RateCardLineBody {
  @IgnoredID() rateCardLineID?: number;
  @ReferenceID('rate card') rateCardID: number;
  @ReferenceID('sale type') saleTypeID: number;
  @RequiredText('SKU', SKU_MAX_LENGTH)
  @Matches(SKU_PATTERN, { message: SKU_MESSAGE })
  sku: string;
  @ReferenceID('SKU type') skuTypeID: number;
  @OptionalText('Description', 255) description?: string | null;
  @Money('Customer RRP') customerRRP?: number;
  @Money('Customer monthly') customerMonthly?: number;
  @WholeNumber('Contract months', 0, MAX_CONTRACT_MONTHS) contractMonths?: number;
  @ReferenceID('band', true) bandID?: number | null;
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @OptionalText('Legacy SKU', SKU_MAX_LENGTH)
  legacySKU?: string | null;
  @ReferenceID('file', true) fileID?: number | null;

  /** Replaces the line's stores when sent (drop-or-inactive rule applied); kept when left out. */
  @IsOptional()
  @IsArray({ message: 'Rate card line stores must be a list' })
  @ArrayMaxSize(MAX_LINE_STORES, { message: `Rate card line stores may hold at most ${MAX_LINE_STORES} stores` })
  @ValidateNested({ each: true, message: 'Each rate card line store must be an object' })
  @Type(() => RateCardLineStoreBody)
  rateCardLineStores?: RateCardLineStoreBody[];
}

/** DELETE /rateCardLines: 1 to 5000 ids, all deleted or none. */
export class RateCardLinesDeleteBody {
  @IsArray({ message: 'Rate card line ids must be a list of ids' })
  @ArrayMinSize(1, { message: 'Choose at least one rate card line' })
  @ArrayMaxSize(5000, { message: 'At most 5000 rate card lines can be deleted at once' })
  @IsInt({ each: true, message: 'Rate card line ids must be a list of ids' })
  @Min(1, { each: true, message: 'Rate card line ids must be a list of ids' })
  @Max(MAX_ID, { each: true, message: 'Rate card line ids must be a list of ids' })
  rateCardLineIDs: number[];
}
