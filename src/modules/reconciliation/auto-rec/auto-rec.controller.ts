import { ListRoute } from '../../../common/openapi/list-route';
import { Body, Controller, Get, HttpCode, Param, Put, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, RequireAreas } from '../../../common/auth/decorators';
import { listOrRecord } from '../../../common/crud/list.controller';
import { RecordOf } from '../../../common/crud/record-guard';
import { IdPipe } from '../../../common/http/id.pipe';
import { NoBodyPipe } from '../../../common/http/no-body.pipe';
import { OK, RecordNotFound } from '../../../common/http/validation-result';
import { ListService } from '../../../common/list/list.service';
import { JobsService } from '../../jobs';
import { RecSheet } from '../entities';
import { recSheetList } from '../rec-sheets/rec-sheet-rows';
import { autoRecRunList } from './auto-rec-run-list';
import { AutoRecService } from './auto-rec.service';

/** Auto reconcile and the undo of a run (docs/http-api.md, "Auto and manual reconcile"). RevenueReconciliation only. */
@Controller()
@RequireAreas('RevenueReconciliation')
export class AutoRecController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
    private readonly autoRec: AutoRecService,
    private readonly lists: ListService,
  ) {}

  @Put('recSheet/:id/autoRec')
  @HttpCode(202)
  @RecordOf(recSheetList)
  async autoReconcile(@Param('id', IdPipe) id: number, @Body(NoBodyPipe) _body: unknown, @CurrentUser() user: AuthUser) {
    if (!(await this.dataSource.getRepository(RecSheet).existsBy({ recSheetID: id }))) throw new RecordNotFound('Rec sheet');
    return { validationResult: OK, data: await this.jobs.enqueue('recSheetAutoRec', { recSheetID: id }, user) };
  }

  @Put('autoRecRun/:id/undo')
  @HttpCode(202)
  @RecordOf(autoRecRunList)
  async undo(@Param('id', IdPipe) id: number, @Body(NoBodyPipe) _body: unknown, @CurrentUser() user: AuthUser) {
    await this.autoRec.checkUndoable(this.dataSource.manager, id);
    return { validationResult: OK, data: await this.jobs.enqueue('recSheetAutoRecUndo', { autoRecRunID: id }, user) };
  }

  @Get('autoRecRuns')
  @ListRoute(autoRecRunList)
  async runs(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    return listOrRecord(autoRecRunList, query, await this.lists.list(autoRecRunList, query, user));
  }
}
