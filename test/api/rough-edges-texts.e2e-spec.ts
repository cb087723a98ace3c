import { as, Client, expectFailure, expectStatus, login, randomIp } from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * GET /api/accessProfiles/systemAreas feeds the access profile dialog's grouped checklist
 * (issue 14): each area comes with its description and the heading it sits under.
 */

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
});
afterAll(() => t?.close());

describe('GET /api/accessProfiles/systemAreas groups the areas', () => {
  it('gives every area a group, and lists each group in one run in the order the dialog shows them', async () => {
    const areas = expectStatus(await admin.get('/api/accessProfiles/systemAreas'), 200).body.listData as Array<{
      name: string;
      description: string;
      group: string;
    }>;
    expect(areas).toHaveLength(14);
    const runs = areas.map((a) => a.group).filter((group, i, all) => i === 0 || all[i - 1] !== group);
    expect(runs).toEqual(['Sales', 'Reconciliation', 'Targets and daily', 'Rota', 'Administration']);
    const byName = Object.fromEntries(areas.map((a) => [a.name, a]));
    expect(byName.RecordSales.group).toBe('Sales');
    expect(byName.RevenueReconciliation.group).toBe('Reconciliation');
    expect(byName.RecordDailyStats.group).toBe('Targets and daily');
    expect(byName.ApproveRotaLines.group).toBe('Rota');
    expect(byName.UserSetup).toEqual({ name: 'UserSetup', description: expect.stringMatching(/users/), group: 'Administration' });
  });
});

describe("the login is 'email', one word, in messages as in labels", () => {
  it('says email in the login and user messages', async () => {
    const wrong = await t.http.post('/api/user/login').set('X-Forwarded-For', randomIp()).send({ email: 'nobody@example.com', password: 'wrong-password' });
    expect(JSON.stringify(expectFailure(wrong))).toContain('Wrong email or password');
    const missing = await t.http.post('/api/user/login').set('X-Forwarded-For', randomIp()).send({ email: '', password: 'x' });
    expect(expectFailure(missing).failMessages.email).toBe('Enter your email');
    const invalid = await admin.post('/api/user', { name: 'Texts', email: 'not-an-address', password: 'Texts-123!', confirm: 'Texts-123!' });
    expect(expectFailure(invalid).failMessages.email).toBe('Enter a valid email address');
  });
});
