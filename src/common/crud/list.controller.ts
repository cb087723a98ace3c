import { Controller, Get, Query, Res, Type } from '@nestjs/common';
import type { Response } from 'express';
import type { ObjectLiteral } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Download, RequireAreas, RequireStore } from '../auth/decorators';
import type { SystemArea } from '../auth/system-areas';
import { ExcelExportService } from '../excel/excel-export.service';
import { OK, RecordNotFound } from '../http/validation-result';
import type { ListDefinition } from '../list/list-definition';
import { ListResult, ListService } from '../list/list.service';
import { ListRoute } from '../openapi/list-route';

/**
 * The list answer, or the one-record answer when the query names a single id with the list's
 * id filter (HTTP contract: `GET /api/stores?storeID=3` -> `{ data, ...list, validationResult }`, or 404).
 */
export function listOrRecord<T extends ObjectLiteral>(
  definition: ListDefinition<T>,
  query: Record<string, unknown>,
  result: ListResult,
): ListResult | (ListResult & { data: Record<string, unknown>; validationResult: typeof OK }) {
  const id = query[definition.idField];
  if (typeof id !== 'string' || id.includes(',')) return result;
  if (result.listData.length === 0) throw new RecordNotFound(definition.label[0].toUpperCase() + definition.label.slice(1));
  return { data: result.listData[0], ...result, validationResult: OK };
}

export interface ListRoutes {
  /** GET /api/<plural>, GET /api/<plural>/excel */
  plural: string;
  // Only passed through to the list engine, so the entity type does not matter here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  definition: ListDefinition<any>;
  /** Areas needed to read; none means any signed-in user (still store-scoped). */
  readAreas?: SystemArea[];
  /** Reading also needs at least one store in the access profile (403 otherwise). */
  readNeedsStore?: boolean;
}

/**
 * The read routes of a list whose rows are saved through another record (the stores of a
 * discount or of an analysis field): same engine, envelopes and guards as CrudController.
 */
export function ListController(routes: ListRoutes): Type<unknown> {
  const read = routes.readAreas ?? [];
  const readStore = routes.readNeedsStore ? RequireStore() : () => undefined;

  @Controller()
  class ListOnlyController {
    constructor(
      readonly lists: ListService,
      readonly excel: ExcelExportService,
    ) {}

    @Get(routes.plural)
    @ListRoute(routes.definition)
    @RequireAreas(...read)
    @readStore
    async list(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
      return listOrRecord(routes.definition, query, await this.lists.list(routes.definition, query, user));
    }

    @Get(`${routes.plural}/excel`)
    @ListRoute(routes.definition)
    @Download()
    @RequireAreas('AccessAPI', ...read)
    @readStore
    async download(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser, @Res() res: Response) {
      await this.excel.stream(routes.definition, query, user, res);
    }
  }

  Object.defineProperty(ListOnlyController, 'name', { value: `${routes.plural[0].toUpperCase()}${routes.plural.slice(1)}ListController` });
  return ListOnlyController;
}
