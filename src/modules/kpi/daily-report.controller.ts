import { Controller, Get, Query } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { assertStoreAccess } from '../../common/auth/store-scope';
import { OK } from '../../common/http/validation-result';
import { DailyReportService } from './daily-report.service';
import { KpiQuery } from './kpi-query';
import { MetricEngine } from './metric-engine';

const STORE_ID = /^\d{1,9}$/;

/**
 * GET /kpi/dailyReport (spec 02 sections 2.2 and 5, docs/http-api.md "Daily report"): any
 * signed-in user, for one of their stores or all of them ('all').
 */
@Controller('kpi')
export class DailyReportController {
  constructor(
    private readonly reports: DailyReportService,
    private readonly engine: MetricEngine,
  ) {}

  /** data { storeID, saleDate, fields: [{ analysisFieldID, label, groups: [{ name, quantity, revenue }] }] }. */
  @Get('dailyReport')
  async dailyReport(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    const q = new KpiQuery(query, ['storeID', 'saleDate']);
    const store = query.storeID;
    const all = store === 'all';
    if (!all && !(typeof store === 'string' && STORE_ID.test(store) && Number(store) > 0)) q.fail('storeID', "Choose a store's id or all");
    const saleDate = q.date('saleDate', user, this.engine.today());
    q.check();
    const storeID = all ? 'all' : Number(store);
    if (storeID !== 'all') assertStoreAccess(user, storeID);
    const fields = await this.reports.report(storeID === 'all' ? user.storeIDs : [storeID], saleDate, user);
    return { validationResult: OK, data: { storeID, saleDate, fields } };
  }
}
