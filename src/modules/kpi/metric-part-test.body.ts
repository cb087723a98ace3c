import { Day, DecimalNumber, IgnoredID, OneOf, OptionalText, ReferenceID, RequiredText } from '../../common/http/dto-fields';
import { AuditedReadOnlyFields } from '../../common/http/read-only-fields';
import { DIVISION_PARTS, DivisionPart } from '../master-data';
import { MAX_MULTIPLIER } from '../master-data';
import { METRIC_PART_TABLES, MetricPartTable } from '../master-data';

/**
 * POST /api/metricPart/test: a part as typed in the parts page's dialog (saved or not), and where
 * and when to evaluate it. The part's own fields are those of a metric part's save; the dialog's
 * read-only fields (audit, metricName) may travel with it and are ignored.
 */
@AuditedReadOnlyFields('metricName')
export class MetricPartTestBody {
  @ReferenceID('metric') metricID: number;
  /** The saved part being edited, which the typed one replaces in its metric's result. */
  @IgnoredID() metricPartID?: number;
  @OptionalText('Name', 100) name?: string | null;
  @OneOf('Division part', DIVISION_PARTS) divisionPart: DivisionPart;
  @DecimalNumber('Multiplier', 4, -MAX_MULTIPLIER, MAX_MULTIPLIER) multiplier?: number | null;
  @OneOf('Table', METRIC_PART_TABLES) tableName: MetricPartTable;
  @RequiredText('Field', 50) field: string;
  @OptionalText('Params', 2000) params?: string | null;
  /** One of the caller's stores; none: all of them. */
  @ReferenceID('store', true) storeID?: number | null;
  @Day('From date') fromDate: string;
  @Day('To date') toDate: string;
}
