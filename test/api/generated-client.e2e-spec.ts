import createClient from 'openapi-fetch';
import type { paths } from '../../client/src/api/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/test-app';
import { ORDER, salesWorld, type SalesWorld } from './sales-fixtures';

/**
 * A client generated from the document (openapi-typescript's types, the client's own
 * client/src/api/schema.d.ts, driven by openapi-fetch) makes the calls of issue 27 against the
 * running app: log in, list and record sales, refund, list rec sheets, read the KPI cards. Not
 * one cast: every path, query, body and answer below is typed by the document alone, and
 * `npm run typecheck` compiles this file under strict tsc. A call the document describes
 * wrongly fails here (a query the server refuses, an answer without the field read).
 */
const YEAR = 2003;
let w: SalesWorld;

beforeAll(async () => {
  w = await salesWorld(YEAR, { listen: true });
});

afterAll(async () => {
  await w?.t.close();
});

it('logs in, lists and records sales, refunds, lists rec sheets and reads the KPI cards with no cast', async () => {
  const api = createClient<paths>({ baseUrl: w.t.baseUrl });

  const signedIn = await api.POST('/api/user/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, headers: { 'X-Forwarded-For': '10.27.0.1' } });
  expect(signedIn.response.status).toBe(201);
  const token = signedIn.data?.data.token;
  expect(typeof token).toBe('string');
  expect(signedIn.data?.user.userID).toBeGreaterThan(0);
  api.use({ onRequest: ({ request }) => (request.headers.set('x-access-token', token ?? ''), request) });

  const me = await api.GET('/api/user/me');
  const accessProfile = me.data?.data.accessProfile;
  expect(accessProfile?.systemAreas).toContain('SystemSetup');

  const sold = {
    storeID: w.storeA.storeID,
    saleTypeID: w.saleType.saleTypeID,
    attributableToUserID: w.seller.userID,
    rateCardLineStoreID: w.lineA.rateCardLineStoreID,
    saleDate: `${YEAR}-02-03`,
    orderRef: ORDER,
  };
  const recorded = await api.POST('/api/sale', { body: sold });
  expect(recorded.response.status).toBe(201);
  const sale = recorded.data?.data;
  expect(sale?.revenue).toBe(100);

  // The list's named query parameters: a store, the days, a page length, a sort (not one free-form object).
  const listed = await api.GET('/api/sales', {
    params: {
      query: { storeID: String(w.storeA.storeID), saleDateGEQ: `${YEAR}-01-01`, saleDateLEQ: `${YEAR}-12-31`, pageLength: 10, sort: 'saleID', sortDir: 'desc' },
    },
  });
  expect(listed.response.status).toBe(200);
  expect(listed.data?.listData.map((row) => row.saleID)).toContain(sale?.saleID);
  expect(listed.data?.page.rowCount).toBeGreaterThan(0);

  const refunded = await api.PUT('/api/sale/{id}', {
    params: { path: { id: sale?.saleID ?? 0 } },
    body: {
      ...sold,
      isRefunded: true,
      isRefundedNote: 'Returned within 14 days',
      isRefundedOrderRef: '98765432109876543210',
    },
  });
  expect(refunded.response.status).toBe(200);
  expect(refunded.data?.data.isRefunded).toBe(true);

  const recSheets = await api.GET('/api/recSheets', { params: { query: { pageLength: 5 } } });
  expect(recSheets.response.status).toBe(200);
  expect(Array.isArray(recSheets.data?.listData)).toBe(true);

  const cards = await api.GET('/api/kpi/cards');
  expect(cards.response.status).toBe(200);
  const periods = cards.data?.data.cards.map((card) => card.period);
  expect(periods).toEqual(expect.arrayContaining(['day', 'month']));
  const month = cards.data?.data.cards.find((card) => card.period === 'month');
  expect(month?.current.available).toBe(true);
  expect(typeof month?.current.revenueCount).toBe('number');
});

it('answers a refused call as the document says: a 400 with validationResult, typed as the error', async () => {
  const api = createClient<paths>({ baseUrl: w.t.baseUrl });
  const refused = await api.POST('/api/user/login', { body: { email: 'not an address', password: '' }, headers: { 'X-Forwarded-For': '10.27.0.2' } });
  expect(refused.response.status).toBe(400);
  // The error is the union of the documented failures (400's validationResult, 500's errorID): narrowed, not cast.
  const failure = refused.error && 'validationResult' in refused.error ? refused.error.validationResult : undefined;
  expect(failure?.fail).toBe(true);
  expect(failure?.failMessages?.password).toBe('Enter your password');
  expect(refused.data).toBeUndefined();
});
