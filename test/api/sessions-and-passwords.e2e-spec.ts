import * as jwt from 'jsonwebtoken';
import { as, Client, createAccessProfile, createStore, createUser, expectFailure, expectStatus, login, randomIp, Row, TestUser } from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, JWT_SECRET, startTestApp, TestApp } from '../support/test-app';

/**
 * Issue 8, "Sessions and passwords": a password change, a deactivation or another access profile
 * ends every token issued before it; changing your own password needs the current one, and its
 * answer carries a fresh token so the client stays signed in (docs/http-api.md, "Sessions").
 */

let t: TestApp;
let admin: Client;
let store: Row;
let sellers: Row;
let otherProfile: Row;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  store = await createStore(admin);
  sellers = await createAccessProfile(admin, { areas: ['RecordSales'], storeIDs: [store.storeID] });
  otherProfile = await createAccessProfile(admin, { areas: ['RecordSales', 'UpdateSales'], storeIDs: [store.storeID] });
});
afterAll(() => t?.close());

const seller = () => createUser(t.http, admin, { accessProfileID: sellers.accessProfileID });

/** The token still opens a session (200) or no longer does (403). */
async function works(token: string): Promise<boolean> {
  const res = await t.http.get('/api/user/me').set('x-access-token', token);
  if (res.status !== 200 && res.status !== 403) throw new Error(`GET /api/user/me answered ${res.status}`);
  return res.status === 200;
}

function loginAnswer(email: string, password: string) {
  return t.http.post('/api/user/login').set('X-Forwarded-For', randomIp()).send({ email, password });
}

function edit(client: Client, user: TestUser, body: Row) {
  return client.put(`/api/user/${user.userID}`, { name: user.data.name, ...body });
}

describe('changes that end the tokens issued before them', () => {
  it('an administrator changing the password: every earlier token is refused, the new password logs in', async () => {
    const user = await seller();
    const secondSession = await login(t.http, user.email, user.password);
    const res = expectStatus(await edit(admin, user, { password: 'New-password-1', confirm: 'New-password-1' }), 200);
    // The administrator's own session is untouched, so their answer carries no token.
    expect(res.body.token).toBeUndefined();
    expect(await works(admin.token)).toBe(true);
    expect(await works(user.token)).toBe(false);
    expect(await works(secondSession)).toBe(false);
    expectFailure(await loginAnswer(user.email, user.password));
    expect(await works(await login(t.http, user.email, 'New-password-1'))).toBe(true);
  });

  it('deactivation: the token is refused, and stays refused after reactivation', async () => {
    const user = await seller();
    expectStatus(await edit(admin, user, { active: false }), 200);
    expect(await works(user.token)).toBe(false);
    expectStatus(await edit(admin, user, { active: true }), 200);
    expect(await works(user.token)).toBe(false);
    expect(await works(await login(t.http, user.email, user.password))).toBe(true);
  });

  it('another access profile: the token is refused', async () => {
    const user = await seller();
    expectStatus(await edit(admin, user, { accessProfileID: otherProfile.accessProfileID }), 200);
    expect(await works(user.token)).toBe(false);
    const me = (await as(t.http, await login(t.http, user.email, user.password)).get('/api/user/me')).body.data;
    expect(me.accessProfile.accessProfileID).toBe(otherProfile.accessProfileID);
  });

  it('other edits keep the session (name, defaults, the same profile sent again)', async () => {
    const user = await seller();
    expectStatus(await edit(admin, user, { name: `${user.data.name} Jr`, defaultDaysBack: 30, accessProfileID: sellers.accessProfileID, active: true }), 200);
    const own = expectStatus(await user.api.put(`/api/user/${user.userID}`, { name: 'Renamed by self', defaultDaysBack: 60 }), 200);
    expect(own.body.token).toBeUndefined();
    expect(await works(user.token)).toBe(true);
  });

  it('a refused change ends nothing', async () => {
    const user = await seller();
    expectFailure(await edit(admin, user, { password: 'short', confirm: 'short' }));
    expectFailure(await edit(admin, user, { password: 'Long-enough-1', confirm: 'Different-1' }));
    expect(await works(user.token)).toBe(true);
  });

  it('a token signed before versions existed (no version claim) works until the first such change', async () => {
    const user = await seller();
    const { iat: _iat, exp: _exp, v, ...claims } = jwt.decode(user.token) as jwt.JwtPayload;
    expect(v).toBe(0);
    const legacy = jwt.sign(claims, JWT_SECRET, { algorithm: 'HS256', expiresIn: '1h' });
    expect(await works(legacy)).toBe(true);
    expectStatus(await edit(admin, user, { active: false }), 200);
    expectStatus(await edit(admin, user, { active: true }), 200);
    expect(await works(legacy)).toBe(false);
  });
});

describe('changing your own password', () => {
  it('without the current password (missing or empty) is a 400 and changes nothing', async () => {
    const user = await seller();
    for (const currentPassword of [undefined, '']) {
      const result = expectFailure(await edit(user.api, user, { password: 'Brand-new-pw-1', confirm: 'Brand-new-pw-1', currentPassword }));
      expect(result.failMessages.currentPassword).toBe('Enter your current password');
    }
    expect(await works(user.token)).toBe(true);
    expect(await works(await login(t.http, user.email, user.password))).toBe(true);
  });

  it('with a wrong current password is a 400 and changes nothing', async () => {
    const user = await seller();
    for (const currentPassword of ['Not-my-password', `${user.password} `, 'x'.repeat(100)]) {
      const result = expectFailure(await edit(user.api, user, { password: 'Brand-new-pw-1', confirm: 'Brand-new-pw-1', currentPassword }));
      expect(result.failMessages.currentPassword).toBe('The current password is wrong');
    }
    expect(await works(user.token)).toBe(true);
    expectFailure(await loginAnswer(user.email, 'Brand-new-pw-1'));
  });

  it('with the current password: 200 with a fresh token that works, while every earlier token ends', async () => {
    const user = await seller();
    const otherDevice = await login(t.http, user.email, user.password);
    const res = expectStatus(await edit(user.api, user, { password: 'Brand-new-pw-1', confirm: 'Brand-new-pw-1', currentPassword: user.password }), 200);
    expect(res.body.validationResult.fail).toBe(false);
    expect(res.body.data.userID).toBe(user.userID);
    expect(res.body.data).not.toHaveProperty('token');
    expect(res.body.data).not.toHaveProperty('tokenVersion');
    expect(res.body.token).toEqual(expect.any(String));
    expect(await works(res.body.token)).toBe(true);
    expect(await works(user.token)).toBe(false);
    expect(await works(otherDevice)).toBe(false);
    expect(await works(await login(t.http, user.email, 'Brand-new-pw-1'))).toBe(true);
  });

  it("a user administrator needs it for their own password too, but not for anyone else's", async () => {
    const userAdmin = await createUser(t.http, admin, { areas: ['UserSetup'] });
    const result = expectFailure(await edit(userAdmin.api, userAdmin, { password: 'Brand-new-pw-2', confirm: 'Brand-new-pw-2' }));
    expect(result.failMessages).toEqual({ currentPassword: 'Enter your current password' });
    const user = await seller();
    // A current password sent for someone else is not theirs to know, and is not checked.
    expectStatus(await edit(userAdmin.api, user, { password: 'Set-by-admin-1', confirm: 'Set-by-admin-1', currentPassword: 'whatever' }), 200);
    expect(await works(user.token)).toBe(false);
    expect(await works(userAdmin.token)).toBe(true);
  });

  it('wrong current passwords count in the login limits as logins do: refused from the guessing address, not from another', async () => {
    const user = await seller();
    const guess = (currentPassword: string, ip: string) =>
      user.api
        .put(`/api/user/${user.userID}`, { name: user.data.name, password: 'Brand-new-pw-1', confirm: 'Brand-new-pw-1', currentPassword })
        .set('X-Forwarded-For', ip);
    // Per address and account, in the same count as logins: 4 wrong current passwords and 1 wrong login make the limit.
    const perPair = t.config.loginFailuresPerAddressAndAccount;
    const guesser = randomIp();
    for (let i = 0; i < perPair - 1; i++) {
      expect(expectFailure(await guess(`Guess-${i}-wrong`, guesser)).failMessages.currentPassword).toBe('The current password is wrong');
    }
    expectFailure(await t.http.post('/api/user/login').set('X-Forwarded-For', guesser).send({ email: user.email, password: 'Not-my-password' }), 400);
    const refused = expectFailure(await guess(user.password, guesser), 429);
    expect(refused.failSummary).toBe(`Too many login attempts. Please wait ${t.config.loginFailureWindowMinutes} minutes and try again.`);
    const loginRefused = await t.http.post('/api/user/login').set('X-Forwarded-For', guesser).send({ email: user.email, password: user.password });
    expect(expectFailure(loginRefused, 429).failSummary).toBe(refused.failSummary);
    expect(Number(loginRefused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await works(user.token)).toBe(true);
    // From another address the owner's right password is accepted.
    expectStatus(await guess(user.password, randomIp()), 200);

    // Per address, whatever the account: checks for three accounts from one address add up.
    const ip = randomIp();
    const [first, second, third] = [await seller(), await seller(), await seller()];
    const whos = Array.from({ length: t.config.loginAttemptsPerMinute }, (_, i) => [first, second, third][i % 3]);
    for (const [i, who] of whos.entries()) {
      const res = await who.api
        .put(`/api/user/${who.userID}`, { name: who.data.name, password: 'Brand-new-pw-1', confirm: 'Brand-new-pw-1', currentPassword: `Wrong-${i}` })
        .set('X-Forwarded-For', ip);
      expectFailure(res, 400);
    }
    const right = () =>
      third.api.put(`/api/user/${third.userID}`, {
        name: third.data.name,
        password: 'Brand-new-pw-1',
        confirm: 'Brand-new-pw-1',
        currentPassword: third.password,
      });
    expectFailure(await right().set('X-Forwarded-For', ip), 429);
    expectStatus(await right().set('X-Forwarded-For', randomIp()), 200);
  });

  it("other fields of one's own record still save without it", async () => {
    const user = await seller();
    expectStatus(await edit(user.api, user, { defaultDaysBack: 7, currentPassword: '' }), 200);
    expect(await works(user.token)).toBe(true);
  });
});
