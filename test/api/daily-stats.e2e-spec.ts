import { as, binary, Client, createStore, createStoreType, createUser, expectStatus, login, Row, TestUser, xlsxRows } from '../support/api';
import { BIG, refused, refusedOn } from '../support/refusals';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * Daily stats (docs/http-api.md, "Daily stats (issue 11)"): the month's list saved per store
 * with RecordDailyStats, only the columns the store type records, a day with no figure removed,
 * every rule a 400 that writes nothing, and reading limited to the profile's stores. Dates of
 * this file are in 2019.
 */

const NO_STATS = 'There are no stats to record. Consider changing the settings on the store type to record staff count, footfall or chat count...';

let t: TestApp;
let admin: Client;
/** A store recording all three figures, another one (the "other store"), footfall only, and none. */
let storeAll: Row;
let storeOther: Row;
let storeFootfall: Row;
let storeNone: Row;
/** RecordDailyStats and AccessAPI with storeAll, storeFootfall and storeNone. */
let recorder: TestUser;
/** RecordDailyStats with storeOther only. */
let otherRecorder: TestUser;
/** storeAll without RecordDailyStats. */
let reader: TestUser;

const put = (api: Client, store: Row, body?: unknown) => api.put(`/api/dailyStats/${store.storeID}`, body);
/** PUT with a raw JSON text as the body. */
const putRaw = (store: Row, raw: string) => recorder.api.put(`/api/dailyStats/${store.storeID}`).set('Content-Type', 'application/json').send(raw);

/** GET of the month `ym` ('yyyy-mm') of a store, without pageLength (as the spec's call). */
function month(api: Client, store: Row, ym: string) {
  const [year, m] = ym.split('-').map(Number);
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return api.get(`/api/dailyStats?storeID=${store.storeID}&dailyStatDateGEQ=${ym}-01&dailyStatDateLEQ=${ym}-${last}`);
}

/** The saved rows of a month (as GET answers them), read as the recorder. */
async function saved(store: Row, ym: string): Promise<Row[]> {
  return expectStatus(await month(recorder.api, store, ym), 200).body.listData;
}

/** `count` consecutive days from `first` ('yyyy-mm-dd'), each with `figures(n)` (n from 0). */
function days(first: string, count: number, figures: (n: number) => Row = (n) => ({ footfall: 100 + n, chatCount: 10 + n, staffCount: 2.5 + n })): Row[] {
  const start = new Date(`${first}T00:00:00Z`).getTime();
  return Array.from({ length: count }, (_, n) => ({ dailyStatDate: new Date(start + n * 86_400_000).toISOString().slice(0, 10), ...figures(n) }));
}

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  const all = await createStoreType(admin, { recordFootfall: true, recordChatCount: true, recordStaffCount: true });
  storeAll = await createStore(admin, { storeTypeID: all.storeTypeID });
  storeOther = await createStore(admin, { storeTypeID: all.storeTypeID });
  storeFootfall = await createStore(admin, { storeTypeID: (await createStoreType(admin, { recordFootfall: true })).storeTypeID });
  storeNone = await createStore(admin, { storeTypeID: (await createStoreType(admin)).storeTypeID });
  recorder = await createUser(t.http, admin, {
    areas: ['RecordDailyStats', 'AccessAPI'],
    storeIDs: [storeAll.storeID, storeFootfall.storeID, storeNone.storeID],
  });
  otherRecorder = await createUser(t.http, admin, { areas: ['RecordDailyStats'], storeIDs: [storeOther.storeID] });
  reader = await createUser(t.http, admin, { areas: [], storeIDs: [storeAll.storeID] });
});
afterAll(() => t?.close());

describe('saving and reading a month', () => {
  it('a week of stats is saved, answered as the month, and read back in date order', async () => {
    const week = days('2019-03-04', 7);
    const res = expectStatus(await put(recorder.api, storeAll, [...week].reverse()), 200);
    expect(res.body.validationResult).toEqual({ fail: false });
    const rows: Row[] = res.body.listData;
    expect(rows.map((r) => r.dailyStatDate)).toEqual(week.map((d) => `${d.dailyStatDate}T00:00:00.000Z`));
    expect(rows[0]).toEqual(
      expect.objectContaining({
        dailyStatID: expect.any(Number),
        storeID: storeAll.storeID,
        storeName: storeAll.name,
        footfall: 100,
        chatCount: 10,
        staffCount: 2.5,
        createdByUserName: recorder.data.name,
        updatedByUserName: recorder.data.name,
        createdDate: expect.any(String),
        updatedDate: expect.any(String),
      }),
    );
    expect(rows[6]).toEqual(expect.objectContaining({ footfall: 106, chatCount: 16, staffCount: 8.5 }));
    // GET answers the same rows; the reader (no RecordDailyStats) may read them too.
    expect(expectStatus(await month(recorder.api, storeAll, '2019-03'), 200).body.listData).toEqual(rows);
    expect(expectStatus(await month(reader.api, storeAll, '2019-03'), 200).body.listData).toEqual(rows);
  });

  it('a GET without pageLength answers the whole month (31 days), sorted by day ascending', async () => {
    const july = days('2019-07-01', 31);
    expectStatus(await put(recorder.api, storeAll, [...july].reverse()), 200);
    const listed: Row[] = expectStatus(await month(recorder.api, storeAll, '2019-07'), 200).body.listData;
    expect(listed.map((r) => r.dailyStatDate.slice(0, 10))).toEqual(july.map((d) => d.dailyStatDate));
  });

  it('a row as GET answers it can be sent back unchanged (ids, store and audit fields are ignored)', async () => {
    const [row] = expectStatus(await put(recorder.api, storeAll, days('2019-04-01', 1)), 200).body.listData;
    const again = expectStatus(await put(recorder.api, storeAll, [row]), 200).body.listData;
    expect(again).toEqual([row]);
    // Even claiming another store and id: the URL names the store and the date finds the day.
    expectStatus(await put(recorder.api, storeAll, [{ ...row, storeID: storeOther.storeID, dailyStatID: 1, storeName: 'X', footfall: 7 }]), 200);
    const [after] = await saved(storeAll, '2019-04');
    expect(after).toEqual(expect.objectContaining({ dailyStatID: row.dailyStatID, storeID: storeAll.storeID, footfall: 7 }));
    expect(await saved(storeOther, '2019-04')).toEqual([]);
  });

  it('editing a day changes that day only; days not sent are left as they are', async () => {
    expectStatus(await put(recorder.api, storeAll, days('2019-05-06', 3)), 200);
    const before = await saved(storeAll, '2019-05');
    const edited = expectStatus(await put(recorder.api, storeAll, [{ dailyStatDate: '2019-05-07', footfall: 555, chatCount: 55, staffCount: 5.25 }]), 200).body
      .listData as Row[];
    expect(edited.map((r) => [r.dailyStatDate.slice(0, 10), r.footfall, r.chatCount, r.staffCount])).toEqual([
      ['2019-05-06', 100, 10, 2.5],
      ['2019-05-07', 555, 55, 5.25],
      ['2019-05-08', 102, 12, 4.5],
    ]);
    // The edited day keeps its id and creation; the untouched days keep their update stamp.
    expect(edited[1]).toEqual(
      expect.objectContaining({ dailyStatID: before[1].dailyStatID, createdDate: before[1].createdDate, createdByUserName: recorder.data.name }),
    );
    expect(edited[1].updatedDate >= before[1].updatedDate).toBe(true);
    expect(edited[0]).toEqual(before[0]);
    expect(edited[2]).toEqual(before[2]);
  });

  it('a day sent with no figures is removed; sending the emptied grid again changes nothing', async () => {
    expectStatus(await put(recorder.api, storeAll, days('2019-06-10', 3)), 200);
    const cleared = [{ dailyStatDate: '2019-06-11', footfall: null, chatCount: null, staffCount: null }, { dailyStatDate: '2019-06-12' }];
    const rows: Row[] = expectStatus(await put(recorder.api, storeAll, cleared), 200).body.listData;
    expect(rows.map((r) => r.dailyStatDate.slice(0, 10))).toEqual(['2019-06-10']);
    expect(await saved(storeAll, '2019-06')).toEqual(rows);
    // Empty days that were never saved are not created.
    expect(
      expectStatus(
        await put(
          recorder.api,
          storeAll,
          days('2019-06-20', 5, () => ({ footfall: null })),
        ),
        200,
      ).body.listData,
    ).toEqual(rows);
  });

  it('another user editing a day is stamped as its updater', async () => {
    expectStatus(await put(recorder.api, storeAll, days('2019-05-20', 1)), 200);
    const colleague = await createUser(t.http, admin, { areas: ['RecordDailyStats'], storeIDs: [storeAll.storeID] });
    const rows: Row[] = expectStatus(
      await put(
        colleague.api,
        storeAll,
        days('2019-05-20', 1, () => ({ footfall: 1 })),
      ),
      200,
    ).body.listData;
    expect(rows.find((r) => r.dailyStatDate.startsWith('2019-05-20'))).toEqual(
      expect.objectContaining({ footfall: 1, createdByUserName: recorder.data.name, updatedByUserName: colleague.data.name }),
    );
  });

  it('saves of the same new days at once all succeed and make each day once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        put(
          recorder.api,
          storeAll,
          days('2019-02-01', 28, () => ({ footfall: n })),
        ),
      ),
    );
    for (const res of answers) expectStatus(res, 200);
    const rows = await saved(storeAll, '2019-02');
    expect(rows).toHaveLength(28);
    expect(new Set(rows.map((r) => r.footfall)).size).toBe(1);
  });

  it('a day with some figures empty keeps the others (null is "not recorded", 0 is a figure)', async () => {
    const rows: Row[] = expectStatus(await put(recorder.api, storeAll, [{ dailyStatDate: '2019-08-01', footfall: 0, chatCount: null }]), 200).body.listData;
    expect(rows).toEqual([expect.objectContaining({ footfall: 0, chatCount: null, staffCount: null })]);
  });
});

describe('only the columns the store type records', () => {
  it('a store recording footfall only: chats and staff are not written', async () => {
    const rows: Row[] = expectStatus(await put(recorder.api, storeFootfall, [{ dailyStatDate: '2019-03-01', footfall: 12, chatCount: 5, staffCount: 3 }]), 200)
      .body.listData;
    expect(rows).toEqual([expect.objectContaining({ footfall: 12, chatCount: null, staffCount: null })]);
    // Chats and staff alone make no day.
    expect(expectStatus(await put(recorder.api, storeFootfall, [{ dailyStatDate: '2019-03-02', chatCount: 5, staffCount: 3 }]), 200).body.listData).toEqual(
      rows,
    );
  });

  it('figures stored while the type recorded them are kept, and keep the day when footfall is cleared', async () => {
    expectStatus(await put(recorder.api, storeFootfall, [{ dailyStatDate: '2019-09-02', footfall: 40 }]), 200);
    // As if the store type had recorded chats when this day was entered.
    await t.dataSource.query(`UPDATE dailyStat SET chatCount = 7 WHERE storeID = ${Number(storeFootfall.storeID)} AND dailyStatDate = '2019-09-02'`);
    const edited: Row[] = expectStatus(await put(recorder.api, storeFootfall, [{ dailyStatDate: '2019-09-02', footfall: 41, chatCount: 99 }]), 200).body
      .listData;
    expect(edited).toEqual([expect.objectContaining({ footfall: 41, chatCount: 7 })]);
    const cleared: Row[] = expectStatus(await put(recorder.api, storeFootfall, [{ dailyStatDate: '2019-09-02', footfall: null, chatCount: null }]), 200).body
      .listData;
    expect(cleared).toEqual([expect.objectContaining({ footfall: null, chatCount: 7, staffCount: null })]);
  });

  it('a store whose type records none of the three is refused with the spec text, nothing written', async () => {
    const failure = await refused(t, () => put(recorder.api, storeNone, days('2019-03-01', 2)));
    expect(failure.failSummary).toBe(NO_STATS);
    expect(await saved(storeNone, '2019-03')).toEqual([]);
  });

  it('GET /api/stores?storeID= tells the client which columns the store records', async () => {
    const store = expectStatus(await recorder.api.get(`/api/stores?storeID=${storeFootfall.storeID}`), 200).body.data;
    expect(store).toEqual(expect.objectContaining({ recordFootfall: true, recordChatCount: false, recordStaffCount: false }));
  });
});

describe('permissions and store scope', () => {
  it('saving needs RecordDailyStats (403, nothing written)', async () => {
    await refused(t, () => put(reader.api, storeAll, days('2019-10-01', 1)), 403);
  });

  it('saving for a store outside the profile is a 403 whatever the body, nothing written', async () => {
    await refused(t, () => put(recorder.api, storeOther, days('2019-10-01', 1)), 403);
    await refused(t, () => put(recorder.api, storeOther, 'not a list'), 403);
    await refused(t, () => put(recorder.api, { storeID: 2_000_000_000 }, days('2019-10-01', 1)), 403);
  });

  it("another store's stats are not listed, by storeID or otherwise", async () => {
    expectStatus(await put(otherRecorder.api, storeOther, days('2019-03-04', 2)), 200);
    expect(await saved(storeOther, '2019-03')).toEqual([]);
    const all: Row[] = expectStatus(await recorder.api.get('/api/dailyStats?dailyStatDateGEQ=2019-01-01&dailyStatDateLEQ=2019-12-31&pageLength=500'), 200).body
      .listData;
    expect(all.length).toBeGreaterThan(0);
    expect(new Set(all.map((r) => r.storeID))).toEqual(new Set([storeAll.storeID, storeFootfall.storeID]));
    const theirs: Row[] = expectStatus(await month(otherRecorder.api, storeOther, '2019-03'), 200).body.listData;
    expect(theirs).toHaveLength(2);
    expect(expectStatus(await recorder.api.get(`/api/dailyStats?dailyStatID=${theirs[0].dailyStatID}`), 404).body.validationResult.fail).toBe(true);
  });

  it('reading needs a store in the profile', async () => {
    const storeless = await createUser(t.http, admin, { areas: ['RecordDailyStats', 'AccessAPI'], storeIDs: [] });
    expectStatus(await storeless.api.get('/api/dailyStats'), 403);
    expectStatus(await storeless.api.get('/api/dailyStats/excel'), 403);
  });

  it('the Excel export needs AccessAPI and holds only the profile’s stores', async () => {
    expectStatus(await reader.api.get('/api/dailyStats/excel'), 403);
    const { res, body } = await binary(
      recorder.api.get(`/api/dailyStats/excel?storeID=${storeAll.storeID}&dailyStatDateGEQ=2019-03-01&dailyStatDateLEQ=2019-03-31`),
    );
    expectStatus(res, 200);
    const [header, ...rows] = await xlsxRows(body);
    expect(header).toEqual(expect.arrayContaining(['Date', 'Store', 'Footfall', 'Chat count', 'Staff count']));
    expect(rows).toHaveLength(7);
    const other = await binary(recorder.api.get(`/api/dailyStats/excel?storeID=${storeOther.storeID}`));
    expect(await xlsxRows(other.body)).toHaveLength(1);
  });
});

describe('bad input: a 400 naming the field, nothing written', () => {
  const good = { dailyStatDate: '2019-11-05', footfall: 1, chatCount: 1, staffCount: 1 };

  it.each<[string, string, unknown]>([
    ['footfall', 'negative', -1],
    ['footfall', 'with a decimal', 1.5],
    ['footfall', 'text', 'abc'],
    ['footfall', 'digits as text', '12'],
    ['footfall', 'above 1,000,000', 1_000_001],
    ['footfall', 'true', true],
    ['footfall', 'a list', [1]],
    ['footfall', 'SQL-shaped', '1; DROP TABLE dailyStat'],
    ['chatCount', 'negative', -1],
    ['chatCount', 'with a decimal', 2.5],
    ['chatCount', 'text', 'abc'],
    ['chatCount', 'above 100,000', 100_001],
    ['staffCount', 'with 3 decimals', 2.555],
    ['staffCount', 'negative', -0.5],
    ['staffCount', 'text', 'abc'],
    ['staffCount', 'a decimal as text', '2.5'],
    ['staffCount', 'above 1000', 1000.01],
    ['dailyStatDate', 'not a calendar day', '2019-02-30'],
    ['dailyStatDate', 'month 13', '2019-13-01'],
    ['dailyStatDate', 'day first', '05/11/2019'],
    ['dailyStatDate', 'empty', ''],
    ['dailyStatDate', 'null', null],
    ['dailyStatDate', 'a number', 20191105],
    ['dailyStatDate', 'an object', { year: 2019 }],
    ['dailyStatDate', 'before 1900', '1899-12-31'],
    ['dailyStatDate', 'SQL-shaped', "2019-11-05' OR '1'='1"],
    ...BIG.flatMap((n): Array<[string, string, unknown]> => [
      ['footfall', `huge (${n})`, n],
      ['chatCount', `huge (${n})`, n],
      ['staffCount', `huge (${n})`, n],
    ]),
  ])('%s %s', async (field, _what, value) => {
    const failure = await refusedOn(t, [`dailyStats.1.${field}`], () =>
      put(recorder.api, storeAll, [good, { ...good, dailyStatDate: '2019-11-06', [field]: value }]),
    );
    expect(failure.failMessages[`dailyStats.1.${field}`]).toEqual(expect.any(String));
  });

  it('a missing date', async () => {
    await refusedOn(t, ['dailyStats.0.dailyStatDate'], () => put(recorder.api, storeAll, [{ footfall: 1 }]));
  });

  it.each<[string, Row]>([
    ['an unknown field', { colour: 'red' }],
    ['an unknown nested object', { $where: { '1': 1 } }],
  ])('%s', async (_what, extra) => {
    const [name] = Object.keys(extra);
    const failure = await refusedOn(t, [`dailyStats.0.${name}`], () => put(recorder.api, storeAll, [{ ...good, ...extra }]));
    expect(failure.failMessages[`dailyStats.0.${name}`]).toBe(`Unknown field dailyStats.0.${name}`);
  });

  it('a prototype-named key', async () => {
    await refused(t, () => putRaw(storeAll, '[{"dailyStatDate":"2019-11-05","constructor":{"a":1}}]'));
  });

  it("days of different months: each day outside the first day's month is named", async () => {
    await refusedOn(t, ['dailyStats.1.dailyStatDate', 'dailyStats.3.dailyStatDate'], () =>
      put(recorder.api, storeAll, [
        good,
        { ...good, dailyStatDate: '2019-12-01' },
        { ...good, dailyStatDate: '2019-11-30' },
        { ...good, dailyStatDate: '2018-11-06' },
      ]),
    );
  });

  it('the same day twice: the second is named', async () => {
    const failure = await refusedOn(t, ['dailyStats.2.dailyStatDate'], () =>
      put(recorder.api, storeAll, [good, { ...good, dailyStatDate: '2019-11-06' }, { ...good, dailyStatDate: '2019-11-05T00:00:00.000Z' }]),
    );
    expect(failure.failMessages['dailyStats.2.dailyStatDate']).toBe('Day 2019-11-05 is in the list twice');
  });

  it.each<[string, unknown]>([
    ['an object', { dailyStats: [] }],
    ['an empty list', []],
    ['32 days', [...days('2019-11-01', 30), ...days('2019-11-01', 2)]],
  ])('%s as the body is refused under dailyStats', async (_what, body) => {
    await refusedOn(t, ['dailyStats'], () => putRaw(storeAll, JSON.stringify(body)));
  });

  it.each<[string, unknown]>([
    ['a number', 5],
    ['null', null],
    ['text', '2019-11-05'],
    ['a list', [good]],
  ])('a day that is %s is refused', async (_what, day) => {
    await refusedOn(t, ['dailyStats.1'], () => put(recorder.api, storeAll, [good, day]));
  });

  // Body parsing refuses these before any route (src/common/http/json-bodies.ts).
  it.each([
    ['malformed JSON', '[{"dailyStatDate": "2019-11-05", "footfall": 1'],
    ['JSON null', 'null'],
    ['a JSON string', '"just text"'],
    ['a JSON number', '5'],
    ['no body', ''],
  ])('%s is a 400', async (_what, raw) => {
    await refused(t, () => putRaw(storeAll, raw));
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', '1;DROP TABLE dailyStat', "1' OR '1'='1"])('store id %s in the path is a 400', async (id) => {
    await refused(t, () => recorder.api.put(`/api/dailyStats/${encodeURIComponent(id)}`, [good]));
  });

  it('one bad day among good ones writes none of them (stored days keep their figures)', async () => {
    expectStatus(await put(recorder.api, storeAll, [good]), 200);
    const before = await saved(storeAll, '2019-11');
    await refused(t, () =>
      put(recorder.api, storeAll, [
        { ...good, footfall: 999 },
        { ...good, dailyStatDate: '2019-11-07', footfall: -5 },
      ]),
    );
    expect(await saved(storeAll, '2019-11')).toEqual(before);
  });

  it.each([
    ['dailyStatDateGEQ', 'abc'],
    ['storeID', 'x'],
    ['footfallGEQ', '1.5'],
    ['colour', 'red'],
  ])('the list filter %s=%s is a 400', async (name, value) => {
    await refused(t, () => recorder.api.get(`/api/dailyStats?${name}=${encodeURIComponent(value)}`));
  });
});
