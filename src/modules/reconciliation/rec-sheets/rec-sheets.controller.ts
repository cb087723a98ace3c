import { Body, Controller, Delete, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, Download, RequireAreas } from '../../../common/auth/decorators';
import { CrudController } from '../../../common/crud/crud.controller';
import { RecordOf } from '../../../common/crud/record-guard';
import { IdPipe } from '../../../common/http/id.pipe';
import { strictValidationPipe } from '../../../common/http/validation.pipe';
import { OK } from '../../../common/http/validation-result';
import { ListRoute } from '../../../common/openapi/list-route';
import { reconciliationSaleList } from '../../sales';
import { recSheetList } from './rec-sheet-rows';
import { RecSheetBody, RecSheetLineBody, RecSheetLinesDeleteBody } from './rec-sheet.body';
import { RecSheetLinesService } from './rec-sheet-lines.service';
import { RecSheetsService } from './rec-sheets.service';

/** GET /recSheets (+ /excel), POST /recSheet, PUT and DELETE /recSheet/{id}: RevenueReconciliation only. */
export const RecSheetCrudController = CrudController({
  plural: 'recSheets',
  singular: 'recSheet',
  service: RecSheetsService,
  createBody: RecSheetBody,
  readAreas: ['RevenueReconciliation'],
  writeAreas: ['RevenueReconciliation'],
});

/** GET /recSheetLines (+ /excel), POST /recSheetLine, PUT and DELETE /recSheetLine/{id}: RevenueReconciliation only. */
export const RecSheetLineCrudController = CrudController({
  plural: 'recSheetLines',
  singular: 'recSheetLine',
  service: RecSheetLinesService,
  createBody: RecSheetLineBody,
  readAreas: ['RevenueReconciliation'],
  writeAreas: ['RevenueReconciliation'],
});

/** The rec sheet routes beyond the generated CRUD ones (docs/http-api.md, "Revenue reconciliation"). */
@Controller()
@RequireAreas('RevenueReconciliation')
export class RecSheetsController {
  constructor(private readonly lines: RecSheetLinesService) {}

  /** Many lines in one transaction: all or nothing. */
  @Delete('recSheetLines')
  async removeMany(@Body(strictValidationPipe({ expectedType: RecSheetLinesDeleteBody })) body: RecSheetLinesDeleteBody, @CurrentUser() user: AuthUser) {
    return { validationResult: OK, data: await this.lines.removeMany(body.recSheetLineIDs, user) };
  }

  /** The sales of the sheet's date range and the user's stores that no line links (list engine paging, sort, quickFilter). */
  @Get('recSheet/:id/unreconciledSales')
  @ListRoute(reconciliationSaleList)
  @RecordOf(recSheetList)
  async unreconciledSales(@Param('id', IdPipe) id: number, @Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    return { validationResult: OK, ...(await this.lines.unreconciledSales(id, query, user)) };
  }

  @Get('recSheet/:id/unreconciledSales/excel')
  @Download()
  @RequireAreas('AccessAPI')
  async unreconciledSalesExcel(@Param('id', IdPipe) id: number, @Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser, @Res() res: Response) {
    await this.lines.unreconciledSalesExcel(id, query, user, res);
  }
}
