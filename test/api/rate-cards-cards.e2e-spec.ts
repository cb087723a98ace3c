import {
  as,
  Client,
  createRateCard,
  createRateCardLine,
  createSaleType,
  createSkuType,
  createStore,
  createUser,
  expectFailure,
  expectStatus,
  listIDs,
  login,
  Row,
  TestUser,
} from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * Rate cards (docs/http-api.md, "Rate cards (issue 4)"): the list with nextRateCard and
 * rateCardLineCount, fromDate rules, the current card in the configured time zone, deletes,
 * and who may read and write.
 */

let t: TestApp;
let admin: Client;
let store: Row;
let saleType: Row;
let skuType: Row;
/** A store, no areas. */
let reader: TestUser;
/** No stores, no areas. */
let storeless: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  store = await createStore(admin, { name: 'RC store' });
  saleType = await createSaleType(admin, { storeIDs: [store.storeID] });
  skuType = await createSkuType(admin);
  reader = await createUser(t.http, admin, { areas: [], storeIDs: [store.storeID] });
  storeless = await createUser(t.http, admin, { areas: ['SystemSetup'], storeIDs: [] });
});
afterAll(() => t?.close());

/** Today in the app's time zone (Europe/London in tests). */
function londonDay(offsetDays = 0): string {
  const at = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

async function current(): Promise<Row> {
  return expectStatus(await reader.api.get('/api/rateCard/current'), 200).body;
}

// First in the file: before any card exists.
describe('the current rate card', () => {
  it('is null while no card exists', async () => {
    expect(await current()).toEqual({ data: null, validationResult: { fail: false } });
  });

  it('is null while every card starts in the future', async () => {
    const future = await createRateCard(admin, { fromDate: londonDay(2), name: 'Only future' });
    expect((await current()).data).toBeNull();
    expectStatus(await admin.delete(`/api/rateCard/${future.rateCardID}`), 200);
  });

  it('is the card with the latest fromDate not after today, with its next card and per-sale-type counts', async () => {
    const older = await createRateCard(admin, { fromDate: londonDay(-40), name: 'Older' });
    const past = await createRateCard(admin, { fromDate: londonDay(-10), name: 'Past' });
    expect((await current()).data.rateCardID).toBe(past.rateCardID);
    const future = await createRateCard(admin, { fromDate: londonDay(5), name: 'Future' });
    const later = await createRateCard(admin, { fromDate: londonDay(50), name: 'Later' });
    let body = await current();
    expect(body.data.rateCardID).toBe(past.rateCardID);
    expect(body.data.nextRateCard).toEqual({ rateCardID: future.rateCardID, name: 'Future', fromDate: `${londonDay(5)}T00:00:00.000Z` });

    const today = await createRateCard(admin, { fromDate: londonDay(0), name: 'Today' });
    const otherType = await createSaleType(admin, { name: 'AAA first type', storeIDs: [store.storeID] });
    for (let i = 0; i < 2; i++)
      await createRateCardLine(admin, { rateCardID: today.rateCardID, saleTypeID: saleType.saleTypeID, skuTypeID: skuType.skuTypeID });
    await createRateCardLine(admin, { rateCardID: today.rateCardID, saleTypeID: otherType.saleTypeID, skuTypeID: skuType.skuTypeID });
    await createRateCardLine(admin, { rateCardID: older.rateCardID, saleTypeID: saleType.saleTypeID, skuTypeID: skuType.skuTypeID });
    body = await current();
    expect(body.data).toEqual({
      rateCardID: today.rateCardID,
      name: 'Today',
      fromDate: `${londonDay(0)}T00:00:00.000Z`,
      nextRateCard: { rateCardID: future.rateCardID, name: 'Future', fromDate: `${londonDay(5)}T00:00:00.000Z` },
      rateCardLineCount: 3,
      saleTypes: [
        { saleTypeID: otherType.saleTypeID, saleTypeName: otherType.name, rateCardLineCount: 1 },
        { saleTypeID: saleType.saleTypeID, saleTypeName: saleType.name, rateCardLineCount: 2 },
      ],
    });
    expect(later.nextRateCard).toBeNull();
  });

  it('takes no parameters', async () => {
    expectFailure(await reader.api.get('/api/rateCard/current?rateCardID=1'));
  });
});

describe('the rate card list', () => {
  it('rows carry fromDate as a record date, nextRateCard and rateCardLineCount', async () => {
    const first = await createRateCard(admin, { fromDate: '1990-01-01', name: 'First' });
    const second = await createRateCard(admin, { fromDate: '1990-03-01', name: 'Second' });
    const third = await createRateCard(admin, { fromDate: '1990-02-01', name: 'Between' });
    for (let i = 0; i < 3; i++)
      await createRateCardLine(admin, { rateCardID: first.rateCardID, saleTypeID: saleType.saleTypeID, skuTypeID: skuType.skuTypeID });
    const res = expectStatus(await reader.api.get('/api/rateCards?fromDateGEQ=1990-01-01&fromDateLEQ=1990-12-31'), 200);
    expect(listIDs(res)).toEqual([second.rateCardID, third.rateCardID, first.rateCardID]);
    const byID = new Map(res.body.listData.map((r: Row) => [r.rateCardID, r]));
    expect(byID.get(first.rateCardID)).toEqual(
      expect.objectContaining({
        name: 'First',
        fromDate: '1990-01-01T00:00:00.000Z',
        rateCardLineCount: 3,
        nextRateCard: { rateCardID: third.rateCardID, name: 'Between', fromDate: '1990-02-01T00:00:00.000Z' },
        createdByUserName: expect.any(String),
      }),
    );
    expect(byID.get(third.rateCardID)).toEqual(
      expect.objectContaining({ rateCardLineCount: 0, nextRateCard: expect.objectContaining({ rateCardID: second.rateCardID }) }),
    );
    // One record by id.
    const one = expectStatus(await reader.api.get(`/api/rateCards?rateCardID=${first.rateCardID}`), 200);
    expect(one.body.data.rateCardLineCount).toBe(3);
  });

  it('a save answers the row with its computed fields', async () => {
    const a = await createRateCard(admin, { fromDate: '1991-05-01' });
    const b = await createRateCard(admin, { fromDate: '1991-06-01' });
    expect(a.nextRateCard).not.toBeNull();
    expect(b.rateCardLineCount).toBe(0);
    const reread = expectStatus(await reader.api.get(`/api/rateCards?rateCardID=${a.rateCardID}`), 200).body.data;
    expect(reread.nextRateCard).toEqual({ rateCardID: b.rateCardID, name: b.name, fromDate: '1991-06-01T00:00:00.000Z' });
    const moved = expectStatus(await admin.put(`/api/rateCard/${a.rateCardID}`, { name: 'Moved', fromDate: '1991-07-01T00:00:00.000Z' }), 200).body.data;
    expect(moved).toEqual(expect.objectContaining({ name: 'Moved', fromDate: '1991-07-01T00:00:00.000Z' }));
  });

  it('fromDate is unique and must be a calendar date', async () => {
    await createRateCard(admin, { fromDate: '1992-01-01' });
    expect(expectFailure(await admin.post('/api/rateCard', { name: 'Clash', fromDate: '1992-01-01' })).failMessages).toHaveProperty('fromDate');
    for (const fromDate of [
      '1992-02-30',
      '01/02/1992',
      '1992-1-1',
      19920101,
      null,
      '1992-02-30T10:00',
      '1992-01-02T24:00',
      '1992-01-02T10',
      '1992-01-02,1992-01-03',
      '1992-01-02 10:00 PM',
    ]) {
      expect(expectFailure(await admin.post('/api/rateCard', { name: 'Bad', fromDate })).failMessages).toHaveProperty('fromDate');
    }
    expect(expectFailure(await admin.post('/api/rateCard', { fromDate: '1992-03-01' })).failMessages).toHaveProperty('name');
  });

  it('fromDate may carry a time, as the list filters take dates (spec 01 section 5); the card starts on the day', async () => {
    const cases: Array<[string, string]> = [
      ['1993-01-01T10:00:00', '1993-01-01'],
      ['1993-01-02 00:00:00', '1993-01-02'],
      ['1993-01-03T23:59', '1993-01-03'],
      ['1993-01-04T10:00:00.123Z', '1993-01-04'],
      ['1993-01-05T00:00:00.000Z', '1993-01-05'],
    ];
    for (const [sent, day] of cases) {
      const saved = expectStatus(await admin.post('/api/rateCard', { name: `At ${sent}`, fromDate: sent }), 201).body.data;
      expect([sent, saved.fromDate]).toEqual([sent, `${day}T00:00:00.000Z`]);
    }
    // The day decides uniqueness whatever the time; a PUT takes the same forms.
    expect(expectFailure(await admin.post('/api/rateCard', { name: 'Same day', fromDate: '1993-01-01 18:30' })).failMessages).toHaveProperty('fromDate');
    const card = await createRateCard(admin, { fromDate: '1993-02-01' });
    const moved = expectStatus(await admin.put(`/api/rateCard/${card.rateCardID}`, { name: card.name, fromDate: '1993-02-02 09:15:00' }), 200).body.data;
    expect(moved.fromDate).toBe('1993-02-02T00:00:00.000Z');
  });

  it('parameter formats: rateCardID up to 7 digits, fromDate yyyy-mm-dd with optional time', async () => {
    expectStatus(await reader.api.get('/api/rateCards?rateCardID=1234567'), 404);
    expectFailure(await reader.api.get('/api/rateCards?rateCardID=12345678'));
    expectFailure(await reader.api.get('/api/rateCards?rateCardID=abc'));
    expectStatus(await reader.api.get('/api/rateCards?fromDate=1990-01-01'), 200);
    expectStatus(await reader.api.get('/api/rateCards?fromDateGEQ=1990-01-01T10:00'), 200);
    expectFailure(await reader.api.get('/api/rateCards?fromDate=01-01-1990'));
    expectFailure(await reader.api.get('/api/rateCards?fromDate=1990-13-01'));
    expectFailure(await reader.api.get('/api/rateCards?colour=red'));
    expectFailure(await reader.api.get('/api/rateCards?sort=name;DROP TABLE rateCard'));
  });
});

describe('deleting a rate card', () => {
  it('deletes its lines and their stores with it', async () => {
    const card = await createRateCard(admin);
    const line = await createRateCardLine(admin, {
      rateCardID: card.rateCardID,
      saleTypeID: saleType.saleTypeID,
      skuTypeID: skuType.skuTypeID,
      rateCardLineStores: [{ storeID: store.storeID, active: true, revenue: 10, commission: 2 }],
    });
    expect(line.rateCardLineStores).toHaveLength(1);
    const res = expectStatus(await admin.delete(`/api/rateCard/${card.rateCardID}`), 200);
    expect(res.body.data).toEqual({ id: card.rateCardID });
    expectStatus(await admin.get(`/api/rateCards?rateCardID=${card.rateCardID}`), 404);
    expect(expectStatus(await admin.get(`/api/rateCardLines?rateCardID=${card.rateCardID}`), 200).body.listData).toEqual([]);
    expect(expectStatus(await admin.get(`/api/rateCardLineStores?rateCardLineStoreID=${line.rateCardLineStores[0].rateCardLineStoreID}`), 404).status).toBe(
      404,
    );
    expect(await t.dataSource.query('SELECT COUNT(*) AS n FROM rateCardLineStore WHERE rateCardLineID = ?', [line.rateCardLineID])).toEqual([
      expect.objectContaining({ n: expect.anything() }),
    ]);
    const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM rateCardLineStore WHERE rateCardLineID = ?', [line.rateCardLineID]);
    expect(Number(n)).toBe(0);
  });

  it('an unknown card is a 404', async () => {
    expectStatus(await admin.delete('/api/rateCard/9999999'), 404);
  });
});

describe('permissions', () => {
  it('reading needs at least one store', async () => {
    for (const url of ['/api/rateCards', '/api/rateCard/current', '/api/rateCardLines', '/api/rateCardLineStores', '/api/rateCardCompare?rateCardIDs=1,2']) {
      expectFailure(await storeless.api.get(url), 403);
    }
    expectStatus(await reader.api.get('/api/rateCards'), 200);
  });

  it('writes need SystemSetup (403, nothing written)', async () => {
    const card = await createRateCard(admin);
    const before = expectStatus(await admin.get('/api/rateCards?pageLength=1'), 200).body.page.rowCount;
    expectFailure(await reader.api.post('/api/rateCard', { name: 'Nope', fromDate: '1993-01-01' }), 403);
    expectFailure(await reader.api.put(`/api/rateCard/${card.rateCardID}`, { name: 'Nope', fromDate: '1993-01-01' }), 403);
    expectFailure(await reader.api.delete(`/api/rateCard/${card.rateCardID}`), 403);
    expect(expectStatus(await admin.get('/api/rateCards?pageLength=1'), 200).body.page.rowCount).toBe(before);
    expect(expectStatus(await admin.get(`/api/rateCards?rateCardID=${card.rateCardID}`), 200).body.data.name).toBe(card.name);
  });

  it('no token is a 403', async () => {
    expectFailure(await t.http.get('/api/rateCards'), 403);
    expectFailure(await t.http.get('/api/rateCard/current'), 403);
  });
});
