import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Download, RequireAnyArea, RequireAreas, RequireStore } from '../../common/auth/decorators';
import { SentVersion, type EditVersion } from '../../common/crud/edit-version';
import { listOrRecord } from '../../common/crud/list.controller';
import { RecordOf } from '../../common/crud/record-guard';
import { ExcelExportService } from '../../common/excel/excel-export.service';
import { IdPipe } from '../../common/http/id.pipe';
import { strictValidationPipe } from '../../common/http/validation.pipe';
import { OK } from '../../common/http/validation-result';
import { saleList } from './sale-rows';
import { ChangeRateCardBody, SaleBody } from './sale.body';
import { SalesService } from './sales.service';

/**
 * The sales console's calls (docs/http-api.md, "Sales"). Fixed paths (sale/steps,
 * sale/revenueCommission) are declared before 'sale/:id'. Every call needs a store in the
 * profile; the service limits each to the profile's stores, and a path's sale id is checked
 * (404) before the body (RecordOf).
 */
@Controller()
@RequireStore()
@RecordOf(saleList)
export class SalesController {
  constructor(
    private readonly sales: SalesService,
    private readonly excel: ExcelExportService,
  ) {}

  @Get('sales')
  async list(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    return listOrRecord(saleList, query, await this.sales.list(query, user));
  }

  @Get('sales/excel')
  @Download()
  @RequireAreas('AccessAPI')
  async download(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser, @Res() res: Response) {
    await this.excel.stream(saleList, await this.sales.listQuery(query, user), user, res);
  }

  @Get('sale/revenueCommission')
  async revenueCommission(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    return { data: await this.sales.revenueCommission(query, user), validationResult: OK };
  }

  @Get('sale/steps')
  async steps(@CurrentUser() user: AuthUser) {
    return { listData: await this.sales.steps(null, user), validationResult: OK };
  }

  @Get('sale/steps/:id')
  async stepsOf(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser) {
    return { listData: await this.sales.steps(id, user), validationResult: OK };
  }

  @Post('sale')
  @HttpCode(201)
  @RequireAnyArea('RecordSales', 'RecordCreditFails')
  async create(@Body(strictValidationPipe({ expectedType: SaleBody })) body: SaleBody, @CurrentUser() user: AuthUser) {
    return { validationResult: OK, data: await this.sales.create(body, user) };
  }

  @Put('sales/changeRateCardValidate')
  @RequireAreas('UpdateSales')
  async changeRateCardValidate(@Body(strictValidationPipe({ expectedType: ChangeRateCardBody })) body: ChangeRateCardBody, @CurrentUser() user: AuthUser) {
    return { validationResult: OK, data: await this.sales.changeRateCard(body, user, false) };
  }

  @Put('sales/changeRateCard')
  @RequireAreas('UpdateSales')
  async changeRateCard(@Body(strictValidationPipe({ expectedType: ChangeRateCardBody })) body: ChangeRateCardBody, @CurrentUser() user: AuthUser) {
    return { validationResult: OK, data: await this.sales.changeRateCard(body, user, true) };
  }

  @Put('sale/:id')
  @RequireAnyArea('RecordSales', 'UpdateSales', 'RecordRefunds')
  async update(
    @Param('id', IdPipe) id: number,
    @Body(strictValidationPipe({ expectedType: SaleBody })) body: SaleBody,
    @CurrentUser() user: AuthUser,
    @SentVersion() version: EditVersion,
  ) {
    return { validationResult: OK, data: await this.sales.update(id, body, user, version) };
  }

  @Delete('sale/:id')
  @RequireAnyArea('RecordSales', 'UpdateSales')
  async remove(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser, @SentVersion() version: EditVersion) {
    return { validationResult: OK, data: await this.sales.remove(id, user, version) };
  }
}
