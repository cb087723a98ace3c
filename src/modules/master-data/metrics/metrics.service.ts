import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { CrudService } from '../../../common/crud/crud.service';
import { assertReferenceExists } from '../../../common/db/in-use';
import { auditFields } from '../../../common/list/audit-fields';
import type { ListDefinition } from '../../../common/list/list-definition';
import { ListService } from '../../../common/list/list.service';
import { AnalysisField } from '../entities/analysis-field.entity';
import { Metric, METRIC_TYPES } from '../entities/metric.entity';
import { sentOr } from '../../../common/http/sent-value';
import { MetricBody } from './metric.body';

export const metricList: ListDefinition<Metric> = {
  entity: Metric,
  alias: 'metric',
  idField: 'metricID',
  label: 'metric',
  uniqueName: 'name',
  fields: {
    metricID: { column: 'metric.metricID', type: 'integer', excel: 'ID' },
    name: { column: 'metric.name', type: 'text', quick: true, excel: 'Name' },
    metricType: { column: 'metric.metricType', type: 'text', values: METRIC_TYPES, excel: 'Type' },
    showCard: { column: 'metric.showCard', type: 'boolean', excel: 'Show card' },
    showInTables: { column: 'metric.showInTables', type: 'boolean', excel: 'Show in tables' },
    successValue: { column: 'metric.successValue', type: 'number', excel: 'Success value' },
    successIsLess: { column: 'metric.successIsLess', type: 'integer', excel: 'Success is at most' },
    analysisFieldID: { column: 'metric.analysisFieldID', type: 'integer' },
    analysisFieldName: { column: 'analysisField.name', type: 'text', quick: true, excel: 'Analysis field' },
    ...auditFields('metric'),
  },
  lookups: { analysisField: 'metric.analysisField' },
  rowJoins: ['metricParts'],
  // Spec 02 section 9: metrics sort by name.
  defaultSort: { field: 'name', dir: 'ASC' },
  toRow: ({ analysisField, metricParts, ...metric }) => ({
    ...metric,
    analysisFieldName: analysisField?.name ?? '',
    metricPartCount: metricParts?.length ?? 0,
  }),
};

@Injectable()
export class MetricsService extends CrudService<Metric, MetricBody> {
  readonly definition = metricList;

  constructor(@InjectDataSource() dataSource: DataSource, lists: ListService) {
    super(dataSource, lists);
  }

  /** These metrics with their parts, in no particular order (the metric engine's definitions). */
  async withParts(metricIDs: readonly number[]): Promise<Metric[]> {
    return this.dataSource.getRepository(Metric).find({ where: { metricID: In([...metricIDs]) }, relations: { metricParts: true } });
  }

  /** Which of these metric ids exist, in no particular order. */
  async existingIDs(metricIDs: readonly number[]): Promise<number[]> {
    const found = await this.dataSource.getRepository(Metric).find({ select: { metricID: true }, where: { metricID: In([...metricIDs]) } });
    return found.map((m) => m.metricID);
  }

  /** The ids of the metrics shown in tables (showInTables) or as cards (showCard), by name. */
  async shownIDs(where: 'showInTables' | 'showCard'): Promise<number[]> {
    const found = await this.dataSource
      .getRepository(Metric)
      .find({ select: { metricID: true }, where: { [where]: true }, order: { name: 'ASC', metricID: 'ASC' } });
    return found.map((m) => m.metricID);
  }

  protected async assign(manager: EntityManager, metric: Metric, body: MetricBody): Promise<void> {
    if (body.analysisFieldID != null) {
      await assertReferenceExists(manager, AnalysisField, { analysisFieldID: body.analysisFieldID }, 'analysisFieldID', 'analysis field');
    }
    metric.name = body.name;
    metric.metricType = body.metricType;
    metric.showCard = sentOr(body.showCard, metric.showCard, true);
    metric.showInTables = sentOr(body.showInTables, metric.showInTables, true);
    metric.successValue = sentOr(body.successValue, metric.successValue, 0);
    metric.successIsLess = sentOr(body.successIsLess, metric.successIsLess, 0);
    if (body.analysisFieldID !== undefined || metric.analysisFieldID === undefined) metric.analysisFieldID = body.analysisFieldID ?? null;
    delete metric.analysisField;
    delete metric.metricParts;
  }
}
