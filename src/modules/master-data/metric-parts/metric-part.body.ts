import { DecimalNumber, IgnoredID, OneOf, OptionalText, ReferenceID, RequiredText } from '../../../common/http/dto-fields';
import { DIVISION_PARTS, DivisionPart } from '../entities/metric-part.entity';
import { METRIC_PART_TABLES, MetricPartTable } from './metric-part-fields';
import { AuditedReadOnlyFields } from '../../../common/http/read-only-fields';

export const MAX_MULTIPLIER = 1_000_000;

@AuditedReadOnlyFields('metricName')
export class MetricPartBody {
  @IgnoredID() metricPartID?: number;
  @ReferenceID('metric') metricID: number;
  @RequiredText('Name') name: string;
  @OneOf('Division part', DIVISION_PARTS) divisionPart: DivisionPart;
  @DecimalNumber('Multiplier', 4, -MAX_MULTIPLIER, MAX_MULTIPLIER) multiplier?: number | null;
  @OneOf('Table', METRIC_PART_TABLES) tableName: MetricPartTable;
  /** One of the table's fields (GET /metricParts/fields); checked by the service. */
  @RequiredText('Field', 50) field: string;
  /** A JSON object of list filters, e.g. {"saleTypeID": 2}; empty means none. */
  @OptionalText('Params', 2000) params?: string | null;
}
