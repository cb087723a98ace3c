import { Controller, Get, Query } from '@nestjs/common';
import { RequireAreas } from '../../../common/auth/decorators';
import { InvalidInput, OK } from '../../../common/http/validation-result';
import { METRIC_PART_FIELDS, METRIC_PART_TABLES, MetricPartTable } from './metric-part-fields';

/**
 * GET /api/metricParts/fields[?tableName=sales]: the fields a part may aggregate, as rows
 * `{ tableName, field, description }` and as `data: { sales: [...], dailyStats: [...] }`.
 */
@Controller()
export class MetricPartFieldsController {
  @Get('metricParts/fields')
  @RequireAreas('SystemSetup')
  fields(@Query() query: Record<string, unknown>) {
    const errors: Record<string, string> = {};
    for (const name of Object.keys(query)) if (name !== 'tableName') errors[name.slice(0, 50)] = 'Unknown parameter';
    const tableName = query.tableName;
    if (tableName !== undefined && !METRIC_PART_TABLES.includes(tableName as MetricPartTable)) {
      errors.tableName = `Must be one of ${METRIC_PART_TABLES.join(', ')}`;
    }
    if (Object.keys(errors).length) throw new InvalidInput(errors);
    const rows = METRIC_PART_FIELDS.filter((f) => tableName === undefined || f.tableName === tableName);
    const data = Object.fromEntries(
      METRIC_PART_TABLES.filter((t) => tableName === undefined || t === tableName).map((t) => [t, rows.filter((f) => f.tableName === t).map((f) => f.field)]),
    );
    return { data, listData: rows.map((f) => ({ ...f })), validationResult: OK };
  }
}
