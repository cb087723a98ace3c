import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, ValidateBy } from 'class-validator';
import { IgnoredID, RequiredText } from '../../../common/http/dto-fields';
import { isDateParam } from '../../../common/list/list-query';
import { isCalendarDate } from '../dates';
import { AuditedReadOnlyFields } from '../../../common/http/read-only-fields';

const FROM_DATE_MESSAGE = 'From date must be a date yyyy-mm-dd';

/**
 * Spec 01 section 5: fromDate is yyyy-mm-dd, optionally with a time, as the list's date filters
 * take it (the list engine's rule, so the two cannot drift apart). The day is kept: a card starts
 * at the beginning of its day, whatever time is written after it. Anything else is left as sent,
 * for the rules below to refuse.
 */
function dayOf(value: unknown): unknown {
  return typeof value === 'string' && isDateParam(value) ? value.slice(0, 10) : value;
}

/**
 * POST /rateCard, PUT /rateCard/{id}. fromDate is 'yyyy-mm-dd', optionally with a time
 * ('2027-01-01T10:00:00', '2027-01-01 00:00', the record's own 'yyyy-mm-ddT00:00:00.000Z'),
 * stored as the day.
 */
@AuditedReadOnlyFields('nextRateCard', 'rateCardLineCount')
export class RateCardBody {
  @IgnoredID() rateCardID?: number;
  @RequiredText('Name') name: string;

  @Transform(({ value }) => dayOf(value))
  @IsNotEmpty({ message: 'From date is required' })
  @IsString({ message: FROM_DATE_MESSAGE })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: FROM_DATE_MESSAGE })
  @ValidateBy({ name: 'calendarDate', validator: { validate: (v: unknown) => typeof v === 'string' && isCalendarDate(v), defaultMessage: () => FROM_DATE_MESSAGE } })
  fromDate: string;
}
