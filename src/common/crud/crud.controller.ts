import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Res, Type } from '@nestjs/common';
import type { Response } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Download, RequireAreas, RequireStore } from '../auth/decorators';
import type { SystemArea } from '../auth/system-areas';
import { ExcelExportService } from '../excel/excel-export.service';
import { IdPipe } from '../http/id.pipe';
import { strictValidationPipe } from '../http/validation.pipe';
import { OK } from '../http/validation-result';
import { listOrRecord } from './list.controller';
import type { CrudService } from './crud.service';
import { SentVersion, type EditVersion } from './edit-version';
import { RecordOf } from './record-guard';

// The routes only pass bodies through to the service, so its entity type does not matter here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyCrudService = CrudService<any, any, any>;

export interface CrudRoutes {
  /** GET /api/<plural>, GET /api/<plural>/excel */
  plural: string;
  /** POST /api/<singular>, PUT and DELETE /api/<singular>/:id */
  singular: string;
  service: Type<AnyCrudService>;
  createBody: Type<unknown>;
  updateBody?: Type<unknown>;
  /** Areas needed to read; none means any signed-in user (still store-scoped). */
  readAreas?: SystemArea[];
  /** Reading also needs at least one store in the access profile (403 otherwise). */
  readNeedsStore?: boolean;
  /** Areas needed to create, update and delete. */
  writeAreas: SystemArea[];
  /** Areas needed to update, when they differ from writeAreas (the service checks the rest). */
  updateAreas?: SystemArea[];
}

/**
 * The HTTP contract's five routes for one resource, generated from its declaration so
 * every master-data list answers, validates and guards the same way.
 */
export function CrudController(routes: CrudRoutes): Type<unknown> {
  const read = routes.readAreas ?? [];
  const readStore = routes.readNeedsStore ? RequireStore() : () => undefined;

  @Controller()
  class ResourceController {
    constructor(
      @Inject(routes.service) readonly service: AnyCrudService,
      readonly excel: ExcelExportService,
    ) {}

    @Get(routes.plural)
    @RequireAreas(...read)
    @readStore
    async list(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
      // One record: the list path with its id filter (HTTP contract).
      return listOrRecord(this.service.definition, query, await this.service.list(query, user));
    }

    @Get(`${routes.plural}/excel`)
    @Download()
    @RequireAreas('AccessAPI', ...read)
    @readStore
    async download(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser, @Res() res: Response) {
      await this.excel.stream(this.service.definition, query, user, res);
    }

    @Post(routes.singular)
    @HttpCode(201)
    @RequireAreas(...routes.writeAreas)
    async create(@Body(strictValidationPipe({ expectedType: routes.createBody })) body: unknown, @CurrentUser() user: AuthUser) {
      return { validationResult: OK, data: await this.service.create(body, user) };
    }

    @Put(`${routes.singular}/:id`)
    @RequireAreas(...(routes.updateAreas ?? routes.writeAreas))
    @RecordOf(routes.service)
    async update(
      @Param('id', IdPipe) id: number,
      @Body(strictValidationPipe({ expectedType: routes.updateBody ?? routes.createBody })) body: unknown,
      @CurrentUser() user: AuthUser,
      @SentVersion() version: EditVersion,
    ) {
      return { validationResult: OK, ...(await this.service.updateAnswer(id, body, user, version)) };
    }

    @Delete(`${routes.singular}/:id`)
    @RequireAreas(...routes.writeAreas)
    @RecordOf(routes.service)
    async remove(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser, @SentVersion() version: EditVersion) {
      return { validationResult: OK, data: await this.service.remove(id, user, version) };
    }
  }

  Object.defineProperty(ResourceController, 'name', { value: `${routes.singular[0].toUpperCase()}${routes.singular.slice(1)}Controller` });
  return ResourceController;
}
