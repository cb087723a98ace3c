import { Day, IgnoredID, RequiredText } from '../../../common/http/dto-fields';
import { AuditedReadOnlyFields } from '../../../common/http/read-only-fields';

/**
 * POST /rateCard, PUT /rateCard/{id}. fromDate is 'yyyy-mm-dd', optionally with a time
 * ('2027-01-01T10:00:00', '2027-01-01 00:00', the record's own 'yyyy-mm-ddT00:00:00.000Z'),
 * stored as the day.
 */
@AuditedReadOnlyFields('nextRateCard', 'rateCardLineCount')
export class RateCardBody {
  @IgnoredID() rateCardID?: number;
  @RequiredText('Name') name: string;

  @Day('From date') fromDate: string;
}
