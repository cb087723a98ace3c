import { RequestMethod, type INestApplication, type Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer, Reflector } from '@nestjs/core';
import { DOWNLOAD_ROUTE, PUBLIC_ROUTE, REQUIRED_ANY_AREAS, REQUIRED_AREAS, REQUIRES_STORE } from '../auth/decorators';
import type { SystemArea } from '../auth/system-areas';
import { TAKES_VERSION } from '../crud/edit-version';
import { NoBodyPipe } from '../http/no-body.pipe';
import type { ListDefinition } from '../list/list-definition';
import { ACCESS_NOTE, LIST_BODY, LIST_ROUTE, RECORD_ROUTE } from './list-route';
import { JSON_ANSWER } from './json-answer';
import { MULTIPART_BODY, type MultipartBodySpec } from './multipart-body';

/** What AccessGuard checks for a route, read from the same metadata the same way. */
export interface RouteAccess {
  public: boolean;
  /** Every one of these (handler and controller merged). */
  areas: SystemArea[];
  /** At least one of these. */
  anyOf: SystemArea[];
  needsStore: boolean;
  /** Accepts ?token= as well as the header. */
  download: boolean;
  /** Who may call it, when no area says (AccessNote). */
  note?: string;
}

export interface RouteParam {
  name: string;
  /** The handler's parameter type (Number for IdPipe'd ids). */
  type: unknown;
}

/** One handler as Express serves it. */
export interface ApiRoute {
  method: string;
  /** OpenAPI form: /api/targets/{storeID}/{date} */
  path: string;
  /** The module that declares the controller (MasterDataModule). */
  moduleName: string;
  controllerName: string;
  handlerName: string;
  status: number;
  access: RouteAccess;
  pathParams: RouteParam[];
  /** Named @Query('x') parameters. */
  queryParams: RouteParam[];
  /** The handler reads the whole query string (@Query()). */
  wholeQuery: boolean;
  /** The class strictValidationPipe validates the body against; null when read in the handler. */
  bodyType: Type<unknown> | null;
  /** A body that is a JSON list of these (ListBodyOf). */
  listBodyType: Type<unknown> | null;
  /** @Body(NoBodyPipe): an action that takes no body. */
  noBody: boolean;
  /** Reads a body (any @Body()). */
  hasBody: boolean;
  /** Writes its own answer (@Res()): a file or an image, unless jsonAnswer. */
  streams: boolean;
  /** Writes its own answer, which is JSON (@JsonAnswer). */
  jsonAnswer: boolean;
  /** Reads multipart/form-data itself (@MultipartBody). */
  multipart: MultipartBodySpec | null;
  /** The list a generic list route pages (CrudController / ListController / a list route). */
  definition?: ListDefinition<never>;
  /** The list whose row a save answers as `data` (CrudController's create and update / RecordRoute); on a delete, whose record it removes. */
  recordDefinition?: ListDefinition<never>;
  /** Checks the version an edit was made from (@SentVersion): a 409 when the record changed since. */
  takesVersion: boolean;
}

interface RouteArg {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

const reflector = new Reflector();

function accessOf(controller: Type<unknown>, handler: object): RouteAccess {
  const targets = [handler as () => void, controller];
  return {
    public: reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets) ?? false,
    areas: reflector.getAllAndMerge<SystemArea[]>(REQUIRED_AREAS, targets) ?? [],
    anyOf: reflector.getAllAndOverride<SystemArea[]>(REQUIRED_ANY_AREAS, targets) ?? [],
    needsStore: reflector.getAllAndOverride<boolean>(REQUIRES_STORE, targets) ?? false,
    download: reflector.getAllAndOverride<boolean>(DOWNLOAD_ROUTE, targets) ?? false,
    note: reflector.getAllAndOverride<string | undefined>(ACCESS_NOTE, targets),
  };
}

function joinPath(...parts: string[]): string {
  const joined = parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/');
  return `/${joined}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function asArray(value: unknown): string[] {
  return Array.isArray(value) ? (value as string[]) : [typeof value === 'string' ? value : ''];
}

/**
 * The list definition a list route reads: the one @ListRoute names, else for the generic list
 * routes (GET <plural> and its /excel, named list and download by CrudController) the
 * controller's own `definition` or its one service's (CrudController's `service`, SalesService).
 */
const isDefinition = (v: unknown): v is ListDefinition<never> => !!v && typeof v === 'object' && 'fields' in v && 'idField' in v;

/** The controller's own `definition`, or its one service's (CrudController's `service`, SalesService). */
function controllerDefinition(instance: unknown): ListDefinition<never> | undefined {
  const holder = instance as Record<string, unknown> | undefined;
  if (!holder) return undefined;
  if (isDefinition(holder.definition)) return holder.definition;
  const found = Object.values(holder)
    .map((service) => (service && typeof service === 'object' ? (service as { definition?: unknown }).definition : undefined))
    .filter(isDefinition);
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The list definition a list route reads: the one @ListRoute names, else for the generic list
 * routes (GET <plural> and its /excel, named list and download by CrudController) the
 * controller's own `definition` or its one service's (CrudController's `service`, SalesService).
 */
function definitionOf(handler: object, instance: unknown, handlerName: string): ListDefinition<never> | undefined {
  const declared = Reflect.getMetadata(LIST_ROUTE, handler) as ListDefinition<never> | undefined;
  if (declared) return declared;
  if (handlerName !== 'list' && handlerName !== 'download') return undefined;
  return controllerDefinition(instance);
}

/** CrudController's saves and delete, by handler: they answer a row of the service's list (a delete its id). */
const CRUD_SAVES: Record<string, string> = { create: 'post', update: 'put', remove: 'delete' };

/** The list whose row a save answers (or whose record a delete removes): the one @RecordRoute names, else CrudController's. */
function recordDefinitionOf(handler: object, instance: unknown, handlerName: string, method: string): ListDefinition<never> | undefined {
  const declared = Reflect.getMetadata(RECORD_ROUTE, handler) as ListDefinition<never> | undefined;
  if (declared) return declared;
  if (CRUD_SAVES[handlerName] !== method) return undefined;
  return controllerDefinition(instance);
}

/** Every route of every controller in the application, with what the document says about it. */
export function apiRoutes(app: INestApplication, globalPrefix: string): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type<unknown>;
      const controllerPaths = asArray(Reflect.getMetadata(PATH_METADATA, controller));
      const proto = controller.prototype as Record<string, unknown>;
      const handlerNames = new Set<string>();
      for (let p = proto; p && p !== Object.prototype; p = Object.getPrototypeOf(p) as Record<string, unknown>) {
        for (const name of Object.getOwnPropertyNames(p)) if (name !== 'constructor') handlerNames.add(name);
      }
      for (const handlerName of handlerNames) {
        const handler = proto[handlerName];
        if (typeof handler !== 'function' || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod].toLowerCase();
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handlerName) ?? {}) as Record<string, RouteArg>;
        const types = (Reflect.getMetadata('design:paramtypes', proto, handlerName) ?? []) as unknown[];
        const argsOf = (kind: RouteParamtypes) =>
          Object.entries(args)
            .filter(([key]) => key.split(':')[0] === String(kind))
            .map(([, arg]) => arg);
        const named = (kind: RouteParamtypes) =>
          argsOf(kind)
            .filter((a) => typeof a.data === 'string')
            .map((a) => ({ name: a.data as string, type: types[a.index] }));
        const bodies = argsOf(RouteParamtypes.BODY);
        const bodyPipes = bodies.flatMap((b) => b.pipes ?? []);
        const bodyType = bodyPipes.map((pipe) => (pipe as { expectedType?: Type<unknown> }).expectedType).find(Boolean) ?? null;
        const base = {
          method,
          moduleName: module.metatype.name,
          controllerName: controller.name,
          handlerName,
          status: (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (method === 'post' ? 201 : 200),
          access: accessOf(controller, handler),
          pathParams: named(RouteParamtypes.PARAM),
          queryParams: named(RouteParamtypes.QUERY),
          wholeQuery: argsOf(RouteParamtypes.QUERY).some((a) => a.data === undefined),
          bodyType,
          listBodyType: (Reflect.getMetadata(LIST_BODY, handler) as Type<unknown> | undefined) ?? null,
          noBody: bodyPipes.some((pipe) => pipe === NoBodyPipe || pipe instanceof NoBodyPipe),
          hasBody: bodies.length > 0,
          streams: argsOf(RouteParamtypes.RESPONSE).length > 0,
          jsonAnswer: Reflect.getMetadata(JSON_ANSWER, handler) === true,
          multipart: (Reflect.getMetadata(MULTIPART_BODY, handler) as MultipartBodySpec | undefined) ?? null,
          definition: definitionOf(handler, wrapper.instance, handlerName),
          recordDefinition: recordDefinitionOf(handler, wrapper.instance, handlerName, method),
          takesVersion: Reflect.getMetadata(TAKES_VERSION, handler) === true,
        };
        for (const controllerPath of controllerPaths) {
          for (const handlerPath of asArray(Reflect.getMetadata(PATH_METADATA, handler))) {
            routes.push({ ...base, path: joinPath(globalPrefix, controllerPath, handlerPath) });
          }
        }
      }
    }
  }
  return routes;
}
