import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequireAreas, RequireStore } from '../../common/auth/decorators';
import { assertStoreAccess } from '../../common/auth/store-scope';
import { InvalidInput, OK } from '../../common/http/validation-result';
import { strictValidationPipe } from '../../common/http/validation.pipe';
import { isDateParam } from '../../common/list/list-query';
import { fieldsOf } from '../master-data';
import { paramsError } from '../master-data';
import { MetricEngine } from './metric-engine';
import { MetricPartTestBody } from './metric-part-test.body';

/** The most metrics one metricToday call evaluates (a daily report shows a handful). */
const MAX_METRICS = 100;
const ID = /^\d{1,10}$/;

/** Checks GET /metricToday's query: every name known, a store, metric ids, a day. */
function metricTodayQuery(query: Record<string, unknown>): { storeID: number; metricIDs: number[]; saleDate: string } {
  const errors: Record<string, string> = {};
  for (const name of Object.keys(query)) if (!['storeID', 'metricID', 'saleDate'].includes(name)) errors[name.slice(0, 50)] = 'Unknown parameter';
  const text = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined);
  const storeID = Number(text('storeID'));
  if (!ID.test(text('storeID') ?? '') || storeID < 1 || storeID > 2_147_483_647) errors.storeID = 'Choose a store';
  const ids = (text('metricID') ?? '').split(',');
  const metricIDs = [...new Set(ids.map(Number))];
  if (!ids.every((id) => ID.test(id) && Number(id) >= 1 && Number(id) <= 2_147_483_647)) errors.metricID = 'Choose metrics: ids separated by commas';
  else if (metricIDs.length > MAX_METRICS) errors.metricID = `At most ${MAX_METRICS} metrics`;
  const saleDate = text('saleDate') ?? '';
  if (!isDateParam(saleDate)) errors.saleDate = 'Sale date must be a date yyyy-mm-dd';
  if (Object.keys(errors).length) throw new InvalidInput(errors);
  return { storeID, metricIDs, saleDate: saleDate.slice(0, 10) };
}

/**
 * The metric engine's calls of this issue (docs/http-api.md, "Metric today and the metric part
 * test"): one store's metrics for a day (the daily report), and the parts page's test button.
 */
@Controller()
@RequireStore()
export class MetricEngineController {
  constructor(private readonly engine: MetricEngine) {}

  /** listData of { metricID, name, result } for the store and day, in the order asked (spec 02 section 3, "Metric today result"). */
  @Get('metricToday')
  async metricToday(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    const { storeID, metricIDs, saleDate } = metricTodayQuery(query);
    assertStoreAccess(user, storeID);
    const metrics = await this.engine.savedMetrics(metricIDs);
    const answers = await this.engine.evaluate({ metrics, current: { fromDate: saleDate, toDate: saleDate }, scope: { storeIDs: [storeID] }, user });
    const listData = (answers.get(0) ?? []).map(({ metricID, name, result, reason }) => ({ metricID, name, result, ...(reason ? { reason } : {}) }));
    return { validationResult: OK, listData };
  }

  /**
   * Evaluates a part as typed (saved or not) for one of the caller's stores or all of them, and
   * its metric with its other saved parts: data { part, metric }.
   */
  @Post('metricPart/test')
  @HttpCode(200)
  @RequireAreas('SystemSetup')
  async test(@Body(strictValidationPipe({ expectedType: MetricPartTestBody })) body: MetricPartTestBody, @CurrentUser() user: AuthUser) {
    assertStoreAccess(user, body.storeID);
    const errors: Record<string, string> = {};
    const fields = fieldsOf(body.tableName);
    if (!fields.includes(body.field)) errors.field = `Choose a field of ${body.tableName}: ${fields.join(', ')}`;
    const params = body.params || '{}';
    const invalid = paramsError(params);
    if (invalid) errors.params = invalid;
    if (body.fromDate > body.toDate) errors.toDate = 'To date must be on or after the from date';
    if (Object.keys(errors).length) throw new InvalidInput(errors);

    const [saved] = await this.engine.savedMetrics([body.metricID]);
    const part = {
      metricPartID: body.metricPartID || undefined,
      name: body.name || 'Tested part',
      divisionPart: body.divisionPart,
      multiplier: body.multiplier ?? 1,
      tableName: body.tableName,
      field: body.field,
      params,
    };
    const metric = { ...saved, parts: [...saved.parts.filter((p) => !part.metricPartID || p.metricPartID !== part.metricPartID), part] };
    const answers = await this.engine.evaluate({
      metrics: [metric],
      current: { fromDate: body.fromDate, toDate: body.toDate },
      scope: body.storeID ? { storeIDs: [body.storeID] } : {},
      user,
    });
    const [answer] = answers.get(0)!;
    return { validationResult: OK, data: { part: answer.parts[answer.parts.length - 1], metric: answer } };
  }
}
