import { as, binary, createStore, login } from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../support/test-app';

/**
 * Every list's Excel export answers an xlsx file, as the document says (its 200 is binary
 * spreadsheet content): the exports no other file reads, so each list's export is met at least
 * once by the answer validation (test/support/answer-validation.ts).
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  const admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  // The store-scoped lists answer 403 to a profile without a store.
  await createStore(admin);
  token = admin.token;
});

afterAll(async () => {
  await t?.close();
});

const EXPORTS = [
  'longRunningOperations',
  'analysisFieldStores',
  'accessProfileStores',
  'rateCards',
  'recSheetLines',
  'recImportTemplates',
  'recMatchRules',
  'targets',
  'rotaLines',
  'announcements',
  'announcementUsers',
];

it.each(EXPORTS)('GET /api/%s/excel answers an xlsx file', async (list) => {
  const { res, body } = await binary(t.http.get(`/api/${list}/excel?token=${encodeURIComponent(token)}&fileName=${list}`));
  // The status with the body beside it: a refusal says why.
  expect([res.status, res.status === 200 ? '' : body.toString('utf8').slice(0, 300)]).toEqual([200, '']);
  expect(res.headers['content-type']).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(res.headers['content-disposition']).toContain(`${list}.xlsx`);
  expect(body.subarray(0, 2).toString('latin1')).toBe('PK');
});
