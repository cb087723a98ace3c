import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, RequireAreas, RequireStore } from '../../../common/auth/decorators';
import { RecordOf, RecordsOf } from '../../../common/crud/record-guard';
import { IdPipe } from '../../../common/http/id.pipe';
import { NoBodyPipe } from '../../../common/http/no-body.pipe';
import { OK } from '../../../common/http/validation-result';
import { SalesService } from '../../sales';
import { recSheetLineList } from '../rec-sheets/rec-sheet-rows';
import { ManualRecService } from './manual-rec.service';

/** The path's line and sale, checked (404) before the body. */
const LineAndSale = () =>
  RecordsOf([
    ['lineId', recSheetLineList],
    ['saleId', SalesService],
  ]);

/**
 * Manual reconcile and unreconcile (docs/http-api.md, "Auto and manual reconcile").
 * RevenueReconciliation and a store in the profile; lines and sales outside the user's stores are 404.
 */
@Controller()
@RequireAreas('RevenueReconciliation')
@RequireStore()
export class ManualRecController {
  constructor(private readonly manual: ManualRecService) {}

  @Get('recSheetLine/:id/recSuggest')
  @RecordOf(recSheetLineList)
  async suggest(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser) {
    return { validationResult: OK, listData: await this.manual.suggest(id, user) };
  }

  @Put('recSheetLine/:lineId/recSale/:saleId/validate')
  @LineAndSale()
  async validate(@Param('lineId', IdPipe) lineID: number, @Param('saleId', IdPipe) saleID: number, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const { warning, data } = await this.manual.reconcile(lineID, saleID, body, user, false);
    return { validationResult: { fail: false, ...(warning ? { warning } : {}) }, data };
  }

  @Put('recSheetLine/:lineId/recSale/:saleId')
  @LineAndSale()
  async commit(@Param('lineId', IdPipe) lineID: number, @Param('saleId', IdPipe) saleID: number, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const { warning, data } = await this.manual.reconcile(lineID, saleID, body, user, true);
    return { validationResult: { fail: false, ...(warning ? { warning } : {}) }, data };
  }

  /** Was the sales controller's; here because it unlinks the reconciliation module's lines. Same path and answer. */
  @Put('sale/:id/unreconcile')
  @RecordOf(SalesService)
  async unreconcile(@Param('id', IdPipe) id: number, @Body(NoBodyPipe) _body: unknown, @CurrentUser() user: AuthUser) {
    return { validationResult: OK, data: await this.manual.unreconcile(id, user) };
  }
}
