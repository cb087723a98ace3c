import ExcelJS from 'exceljs';
import { randomBytes, randomInt } from 'node:crypto';
import type { Response, Test } from 'supertest';
import type { Http } from './test-app';

/**
 * Small helpers over the HTTP API: log in, call as a user, and factories that create
 * records the way the client does (through the API, never the database).
 */

export type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A random client address, so the per-IP login limit never trips across tests. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/**
 * Logs in and returns the token, from a random address (the login limits count every check per
 * address: LOGIN_ATTEMPTS_PER_MINUTE). Log each user in once per file and reuse the token.
 */
export async function login(http: Http, email: string, password: string): Promise<string> {
  const res = await http.post('/api/user/login').set('X-Forwarded-For', randomIp()).send({ email, password });
  if (res.status !== 201 || typeof res.body?.data?.token !== 'string') {
    throw new Error(`Login as ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return res.body.data.token;
}

export interface Client {
  token: string;
  get(url: string): Test;
  post(url: string, body?: unknown): Test;
  put(url: string, body?: unknown): Test;
  delete(url: string): Test;
}

/** Calls made as the holder of `token` (header x-access-token). */
export function as(http: Http, token: string): Client {
  const send = (test: Test, body: unknown) => (body === undefined ? test : test.send(body as object));
  return {
    token,
    get: (url) => http.get(url).set('x-access-token', token),
    post: (url, body) => send(http.post(url).set('x-access-token', token), body),
    put: (url, body) => send(http.put(url).set('x-access-token', token), body),
    delete: (url) => http.delete(url).set('x-access-token', token),
  };
}

/** Fails with the answer's body when the status is not the expected one (clearer than a bare status). */
export function expectStatus(res: Response, status: number): Response {
  if (res.status !== status) {
    const { method, path } = (res as Response & { req?: { method?: string; path?: string } }).req ?? {};
    throw new Error(`Expected ${status} from ${method} ${path}, got ${res.status}: ${res.text.slice(0, 400)}`);
  }
  return res;
}

/** The contract's failure: the status and a validationResult with fail, failSummary and failMessages. */
export function expectFailure(res: Response, status = 400): Row {
  expectStatus(res, status);
  expect(res.body.validationResult).toEqual(expect.objectContaining({ fail: true, failSummary: expect.any(String), failMessages: expect.any(Object) }));
  expect(res.body.validationResult.failSummary.length).toBeGreaterThan(0);
  return res.body.validationResult;
}

/** The ids of a list answer, in its order. */
export function listIDs(res: Response): number[] {
  return (res.body.listIDs as Array<{ id: number }>).map((r) => r.id);
}

let sequence = 0;
/** A name no other test in the run uses. */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix} ${sequence}${randomBytes(2).toString('hex')}`;
}

async function created(test: Test): Promise<Row> {
  return expectStatus(await test, 201).body.data;
}

export async function createStoreType(api: Client, body: Row = {}): Promise<Row> {
  return created(api.post('/api/storeType', { name: unique('Type'), ...body }));
}

/** A store; without storeTypeID a new store type is made for it. */
export async function createStore(api: Client, body: Row = {}): Promise<Row> {
  const storeTypeID = body.storeTypeID ?? (await createStoreType(api)).storeTypeID;
  return created(api.post('/api/store', { name: unique('Store'), ...body, storeTypeID }));
}

/** An access profile granting `areas` and `storeIDs`. */
export async function createAccessProfile(
  api: Client,
  { areas = [], storeIDs = [], ...body }: { areas?: string[]; storeIDs?: number[] } & Row = {},
): Promise<Row> {
  return created(api.post('/api/accessProfile', { name: unique('Profile'), systemAreas: areas.join(', '), storeIDs, ...body }));
}

export interface TestUser {
  userID: number;
  email: string;
  password: string;
  /** Absent with `login: false`. */
  token: string;
  api: Client;
  data: Row;
}

/**
 * A user created by `admin` (who needs UserSetup) and, unless `login: false`, logged in.
 * Without accessProfileID a profile with `areas` and `storeIDs` is made for them.
 */
export async function createUser(
  http: Http,
  admin: Client,
  { login: logIn = true, areas, storeIDs, ...body }: { login?: boolean; areas?: string[]; storeIDs?: number[] } & Row = {},
): Promise<TestUser> {
  const accessProfileID = body.accessProfileID ?? (await createAccessProfile(admin, { areas, storeIDs })).accessProfileID;
  const password = body.password ?? `Pw-${randomBytes(6).toString('hex')}`;
  const email = body.email ?? `${unique('user').replace(' ', '.')}@example.com`;
  const data = await created(admin.post('/api/user', { name: unique('User'), email, password, confirm: password, ...body, accessProfileID }));
  const token = logIn ? await login(http, email, password) : '';
  return { userID: data.userID, email, password, token, api: as(http, token), data };
}

/** The answer's body as bytes (downloads). */
export async function binary(test: Test): Promise<{ res: Response; body: Buffer }> {
  const res = await test.buffer(true).parse((stream, done) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => done(null, Buffer.concat(chunks)));
  });
  return { res, body: res.body as Buffer };
}

/** The first worksheet of an xlsx file, as rows of cell values (row 1 is the header). */
export async function xlsxRows(file: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

// Master data of issue 3 (docs/http-api.md, "Master data (issue 3)").

/** A sale type offered in `storeIDs` (none unless given). */
export async function createSaleType(api: Client, body: Row = {}): Promise<Row> {
  return created(api.post('/api/saleType', { name: unique('Sale type'), storeIDs: [], ...body }));
}

export async function createSkuType(api: Client, body: Row = {}): Promise<Row> {
  return created(api.post('/api/skuType', { name: unique('SKU type'), ...body }));
}

export async function createBand(api: Client, body: Row = {}): Promise<Row> {
  return created(api.post('/api/band', { name: unique('Band'), ...body }));
}

/**
 * A discount; without saleTypeID a sale type offered in the stores of `discountStores` is
 * made for it.
 */
export async function createDiscount(api: Client, body: Row = {}): Promise<Row> {
  const discountStores: Row[] = body.discountStores ?? [];
  const saleTypeID = body.saleTypeID ?? (await createSaleType(api, { storeIDs: discountStores.map((s) => s.storeID) })).saleTypeID;
  return created(api.post('/api/discount', { name: unique('Discount'), discountStores, ...body, saleTypeID }));
}

/** An analysis field, single choice unless `inputType` says otherwise. */
export async function createAnalysisField(api: Client, body: Row = {}): Promise<Row> {
  return created(api.post('/api/analysisField', { name: unique('Field'), inputType: 'single', ...body }));
}

export async function createMetric(api: Client, body: Row = {}): Promise<Row> {
  return created(api.post('/api/metric', { name: unique('Metric'), metricType: 'integer', ...body }));
}

/** A numerator counting sales; without metricID a metric is made for it. */
export async function createMetricPart(api: Client, body: Row = {}): Promise<Row> {
  const metricID = body.metricID ?? (await createMetric(api)).metricID;
  return created(
    api.post('/api/metricPart', {
      name: unique('Part'),
      divisionPart: 'numerator',
      tableName: 'sales',
      field: 'revenueCount',
      ...body,
      metricID,
    }),
  );
}

// Rate cards of issue 4 (docs/http-api.md, "Rate cards (issue 4)").

/** 'yyyy-mm-dd' of `days` from today (UTC calendar; tests keep clear of the zone's midnight by using whole days apart). */
export function isoDay(days = 0, from: Date = new Date()): string {
  return new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

let rateCardDay = 0;
/** A rate card; without fromDate one far in the past that no other test uses. */
export async function createRateCard(api: Client, body: Row = {}): Promise<Row> {
  rateCardDay += 1;
  const fromDate = body.fromDate ?? isoDay(-20_000 - rateCardDay * 3 - randomInt(3), new Date(Date.UTC(2000, 0, 1)));
  return created(api.post('/api/rateCard', { name: unique('Rate card'), ...body, fromDate }));
}

/** A rate card line; rateCardID, saleTypeID and skuTypeID are made when not given. */
export async function createRateCardLine(api: Client, body: Row = {}): Promise<Row> {
  const rateCardID = body.rateCardID ?? (await createRateCard(api)).rateCardID;
  const saleTypeID = body.saleTypeID ?? (await createSaleType(api)).saleTypeID;
  const skuTypeID = body.skuTypeID ?? (await createSkuType(api)).skuTypeID;
  return created(
    api.post('/api/rateCardLine', {
      sku: `SKU-${randomBytes(4).toString('hex').toUpperCase()}`,
      description: 'A product',
      customerRRP: 0,
      customerMonthly: 10,
      contractMonths: 24,
      ...body,
      rateCardID,
      saleTypeID,
      skuTypeID,
    }),
  );
}
