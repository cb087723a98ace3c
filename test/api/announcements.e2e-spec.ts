import type { Test } from 'supertest';
import { as, binary, Client, createAccessProfile, createStore, createUser, expectFailure, expectStatus, listIDs, login, Row, TestUser } from '../support/api';
import { atTime } from '../support/clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';
import { pdf, xlsx } from './files-fixtures';

/**
 * Announcements (docs/http-api.md, "Announcements"): Announce for administration, recipients
 * only for the rest, the rules between clickType, url, file and mustClick, displayUntil, the
 * four counts, click and seen recording. Dates of this file are in 2022; "today" is set with atTime.
 */

const NEVER = '2000-01-01T00:00:00.000Z';
/** Noon in London on a day of 2022. */
const on = (day: string) => new Date(`${day}T11:00:00.000Z`);

let t: TestApp;
let admin: Client;
/** Announce (and UserSetup, so every user is theirs to choose), store A. */
let announcer: TestUser;
/** No Announce: store A, store A, store B. */
let readerA1: TestUser;
let readerA2: TestUser;
let readerB: TestUser;
let inactiveA: TestUser;
let storeA: Row;
let storeB: Row;
/** The administrator's profile holds every store, so they are a user of A and B too. */
let adminID: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  adminID = (await admin.get('/api/user/me')).body.data.userID;
  storeA = await createStore(admin, { name: 'Announce 2022 A' });
  storeB = await createStore(admin, { name: 'Announce 2022 B', storeTypeID: storeA.storeTypeID });
  announcer = await createUser(t.http, admin, { areas: ['Announce', 'UserSetup', 'AccessAPI'], storeIDs: [storeA.storeID] });
  const readersA = await createAccessProfile(admin, { areas: ['RecordSales'], storeIDs: [storeA.storeID] });
  readerA1 = await createUser(t.http, admin, { accessProfileID: readersA.accessProfileID });
  readerA2 = await createUser(t.http, admin, { accessProfileID: readersA.accessProfileID });
  inactiveA = await createUser(t.http, admin, { accessProfileID: readersA.accessProfileID, login: false, active: false });
  readerB = await createUser(t.http, admin, { areas: ['RecordSales'], storeIDs: [storeB.storeID] });
});
afterAll(() => t?.close());

function body(extra: Row = {}): Row {
  return { type: 'info', title: 'Stock count', message: 'Count the stock on Friday', displayUntil: '2022-06-30', ...extra };
}

async function create(extra: Row = {}): Promise<Row> {
  return expectStatus(await announcer.api.post('/api/announcement', body(extra)), 201).body.data;
}

async function addRecipients(announcementID: number, recipients: Row): Promise<Row> {
  return expectStatus(await announcer.api.post(`/api/announcement/${announcementID}/announcementUsers`, recipients), 201).body.data;
}

async function readAnnouncement(announcementID: number): Promise<Row> {
  return expectStatus(await announcer.api.get(`/api/announcements?announcementID=${announcementID}`), 200).body.data;
}

const mine = (user: TestUser, day = '2022-06-01') =>
  atTime(on(day), async () => expectStatus(await user.api.get('/api/announcements/myAnnouncements'), 200).body.listData as Row[]);

async function uploadPdf(): Promise<number> {
  const res = await announcer.api.post('/api/file/announcements/pdf').attach('file', pdf('Rota'), { filename: 'Rota.pdf', contentType: 'application/pdf' });
  return expectStatus(res, 201).body.data.fileID;
}

describe('Announce only', () => {
  it.each([
    ['GET', '/api/announcements'],
    ['GET', '/api/announcements?announcementID=1'],
    ['POST', '/api/announcement'],
    ['PUT', '/api/announcement/1'],
    ['DELETE', '/api/announcement/1'],
    ['GET', '/api/announcementUsers'],
    ['POST', '/api/announcementUser'],
    ['PUT', '/api/announcementUser/1'],
    ['DELETE', '/api/announcementUser/1'],
    ['POST', '/api/announcement/1/announcementUsers'],
  ])('%s %s without Announce: 403', async (method, path) => {
    const api = readerA1.api;
    const call: Test = method === 'GET' ? api.get(path) : method === 'POST' ? api.post(path, {}) : method === 'PUT' ? api.put(path, {}) : api.delete(path);
    expectStatus(await call, 403);
  });

  it('the recipient routes need no area', async () => {
    expectStatus(await readerA1.api.get('/api/announcements/myAnnouncements'), 200);
  });
});

describe('announcements', () => {
  it('takes the defaults: acknowledgable, not mustClick, click type none; answers the day and zero counts', async () => {
    const created = await create();
    expect(created).toEqual(
      expect.objectContaining({
        type: 'info',
        title: 'Stock count',
        displayUntil: '2022-06-30T00:00:00.000Z',
        acknowledgable: true,
        mustClick: false,
        clickType: 'none',
        url: '',
        fileID: null,
        file: null,
        announcementUserCount: 0,
        seenUserCount: 0,
        clickedUserCount: 0,
        acknowledgedUserCount: 0,
      }),
    );
  });

  it('lists newest first (announcementID descending)', async () => {
    const first = await create({ title: 'First' });
    const second = await create({ title: 'Second' });
    const ids = listIDs(expectStatus(await announcer.api.get('/api/announcements?pageLength=500'), 200));
    expect(ids.indexOf(second.announcementID)).toBeLessThan(ids.indexOf(first.announcementID));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('a record read back can be saved unchanged', async () => {
    const created = await create({ clickType: 'url', url: 'https://example.com/a', mustClick: true });
    const read = (await announcer.api.get(`/api/announcements?announcementID=${created.announcementID}&fkJoins=file,announcementUsers`)).body.data;
    const saved = expectStatus(await announcer.api.put(`/api/announcement/${created.announcementID}`, { ...read, title: 'Renamed' }), 200).body.data;
    expect(saved).toEqual(expect.objectContaining({ title: 'Renamed', url: 'https://example.com/a', mustClick: true }));
  });

  it.each([
    ['a URL that is not http or https', { clickType: 'url', url: 'ftp://example.com/x' }, 'url'],
    ['a javascript: URL', { clickType: 'url', url: 'javascript:alert(1)' }, 'url'],
    ['a URL with no host', { clickType: 'url', url: 'http://' }, 'url'],
    ['click type url without a URL', { clickType: 'url' }, 'url'],
    ['a URL with click type none', { url: 'https://example.com' }, 'url'],
    ['click type file without a file', { clickType: 'file' }, 'fileID'],
    ['a file that does not exist', { clickType: 'file', fileID: 999999 }, 'fileID'],
    ['mustClick when not acknowledgable', { clickType: 'url', url: 'https://example.com', acknowledgable: false, mustClick: true }, 'mustClick'],
    ['mustClick with nothing to click', { mustClick: true }, 'mustClick'],
    ['an unknown type', { type: 'urgent' }, 'type'],
    ['an unknown click type', { clickType: 'email' }, 'clickType'],
    ['no title', { title: '  ' }, 'title'],
    ['a title too long', { title: 'x'.repeat(101) }, 'title'],
    ['a day that is not a date', { displayUntil: '2022-02-30' }, 'displayUntil'],
    ['a flag that is not a boolean', { acknowledgable: 'yes' }, 'acknowledgable'],
    ['an unknown field', { colour: 'red' }, 'colour'],
  ])('refuses %s (400, nothing written)', async (_name, extra, field) => {
    const before = await t.tableCounts();
    const failure = expectFailure(await announcer.api.post('/api/announcement', body(extra)));
    expect(Object.keys(failure.failMessages)).toContain(field);
    expect(await t.tableCounts()).toEqual(before);
  });

  it('refuses a file of another library', async () => {
    const res = await admin.post('/api/file/recSheets/xlsx').attach('file', await xlsx(), { filename: 'Sheet.xlsx' });
    const fileID = expectStatus(res, 201).body.data.fileID;
    expect(expectFailure(await announcer.api.post('/api/announcement', body({ clickType: 'file', fileID }))).failMessages.fileID).toMatch(/announcements/);
  });

  it('refuses an update that breaks a rule and keeps the record', async () => {
    const created = await create({ clickType: 'url', url: 'https://example.com', mustClick: true });
    expectFailure(await announcer.api.put(`/api/announcement/${created.announcementID}`, body({ clickType: 'none', url: '', mustClick: true })));
    expect(await readAnnouncement(created.announcementID)).toEqual(expect.objectContaining({ clickType: 'url', mustClick: true }));
  });
});

describe('recipients', () => {
  it('adds every active user of a store at once, and skips those already there', async () => {
    const a = await create();
    expect(await addRecipients(a.announcementID, { storeIDs: [storeA.storeID] })).toEqual({ added: 4, alreadyRecipients: 0 });
    const users = (await announcer.api.get(`/api/announcementUsers?announcementID=${a.announcementID}&pageLength=100`)).body.listData as Row[];
    expect(users.map((u) => u.userID).sort()).toEqual([adminID, announcer.userID, readerA1.userID, readerA2.userID].sort());
    expect(users.map((u) => u.userID)).not.toContain(inactiveA.userID);
    expect(await addRecipients(a.announcementID, { storeIDs: [storeA.storeID, storeB.storeID] })).toEqual({ added: 1, alreadyRecipients: 4 });
    expect((await readAnnouncement(a.announcementID)).announcementUserCount).toBe(5);
  });

  it('adds the active users of access profiles and named users', async () => {
    const a = await create();
    expect(await addRecipients(a.announcementID, { accessProfileIDs: [readerA1.data.accessProfileID] })).toEqual({ added: 2, alreadyRecipients: 0 });
    expect(await addRecipients(a.announcementID, { userIDs: [readerB.userID, readerA1.userID] })).toEqual({ added: 1, alreadyRecipients: 1 });
  });

  it.each([
    ['nothing chosen', {}, 'userIDs'],
    ['an unknown store', { storeIDs: [999999] }, 'storeIDs'],
    ['an unknown access profile', { accessProfileIDs: [999999] }, 'accessProfileIDs'],
    ['an inactive user', { userIDs: [0] }, 'userIDs'],
    ['ids as text', { userIDs: ['5'] }, 'userIDs'],
    ['an unknown field', { everyone: true }, 'everyone'],
  ])('refuses %s (400, nothing added)', async (_name, recipients, field) => {
    const a = await create();
    const before = await t.tableCounts();
    const failure = expectFailure(await announcer.api.post(`/api/announcement/${a.announcementID}/announcementUsers`, recipients));
    expect(Object.keys(failure.failMessages)).toContain(field);
    expect(await t.tableCounts()).toEqual(before);
  });

  it('refuses an inactive user by name, and a store with good ids beside a bad one adds nobody', async () => {
    const a = await create();
    expectFailure(await announcer.api.post(`/api/announcement/${a.announcementID}/announcementUsers`, { userIDs: [inactiveA.userID] }));
    expectFailure(
      await announcer.api.post(`/api/announcement/${a.announcementID}/announcementUsers`, { storeIDs: [storeA.storeID], accessProfileIDs: [999999] }),
    );
    expect((await readAnnouncement(a.announcementID)).announcementUserCount).toBe(0);
  });

  it('adding to an announcement that does not exist is a 404', async () => {
    expectStatus(await announcer.api.post('/api/announcement/999999/announcementUsers', { userIDs: [readerA1.userID] }), 404);
  });

  it('one recipient: added once, never moved to another announcement; "never" is 2000-01-01', async () => {
    const a = await create();
    const other = await create();
    const recipient = expectStatus(await announcer.api.post('/api/announcementUser', { announcementID: a.announcementID, userID: readerA1.userID }), 201).body
      .data;
    expect(recipient).toEqual(
      expect.objectContaining({
        userName: readerA1.data.name,
        firstSeenDate: NEVER,
        lastSeenDate: NEVER,
        clickedDate: NEVER,
        acknowledgedDate: NEVER,
        seen: false,
        clicked: false,
        acknowledged: false,
      }),
    );
    expectFailure(await announcer.api.post('/api/announcementUser', { announcementID: a.announcementID, userID: readerA1.userID }));
    expectFailure(await announcer.api.post('/api/announcementUser', { announcementID: a.announcementID, userID: inactiveA.userID }));
    expectFailure(
      await announcer.api.put(`/api/announcementUser/${recipient.announcementUserID}`, { announcementID: other.announcementID, userID: readerA1.userID }),
    );
    const moved = await announcer.api.put(`/api/announcementUser/${recipient.announcementUserID}`, { ...recipient, clicked: true, userID: readerA2.userID });
    expect(expectStatus(moved, 200).body.data).toEqual(expect.objectContaining({ userID: readerA2.userID, clicked: false }));
    expectStatus(await announcer.api.delete(`/api/announcementUser/${recipient.announcementUserID}`), 200);
    expect((await readAnnouncement(a.announcementID)).announcementUserCount).toBe(0);
  });

  it('a recipient given to another user starts afresh: what the first user saw, clicked and acknowledged stays theirs', async () => {
    const a = await create({ clickType: 'url', url: 'https://example.com/moved' });
    const recipient = expectStatus(await announcer.api.post('/api/announcementUser', { announcementID: a.announcementID, userID: readerA1.userID }), 201).body
      .data;
    await mine(readerA1);
    expectStatus(await readerA1.api.get(`/api/announcement/${a.announcementID}/url`), 200);
    expectStatus(await readerA1.api.get(`/api/announcement/${a.announcementID}/acknowledge`), 200);
    const moved = await announcer.api.put(`/api/announcementUser/${recipient.announcementUserID}`, {
      announcementID: a.announcementID,
      userID: readerA2.userID,
    });
    expect(expectStatus(moved, 200).body.data).toEqual(
      expect.objectContaining({
        userID: readerA2.userID,
        seen: false,
        clicked: false,
        acknowledged: false,
        firstSeenDate: NEVER,
        clickedDate: NEVER,
        acknowledgedDate: NEVER,
      }),
    );
    expect((await mine(readerA2)).map((r) => r.announcementID)).toContain(a.announcementID);
    expect(await readAnnouncement(a.announcementID)).toEqual(
      expect.objectContaining({ announcementUserCount: 1, seenUserCount: 1, clickedUserCount: 0, acknowledgedUserCount: 0 }),
    );
  });

  it('deleting an announcement deletes its recipients', async () => {
    const a = await create();
    await addRecipients(a.announcementID, { userIDs: [readerA1.userID] });
    expectStatus(await announcer.api.delete(`/api/announcement/${a.announcementID}`), 200);
    expect((await announcer.api.get(`/api/announcementUsers?announcementID=${a.announcementID}`)).body.listData).toEqual([]);
  });
});

describe("a user's announcements", () => {
  it('shows only those addressed to them, until displayUntil (that day included)', async () => {
    const a = await create({ title: 'Until June' });
    await addRecipients(a.announcementID, { userIDs: [readerA1.userID] });
    const titles = (rows: Row[]) => rows.map((r) => r.title);
    expect(titles(await mine(readerA1, '2022-06-01'))).toContain('Until June');
    expect(titles(await mine(readerA1, '2022-06-30'))).toContain('Until June');
    expect(titles(await mine(readerA1, '2022-07-01'))).not.toContain('Until June');
    expect(titles(await mine(readerA2, '2022-06-01'))).not.toContain('Until June');
  });

  it('records the first sight once and the last every time; the counts follow', async () => {
    const a = await create();
    await addRecipients(a.announcementID, { userIDs: [readerA1.userID, readerA2.userID] });
    const first = (await mine(readerA1, '2022-06-01')).find((r) => r.announcementID === a.announcementID)!;
    expect(first.firstSeenDate).toBe(on('2022-06-01').toISOString());
    const again = (await mine(readerA1, '2022-06-02')).find((r) => r.announcementID === a.announcementID)!;
    expect(again.firstSeenDate).toBe(on('2022-06-01').toISOString());
    expect(again.lastSeenDate).toBe(on('2022-06-02').toISOString());
    const rows = (await announcer.api.get(`/api/announcementUsers?announcementID=${a.announcementID}`)).body.listData as Row[];
    const byUser = new Map(rows.map((r) => [r.userID, r]));
    expect(byUser.get(readerA1.userID)).toEqual(expect.objectContaining({ seen: true, lastSeenDate: on('2022-06-02').toISOString() }));
    expect(byUser.get(readerA2.userID)).toEqual(expect.objectContaining({ seen: false, firstSeenDate: NEVER }));
    expect(await readAnnouncement(a.announcementID)).toEqual(
      expect.objectContaining({ announcementUserCount: 2, seenUserCount: 1, clickedUserCount: 0, acknowledgedUserCount: 0 }),
    );
  });

  it('a link that must be clicked: acknowledge is refused until the url is fetched, which records the click', async () => {
    const a = await create({ clickType: 'url', url: 'https://example.com/policy', mustClick: true });
    await addRecipients(a.announcementID, { userIDs: [readerA1.userID, readerA2.userID] });
    const refusal = expectFailure(await readerA1.api.get(`/api/announcement/${a.announcementID}/acknowledge`));
    expect(refusal.failSummary).toBe('Please click the link before acknowledging this announcement');
    const answer = expectStatus(await readerA1.api.get(`/api/announcement/${a.announcementID}/url`), 200).body;
    expect(answer.data).toEqual({ url: 'https://example.com/policy' });
    expect(await readAnnouncement(a.announcementID)).toEqual(expect.objectContaining({ clickedUserCount: 1, acknowledgedUserCount: 0 }));
    const acknowledged = expectStatus(await readerA1.api.get(`/api/announcement/${a.announcementID}/acknowledge`), 200).body.data;
    expect(acknowledged).toEqual(expect.objectContaining({ acknowledged: true, clicked: true }));
    expect(acknowledged.acknowledgedDate).not.toBe(NEVER);
    expect((await mine(readerA1)).map((r) => r.announcementID)).not.toContain(a.announcementID);
    expect((await mine(readerA2)).map((r) => r.announcementID)).toContain(a.announcementID);
    expect(await readAnnouncement(a.announcementID)).toEqual(
      expect.objectContaining({ announcementUserCount: 2, clickedUserCount: 1, acknowledgedUserCount: 1 }),
    );
  });

  it('without mustClick acknowledging needs no click; a second acknowledge keeps the first date', async () => {
    const a = await create({ clickType: 'url', url: 'http://example.com/' });
    await addRecipients(a.announcementID, { userIDs: [readerA1.userID] });
    const first = expectStatus(await atTime(on('2022-06-01'), async () => readerA1.api.get(`/api/announcement/${a.announcementID}/acknowledge`)), 200).body
      .data;
    const second = expectStatus(await readerA1.api.get(`/api/announcement/${a.announcementID}/acknowledge`), 200).body.data;
    expect(second.acknowledgedDate).toBe(first.acknowledgedDate);
    expect(second.clicked).toBe(false);
  });

  it('an announcement that is not acknowledgable cannot be acknowledged and stays until displayUntil', async () => {
    const a = await create({ acknowledgable: false });
    await addRecipients(a.announcementID, { userIDs: [readerA1.userID] });
    expect(expectFailure(await readerA1.api.get(`/api/announcement/${a.announcementID}/acknowledge`)).failSummary).toMatch(/does not need acknowledging/);
    expect((await mine(readerA1)).map((r) => r.announcementID)).toContain(a.announcementID);
  });

  it('a file that must be downloaded: the download streams it (token in the query) and records the click', async () => {
    const fileID = await uploadPdf();
    const a = await create({ type: 'warning', clickType: 'file', fileID, mustClick: true });
    await addRecipients(a.announcementID, { userIDs: [readerA1.userID] });
    expect((await mine(readerA1)).find((r) => r.announcementID === a.announcementID)!.file).toEqual({ fileID, originalName: 'Rota.pdf' });
    expect(expectFailure(await readerA1.api.get(`/api/announcement/${a.announcementID}/acknowledge`)).failSummary).toBe(
      'Please download the file before acknowledging this announcement',
    );
    const { res, body: bytes } = await binary(t.http.get(`/api/announcement/${a.announcementID}/download?token=${readerA1.token}`));
    expectStatus(res, 200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('Rota.pdf');
    expect(bytes.equals(pdf('Rota'))).toBe(true);
    expectStatus(await readerA1.api.get(`/api/announcement/${a.announcementID}/acknowledge`), 200);
    expect(await readAnnouncement(a.announcementID)).toEqual(expect.objectContaining({ clickedUserCount: 1, acknowledgedUserCount: 1 }));
  });

  it('a user reaches only announcements addressed to them (404), even with Announce', async () => {
    const fileID = await uploadPdf();
    const link = await create({ clickType: 'url', url: 'https://example.com' });
    const file = await create({ clickType: 'file', fileID });
    await addRecipients(link.announcementID, { userIDs: [readerA1.userID] });
    await addRecipients(file.announcementID, { userIDs: [readerA1.userID] });
    for (const user of [readerB, announcer]) {
      expectStatus(await user.api.get(`/api/announcement/${link.announcementID}/acknowledge`), 404);
      expectStatus(await user.api.get(`/api/announcement/${link.announcementID}/url`), 404);
      expectStatus(await user.api.get(`/api/announcement/${file.announcementID}/download`), 404);
    }
    expect(await readAnnouncement(link.announcementID)).toEqual(expect.objectContaining({ clickedUserCount: 0, acknowledgedUserCount: 0 }));
  });

  it('the url of an announcement without a link, or the download of one without a file, is a 400 and no click', async () => {
    const a = await create();
    await addRecipients(a.announcementID, { userIDs: [readerA1.userID] });
    expectFailure(await readerA1.api.get(`/api/announcement/${a.announcementID}/url`));
    expectFailure(await readerA1.api.get(`/api/announcement/${a.announcementID}/download`));
    expect((await readAnnouncement(a.announcementID)).clickedUserCount).toBe(0);
  });
});
