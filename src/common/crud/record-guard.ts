import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, Type, UseGuards } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { isPathId } from '../http/id.pipe';
import type { ListDefinition } from '../list/list-definition';
import { ListService } from '../list/list.service';
import { editVersionOf } from './edit-version';

// The guard reads any list; the entity type does not matter here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDefinition = ListDefinition<any>;
/** A list definition, or a service holding one as `definition` (CrudController's). */
type RecordSource = AnyDefinition | Type<{ definition: AnyDefinition }>;

const RECORD_PARAMS = 'recordParams';

/**
 * 404 first (docs/http-api.md, "Order of checks"): the path's record ids name records of these
 * lists, and each must exist and be visible to the user (ListService.findVisible: its store
 * scope) before the body is read. RecordGuard runs after AccessGuard (403) and, being a guard,
 * before every pipe, so another store's record answers 404 whatever the body holds, the same as
 * an id that does not exist. A malformed sent version is a 400 here too, after the 404.
 *
 * Put on a handler, or on a controller whose path ids all name one list (its fixed paths without
 * the parameter are not checked).
 */
export function RecordOf(source: RecordSource, ...otherParams: Array<[param: string, source: RecordSource]>): MethodDecorator & ClassDecorator {
  return RecordsOf([['id', source], ...otherParams]);
}

/** RecordOf for paths whose ids have other names ('recSheetLine/:lineId/recSale/:saleId'). */
export function RecordsOf(params: Array<[param: string, source: RecordSource]>): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(RECORD_PARAMS, params), UseGuards(RecordGuard));
}

function isDefinition(source: RecordSource): source is AnyDefinition {
  return typeof source === 'object' && 'entity' in source;
}

@Injectable()
export class RecordGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly lists: ListService,
    private readonly moduleRef: ModuleRef,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const params = this.reflector.getAllAndOverride<Array<[string, RecordSource]>>(RECORD_PARAMS, [context.getHandler(), context.getClass()]) ?? [];
    const req = context.switchToHttp().getRequest<Request & { user: AuthUser }>();
    for (const [param, source] of params) {
      const value = req.params[param];
      // No such parameter on this route, or not an id: IdPipe answers that (400 id).
      if (typeof value !== 'string' || !isPathId(value)) continue;
      await this.lists.findVisible(this.definitionOf(source), Number(value), req.user);
    }
    // A version that is not a date is the body's fault, answered now that the record is known to be there.
    if (req.method === 'PUT' || req.method === 'DELETE') editVersionOf(req);
    return true;
  }

  private definitionOf(source: RecordSource): AnyDefinition {
    if (isDefinition(source)) return source;
    return this.moduleRef.get(source, { strict: false }).definition;
  }
}
