import { IsOptional } from 'class-validator';
import { DecimalNumber, Flag, IgnoredID, MAX_ID, OneOf, WholeNumber } from '../../common/http/dto-fields';
import { AuditedReadOnlyFields } from '../../common/http/read-only-fields';
import { TARGET_TYPES, type TargetType } from './entities/target.entity';

/** Largest target value: pounds or sales in a month. */
export const MAX_TARGET = 99_999_999;
/** Hours in a month, at most. */
export const MAX_HOURS = 744;
/** Weighting in percent, at most. */
export const MAX_WEIGHT = 1000;

/**
 * One cell of the grid as PUT /api/targets/{storeID}/{date} takes it: its coordinates (user,
 * analysis list item, type) and value. The store and month come from the path; what GET answers
 * beyond these (actuals, names, audit) may be sent back and is ignored.
 */
@AuditedReadOnlyFields(
  'storeID',
  'storeName',
  'targetDate',
  'userName',
  'targetForUserName',
  'analysisFieldLabel',
  'analysisListItemCode',
  'analysisListItemDescription',
  'actual',
  'error',
  'actualSaleParams',
)
export class TargetEntryBody {
  @IgnoredID() targetID?: number;
  /** 0: the store total. */
  @WholeNumber('User', 0, MAX_ID, false) userID: number;
  @WholeNumber('Target for user', 0, MAX_ID) targetForUserID?: number;
  @WholeNumber('Analysis field', 0, MAX_ID) analysisFieldID?: number;
  @WholeNumber('Analysis list item', 0, MAX_ID) analysisListItemID?: number;
  @OneOf('Target type', TARGET_TYPES) targetType: TargetType;
  /** Digits with up to 2 decimals; whole on a store total (checked by the service, which knows the row). */
  @DecimalNumber('Target', 2, 0, MAX_TARGET, false) target: number;
  @Flag('Is target') isTarget?: boolean;
  @IsOptional()
  @WholeNumber('Hours', 0, MAX_HOURS)
  hours?: number;
  @WholeNumber('Weight', 0, MAX_WEIGHT) weight?: number;
}
