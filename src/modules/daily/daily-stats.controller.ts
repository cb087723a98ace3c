import { ListBodyOf, ListRoute } from '../../common/openapi/list-route';
import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { AuthUser } from '../../common/auth/auth-user';
import { SentVersion, type EditVersion } from '../../common/crud/edit-version';
import { CurrentUser, Download, RequireAreas, RequireStore } from '../../common/auth/decorators';
import { assertStoreAccess } from '../../common/auth/store-scope';
import { listOrRecord } from '../../common/crud/list.controller';
import { ExcelExportService } from '../../common/excel/excel-export.service';
import { IdPipe } from '../../common/http/id.pipe';
import { OK } from '../../common/http/validation-result';
import { ListService } from '../../common/list/list.service';
import { DailyStatBody, MAX_DAYS, parseDailyStats } from './daily-stat.body';
import { dailyStatList } from './daily-stat-rows';
import { DailyStatsService } from './daily-stats.service';

/**
 * Daily stats (docs/http-api.md, "Daily stats (issue 11)"). Reading needs a store in the profile
 * and shows only its stores; saving a month needs RecordDailyStats and the store.
 */
@Controller()
@RequireStore()
export class DailyStatsController {
  constructor(
    private readonly lists: ListService,
    private readonly excel: ExcelExportService,
    private readonly dailyStats: DailyStatsService,
  ) {}

  /** The list engine's read; a page is a month unless pageLength says otherwise (spec 02 section 7 sends none). */
  @Get('dailyStats')
  @ListRoute(dailyStatList)
  async list(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    const monthPage = { pageLength: String(MAX_DAYS), ...query };
    return listOrRecord(dailyStatList, query, await this.lists.list(dailyStatList, monthPage, user));
  }

  @Get('dailyStats/excel')
  @ListRoute(dailyStatList)
  @Download()
  @RequireAreas('AccessAPI')
  async download(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser, @Res() res: Response) {
    await this.excel.stream(dailyStatList, query, user, res);
  }

  /**
   * The month's days for one store, all or nothing. The store is checked before the body, so a
   * store outside the profile is a 403 whatever was sent; the body is a list, which the shared
   * pipe does not take, so parseDailyStats checks it.
   */
  @Put('dailyStats/:storeID')
  @ListBodyOf(DailyStatBody)
  @RequireAreas('RecordDailyStats')
  async save(@Param('storeID', IdPipe) storeID: number, @Body() body: unknown, @CurrentUser() user: AuthUser, @SentVersion() version: EditVersion) {
    assertStoreAccess(user, storeID);
    const days = await parseDailyStats(body);
    return { validationResult: OK, listData: await this.dailyStats.saveMonth(storeID, days, user, version) };
  }
}
