import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsObject, IsOptional, Matches, Max, Min, ValidateNested } from 'class-validator';
import { Flag, IgnoredID, MAX_ID, Money, OptionalText, ReferenceID, RequiredText, WholeNumber } from '../../../common/http/dto-fields';
import { SKU_MAX_LENGTH } from '../entities/rate-card-line.entity';
import { LINE_STORE_OVERRIDES, type LineStoreOverride } from './rate-card-line-rows';
import { AuditedReadOnlyFields, ReadOnlyFields } from '../../../common/http/read-only-fields';

/** Letters, digits and the punctuation SKUs use; no commas (sale filters take comma lists) or control characters. */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._\-/+#&()]*$/;
export const SKU_MESSAGE = 'SKU may hold letters, digits, spaces and . _ - / + # & ( ) and must start with a letter or digit';
/** SKU_MESSAGE for another SKU-like field ('Legacy SKU may hold ...'): the line form, its stores and the upload say it alike. */
export const skuMessage = (label: string): string => SKU_MESSAGE.replace(/^SKU/, label);
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
@ReadOnlyFields('rateCardLineID', 'storeName')
export class RateCardLineStoreBody {
  @IgnoredID() rateCardLineStoreID?: number;
  @ReferenceID('store') storeID: number;
  @Flag('Active') active?: boolean | null;
  @Money('Revenue') revenue?: number | null;
  @Money('Commission') commission?: number | null;
  @OptionalText('Store SKU', SKU_MAX_LENGTH, SKU_PATTERN, skuMessage('Store SKU')) sku?: string | null;
  @OptionalText('Store description', 255) description?: string | null;
  @Money('Own RRP') customerRRP?: number | null;
  @Money('Own monthly') customerMonthly?: number | null;
  @Flag('Store exclude discount') excludeDiscount?: boolean | null;
  @IsOptional()
  @IsArray({ message: OVERRIDES_MESSAGE })
  @ArrayMaxSize(LINE_STORE_OVERRIDES.length, { message: OVERRIDES_MESSAGE })
  @IsIn([...LINE_STORE_OVERRIDES], { each: true, message: OVERRIDES_MESSAGE })
  overrides?: LineStoreOverride[];
}

/** POST /rateCardLine, PUT /rateCardLine/{id}. A copy is a POST of a read row. */
@AuditedReadOnlyFields('rateCardName', 'rateCardFromDate', 'saleTypeName', 'skuTypeName', 'excludeDiscount', 'bandName', 'file')
export class RateCardLineBody {
  @IgnoredID() rateCardLineID?: number;
  @ReferenceID('rate card') rateCardID: number;
  @ReferenceID('sale type') saleTypeID: number;
  @RequiredText('SKU', SKU_MAX_LENGTH)
  @Matches(SKU_PATTERN, { message: SKU_MESSAGE })
  sku: string;
  @ReferenceID('SKU type') skuTypeID: number;
  @OptionalText('Description', 255) description?: string | null;
  @Money('RRP') customerRRP?: number | null;
  @Money('Monthly') customerMonthly?: number | null;
  @WholeNumber('Contract months', 0, MAX_CONTRACT_MONTHS) contractMonths?: number | null;
  @ReferenceID('band', true) bandID?: number | null;
  /** The same rule as the upload's legacy SKU column (skuCell): the SKU alphabet, up to 25 characters. */
  @OptionalText('Legacy SKU', SKU_MAX_LENGTH, SKU_PATTERN, skuMessage('Legacy SKU')) legacySKU?: string | null;
  /**
   * The upload that wrote the line is set by the upload only: a line saved here keeps its file
   * (none when new, so a copy, a read row posted back, has none). An id may be sent, as read
   * rows carry it, and is ignored.
   */
  @IgnoredID() fileID?: number | null;

  /** Replaces the line's stores when sent (drop-or-inactive rule applied); kept when left out. */
  @IsOptional()
  @IsArray({ message: 'Rate card line stores must be a list' })
  @ArrayMaxSize(MAX_LINE_STORES, { message: `Rate card line stores may hold at most ${MAX_LINE_STORES} stores` })
  @IsObject({ each: true, message: 'Each rate card line store must be an object' })
  @ValidateNested({ each: true, message: 'Each rate card line store must be an object' })
  @Type(() => RateCardLineStoreBody)
  rateCardLineStores?: RateCardLineStoreBody[];
}

/** '12,13,14' → [12, 13, 14]; anything else is left for the rules below to refuse. */
function commaListOfIDs({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string') return value;
  const parts = value.split(',').map((part) => part.trim());
  return parts.every((part) => /^\d{1,10}$/.test(part)) ? parts.map(Number) : value;
}

/**
 * DELETE /rateCardLines: 1 to 5000 ids, all deleted or none; a JSON list of numbers or a
 * comma-separated string of ids, as the spec's other bulk calls take them (sales' saleID).
 */
export class RateCardLinesDeleteBody {
  @Transform(commaListOfIDs)
  @IsArray({ message: 'Rate card line ids must be a list of ids, or ids separated by commas' })
  @ArrayMinSize(1, { message: 'Choose at least one rate card line' })
  @ArrayMaxSize(5000, { message: 'At most 5000 rate card lines can be deleted at once' })
  @IsInt({ each: true, message: 'Rate card line ids must be a list of ids' })
  @Min(1, { each: true, message: 'Rate card line ids must be a list of ids' })
  @Max(MAX_ID, { each: true, message: 'Rate card line ids must be a list of ids' })
  rateCardLineIDs: number[];
}
