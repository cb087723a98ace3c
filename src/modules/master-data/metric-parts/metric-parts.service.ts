import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CrudService } from '../../../common/crud/crud.service';
import { assertReferenceExists } from '../../../common/db/in-use';
import { InvalidInput } from '../../../common/http/validation-result';
import { auditFields } from '../../../common/list/audit-fields';
import type { ListDefinition } from '../../../common/list/list-definition';
import { ListService } from '../../../common/list/list.service';
import { MetricPart } from '../entities/metric-part.entity';
import { Metric } from '../entities/metric.entity';
import { sentOr } from '../../../common/http/sent-value';
import { fieldsOf } from './metric-part-fields';
import { MetricPartBody } from './metric-part.body';

export const metricPartList: ListDefinition<MetricPart> = {
  entity: MetricPart,
  alias: 'metricPart',
  idField: 'metricPartID',
  label: 'metric part',
  fields: {
    metricPartID: { column: 'metricPart.metricPartID', type: 'integer', excel: 'ID' },
    metricID: { column: 'metricPart.metricID', type: 'integer' },
    metricName: { column: 'metric.name', type: 'text', quick: true, excel: 'Metric' },
    name: { column: 'metricPart.name', type: 'text', quick: true, excel: 'Name' },
    divisionPart: { column: 'metricPart.divisionPart', type: 'text', excel: 'Division part' },
    multiplier: { column: 'metricPart.multiplier', type: 'number', excel: 'Multiplier' },
    tableName: { column: 'metricPart.tableName', type: 'text', excel: 'Table' },
    field: { column: 'metricPart.field', type: 'text', quick: true, excel: 'Field' },
    params: { column: 'metricPart.params', type: 'text', sortable: false, maxLength: 2000, excel: 'Params' },
    ...auditFields('metricPart'),
  },
  lookups: { metric: 'metricPart.metric' },
  // The parts page shows one metric's parts in the order they were added.
  defaultSort: { field: 'metricPartID', dir: 'ASC' },
  toRow: ({ metric, ...part }) => ({ ...part, metricName: metric?.name ?? '(Metric not found)' }),
};

const PARAM_NAME = /^[A-Za-z][A-Za-z0-9]{0,49}$/;

/** A part's params as list query parameters: the JSON values as a query string carries them. */
export type ListParams = Record<string, string>;

/**
 * A part's params text as list parameters, or why it is not a JSON object of list filters
 * ({ name: text | number | boolean }). Numbers as a query string writes them (1e30 stays
 * '1e+30', which no filter accepts), true/false as 1/0. The save check and the metric engine.
 */
export function readParams(params: string): ListParams | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(params || '{}');
  } catch {
    return 'Params must be valid JSON';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return 'Params must be a JSON object of filters, e.g. {"saleTypeID": 2}';
  }
  const read = Object.create(null) as ListParams;
  for (const [name, value] of Object.entries(parsed)) {
    if (!PARAM_NAME.test(name)) return `Params: "${name.slice(0, 50)}" is not a filter name`;
    if (typeof value === 'boolean') read[name] = value ? '1' : '0';
    else if (typeof value === 'string' || typeof value === 'number') read[name] = String(value);
    else return `Params: the value of ${name} must be text, a number or true/false`;
  }
  return read;
}

/** Why `params` is not a JSON object of list filters, or null. */
export function paramsError(params: string): string | null {
  const read = readParams(params);
  return typeof read === 'string' ? read : null;
}

@Injectable()
export class MetricPartsService extends CrudService<MetricPart, MetricPartBody> {
  readonly definition = metricPartList;

  constructor(@InjectDataSource() dataSource: DataSource, lists: ListService) {
    super(dataSource, lists);
  }

  protected async assign(manager: EntityManager, part: MetricPart, body: MetricPartBody): Promise<void> {
    const errors: Record<string, string> = {};
    const fields = fieldsOf(body.tableName);
    if (!fields.includes(body.field)) errors.field = `Choose a field of ${body.tableName}: ${fields.join(', ')}`;
    const params = body.params === undefined ? (part.params ?? '{}') : body.params || '{}';
    const invalid = paramsError(params);
    if (invalid) errors.params = invalid;
    if (Object.keys(errors).length) throw new InvalidInput(errors);
    await assertReferenceExists(manager, Metric, { metricID: body.metricID }, 'metricID', 'metric');

    part.metricID = body.metricID;
    part.name = body.name;
    part.divisionPart = body.divisionPart;
    part.multiplier = sentOr(body.multiplier, part.multiplier, 1);
    part.tableName = body.tableName;
    part.field = body.field;
    part.params = params;
    delete part.metric;
  }
}
