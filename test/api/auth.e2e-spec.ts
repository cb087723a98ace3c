import * as bcrypt from 'bcryptjs';
import { User } from '../../src/modules/users/entities/user.entity';
import { as, Client, createUser, expectFailure, expectStatus, login, randomIp, Row, TestUser } from '../support/api';
import { awayFromHourBoundary, daysExcludingToday, daysIncludingToday, hoursExcludingNow, hoursIncludingNow } from '../support/clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/** Spec 01 sections 2 (Login), 4 (Session) and 6 (login restrictions); ARCHITECTURE.md. */

const APP_NAME = 'Auth Test Shop';
let t: TestApp;
let admin: Client;
/** The answer to a wrong e-mail or password: the one every hidden failure must look like. */
let wrongBody: Row;

function attempt(email: string, password: string, ip = randomIp()) {
  return t.http.post('/api/user/login').set('X-Forwarded-For', ip).send({ email, password });
}

async function userThatCannotLogInYet(fields: Row): Promise<TestUser> {
  return createUser(t.http, admin, { login: false, areas: [], ...fields });
}

beforeAll(async () => {
  t = await startTestApp({ env: { APP_NAME } });
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  wrongBody = expectStatus(await attempt('nobody-at-all@example.com', 'Whatever123'), 400).body;
});
afterAll(() => t?.close());

describe('POST /api/user/login', () => {
  it('answers 201 with data.token and user.userID, and the token opens the API', async () => {
    const res = expectStatus(await attempt(ADMIN_EMAIL, ADMIN_PASSWORD), 201);
    expect(res.body.data.token).toEqual(expect.any(String));
    expect(res.body.user.userID).toEqual(expect.any(Number));
    expect(res.body.validationResult).toEqual({ fail: false });
    const me = expectStatus(await as(t.http, res.body.data.token).get('/api/user/me'), 200);
    expect(me.body.data.userID).toBe(res.body.user.userID);
    expect(me.body.data.email).toBe(ADMIN_EMAIL);
  });

  it('a wrong password is a 400 with a validationResult', async () => {
    const res = await attempt(ADMIN_EMAIL, `${ADMIN_PASSWORD}x`);
    expectFailure(res, 400);
    expect(res.body.data).toBeUndefined();
  });

  it('an unknown e-mail gets exactly the same answer as a wrong password', async () => {
    const wrongPassword = await attempt(ADMIN_EMAIL, 'not-the-password');
    const unknownEmail = await attempt('no-such-user@example.com', 'not-the-password');
    expect(wrongPassword.status).toBe(400);
    expect(unknownEmail.status).toBe(400);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(wrongBody).toEqual(wrongPassword.body);
  });

  it('the e-mail is not case sensitive', async () => {
    expectStatus(await attempt(ADMIN_EMAIL.toUpperCase(), ADMIN_PASSWORD), 201);
  });
});

describe('login restrictions are told only to someone who knows the password', () => {
  it('an inactive user is refused with a 400, and with a wrong password sees only the usual answer', async () => {
    const user = await userThatCannotLogInYet({ active: false });
    const right = await attempt(user.email, user.password);
    expectFailure(right, 400);
    expect(right.body).not.toEqual(wrongBody);
    expect(right.body.data).toBeUndefined();
    expect((await attempt(user.email, 'Wrong-password1')).body).toEqual(wrongBody);
  });

  it('outside fromHour..toHour (Europe/London) is a 400; a wrong password still gets the usual answer', async () => {
    await awayFromHourBoundary();
    const user = await userThatCannotLogInYet(hoursExcludingNow());
    const right = await attempt(user.email, user.password);
    expectFailure(right, 400);
    expect(right.body).not.toEqual(wrongBody);
    expect((await attempt(user.email, 'Wrong-password1')).body).toEqual(wrongBody);
  });

  it('hours that include now allow the login', async () => {
    await awayFromHourBoundary();
    const user = await userThatCannotLogInYet(hoursIncludingNow());
    expectStatus(await attempt(user.email, user.password), 201);
  });

  it('a weekday missing from the days bitmask is a 400; a wrong password still gets the usual answer', async () => {
    const user = await userThatCannotLogInYet({ days: daysExcludingToday() });
    const right = await attempt(user.email, user.password);
    expectFailure(right, 400);
    expect(right.body).not.toEqual(wrongBody);
    expect((await attempt(user.email, 'Wrong-password1')).body).toEqual(wrongBody);
  });

  it('a days bitmask holding today allows the login', async () => {
    const user = await userThatCannotLogInYet({ days: daysIncludingToday() });
    expectStatus(await attempt(user.email, user.password), 201);
  });

  it('days = 0 allows every day', async () => {
    const user = await userThatCannotLogInYet({ days: 0 });
    expectStatus(await attempt(user.email, user.password), 201);
  });
});

describe('login attempts are limited to 10 a minute', () => {
  it('the 11th attempt within a minute from one IP is a 429, even with the right password; other IPs are not affected', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 10; i++) {
      expectStatus(await attempt(`ip-limit-${i}@example.com`, 'Wrong-password1', ip), 400);
    }
    const refused = await attempt(ADMIN_EMAIL, ADMIN_PASSWORD, ip);
    expectFailure(refused, 429);
    // The standard header, in seconds within the minute's window, besides the throttler's own Retry-After-ip.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expectStatus(await attempt(ADMIN_EMAIL, ADMIN_PASSWORD, '203.0.113.8'), 201);
  });

  it('the 11th attempt within a minute for one e-mail is a 429, from whatever IP; other accounts are not affected', async () => {
    const target = await userThatCannotLogInYet({});
    const other = await userThatCannotLogInYet({});
    for (let i = 0; i < 10; i++) {
      expectStatus(await attempt(target.email, 'Wrong-password1', `198.51.100.${i + 1}`), 400);
    }
    const ip = '198.51.100.200';
    expectFailure(await attempt(target.email, target.password, ip), 429);
    const refused = await attempt(target.email.toUpperCase(), target.password, randomIp());
    expectFailure(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expectStatus(await attempt(other.email, other.password, ip), 201);
  });
});

describe('passwords', () => {
  it('are stored as salted bcrypt hashes, never as the password', async () => {
    const first = await userThatCannotLogInYet({ password: 'Same-Password1', confirm: 'Same-Password1' });
    const second = await userThatCannotLogInYet({ password: 'Same-Password1', confirm: 'Same-Password1' });
    const hashOf = async (userID: number) =>
      (await t.dataSource.getRepository(User).createQueryBuilder('u').addSelect('u.passwordHash').where({ userID }).getOneOrFail())
        .passwordHash;
    const [a, b] = [await hashOf(first.userID), await hashOf(second.userID)];
    expect(a.startsWith('$2')).toBe(true);
    expect(a).not.toContain('Same-Password1');
    expect(await bcrypt.compare('Same-Password1', a)).toBe(true);
    expect(b).not.toBe(a);
  });

  it('are at most the 72 bytes bcrypt reads, so a longer one never matches on its prefix', async () => {
    const longest = 'Long-passphrase-'.padEnd(72, 'x');
    await expect(userThatCannotLogInYet({ password: `${longest}-more`, confirm: `${longest}-more` })).rejects.toThrow(
      /got 400.*at most 72/,
    );
    const user = await userThatCannotLogInYet({ password: longest, confirm: longest });
    expect((await attempt(user.email, `${longest}-wrong`)).body).toEqual(wrongBody);
    expectStatus(await attempt(user.email, longest), 201);
  });
});

describe('GET /api/appName', () => {
  it('is public and answers the configured APP_NAME', async () => {
    const res = expectStatus(await t.http.get('/api/appName'), 200);
    expect(res.body.data).toBe(APP_NAME);
  });
});
