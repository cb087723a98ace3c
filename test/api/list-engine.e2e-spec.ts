import { Store } from '../../src/modules/master-data/entities/store.entity';
import {
  as,
  binary,
  Client,
  createStore,
  createStoreType,
  createUser,
  expectFailure,
  expectStatus,
  listIDs,
  login,
  Row,
  TestUser,
  xlsxRows,
} from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * The one list engine (docs/http-api.md, "List parameters"), exercised through /api/stores:
 * paging, sorting, quick filter, joins, field filters, rejections, the one-record form,
 * the Excel export; plus the save-side rules every master list shares (in-use deletes,
 * audit fields) and user preferences.
 */

let t: TestApp;
let admin: Client;
let highStreet: Row;
let outlet: Row;
/** The stores as the API answered their creation, in creation order. */
let stores: Row[];

interface StoreSpec {
  name: string;
  outlet: boolean;
  postCode?: string;
  squareFeet: number;
  targetRevenue: boolean;
  targetQuantity: boolean;
}

const STORES: StoreSpec[] = [
  { name: 'Aldgate', outlet: false, postCode: 'E1 7AA', squareFeet: 1200, targetRevenue: true, targetQuantity: false },
  { name: 'Bexley', outlet: true, postCode: 'DA5 1AA', squareFeet: 800, targetRevenue: true, targetQuantity: true },
  { name: 'Camden', outlet: false, postCode: 'NW1 8AA', squareFeet: 2500, targetRevenue: false, targetQuantity: true },
  { name: 'Dalston', outlet: true, squareFeet: 400, targetRevenue: false, targetQuantity: false },
  { name: 'Ealing Broadway', outlet: false, postCode: 'W5 2AA', squareFeet: 3100, targetRevenue: true, targetQuantity: false },
  { name: 'Fulham 100% Shop', outlet: true, squareFeet: 950, targetRevenue: true, targetQuantity: true },
  { name: 'Greenwich 100 Percent', outlet: false, squareFeet: 1750, targetRevenue: true, targetQuantity: false },
  { name: 'Hackney Under_Score', outlet: true, squareFeet: 600, targetRevenue: false, targetQuantity: true },
  { name: 'Islington UnderXScore', outlet: false, squareFeet: 2200, targetRevenue: true, targetQuantity: false },
  { name: 'Kensington Wow!', outlet: true, postCode: 'SW7 2AA', squareFeet: 5000, targetRevenue: true, targetQuantity: false },
  { name: 'Lewisham', outlet: false, postCode: 'SE13 7AA', squareFeet: 1500, targetRevenue: false, targetQuantity: false },
  { name: 'Mayfair', outlet: true, squareFeet: 3600, targetRevenue: true, targetQuantity: true },
];

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  highStreet = await createStoreType(admin, { name: 'High Street' });
  outlet = await createStoreType(admin, { name: 'Outlet' });
  stores = [];
  for (const { outlet: isOutlet, ...body } of STORES) {
    stores.push(await createStore(admin, { ...body, storeTypeID: (isOutlet ? outlet : highStreet).storeTypeID }));
  }
});
afterAll(() => t?.close());

// The expected answers, computed from the stores as created.
const ids = (rows: Row[]) => rows.map((s) => s.storeID);
const by =
  <K extends string>(key: K, dir: 'asc' | 'desc' = 'asc') =>
  (a: Row, b: Row) =>
    (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * (dir === 'asc' ? 1 : -1);
const sortedIDs = (rows: Row[]) => ids(rows).sort((a, b) => a - b);
const where = (test: (s: Row) => boolean) => sortedIDs(stores.filter(test));
const day = (iso: string) => iso.slice(0, 10);
const shiftDay = (yyyyMmDd: string, days: number) => {
  const d = new Date(`${yyyyMmDd}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function list(query: string): Promise<Row> {
  return expectStatus(await admin.get(`/api/stores?pageLength=500&${query}`), 200).body;
}
async function matching(query: string): Promise<number[]> {
  return (await list(query)).listIDs.map((r: Row) => r.id).sort((a: number, b: number) => a - b);
}

describe('paging: page (0-based) and pageLength', () => {
  it("defaults to page 0 of 10 rows; listIDs holds the page's rows; page has the counts", async () => {
    const res = expectStatus(await admin.get('/api/stores?sort=name'), 200);
    const order = ids([...stores].sort(by('name')));
    expect(listIDs(res)).toEqual(order.slice(0, 10));
    expect(res.body.listData.map((s: Row) => s.storeID)).toEqual(order.slice(0, 10));
    expect(res.body.page).toEqual({ page: 0, pageLength: 10, rowCount: 12, pageCount: 2, listIDsFrom: 0 });
    for (const id of res.body.listIDs) expect(id).toEqual({ id: expect.any(Number), selectable: true, aggregate: null });
  });

  it('page n of pageLength k holds rows n*k .. n*k+k-1 of the order', async () => {
    const order = ids([...stores].sort(by('name')));
    const second = expectStatus(await admin.get('/api/stores?sort=name&page=1&pageLength=5'), 200);
    expect(second.body.listData.map((s: Row) => s.storeID)).toEqual(order.slice(5, 10));
    expect(listIDs(second)).toEqual(order.slice(5, 10));
    expect(second.body.page).toEqual({ page: 1, pageLength: 5, rowCount: 12, pageCount: 3, listIDsFrom: 5 });
    const last = expectStatus(await admin.get('/api/stores?sort=name&page=1'), 200);
    expect(last.body.listData.map((s: Row) => s.storeID)).toEqual(order.slice(10));
    const beyond = expectStatus(await admin.get('/api/stores?sort=name&page=7'), 200);
    expect(beyond.body.listData).toEqual([]);
    expect(listIDs(beyond)).toEqual([]);
    expect(beyond.body.page.rowCount).toBe(12);
  });

  it('listIDsFrom and listIDsLength ask for another window of ids, in the same order, with the page unchanged', async () => {
    const order = ids([...stores].sort(by('squareFeet', 'desc')));
    const res = expectStatus(await admin.get('/api/stores?sort=squareFeet&sortDir=desc&pageLength=5&listIDsFrom=3&listIDsLength=7'), 200);
    expect(listIDs(res)).toEqual(order.slice(3, 10));
    expect(res.body.listData.map((s: Row) => s.storeID)).toEqual(order.slice(0, 5));
    expect(res.body.page).toEqual({ page: 0, pageLength: 5, rowCount: 12, pageCount: 3, listIDsFrom: 3 });
    const all = expectStatus(await admin.get('/api/stores?sort=squareFeet&sortDir=desc&listIDsFrom=0&listIDsLength=10000'), 200);
    expect(listIDs(all)).toEqual(order);
    const none = expectStatus(await admin.get('/api/stores?listIDsLength=0'), 200);
    expect(none.body.listIDs).toEqual([]);
    expect(none.body.listData).toHaveLength(10);
  });

  it.each(['listIDsLength=10001', 'listIDsLength=-1', 'listIDsFrom=x', 'listIDsFrom=1.5'])('%s is a 400 naming it', async (query) => {
    const failure = expectFailure(await admin.get(`/api/stores?${query}`));
    expect(Object.keys(failure.failMessages)).toEqual([query.split('=')[0]]);
  });

  it.each([10, 25, 50, 100, 500])('pageLength %i is accepted', async (pageLength) => {
    const res = expectStatus(await admin.get(`/api/stores?pageLength=${pageLength}`), 200);
    expect(res.body.page.pageLength).toBe(pageLength);
    expect(res.body.listData).toHaveLength(Math.min(pageLength, stores.length));
  });

  it.each(['501', '100000', '0', '-1', 'ten', '2.5'])('pageLength=%s is a 400 naming pageLength', async (value) => {
    const failure = expectFailure(await admin.get(`/api/stores?pageLength=${value}`));
    expect(Object.keys(failure.failMessages)).toContain('pageLength');
  });

  it.each(['-1', 'one'])('page=%s is a 400 naming page', async (value) => {
    const failure = expectFailure(await admin.get(`/api/stores?page=${value}`));
    expect(Object.keys(failure.failMessages)).toContain('page');
  });
});

describe('sort and sortDir', () => {
  it.each([
    ['name', 'asc'],
    ['name', 'desc'],
    ['squareFeet', 'asc'],
    ['squareFeet', 'desc'],
  ] as const)('sort=%s&sortDir=%s', async (field, dir) => {
    const res = await list(`sort=${field}&sortDir=${dir}`);
    expect(res.listIDs.map((r: Row) => r.id)).toEqual(ids([...stores].sort(by(field, dir))));
  });

  it('sortDir defaults to asc', async () => {
    const res = await list('sort=squareFeet');
    expect(res.listIDs.map((r: Row) => r.id)).toEqual(ids([...stores].sort(by('squareFeet'))));
  });

  it.each(['asc', 'desc'] as const)('sorts by the lookup field storeTypeName (%s)', async (dir) => {
    const res = await list(`sort=storeTypeName&sortDir=${dir}`);
    const typeOf = new Map(stores.map((s) => [s.storeID, s.storeTypeName]));
    const names = res.listIDs.map((r: Row) => typeOf.get(r.id));
    const expected = [...names].sort();
    expect(names).toEqual(dir === 'asc' ? expected : expected.reverse());
    expect(names[0]).toBe(dir === 'asc' ? 'High Street' : 'Outlet');
    expect(res.listData.map((s: Row) => s.storeTypeName)).toEqual(names);
  });
});

describe('quickFilter: case-insensitive contains, with % and _ taken literally', () => {
  const named = (...names: string[]) => where((s) => names.includes(s.name));

  it('matches regardless of case', async () => {
    expect(await matching('quickFilter=ALDG')).toEqual(named('Aldgate'));
    expect(await matching('quickFilter=broadWAY')).toEqual(named('Ealing Broadway'));
  });

  it('% is a literal character, not a wildcard', async () => {
    expect(await matching(`quickFilter=${encodeURIComponent('100%')}`)).toEqual(named('Fulham 100% Shop'));
    expect(await matching(`quickFilter=${encodeURIComponent('%')}`)).toEqual(named('Fulham 100% Shop'));
  });

  it('_ is a literal character, not a wildcard', async () => {
    expect(await matching('quickFilter=Under_S')).toEqual(named('Hackney Under_Score'));
    expect(await matching('quickFilter=_')).toEqual(named('Hackney Under_Score'));
  });

  it('the escape character itself (!) is literal too', async () => {
    expect(await matching('quickFilter=!')).toEqual(named('Kensington Wow!'));
  });

  it('no match is an empty list; more than 100 characters is a 400', async () => {
    expect(await matching('quickFilter=zzzz')).toEqual([]);
    const failure = expectFailure(await admin.get(`/api/stores?quickFilter=${'a'.repeat(101)}`));
    expect(Object.keys(failure.failMessages)).toContain('quickFilter');
  });
});

describe('fkJoins', () => {
  it('adds the related record only when asked for', async () => {
    const plain = await list('');
    for (const row of plain.listData) expect(row).not.toHaveProperty('storeType');
    const joined = await list('fkJoins=storeType');
    for (const row of joined.listData) {
      expect(row.storeType).toEqual(expect.objectContaining({ storeTypeID: row.storeTypeID, name: row.storeTypeName }));
    }
  });

  it('an unknown relation is a 400 naming fkJoins', async () => {
    for (const value of ['owner', 'storeType,owner', 'storeType.stores']) {
      const failure = expectFailure(await admin.get(`/api/stores?fkJoins=${value}`));
      expect(Object.keys(failure.failMessages)).toContain('fkJoins');
    }
  });
});

describe('field filters', () => {
  it('field=v is equality', async () => {
    expect(await matching(`storeTypeID=${outlet.storeTypeID}`)).toEqual(where((s) => s.storeTypeID === outlet.storeTypeID));
    expect(await matching('name=Camden')).toEqual(where((s) => s.name === 'Camden'));
    expect(await matching('squareFeet=950')).toEqual(where((s) => s.squareFeet === 950));
  });

  it('a comma list means any of', async () => {
    const some = [stores[0], stores[4], stores[9]].map((s) => s.storeID);
    expect(await matching(`storeID=${some.join(',')}`)).toEqual([...some].sort((a, b) => a - b));
    expect(await matching('name=Camden,Mayfair,Nowhere')).toEqual(where((s) => ['Camden', 'Mayfair'].includes(s.name)));
  });

  it('fieldNot excludes every value of the list', async () => {
    expect(await matching(`storeTypeIDNot=${highStreet.storeTypeID}`)).toEqual(where((s) => s.storeTypeID !== highStreet.storeTypeID));
    expect(await matching('nameNot=Aldgate,Bexley')).toEqual(where((s) => !['Aldgate', 'Bexley'].includes(s.name)));
  });

  it('fieldNot keeps the rows that have no value at all (a store without a post code is not E1 7AA)', async () => {
    expect(await matching(`postCodeNot=${encodeURIComponent('E1 7AA')}`)).toEqual(where((s) => s.postCode !== 'E1 7AA'));
  });

  it('fieldNot on a date keeps the rows that have no date (a user who never logged in did not log in on that day)', async () => {
    const never = await createUser(t.http, admin, { login: false, areas: [] });
    const today = new Date().toISOString().slice(0, 10);
    const res = expectStatus(await admin.get(`/api/users?pageLength=500&lastLoginNot=${today}`), 200);
    expect(listIDs(res)).toContain(never.userID);
    const all = expectStatus(await admin.get('/api/users?pageLength=500'), 200).body.listData as Row[];
    const expected = all.filter((u) => u.lastLogin === null || day(u.lastLogin) !== today).map((u) => u.userID);
    expect([...listIDs(res)].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
  });

  it('fieldGEQ and fieldLEQ compare numbers (bounds included), and combine with AND', async () => {
    expect(await matching('squareFeetGEQ=1200&squareFeetLEQ=3100')).toEqual(where((s) => s.squareFeet >= 1200 && s.squareFeet <= 3100));
    expect(await matching('squareFeetGEQ=3600')).toEqual(where((s) => s.squareFeet >= 3600));
    expect(await matching(`squareFeetLEQ=800&storeTypeID=${outlet.storeTypeID}`)).toEqual(
      where((s) => s.squareFeet <= 800 && s.storeTypeID === outlet.storeTypeID),
    );
  });

  it('fieldLower is a case-insensitive contains, with % and _ literal', async () => {
    expect(await matching('nameLower=GATE')).toEqual(where((s) => s.name.toLowerCase().includes('gate')));
    expect(await matching('nameLower=under')).toEqual(where((s) => s.name.toLowerCase().includes('under')));
    expect(await matching(`nameLower=${encodeURIComponent('0%')}`)).toEqual(where((s) => s.name.includes('0%')));
    expect(await matching('nameLower=r_s')).toEqual(where((s) => s.name.toLowerCase().includes('r_s')));
    expect(await matching('storeTypeNameLower=OUT')).toEqual(where((s) => s.storeTypeID === outlet.storeTypeID));
  });

  it.each([
    ['1', true],
    ['true', true],
    ['0', false],
    ['false', false],
  ] as const)('booleans: targetQuantity=%s', async (value, expected) => {
    expect(await matching(`targetQuantity=${value}`)).toEqual(where((s) => s.targetQuantity === expected));
    expect(await matching(`targetRevenue=${value}&targetQuantity=${value}`)).toEqual(
      where((s) => s.targetRevenue === expected && s.targetQuantity === expected),
    );
  });

  describe('dates (yyyy-mm-dd, optionally with a time) on createdDate', () => {
    it('GEQ and LEQ include the whole day named', async () => {
      const days = stores.map((s) => day(s.createdDate));
      const first = [...days].sort()[0];
      const last = [...days].sort().at(-1)!;
      expect(await matching(`createdDateGEQ=${first}`)).toEqual(sortedIDs(stores));
      expect(await matching(`createdDateLEQ=${last}`)).toEqual(sortedIDs(stores));
      expect(await matching(`createdDateGEQ=${shiftDay(last, 1)}`)).toEqual([]);
      expect(await matching(`createdDateLEQ=${shiftDay(first, -1)}`)).toEqual([]);
      expect(await matching(`createdDate=${first}`)).toEqual(where((s) => day(s.createdDate) === first));
    });

    it('a bound with a time compares to the millisecond', async () => {
      const middle = [...stores].sort(by('createdDate'))[6].createdDate as string;
      expect(await matching(`createdDateGEQ=${encodeURIComponent(middle)}`)).toEqual(where((s) => s.createdDate >= middle));
      expect(await matching(`createdDateLEQ=${encodeURIComponent(middle)}`)).toEqual(where((s) => s.createdDate <= middle));
    });

    it('an open-ended bound far in the future (createdDateLEQ=9999-12-31) includes every row', async () => {
      expect(await matching('createdDateLEQ=9999-12-31')).toEqual(sortedIDs(stores));
    });

    it('an impossible calendar date (2024-02-30) is a 400, not a date in March', async () => {
      for (const query of ['createdDateGEQ=2024-02-30', 'createdDateLEQ=2023-02-29', 'createdDate=2024-04-31']) {
        const failure = expectFailure(await admin.get(`/api/stores?${query}`));
        expect(Object.keys(failure.failMessages)).toContain(query.split('=')[0]);
      }
    });
  });
});

describe('anything the engine does not know is a 400 naming the parameter, never SQL', () => {
  it.each([
    ['an unknown field', 'colour=red', 'colour'],
    ['a prototype name as a field', '__proto__=1', '__proto__'],
    ['a prototype name with a suffix', 'constructorNot=1', 'constructorNot'],
    ['an unknown sort', 'sort=colour', 'sort'],
    ['a bad sortDir', 'sortDir=up', 'sortDir'],
    ['Lower on a number', 'squareFeetLower=1', 'squareFeetLower'],
    ['GEQ on text', 'nameGEQ=a', 'nameGEQ'],
    ['LEQ on a boolean', 'targetRevenueLEQ=1', 'targetRevenueLEQ'],
    ['a non-numeric id', 'storeID=abc', 'storeID'],
    ['a non-numeric number', 'squareFeet=1e3', 'squareFeet'],
    ['a bad boolean', 'targetRevenue=yes', 'targetRevenue'],
    ['a bad date', 'createdDateGEQ=yesterday', 'createdDateGEQ'],
    ['a date in another format', 'createdDateGEQ=21/11/2025', 'createdDateGEQ'],
    ['a repeated parameter', 'name=Aldgate&name=Bexley', 'name'],
    ['SQL in sort', `sort=${encodeURIComponent('name;drop table store')}`, 'sort'],
    ['SQL in sortDir', `sortDir=${encodeURIComponent('asc; delete from store')}`, 'sortDir'],
    ['SQL in an id', `storeID=${encodeURIComponent('1 OR 1=1')}`, 'storeID'],
    ['SQL as a field name', `${encodeURIComponent('1=1 OR name')}=x`, '1=1 OR name'],
  ])('%s (%s)', async (_what, query, param) => {
    const failure = expectFailure(await admin.get(`/api/stores?${query}`));
    expect(Object.keys(failure.failMessages)).toContain(param);
  });

  it('SQL-shaped values are only values: no match, and the store table is intact', async () => {
    for (const query of [
      `name=${encodeURIComponent("x' OR 1=1--")}`,
      `nameLower=${encodeURIComponent("%' OR '1'='1")}`,
      `quickFilter=${encodeURIComponent("' OR '1'='1")}`,
      `postCode=${encodeURIComponent("'; DROP TABLE store; --")}`,
    ]) {
      expect(await matching(query)).toEqual([]);
    }
    expect(await t.dataSource.getRepository(Store).count()).toBe(stores.length);
    expect((await list('')).page.rowCount).toBe(stores.length);
  });
});

describe('one record: the list path with the id filter', () => {
  it('answers data, listData and validationResult', async () => {
    const store = stores[2];
    const res = expectStatus(await admin.get(`/api/stores?storeID=${store.storeID}`), 200);
    expect(res.body.validationResult).toEqual({ fail: false });
    expect(res.body.data).toEqual(expect.objectContaining({ storeID: store.storeID, name: store.name, storeTypeName: 'High Street' }));
    expect(res.body.listData).toEqual([res.body.data]);
  });

  it('with fkJoins the record carries the relation', async () => {
    const res = expectStatus(await admin.get(`/api/stores?storeID=${stores[1].storeID}&fkJoins=storeType`), 200);
    expect(res.body.data.storeType).toEqual(expect.objectContaining({ storeTypeID: outlet.storeTypeID, name: 'Outlet' }));
  });

  it('an id that does not exist is a 404 with a validationResult', async () => {
    const missing = Math.max(...ids(stores)) + 1000;
    expectFailure(await admin.get(`/api/stores?storeID=${missing}`), 404);
  });
});

describe('GET /api/stores/excel', () => {
  it('streams an xlsx file whose rows are the filtered, sorted list', async () => {
    const query = `storeTypeID=${outlet.storeTypeID}&sort=squareFeet&sortDir=desc`;
    const { res, body } = await binary(t.http.get(`/api/stores/excel?token=${encodeURIComponent(admin.token)}&fileName=Stores&${query}`));
    expectStatus(res, 200);
    expect(res.headers['content-type']).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('Stores.xlsx');
    expect(body.subarray(0, 2).toString('latin1')).toBe('PK');

    const expected = await list(query);
    const [header, ...rows] = await xlsxRows(body);
    const idColumn = header.indexOf('ID');
    const nameColumn = header.indexOf('Name');
    expect(idColumn).toBeGreaterThanOrEqual(0);
    expect(nameColumn).toBeGreaterThanOrEqual(0);
    expect(rows.map((r) => r[idColumn])).toEqual(expected.listData.map((s: Row) => s.storeID));
    expect(rows.map((r) => r[nameColumn])).toEqual(expected.listData.map((s: Row) => s.name));
    expect(rows).toHaveLength(stores.filter((s) => s.storeTypeID === outlet.storeTypeID).length);
  });

  it('checks its filters and file name like the list (400)', async () => {
    expectFailure(await admin.get('/api/stores/excel?colour=red'));
    expectFailure(await admin.get(`/api/stores/excel?fileName=${encodeURIComponent('../../etc/passwd')}`));
    expectFailure(await admin.get(`/api/stores/excel?fileName=${encodeURIComponent('a"b')}`));
  });
});

describe('deleting a record that others use is a 400 naming what uses it', () => {
  it("a store type used by one store: failSummary names '1 store', and the type stays", async () => {
    const type = await createStoreType(admin);
    await createStore(admin, { storeTypeID: type.storeTypeID });
    const failure = expectFailure(await admin.delete(`/api/storeType/${type.storeTypeID}`));
    expect(failure.failSummary).toMatch(/\b1 store\b(?!s)/);
    expectStatus(await admin.get(`/api/storeTypes?storeTypeID=${type.storeTypeID}`), 200);
  });

  it("a store type used by N stores: failSummary names 'N stores'", async () => {
    const count = stores.filter((s) => s.storeTypeID === outlet.storeTypeID).length;
    const failure = expectFailure(await admin.delete(`/api/storeType/${outlet.storeTypeID}`));
    expect(failure.failSummary).toContain(`${count} stores`);
  });

  it('an unused store type is deleted (200, then 404)', async () => {
    const type = await createStoreType(admin);
    const res = expectStatus(await admin.delete(`/api/storeType/${type.storeTypeID}`), 200);
    expect(res.body).toEqual({ validationResult: { fail: false }, data: { id: type.storeTypeID } });
    expectFailure(await admin.get(`/api/storeTypes?storeTypeID=${type.storeTypeID}`), 404);
  });
});

describe('audit fields are set by the server', () => {
  let editor: TestUser;
  beforeAll(async () => {
    editor = await createUser(t.http, admin, { name: 'Setup Sam', areas: ['SystemSetup'] });
  });

  it('on create: created and updated by the caller, now', async () => {
    const before = Date.now();
    const store = await createStore(admin, { storeTypeID: highStreet.storeTypeID });
    const after = Date.now();
    const adminName = (await admin.get('/api/user/me')).body.data.name;
    expect(store.createdByUserName).toBe(adminName);
    expect(store.updatedByUserName).toBe(adminName);
    expect(Date.parse(store.createdDate)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(store.createdDate)).toBeLessThanOrEqual(after + 1000);
    expect(store.updatedDate).toBe(store.createdDate);
  });

  it('on update: updatedByUserName and updatedDate change, the created fields do not', async () => {
    const store = await createStore(admin, { storeTypeID: highStreet.storeTypeID });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const body = { name: `${store.name} renamed`, storeTypeID: store.storeTypeID };
    const res = expectStatus(await editor.api.put(`/api/store/${store.storeID}`, body), 200);
    const updated = res.body.data;
    expect(updated.updatedByUserName).toBe('Setup Sam');
    expect(Date.parse(updated.updatedDate)).toBeGreaterThan(Date.parse(store.updatedDate));
    expect(updated.createdByUserName).toBe(store.createdByUserName);
    expect(updated.createdDate).toBe(store.createdDate);
    expect((await admin.get(`/api/stores?storeID=${store.storeID}`)).body.data).toEqual(
      expect.objectContaining({ updatedByUserName: 'Setup Sam', updatedDate: updated.updatedDate, createdDate: store.createdDate }),
    );
  });

  it('a body cannot set them: they are ignored, as a read record sent back carries them (docs/http-api.md, "Round trips")', async () => {
    const res = await admin.post('/api/store', {
      name: 'Forged',
      storeTypeID: highStreet.storeTypeID,
      createdByUserName: 'Someone else',
      createdDate: '2001-01-01T00:00:00.000Z',
    });
    const created = expectStatus(res, 201).body.data;
    expect(created.createdByUserName).not.toBe('Someone else');
    expect(created.createdDate).not.toBe('2001-01-01T00:00:00.000Z');
  });
});

describe('user preferences: GET/PUT /api/user/userPreference/{group}/{name} with { value }', () => {
  const path = '/api/user/userPreference/TableColumns/stores';
  let other: TestUser;
  beforeAll(async () => {
    other = await createUser(t.http, admin, { areas: [] });
  });

  it('is null until saved, then answers the saved value; a second PUT replaces it', async () => {
    expect(expectStatus(await admin.get(path), 200).body.data.value).toBeNull();
    expect(expectStatus(await admin.put(path, { value: 'name,postCode' }), 200).body.data.value).toBe('name,postCode');
    expect(expectStatus(await admin.get(path), 200).body.data.value).toBe('name,postCode');
    expectStatus(await admin.put(path, { value: 'name' }), 200);
    expect((await admin.get(path)).body.data.value).toBe('name');
  });

  it('belongs to one user', async () => {
    await admin.put(path, { value: 'name,squareFeet' });
    expect((await other.api.get(path)).body.data.value).toBeNull();
    expectStatus(await other.api.put(path, { value: 'postCode' }), 200);
    expect((await admin.get(path)).body.data.value).toBe('name,squareFeet');
    expect((await other.api.get(path)).body.data.value).toBe('postCode');
  });

  it.each([
    ['a group with a space', '/api/user/userPreference/Table%20Columns/stores'],
    ['a name with a quote', '/api/user/userPreference/TableColumns/st%27ores'],
    ['a name over 50 characters', `/api/user/userPreference/TableColumns/${'n'.repeat(51)}`],
  ])('%s is a 400', async (_what, url) => {
    expectFailure(await admin.get(url));
    expectFailure(await admin.put(url, { value: 'x' }));
  });

  it.each([
    ['a number', { value: 5 }],
    ['no value', {}],
    ['an unknown field', { value: 'name', extra: 1 }],
    ['a value over 10000 characters', { value: 'x'.repeat(10_001) }],
    ['an array', ['name']],
    ['half a surrogate pair', { value: 'name\udc00' }],
    ['a control character', { value: 'name\u0000' }],
  ])('a body with %s is a 400 and saves nothing', async (_what, body) => {
    const url = '/api/user/userPreference/TableColumns/badBodies';
    expectFailure(await admin.put(url, body));
    expect((await admin.get(url)).body.data.value).toBeNull();
  });
});
