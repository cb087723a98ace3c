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
import { ListService } from '../../common/list/list.service';
import { ListRoute, RecordRoute } from '../../common/openapi/list-route';
import { ApproveRotaLinesBody, RotaLineBody } from './rota-line.body';
import { rotaLineList, ROTA_AREAS } from './rota-line-rows';
import { ROTA_LINE_TYPES } from './rota-rules';
import { RotaService } from './rota.service';

/**
 * The rota's calls (docs/http-api.md, "Rota"). Every call needs a store in the profile; reading
 * is store-scoped (and limited to one's own lines without a rota area), planning needs
 * RecordRotaLines and approval ApproveRotaLines (the service checks which a PUT needs).
 * Fixed paths are declared before 'rotaLine/:id'.
 */
@Controller()
@RequireStore()
export class RotaController {
  constructor(
    private readonly lists: ListService,
    private readonly excel: ExcelExportService,
    private readonly rota: RotaService,
  ) {}

  /** Reading one's own lines marks them viewed (RotaService.markViewed). */
  @Get('rotaLines')
  @ListRoute(rotaLineList)
  async list(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    const result = await this.lists.list(rotaLineList, query, user);
    await this.rota.markViewed(result.listData, user);
    return listOrRecord(rotaLineList, query, result);
  }

  @Get('rotaLines/excel')
  @ListRoute(rotaLineList)
  @Download()
  @RequireAreas('AccessAPI')
  async download(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser, @Res() res: Response) {
    await this.excel.stream(rotaLineList, query, user, res);
  }

  @Get('rotaLineTypes')
  types() {
    return { listData: ROTA_LINE_TYPES, validationResult: OK };
  }

  @Put('rotaLines/approve')
  @RequireAreas('ApproveRotaLines')
  async approve(@Body(strictValidationPipe({ expectedType: ApproveRotaLinesBody })) body: ApproveRotaLinesBody, @CurrentUser() user: AuthUser) {
    return { validationResult: OK, listData: await this.rota.approve(body, user) };
  }

  @Post('rotaLine')
  @RecordRoute(rotaLineList)
  @HttpCode(201)
  @RequireAreas('RecordRotaLines')
  async create(@Body(strictValidationPipe({ expectedType: RotaLineBody })) body: RotaLineBody, @CurrentUser() user: AuthUser) {
    return { validationResult: OK, ...(await this.rota.create(body, user)) };
  }

  @Put('rotaLine/:id')
  @RecordRoute(rotaLineList)
  @RequireAnyArea(...ROTA_AREAS)
  @RecordOf(rotaLineList)
  async update(
    @Param('id', IdPipe) id: number,
    @Body(strictValidationPipe({ expectedType: RotaLineBody })) body: RotaLineBody,
    @CurrentUser() user: AuthUser,
    @SentVersion() version: EditVersion,
  ) {
    return { validationResult: OK, ...(await this.rota.update(id, body, user, version)) };
  }

  @Delete('rotaLine/:id')
  @RecordRoute(rotaLineList)
  @RequireAreas('RecordRotaLines')
  @RecordOf(rotaLineList)
  async remove(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser, @SentVersion() version: EditVersion) {
    return { validationResult: OK, data: await this.rota.remove(id, user, version) };
  }
}
