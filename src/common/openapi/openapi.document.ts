import type { INestApplication } from '@nestjs/common';
import type { ApplicationConfig } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { OpenAPIObject, OperationObject, ParameterObject, ResponsesObject, SchemaObject } from '@nestjs/swagger';
import { SYSTEM_AREAS, type SystemArea } from '../auth/system-areas';
import { DataSource } from 'typeorm';
import { ANSWERS, FILE_ANSWERS } from './answers';
import { NAMED_ANSWERS } from './named-answers';
import { DtoSchemas } from './dto-schema';
import { LIST_VOCABULARY, listParameters } from './list-parameters';
import { QUERY_PARAMETERS } from './query-parameters';
import type { MultipartBodySpec } from './multipart-body';
import { RowSchemas } from './row-schema';
import { apiRoutes, type ApiRoute, type RouteAccess } from './routes';
import { summaryOf } from './summaries';
import { TAG_DESCRIPTIONS } from './tags';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The envelopes of the HTTP contract (docs/http-api.md, "Envelopes"). */
const ENVELOPES: Record<string, SchemaObject> = {
  ListID: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'selectable', 'aggregate'],
    properties: {
      id: { type: 'integer' },
      selectable: { type: 'boolean' },
      aggregate: { type: 'number', nullable: true, description: "The row's value of the aggregated field; null without one." },
    },
  },
  ListPage: {
    type: 'object',
    additionalProperties: false,
    required: ['page', 'pageLength', 'rowCount', 'pageCount', 'listIDsFrom'],
    properties: {
      page: { type: 'integer' },
      pageLength: { type: 'integer' },
      rowCount: { type: 'integer' },
      pageCount: { type: 'integer' },
      listIDsFrom: { type: 'integer', description: 'Position of listIDs[0] in the whole list.' },
      aggregateTotal: { type: 'number', description: 'The aggregate summed over every matching row (lists with an aggregate).' },
    },
  },
  ValidationResult: {
    type: 'object',
    required: ['fail'],
    properties: {
      fail: { type: 'boolean' },
      failSummary: { type: 'string', description: 'For people: what is wrong, in one sentence.' },
      failMessages: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description: 'One message per field, keyed by field (nested: name.index.field).',
      },
    },
  },
  Failure: {
    type: 'object',
    required: ['statusCode', 'validationResult'],
    properties: { statusCode: { type: 'integer' }, validationResult: ref('ValidationResult') },
  },
  ServerError: {
    type: 'object',
    required: ['statusCode', 'message', 'errorID'],
    properties: {
      statusCode: { type: 'integer', example: 500 },
      message: { type: 'string' },
      errorID: { type: 'string', description: 'Also in the server log.' },
    },
  },
  Answer: {
    type: 'object',
    required: ['validationResult'],
    properties: {
      validationResult: ref('ValidationResult'),
      data: { description: 'The record or result.' },
      listData: { type: 'array', items: { type: 'object' } },
    },
  },
  ListAnswer: {
    type: 'object',
    required: ['listData', 'listIDs', 'page'],
    properties: {
      listData: { type: 'array', items: { type: 'object' }, description: "The page's rows." },
      listIDs: { type: 'array', description: 'A window of the matching ids in list order (the page by default).', items: ref('ListID') },
      page: ref('ListPage'),
      data: { type: 'object', description: 'Only when the id filter names one id: that record.' },
      validationResult: ref('ValidationResult'),
    },
  },
};

const routeKey = (route: ApiRoute) => `${route.method.toUpperCase()} ${route.path}`;

/** 'MasterDataModule' -> 'Master data': the tag of every route its controllers declare. */
export function tagOf(moduleName: string): string {
  const words = moduleName
    .replace(/Module$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const named = (areas: SystemArea[]) => areas.map((a) => `${a} (${SYSTEM_AREAS[a]})`).join(', ');

/** The operation's description of who may call it (what AccessGuard checks). */
export function accessText(access: RouteAccess): string {
  if (access.public) return 'Public: no token needed.';
  const lines = [
    access.download ? 'Token: the x-access-token header, or ?token= (a download link cannot send a header).' : 'Token: the x-access-token header.',
  ];
  if (access.areas.length) lines.push(`System areas (all): ${named(access.areas)}.`);
  if (access.anyOf.length) lines.push(`System areas (at least one): ${named(access.anyOf)}.`);
  if (access.needsStore) lines.push('The access profile needs at least one store.');
  if (access.note) lines.push(access.note);
  else if (!access.areas.length && !access.anyOf.length) lines.push('Any signed-in user (records limited to their stores).');
  return lines.join(' ');
}

function pathParameters(route: ApiRoute): ParameterObject[] {
  return [...route.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => {
    const declared = route.pathParams.find((p) => p.name === name);
    const schema: SchemaObject = declared?.type === Number ? { type: 'integer', minimum: 1 } : { type: 'string' };
    return { name, in: 'path', required: true, schema };
  });
}

function queryParameters(route: ApiRoute): ParameterObject[] {
  const named = route.queryParams.map<ParameterObject>((p) => ({
    name: p.name,
    in: 'query',
    required: false,
    schema: { type: p.type === Number ? 'integer' : 'string' },
  }));
  const own = QUERY_PARAMETERS[routeKey(route)];
  if (route.wholeQuery && !route.definition && !own) throw new Error(`${routeKey(route)} reads its whole query: name its parameters in query-parameters.ts`);
  const list = own ?? (route.definition ? listParameters(route.definition) : []);
  if (route.access.download)
    named.push({ name: 'token', in: 'query', required: false, description: 'The session token, instead of the header.', schema: { type: 'string' } });
  if (route.takesVersion && !named.some((p) => p.name === 'updatedDate')) {
    named.push({
      name: 'updatedDate',
      in: 'query',
      required: false,
      description:
        "The version the edit was made from: the record's updatedDate as read (a PUT may send it in its body instead). Without it the edit is not checked.",
      schema: { type: 'string', format: 'date-time' },
    });
  }
  return [...list, ...named];
}

function successResponse(route: ApiRoute, rows: RowSchemas, base: OperationObject | undefined) {
  if (route.access.download) {
    // An Excel export is xlsx; a stored file is sent with its own type (pdf, an image, xlsx).
    const type = route.path.endsWith('/excel') ? XLSX : '*/*';
    return {
      description: type === XLSX ? 'The file.' : 'The file, with its own content type.',
      content: { [type]: { schema: { type: 'string', format: 'binary' } } },
    };
  }
  const own = ANSWERS[routeKey(route)];
  if (own) return { description: 'validationResult with data and/or listData.', content: json(withEnvelope(own)) };
  const file = FILE_ANSWERS[routeKey(route)];
  if (file) return { description: 'The file.', content: Object.fromEntries(file.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) };
  // What the handler declares with @ApiResponse (the health probes).
  const declared = base?.responses?.[route.status] as { content?: unknown } | undefined;
  if (declared?.content) return declared;
  if (route.jsonAnswer || route.streams) throw new Error(`${routeKey(route)} writes its own answer: describe it in answers.ts`);
  if (route.definition) return { description: 'One page of the list.', content: json(rows.listAnswer(route.definition)) };
  if (route.recordDefinition && route.method === 'delete')
    return { description: `The id of the ${route.recordDefinition.label} deleted.`, content: json(rows.deleteAnswer()) };
  if (route.recordDefinition) return { description: `The ${route.recordDefinition.label} as saved.`, content: json(rows.recordAnswer(route.recordDefinition)) };
  throw new Error(`${routeKey(route)}: describe its answer in answers.ts`);
}

/** The envelope's own fields are always there: validationResult, and data or listData when the answer declares them. */
function withEnvelope(schema: SchemaObject): SchemaObject {
  const required = ['validationResult', 'data', 'listData'].filter((name) => schema.properties?.[name]);
  const all = [...new Set([...required, ...(schema.required ?? [])])];
  return { ...schema, ...(all.length ? { required: all } : {}) };
}

/** Express's weak ETag on every JSON answer of a GET, and the 304 it answers to a matching If-None-Match (the dashboard's kept answers alike). */
const ETAG_HEADER = { ETag: { description: "The answer's version: send it back as If-None-Match to get a 304 while it holds.", schema: { type: 'string' } } };
const NOT_MODIFIED = { description: 'Not modified: the If-None-Match sent is still the ETag of the answer (no body).' };
const isJsonRead = (route: ApiRoute) => route.method === 'get' && !route.access.download && (!route.streams || route.jsonAnswer);

/** GET /api/metrics also serves the Prometheus text to the METRICS_TOKEN bearer (README, "Metrics"). */
const OWN_SECURITY: Record<string, Array<Record<string, string[]>>> = { 'GET /api/metrics': [{ metricsToken: [] }] };

const NOT_FOUND = (what: string) => ({ 404: { description: `${what} does not exist or lies outside your stores.`, content: json(ref('Failure')) } });
/** The branding images: sent with an ETag (304 to a matching If-None-Match), 404 while none is set. */
const BRANDING: ResponsesObject = {
  304: NOT_MODIFIED,
  404: { description: 'None has been set.', content: json(ref('Failure')) },
};

/** The 429 of the login limits, with the standard Retry-After (AllExceptionsFilter). */
const tooMany = (description: string): ResponsesObject => ({
  429: {
    description,
    headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } } },
    content: json(ref('Failure')),
  },
});

/** What a few routes answer beyond the contract's defaults. */
const OWN_RESPONSES: Record<string, ResponsesObject> = {
  'GET /api/longRunningOperation': NOT_FOUND('The operation'),
  'GET /api/histories': NOT_FOUND('The record'),
  'GET /api/sale/revenueCommission': NOT_FOUND('The rate card line store'),
  'GET /api/file/logo': BRANDING,
  'GET /api/file/loginLogo': BRANDING,
  'GET /api/file/loginBackground': BRANDING,
  'GET /api/file/favicon.ico': BRANDING,
  'GET /api/file/favicon': BRANDING,
  'PUT /api/user/{id}': tooMany('Changing your own password: too many wrong current passwords, counted as logins are; wait as Retry-After says.'),
  'POST /api/user/login': tooMany(
    'Too many attempts from this address, or too many wrong passwords for this account from this address: wait as Retry-After says.',
  ),
  'GET /api/metrics': {
    401: {
      description: 'No credentials at all (neither a session token nor the metrics bearer token).',
      headers: { 'WWW-Authenticate': { schema: { type: 'string', example: 'Bearer' } } },
      content: json(ref('Failure')),
    },
  },
};

function responses(route: ApiRoute, base: OperationObject | undefined, rows: RowSchemas): ResponsesObject {
  const failure = (description: string) => ({ description, content: json(ref('Failure')) });
  const success = successResponse(route, rows, base);
  const ours: ResponsesObject = {
    [route.status]: isJsonRead(route) ? { ...success, headers: ETAG_HEADER } : success,
    ...(isJsonRead(route) ? { 304: NOT_MODIFIED } : {}),
    400: failure('Invalid input: validationResult.failMessages by field; nothing was written.'),
    ...(route.access.public ? {} : { 403: failure('No or expired token, or the access profile lacks a system area or store.') }),
    ...(route.path.includes('{') || route.definition ? { 404: failure('The record does not exist or lies outside your stores.') } : {}),
    ...(route.takesVersion
      ? {
          409: failure(
            'The record (or grid) changed since the version sent as updatedDate was read: failSummary names who changed it and when; nothing was written.',
          ),
        }
      : {}),
    // A route that starts a job answers 202; while the job queue (Redis) is away it refuses with a 503.
    ...(route.status === 202 ? { 503: failure('The job queue is not available (scale-out: Redis is away): nothing was queued; try again in a minute.') } : {}),
    500: { description: 'Server error.', content: json(ref('ServerError')) },
  };
  // What a handler declares with @ApiResponse (a probe's 503) says more than the contract's defaults.
  const declared = Object.entries(base?.responses ?? {}).filter(([, response]) => !!response && 'description' in response && !!response.description);
  const all: ResponsesObject = { ...ours, ...OWN_RESPONSES[routeKey(route)], ...Object.fromEntries(declared) };
  // GET /api/metrics answers the Prometheus text to the METRICS_TOKEN bearer (README, "Metrics").
  if (routeKey(route) === 'GET /api/metrics') {
    const ok = all[route.status] as { description: string; content: Record<string, unknown> };
    all[route.status] = {
      ...ok,
      content: { ...ok.content, 'text/plain': { schema: { type: 'string', description: 'Prometheus exposition text (the bearer).' } } },
    };
  }
  return all;
}

function multipartSchema({ file, fields }: MultipartBodySpec): SchemaObject {
  return {
    type: 'object',
    required: ['file', ...Object.keys(fields)],
    properties: { file: { type: 'string', format: 'binary', description: file }, ...fields },
  };
}

function operationFor(route: ApiRoute, base: OperationObject | undefined, dtos: DtoSchemas, rows: RowSchemas): OperationObject {
  const notes = [
    base?.description,
    accessText(route.access),
    route.definition && !QUERY_PARAMETERS[routeKey(route)] ? LIST_VOCABULARY : undefined,
    route.noBody ? 'Takes no body (absent or {}).' : undefined,
  ].filter(Boolean);
  const operation: OperationObject & Record<string, unknown> = {
    ...base,
    operationId: base?.operationId ?? `${route.controllerName}_${route.handlerName}`,
    summary: base?.summary ?? summaryOf(route),
    tags: [tagOf(route.moduleName)],
    description: notes.join('\n\n'),
    parameters: [...pathParameters(route), ...queryParameters(route)],
    responses: responses(route, base, rows),
    security: route.access.public
      ? []
      : route.access.download
        ? [{ accessToken: [] }, { downloadToken: [] }]
        : [{ accessToken: [] }, ...(OWN_SECURITY[routeKey(route)] ?? [])],
    'x-system-areas': route.access.areas,
  };
  if (route.access.anyOf.length) operation['x-system-areas-any-of'] = route.access.anyOf;
  if (route.access.needsStore) operation['x-requires-store'] = true;
  if (route.access.public) operation['x-public'] = true;
  delete operation.requestBody;
  if (route.bodyType) operation.requestBody = { required: true, content: json(dtos.refTo(route.bodyType)) };
  else if (route.listBodyType) operation.requestBody = { required: true, content: json({ type: 'array', items: dtos.refTo(route.listBodyType) }) };
  else if (route.multipart) operation.requestBody = { required: true, content: { 'multipart/form-data': { schema: multipartSchema(route.multipart) } } };
  else if (route.hasBody && !route.noBody) {
    operation.requestBody = { required: true, description: 'JSON the handler reads itself (see docs/http-api.md).', content: json({}) };
  }
  return operation;
}

function withoutListAnswer({ ListAnswer: _list, Answer: _answer, ...shared }: Record<string, SchemaObject>): Record<string, SchemaObject> {
  return shared;
}

/** The app's data source (which columns may be null), when it has one. */
function dataSourceOf(app: INestApplication): DataSource | null {
  try {
    return app.get(DataSource, { strict: false });
  } catch {
    return null;
  }
}

/** The prefix setGlobalPrefix gave ('api'): Nest keeps it on the application's config, as SwaggerModule reads it. */
function globalPrefixOf(app: INestApplication): string {
  return (app as unknown as { config?: ApplicationConfig }).config?.getGlobalPrefix() ?? '';
}

/**
 * The OpenAPI 3 document of every route the application serves: @nestjs/swagger's scan (which
 * keeps anything given with its decorators), completed from what the routes declare for the
 * HTTP contract: access metadata (as AccessGuard reads it), body classes (as strictValidationPipe
 * validates them), list definitions (as parseListQuery reads the query).
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Retail Back Office API')
    .setDescription(
      'Every call answers `{ validationResult, data | listData }`; invalid input is a 400 with `validationResult.failMessages` by field. ' +
        'Each operation names the system areas it needs in its description and in `x-system-areas` (all of them) / `x-system-areas-any-of`. ' +
        'The contract in words: docs/http-api.md.',
    )
    .setVersion('1')
    .addServer('/', 'This server (every path starts /api)')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'GET /api/metrics only: METRICS_TOKEN, for a Prometheus scrape (text/plain).' },
      'metricsToken',
    )
    .addApiKey({ type: 'apiKey', in: 'header', name: 'x-access-token', description: 'The token POST /api/user/login answers.' }, 'accessToken')
    .addApiKey({ type: 'apiKey', in: 'query', name: 'token', description: 'Download routes only (Excel exports, files).' }, 'downloadToken')
    .build();
  // The API's own terms; what a deployment is licensed for is the About screen's (LICENCE, LICENCE_NAME).
  config.info.license = { name: 'Proprietary' };
  const scanned = SwaggerModule.createDocument(app, config);
  const dtos = new DtoSchemas();
  const rows = new RowSchemas(dataSourceOf(app), ENVELOPES);
  const paths: OpenAPIObject['paths'] = {};
  for (const route of apiRoutes(app, globalPrefixOf(app))) {
    const base = scanned.paths[route.path]?.[route.method as 'get'];
    paths[route.path] = { ...paths[route.path], [route.method]: operationFor(route, base, dtos, rows) };
  }
  const tags = [...new Set(Object.values(paths).flatMap((item) => Object.values(item).flatMap((op) => (op as OperationObject).tags ?? [])))].sort();
  return {
    ...scanned,
    tags: tags.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    paths,
    // ListAnswer and Answer are only the bases each list's and record's own answer schemas are built from (row-schema.ts).
    components: { ...scanned.components, schemas: { ...withoutListAnswer(ENVELOPES), ...NAMED_ANSWERS, ...rows.schemas, ...dtos.schemas } },
  };
}
