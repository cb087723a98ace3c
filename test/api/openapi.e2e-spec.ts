import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SUMMARIES } from '../../src/common/openapi/summaries';
import { TAG_DESCRIPTIONS } from '../../src/common/openapi/tags';
import { startTestApp, TestApp } from '../support/test-app';
import { Row } from '../support/api';
import { answerValidator, checkAnswer } from '../support/answer-validation';

/**
 * OpenAPI (issue 14, docs/http-api.md "OpenAPI"): the document at /api/docs-json describes every
 * route the app serves, with its access (system areas, store, token), parameters, bodies and
 * answers; the Swagger UI at /api/docs loads under the app's CSP.
 */

let t: TestApp;
let doc: Row;

/** Express paths as OpenAPI writes them: /api/sale/:id -> /api/sale/{id}. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

beforeAll(async () => {
  t = await startTestApp();
  const res = await t.http.get('/api/docs-json').expect(200);
  doc = res.body;
  if (process.env.OPENAPI_DUMP) writeFileSync(process.env.OPENAPI_DUMP, JSON.stringify(doc, null, 2));
});
afterAll(() => t?.close());

const op = (method: string, path: string): Row => {
  const operation = doc.paths[path]?.[method];
  if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return operation;
};

it('is an OpenAPI 3 document, served without a token', async () => {
  expect(doc.openapi).toMatch(/^3\./);
  expect(doc.info.title).toBeTruthy();
  expect(doc.components.securitySchemes.accessToken).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-access-token' }));
  expect(doc.components.securitySchemes.downloadToken).toEqual(expect.objectContaining({ type: 'apiKey', in: 'query', name: 'token' }));
});

it('has every route the app serves, with its method', () => {
  // Express 5 keeps its routes on `router` (4 had `_router`).
  const express = t.app.getHttpAdapter().getInstance();
  const layers = (express.router ?? express._router).stack as Array<{ route?: { path: string; methods: Record<string, boolean> } }>;
  const served = layers
    .filter((l) => l.route && l.route.path.startsWith('/api/'))
    // The document's own routes (the UI, its script and the JSON) are not API calls, nor is the
    // catch-all that answers unknown /api paths (a wildcard, every method).
    .filter((l) => !/^\/api\/docs(-json|\/|$)/.test(l.route!.path) && !l.route!.path.includes('{*'))
    .flatMap((l) => Object.keys(l.route!.methods).filter((m) => m !== '_all').map((m) => `${m.toUpperCase()} ${openApiPath(l.route!.path)}`));
  expect(served.length).toBeGreaterThan(100);
  const documented = new Set(Object.entries(doc.paths as Record<string, Row>).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`)));
  expect(served.filter((route) => !documented.has(route))).toEqual([]);
  // And nothing more: every documented operation is served.
  expect([...documented].filter((route) => !served.includes(route))).toEqual([]);
});

it('names the system areas each route needs, in its description and in x-system-areas', () => {
  const targets = op('put', '/api/targets/{storeID}/{date}');
  expect(targets['x-system-areas']).toEqual(['RecordTargets']);
  expect(targets.description).toContain('RecordTargets');
  expect(targets['x-requires-store']).toBe(true);
  expect(targets.parameters.map((p: Row) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['path:storeID', 'path:date']));

  const recSheets = op('get', '/api/recSheets');
  expect(recSheets['x-system-areas']).toEqual(['RevenueReconciliation']);
  expect(recSheets.description).toContain('RevenueReconciliation');

  // Areas declared on the controller class merge with the handler's, as AccessGuard merges them.
  expect(op('get', '/api/recSheet/{id}/unreconciledSales/excel')['x-system-areas'].sort()).toEqual(['AccessAPI', 'RevenueReconciliation']);

  // "At least one of" is its own extension.
  const saleSave = op('post', '/api/sale');
  expect(saleSave['x-system-areas-any-of']).toEqual(['RecordSales', 'RecordCreditFails']);
  expect(saleSave.description).toContain('RecordSales');

  // Every operation carries the extension, empty when any signed-in user may call it.
  for (const item of Object.values(doc.paths as Record<string, Row>)) {
    for (const operation of Object.values(item)) expect(Array.isArray(operation['x-system-areas'])).toBe(true);
  }
});

it('says which token each route takes: none, the header, or ?token= on downloads', () => {
  const login = op('post', '/api/user/login');
  expect(login.security).toEqual([]);
  expect(login['x-public']).toBe(true);
  expect(op('get', '/api/stores').security).toEqual([{ accessToken: [] }]);
  const excel = op('get', '/api/stores/excel');
  expect(excel.security).toEqual([{ accessToken: [] }, { downloadToken: [] }]);
  expect(excel.parameters.map((p: Row) => p.name)).toContain('token');
  expect(Object.keys(excel.responses[200].content)).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
});

it('describes a supplier template: its mappings as an object of header name -> field, its list and its match call', () => {
  const schemaOf = (method: string, path: string) => doc.components.schemas[op(method, path).requestBody.content['application/json'].schema.$ref.split('/').pop()];
  const create = schemaOf('post', '/api/recImportTemplate');
  expect(create.required).toEqual(expect.arrayContaining(['name', 'mappings']));
  expect(create.properties.mappings).toEqual(
    expect.objectContaining({
      type: 'object',
      minProperties: 1,
      maxProperties: 100,
      additionalProperties: { type: 'string', enum: ['saleDate', 'storeName', 'orderRef', 'sku', 'description', 'revenue'] },
    }),
  );
  expect(schemaOf('put', '/api/recImportTemplate/{id}').required).not.toContain('mappings');
  expect(schemaOf('post', '/api/recImportTemplates/match').properties.headers).toEqual(expect.objectContaining({ type: 'array', items: expect.objectContaining({ type: 'string' }) }));
  expect(op('get', '/api/recImportTemplates')['x-system-areas']).toEqual(['RevenueReconciliation']);
  expect(op('post', '/api/recImportTemplates/match')['x-system-areas']).toEqual(['RevenueReconciliation']);
  expect(op('get', '/api/recImportTemplates').responses[200].content['application/json'].schema.$ref).toMatch(/RecImportTemplateList$/);
});

it("gives a body DTO's fields as the validation rules state them", () => {
  const body = op('post', '/api/recSheet').requestBody.content['application/json'].schema;
  const schema = doc.components.schemas[body.$ref.split('/').pop()];
  expect(schema.required).toEqual(expect.arrayContaining(['name', 'recDate']));
  expect(schema.required).not.toContain('recSheetID');
  expect(schema.additionalProperties).toBe(false);
  expect(schema.properties.name).toEqual(expect.objectContaining({ type: 'string', maxLength: 100 }));
  expect(schema.properties.name.description).toContain('Name is required');
  // Round trips: the answer's read-only names are accepted and ignored.
  expect(schema.properties.createdByUserName.readOnly).toBe(true);

  const deleteMany = doc.components.schemas[op('delete', '/api/recSheetLines').requestBody.content['application/json'].schema.$ref.split('/').pop()];
  expect(deleteMany.properties.recSheetLineIDs).toEqual(expect.objectContaining({ type: 'array', minItems: 1, items: expect.objectContaining({ type: 'integer', minimum: 1 }) }));

  // The login body, and a body action that takes none.
  const loginBody = doc.components.schemas[op('post', '/api/user/login').requestBody.content['application/json'].schema.$ref.split('/').pop()];
  expect(loginBody.required).toEqual(expect.arrayContaining(['email', 'password']));
  expect(op('put', '/api/recSheet/{id}/autoRec').requestBody).toBeUndefined();
  expect(op('put', '/api/recSheet/{id}/autoRec').description).toContain('Takes no body');
});

it('gives the multipart uploads their form: the file and the fields sent with it', () => {
  const upload = op('post', '/api/file/{library}/{type}').requestBody.content['multipart/form-data'].schema;
  expect(upload.required).toEqual(['file']);
  expect(upload.properties.file).toEqual(expect.objectContaining({ type: 'string', format: 'binary' }));
  const receipt = op('post', '/api/file/saleOcr').requestBody.content['multipart/form-data'].schema;
  expect(receipt.required).toEqual(['file', 'saleTypeID', 'rateCardID', 'currentStoreID']);
  expect(receipt.properties.currentStoreID.type).toBe('integer');
  // Every route that takes a body says what it is.
  const bodiless = Object.entries(doc.paths as Record<string, Record<string, Row>>).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method, operation]) => ['post', 'put', 'patch'].includes(method) && !operation.requestBody && !String(operation.description).includes('Takes no body'))
      .map(([method]) => `${method} ${path}`),
  );
  expect(bodiless).toEqual([]);
});

/** The schema a $ref names. */
const schemaOf = (reference: Row): Row => doc.components.schemas[String(reference.$ref).split('/').pop()!];
const answerOf = (operation: Row, status = 200): Row => operation.responses[status].content['application/json'].schema;

it('answers with the envelopes: data or listData with validationResult, 400, 403, 404', () => {
  const update = op('put', '/api/recSheet/{id}');
  // A save answers its record (the list's row), in the Answer envelope.
  expect(answerOf(update).$ref).toBe('#/components/schemas/RecSheetAnswer');
  expect(schemaOf(answerOf(update)).properties.validationResult).toEqual({ $ref: '#/components/schemas/ValidationResult' });
  expect(update.responses[400].content['application/json'].schema.$ref).toBe('#/components/schemas/Failure');
  expect(update.responses[403]).toBeDefined();
  expect(update.responses[404]).toBeDefined();
  expect(op('post', '/api/recSheet').responses[201]).toBeDefined();
  expect(doc.components.schemas.Failure.properties.validationResult.$ref).toBe('#/components/schemas/ValidationResult');
  expect(op('post', '/api/user/login').responses[403]).toBeUndefined();
});

it("documents a list's paging and every filter of its fields, and tags routes by module", () => {
  const stores = op('get', '/api/stores');
  const names = stores.parameters.map((p: Row) => p.name);
  expect(names).toEqual(expect.arrayContaining(['page', 'pageLength', 'sort', 'sortDir', 'quickFilter', 'fkJoins']));
  // The store list's own fields: a text field, a number and the id.
  expect(names).toEqual(expect.arrayContaining(['name', 'nameNot', 'nameLower', 'storeID', 'storeIDGEQ', 'storeIDLEQ']));
  expect(names).not.toContain('nameGEQ');
  expect(stores.parameters.find((p: Row) => p.name === 'sort').schema.enum).toContain('name');
  expect(answerOf(stores).$ref).toBe('#/components/schemas/StoreList');
  expect(stores.tags).toEqual(['Master data']);
  expect(op('put', '/api/targets/{storeID}/{date}').tags).toEqual(['Targets']);
  expect(doc.tags.map((tag: Row) => tag.name)).toEqual(expect.arrayContaining(['Master data', 'Sales', 'Targets', 'Users']));
});

it('serves the Swagger UI at /api/docs, loading its script from the same origin under the CSP', async () => {
  const page = await t.http.get('/api/docs').expect(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  expect(page.text).toContain('swagger-ui');
  const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(0);
  const csp = page.headers['content-security-policy'];
  expect(csp).toMatch(/script-src 'self'/);
  expect(csp).not.toMatch(/unsafe-eval/);
  for (const script of scripts) {
    const res = await t.http.get(new URL(script, 'http://x/api/docs').pathname).expect(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
  }
});

it('documents the lists that ListController and the modules serve, and the grids saved whole as lists of records', () => {
  // A list whose definition lives in ListController (not a CRUD service), and one served by a module's own handler.
  expect(op('get', '/api/analysisFieldStores').parameters.map((p: Row) => p.name)).toEqual(expect.arrayContaining(['storeID', 'analysisFieldID']));
  expect(op('get', '/api/dailyStats').parameters.map((p: Row) => p.name)).toEqual(expect.arrayContaining(['dailyStatDateGEQ', 'dailyStatDateLEQ', 'storeID']));
  expect(op('get', '/api/rotaLines').parameters.map((p: Row) => p.name)).toEqual(expect.arrayContaining(['rotaDateGEQ', 'userID']));
  // The targets grid: a JSON list of target entries, with the entry's required fields.
  const grid = op('put', '/api/targets/{storeID}/{date}').requestBody.content['application/json'].schema;
  expect(grid.type).toBe('array');
  const entry = doc.components.schemas[grid.items.$ref.split('/').pop()];
  expect(entry.required).toEqual(expect.arrayContaining(['userID', 'targetType', 'target']));
  expect(op('put', '/api/dailyStats/{storeID}').requestBody.content['application/json'].schema.type).toBe('array');
});

it("gives every list's rows, records and saves the list's fields by name and type", () => {
  // GET /api/stores: a page of stores, each with the store list's fields.
  const list = schemaOf(answerOf(op('get', '/api/stores')));
  expect(list.required).toEqual(expect.arrayContaining(['listData', 'listIDs', 'page']));
  const row = schemaOf(list.properties.listData.items);
  expect(row.properties.storeID).toEqual(expect.objectContaining({ type: 'integer' }));
  expect(row.properties.name).toEqual(expect.objectContaining({ type: 'string' }));
  expect(row.properties.name.nullable).toBeUndefined();
  expect(row.properties.squareFeet.type).toBe('integer');
  expect(row.properties.targetRevenue.type).toBe('boolean');
  // A name the row carries from a lookup may be missing.
  expect(row.properties.storeTypeName).toEqual(expect.objectContaining({ type: 'string', nullable: true }));
  expect(row.properties.createdDate).toEqual(expect.objectContaining({ type: 'string', format: 'date-time' }));
  // The record read by its id filter, and the saves, answer the same row.
  expect(list.properties.data.allOf[0].$ref).toBe(list.properties.listData.items.$ref);
  for (const [method, path, status] of [['post', '/api/store', 201], ['put', '/api/store/{id}', 200]] as const) {
    expect(schemaOf(answerOf(op(method, path), status)).properties.data.allOf[0].$ref).toBe(list.properties.listData.items.$ref);
  }
  expect(schemaOf(answerOf(op('delete', '/api/store/{id}'))).properties.data.properties.id.type).toBe('integer');

  // A module's own list and saves (the rota): its fields, a day as a date-time at midnight.
  const lines = schemaOf(schemaOf(answerOf(op('get', '/api/rotaLines'))).properties.listData.items);
  expect(lines.properties.rotaDate).toEqual(expect.objectContaining({ type: 'string', format: 'date-time' }));
  expect(lines.properties.plannedFrom.type).toBe('string');
  expect(lines.properties.unpaidHours.type).toBe('number');
  expect(schemaOf(answerOf(op('post', '/api/rotaLine'), 201)).properties.data.allOf[0]).toEqual(schemaOf(answerOf(op('get', '/api/rotaLines'))).properties.listData.items);

  // Every list route (paged, answering JSON) has rows with real properties, never a bare object.
  const lists = Object.entries(doc.paths as Record<string, Record<string, Row>>).filter(
    // (The KPI Top dialogs page figures, not a list's rows.)
    ([path, item]) => item.get?.parameters.some((p: Row) => p.name === 'pageLength') && item.get.responses[200].content['application/json'] && !path.startsWith('/api/kpi/'),
  );
  expect(lists.length).toBeGreaterThan(20);
  for (const [path, item] of lists) {
    const answer = schemaOf(answerOf(item.get));
    const properties = Object.keys(schemaOf(answer.properties.listData.items).properties);
    expect({ path, fields: properties.length > 1 }).toEqual({ path, fields: true });
  }
});

it('documents the readiness probe failing, and the announcement calls open to its recipients only', () => {
  const ready = op('get', '/api/health/ready');
  expect(Object.keys(ready.responses)).toEqual(expect.arrayContaining(['200', '503']));
  expect(ready.responses[503].description).toMatch(/database/);
  expect(ready.responses[503].content['application/json'].schema.properties.error).toBeDefined();
  for (const path of ['/api/announcement/{id}/acknowledge', '/api/announcement/{id}/url', '/api/announcement/{id}/download']) {
    const description = op('get', path).description as string;
    expect(description).toContain('recipient of the announcement');
    expect(description).not.toContain('limited to their stores');
  }
});

it('says which edits check their version: a 409 and ?updatedDate= on those, on no others', () => {
  const versioned = ['put /api/store/{id}', 'delete /api/store/{id}', 'put /api/sale/{id}', 'delete /api/sale/{id}', 'put /api/rotaLine/{id}', 'put /api/targets/{storeID}/{date}', 'put /api/dailyStats/{storeID}'];
  for (const key of versioned) {
    const [method, path] = key.split(' ');
    const operation = op(method, path);
    expect({ key, conflict: Boolean(operation.responses[409]) }).toEqual({ key, conflict: true });
    expect(operation.parameters.find((p: Row) => p.name === 'updatedDate')).toEqual(expect.objectContaining({ in: 'query', required: false }));
  }
  for (const key of ['post /api/store', 'put /api/user/userPreference/{group}/{name}', 'put /api/recSheet/{id}/autoRec']) {
    const [method, path] = key.split(' ');
    expect({ key, conflict: Boolean(op(method, path).responses[409]) }).toEqual({ key, conflict: false });
  }
});

describe('the document as a contract (issue 27)', () => {
  const operations = () => Object.entries(doc.paths as Record<string, Record<string, Row>>).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })));

  it('passes redocly lint with its recommended rules: no error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      // The CLI is an ES module: run as its own process rather than through jest's module loader.
      const cli = require.resolve('@redocly/cli/bin/cli.js');
      const run = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--format=json', '--max-problems=1000'], { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } }).catch(
        (failed: { stdout: string; stderr: string }) => failed,
      );
      const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; severity: string; message: string }> };
      const errors = report.problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message}`);
      expect(errors).toEqual([]);
      // The warnings left are said in docs/decisions.md (two ambiguous paths, a licence without a URL).
      expect(report.totals.warnings).toBeLessThanOrEqual(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives every operation a summary, and every tag a description; the summaries named by route all name one', () => {
    expect(operations().filter(({ operation }) => !operation.summary).map(({ key }) => key)).toEqual([]);
    const keys = new Set(operations().map(({ key }) => key));
    expect(Object.keys(SUMMARIES).filter((key) => !keys.has(key))).toEqual([]);
    expect((doc.tags as Row[]).filter((tag) => !tag.description).map((tag) => tag.name)).toEqual([]);
    expect(Object.keys(TAG_DESCRIPTIONS).sort()).toEqual((doc.tags as Row[]).map((tag) => tag.name).sort());
    expect(op('get', '/api/stores').summary).toBe('List stores');
    expect(op('post', '/api/store').summary).toBe('Create a store');
  });

  it('names its server and licence, the login 429 with Retry-After, the metrics bearer and its 401, and the ETag and 304 of JSON reads', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(doc.info.license).toEqual({ name: 'Proprietary' });
    const login = op('post', '/api/user/login');
    expect(login.responses['429'].headers['Retry-After'].schema.type).toBe('integer');
    const metrics = op('get', '/api/metrics');
    expect(metrics.security).toContainEqual({ metricsToken: [] });
    expect(doc.components.securitySchemes.metricsToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(metrics.responses['401']).toBeDefined();
    const cards = op('get', '/api/kpi/cards');
    expect(cards.responses['304']).toBeDefined();
    expect(cards.responses['200'].headers.ETag).toBeDefined();
    // Not on writes nor downloads.
    expect(op('post', '/api/store').responses['304']).toBeUndefined();
    expect(op('get', '/api/stores/excel').responses['304']).toBeUndefined();
  });
  it('types every answer: no success answers the bare envelope, an untyped body or any content type', () => {
    const loose = operations().flatMap(({ key, operation }) =>
      Object.entries(operation.responses as Record<string, Row>)
        .filter(([status]) => /^2/.test(status))
        .filter(([, response]) => {
          const content = Object.entries((response.content ?? {}) as Record<string, Row>);
          if (!content.length) return true;
          return content.some(([type, media]) => {
            const schema = media.schema as Row;
            if (type === '*/*') return schema?.format !== 'binary';
            if (type !== 'application/json') return schema?.format !== 'binary' && !/^text\//.test(type);
            return schema.$ref === '#/components/schemas/Answer' || (!schema.$ref && !schema.properties && !schema.oneOf);
          });
        })
        .map(([status]) => `${key} ${status}`),
    );
    expect(loose).toEqual([]);
    expect(doc.components.schemas.Answer).toBeUndefined();
    // Login's token and user, and the caller's own record.
    const login = schemaOf(answerOf(op('post', '/api/user/login'), 201)) ?? answerOf(op('post', '/api/user/login'), 201);
    expect(login.properties.data.properties.token.type).toBe('string');
    expect(login.properties.user.required).toEqual(['userID', 'name']);
    expect(answerOf(op('get', '/api/user/me')).properties.data.properties.userID.type).toBe('integer');
    expect(answerOf(op('get', '/api/kpi/cards')).properties.data.type).toBe('object');
    // A list row says what its service adds beside its fields, and may be null where the app sends null.
    const sale = schemaOf(schemaOf(answerOf(op('get', '/api/sales'))).properties.listData.items);
    expect(Object.keys(sale.properties)).toEqual(expect.arrayContaining(['saleAnalysisValues', 'dupeCount']));
    expect(sale.additionalProperties).toBe(false);
    expect(schemaOf(answerOf(op('get', '/api/sales'))).properties.listIDs.items.properties.aggregate.nullable).toBe(true);
  });

  it('names every query parameter with its type: no free-form query object', () => {
    const freeForm = operations().filter(({ operation }) => (operation.parameters as Row[]).some((p) => p.in === 'query' && (p.name === 'query' || p.schema?.type === 'object')));
    expect(freeForm.map(({ key }) => key)).toEqual([]);
    const cards = op('get', '/api/kpi/cards').parameters as Row[];
    expect(cards.find((p) => p.name === 'date')?.schema).toEqual(expect.objectContaining({ type: 'string', format: 'date' }));
    expect((op('get', '/api/longRunningOperation').parameters as Row[]).find((p) => p.name === 'operationID')?.schema.type).toBe('integer');
    expect((op('get', '/api/metricToday').parameters as Row[]).filter((p) => p.required).map((p) => p.name)).toEqual(['storeID', 'metricID', 'saleDate']);
  });

  it('fails an API test on an answer the document does not describe (test/support/answer-validation.ts)', () => {
    const validator = answerValidator()!;
    const JSON_TYPE = 'application/json; charset=utf-8';
    const page = { listIDs: [{ id: 1, selectable: true, aggregate: null }], page: { page: 0, pageLength: 25, rowCount: 1, pageCount: 1, listIDsFrom: 0 }, validationResult: { fail: false } };
    const store = { storeID: 1, name: 'A store' };
    expect(validator.problems('GET', '/api/stores', 200, JSON_TYPE, { ...page, listData: [store] })).toBeNull();
    // A wrong type, an undocumented field, a missing required field: each named by its path.
    expect(validator.problems('GET', '/api/stores', 200, JSON_TYPE, { ...page, listData: [{ ...store, storeID: 'one' }] })).toMatch(/GET \/api\/stores 200.*\n.*\/listData\/0\/storeID must be integer/);
    expect(validator.problems('GET', '/api/stores', 200, JSON_TYPE, { ...page, listData: [{ ...store, secret: 1 }] })).toMatch(/\/listData\/0 must NOT have additional properties 'secret'/);
    expect(validator.problems('POST', '/api/user/login', 201, JSON_TYPE, { validationResult: { fail: false } })).toMatch(/must have required property 'data'/);
    // A path with parameters is matched by its template; a status it does not document fails.
    expect(validator.problems('PUT', '/api/store/12', 418, JSON_TYPE, {})).toMatch(/PUT \/api\/store\/\{id\} answered 418, a status its operation does not document/);
    // A failure answers the Failure envelope.
    expect(validator.problems('PUT', '/api/store/12', 400, JSON_TYPE, { statusCode: 400, validationResult: { fail: true, failSummary: 'x', failMessages: {} } })).toBeNull();
    expect(validator.problems('PUT', '/api/store/12', 400, JSON_TYPE, { statusCode: 400 })).toMatch(/validationResult/);
    // A file: its content type only.
    expect(validator.problems('GET', '/api/stores/excel', 200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', Buffer.from('PK'))).toBeNull();
    expect(validator.problems('GET', '/api/stores/excel', 200, 'text/html', Buffer.from('<p>'))).toMatch(/content type 'text\/html'/);
    // The hook throws, naming the call.
    expect(() => checkAnswer('GET', 'http://127.0.0.1/api/stores?page=0', { status: 200, headers: { 'content-type': JSON_TYPE }, body: { ...page, listData: [{ storeID: 'x' }] } } as never)).toThrow(/GET \/api\/stores\?page=0/);
  });
});
