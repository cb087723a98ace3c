import { DecimalNumber, Flag, IgnoredID, OneOf, ReferenceID, RequiredText, WholeNumber } from '../../../common/http/dto-fields';
import { METRIC_TYPES, MetricType } from '../entities/metric.entity';
import { AuditedReadOnlyFields } from '../../../common/http/read-only-fields';

export const MAX_SUCCESS_VALUE = 1_000_000_000;

@AuditedReadOnlyFields('analysisFieldName', 'metricPartCount')
export class MetricBody {
  @IgnoredID() metricID?: number;
  @RequiredText('Name') name: string;
  @OneOf('Metric type', METRIC_TYPES) metricType: MetricType;
  @Flag('Show card') showCard?: boolean | null;
  @Flag('Show in tables') showInTables?: boolean | null;
  /** A fraction for percent metrics (the client shows it x100); 0 means unused. */
  @DecimalNumber('Success value', 4, -MAX_SUCCESS_VALUE, MAX_SUCCESS_VALUE) successValue?: number | null;
  /** 0: success is at least the value; 1: at most. */
  @WholeNumber('Success is less', 0, 1) successIsLess?: number | null;
  /** Optional; null clears it. */
  @ReferenceID('analysis field', true) analysisFieldID?: number | null;
}
