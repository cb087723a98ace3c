import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, ValidateBy } from 'class-validator';
import { IgnoredID, RequiredText } from '../../../common/http/dto-fields';
import { isCalendarDate } from '../dates';

const FROM_DATE_MESSAGE = 'From date must be a date yyyy-mm-dd';

/**
 * POST /rateCard, PUT /rateCard/{id}. fromDate is 'yyyy-mm-dd'; the record's own form
 * 'yyyy-mm-ddT00:00:00.000Z' is accepted too (a dialog sends back what it read) and stored as the day.
 */
export class RateCardBody {
  @IgnoredID() rateCardID?: number;
  @RequiredText('Name') name: string;

  @Transform(({ value }) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T00:00:00(\.000)?Z$/.test(value) ? value.slice(0, 10) : value))
  @IsNotEmpty({ message: 'From date is required' })
  @IsString({ message: FROM_DATE_MESSAGE })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: FROM_DATE_MESSAGE })
  @ValidateBy({ name: 'calendarDate', validator: { validate: (v: unknown) => typeof v === 'string' && isCalendarDate(v), defaultMessage: () => FROM_DATE_MESSAGE } })
  fromDate: string;
}
