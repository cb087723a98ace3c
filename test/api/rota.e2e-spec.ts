import { as, Client, createAccessProfile, createStore, createUser, expectFailure, expectStatus, login, Row, TestUser } from '../support/api';
import { refused, refusedOn } from '../support/refusals';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * Rota lines (docs/http-api.md, "Rota"): defaults, 5-minute times, paid hours, steps and who
 * moves them, history through the common history, repeats in one transaction, approval of many,
 * store scope, one's own lines only and their viewed marking, bad input. Dates are weeks of 2023
 * (2023-03-06 is a Monday).
 */

let t: TestApp;
let admin: Client;
let storeA: Row;
let storeB: Row;
/** RecordRotaLines at store A. */
let planner: TestUser;
/** ApproveRotaLines at store A. */
let approver: TestUser;
/** No rota area, store A: sees their own lines. */
let staff: TestUser;
let staff2: TestUser;
/** RecordRotaLines at store B only. */
let plannerB: TestUser;
/** Works at store B only. */
let staffB: TestUser;

const MON = '2023-03-06';
const BITS = { sun: 1, mon: 2, tue: 4, wed: 8, thu: 16, fri: 32, sat: 64 };

async function plan(body: Row, as: Client = planner.api): Promise<Row> {
  return expectStatus(await as.post('/api/rotaLine', { storeID: storeA.storeID, userID: staff.userID, rotaDate: MON, ...body }), 201).body;
}

async function history(id: number): Promise<Row[]> {
  return expectStatus(await admin.get(`/api/histories?documentType=rotaLine&documentID=${id}`), 200).body.listData;
}

async function lines(query: string, as: Client = planner.api): Promise<Row[]> {
  return expectStatus(await as.get(`/api/rotaLines?pageLength=500&${query}`), 200).body.listData;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  storeA = await createStore(admin);
  storeB = await createStore(admin);
  planner = await createUser(t.http, admin, { areas: ['RecordRotaLines'], storeIDs: [storeA.storeID] });
  approver = await createUser(t.http, admin, { areas: ['ApproveRotaLines'], storeIDs: [storeA.storeID] });
  staff = await createUser(t.http, admin, { areas: [], storeIDs: [storeA.storeID] });
  staff2 = await createUser(t.http, admin, { areas: [], storeIDs: [storeA.storeID] });
  plannerB = await createUser(t.http, admin, { areas: ['RecordRotaLines'], storeIDs: [storeB.storeID] });
  staffB = await createUser(t.http, admin, { areas: [], storeIDs: [storeB.storeID] });
});
afterAll(() => t?.close());

describe('a new line', () => {
  it('starts in planning, 09:00 to 17:00, a shift, 8 paid hours, with a Created history entry', async () => {
    const { data, repeatedRotaLineIDs } = await plan({});
    expect(data).toEqual(
      expect.objectContaining({
        rotaDate: `${MON}T00:00:00.000Z`,
        plannedFrom: '09:00',
        plannedTo: '17:00',
        currentHistoryStep: 'planning',
        rotaLineTypeID: 1,
        rotaLineTypeName: 'Shift',
        userName: staff.data.name,
        storeName: storeA.name,
        plannedHours: 8,
        unpaidHours: 0,
        paidHours: 8,
        viewedByUser: false,
        repeatUsers: [],
        repeatDays: 0,
      }),
    );
    expect(repeatedRotaLineIDs).toEqual([]);
    const entries = await history(data.rotaLineID);
    expect(entries.map((e) => [e.step, e.description])).toEqual([['planning', 'Created']]);
    expect(data.currentHistoryID).toBe(entries[0].historyID);
  });

  it('paid hours are the planned hours minus the unpaid hours, on every row', async () => {
    const { data } = await plan({ rotaDate: '2023-03-07', plannedFrom: '08:30', plannedTo: '17:15', unpaidHours: 0.75 });
    expect([data.plannedHours, data.paidHours]).toEqual([8.75, 8]);
    const [row] = (await lines(`rotaLineID=${data.rotaLineID}`)).filter((r) => r.rotaLineID === data.rotaLineID);
    expect(row.paidHours).toBe(8);
  });

  it('may start as planned (planning, then planned in the history)', async () => {
    const { data } = await plan({ rotaDate: '2023-03-08', newStep: 'planned' });
    expect(data.currentHistoryStep).toBe('planned');
    expect((await history(data.rotaLineID)).map((e) => e.step)).toEqual(['planning', 'planned']);
  });

  it.each([
    ['a time off the 5-minute step', { plannedFrom: '09:03' }, ['plannedFrom']],
    ['an hour without its leading zero', { plannedTo: '9:00' }, ['plannedTo']],
    ['24:00', { plannedTo: '24:00' }, ['plannedTo']],
    ['a time as a number', { plannedFrom: 900 }, ['plannedFrom']],
    ['to before from', { plannedFrom: '17:00', plannedTo: '09:00' }, ['plannedTo']],
    ['to equal to from', { plannedFrom: '10:00', plannedTo: '10:00' }, ['plannedTo']],
    ['unpaid hours above the planned hours', { plannedFrom: '09:00', plannedTo: '12:00', unpaidHours: 3.5 }, ['unpaidHours']],
    ['unpaid hours with 3 decimals', { unpaidHours: 0.125 }, ['unpaidHours']],
    ['negative unpaid hours', { unpaidHours: -1 }, ['unpaidHours']],
    ['an unknown line type', { rotaLineTypeID: 9 }, ['rotaLineTypeID']],
    ['a user who does not work at the store', { userID: 0 }, ['userID']],
    ['no date', { rotaDate: undefined }, ['rotaDate']],
    ['a date that is not a day', { rotaDate: '2023-02-30' }, ['rotaDate']],
    ['an unknown field', { colour: 'red' }, ['colour']],
    ['repeat days beyond a week', { repeatDays: 128 }, ['repeatDays']],
    ['repeat users as text', { repeatUsers: '5' }, ['repeatUsers']],
    ['worked times on a new line', { workedFrom: '09:00', workedTo: '17:00' }, ['workedFrom']],
    ['a new line that is approved', { newStep: 'approved' }, ['newStep']],
  ])('%s is a 400 that writes nothing', async (_name, change, fields) => {
    const body: Row = { storeID: storeA.storeID, userID: staff.userID, rotaDate: '2023-03-09', ...change };
    if ((change as Row).userID === 0) body.userID = staffB.userID;
    await refusedOn(t, fields, () => planner.api.post('/api/rotaLine', body));
  });

  it('a user of another store is refused, and so is a repeat user of another store, nothing copied', async () => {
    await refusedOn(t, ['userID'], () => planner.api.post('/api/rotaLine', { storeID: storeA.storeID, userID: staffB.userID, rotaDate: MON }));
    await refusedOn(t, ['repeatUsers'], () =>
      planner.api.post('/api/rotaLine', { storeID: storeA.storeID, userID: staff2.userID, rotaDate: MON, repeatUsers: [staffB.userID], repeatDays: BITS.tue }),
    );
  });
});

describe('one person, one place at a time', () => {
  it("a line may not overlap another of the user's lines that day, at any store; touching ends may; repeats skip such days", async () => {
    const floater = await createUser(t.http, admin, { areas: [], storeIDs: [storeA.storeID, storeB.storeID] });
    const day = '2023-05-09';
    await plan({ userID: floater.userID, rotaDate: day, plannedFrom: '09:00', plannedTo: '17:00' });
    const atB = { storeID: storeB.storeID, userID: floater.userID, rotaDate: day };
    // Planner B cannot see store A's line: the refusal says where and when it is (nothing else of it).
    const clash = await refusedOn(t, ['plannedFrom'], () => plannerB.api.post('/api/rotaLine', { ...atB, plannedFrom: '12:00', plannedTo: '20:00' }));
    expect(clash.failMessages.plannedFrom).toBe(`Overlaps their 09:00–17:00 shift at ${storeA.name} on 09/05/2023`);
    await refusedOn(t, ['plannedFrom'], () =>
      planner.api.post('/api/rotaLine', { storeID: storeA.storeID, userID: floater.userID, rotaDate: day, plannedFrom: '16:55', plannedTo: '18:00' }),
    );
    expectStatus(await plannerB.api.post('/api/rotaLine', { ...atB, plannedFrom: '17:00', plannedTo: '21:00' }), 201);
    // Monday at store B, repeated to Tuesday (taken 09:00-17:00 at A: overlapping) and Wednesday (free).
    const res = expectStatus(
      await plannerB.api.post('/api/rotaLine', {
        storeID: storeB.storeID,
        userID: floater.userID,
        rotaDate: '2023-05-08',
        plannedFrom: '10:00',
        plannedTo: '14:00',
        repeatDays: BITS.tue | BITS.wed,
      }),
      201,
    ).body;
    expect(res.repeatedRotaLineIDs).toHaveLength(1);
    const floaterLines = await lines(`userID=${floater.userID}&storeID=${storeB.storeID}&rotaDateGEQ=2023-05-08&rotaDateLEQ=2023-05-14`, plannerB.api);
    expect(floaterLines.map((r) => `${r.rotaDate.slice(0, 10)} ${r.plannedFrom}`).sort()).toEqual(['2023-05-08 10:00', '2023-05-09 17:00', '2023-05-10 10:00']);
  });
});

describe('sellers only (docs/decisions.md, issue 26)', () => {
  it("a user of the store whose profile does not sell is not planned (a rota's rows are the store's sellers)", async () => {
    const profile = await createAccessProfile(admin, { areas: ['UserSetup'], storeIDs: [storeA.storeID], sells: false });
    const headOffice = await createUser(t.http, admin, { login: false, accessProfileID: profile.accessProfileID });
    await refusedOn(t, ['userID'], () => planner.api.post('/api/rotaLine', { storeID: storeA.storeID, userID: headOffice.userID, rotaDate: '2023-05-16' }));
  });
});

describe('store scope and areas', () => {
  it('a store outside the profile is a 403, a line outside it a 404, and it is not listed', async () => {
    await refused(t, () => plannerB.api.post('/api/rotaLine', { storeID: storeA.storeID, userID: staff.userID, rotaDate: MON }), 403);
    const { data } = await plan({ rotaDate: '2023-03-10' });
    await refused(t, () => plannerB.api.put(`/api/rotaLine/${data.rotaLineID}`, { notes: 'x' }), 404);
    await refused(t, () => plannerB.api.delete(`/api/rotaLine/${data.rotaLineID}`), 404);
    expect((await lines('', plannerB.api)).map((r) => r.rotaLineID)).not.toContain(data.rotaLineID);
    await refused(t, () => planner.api.put(`/api/rotaLine/${data.rotaLineID}`, { storeID: storeB.storeID }), 403);
  });

  it('planning needs RecordRotaLines; approving needs ApproveRotaLines; plain users may not write', async () => {
    await refused(t, () => approver.api.post('/api/rotaLine', { storeID: storeA.storeID, userID: staff.userID, rotaDate: MON }), 403);
    await refused(t, () => staff.api.post('/api/rotaLine', { storeID: storeA.storeID, userID: staff.userID, rotaDate: MON }), 403);
    const { data } = await plan({ rotaDate: '2023-03-11', newStep: 'planned' });
    await refused(t, () => approver.api.put(`/api/rotaLine/${data.rotaLineID}`, { notes: 'changed' }), 403);
    await refused(t, () => planner.api.put(`/api/rotaLine/${data.rotaLineID}`, { newStep: 'approved' }), 403);
    await refused(t, () => staff.api.put(`/api/rotaLine/${data.rotaLineID}`, { newStep: 'approved' }), 403);
    await refused(t, () => staff.api.delete(`/api/rotaLine/${data.rotaLineID}`), 403);
    await refused(t, () => planner.api.put('/api/rotaLines/approve', { rotaLineIDs: [data.rotaLineID] }), 403);
  });
});

describe('steps and history', () => {
  it('planning -> planned -> approved -> worked, each move with its area and a history entry', async () => {
    const { data } = await plan({ rotaDate: '2023-03-13' });
    const id = data.rotaLineID;
    const put = (api: Client, body: Row) => api.put(`/api/rotaLine/${id}`, body);
    expect(expectStatus(await put(planner.api, { ...data, newStep: 'planned', notes: 'Opening' }), 200).body.data.currentHistoryStep).toBe('planned');
    await refusedOn(t, ['newStep'], () => put(approver.api, { newStep: 'worked' }));
    expect(expectStatus(await put(approver.api, { newStep: 'approved' }), 200).body.data.currentHistoryStep).toBe('approved');
    await refused(t, () => put(planner.api, { notes: 'too late' }));
    await refused(t, () => planner.api.delete(`/api/rotaLine/${id}`));
    await refusedOn(t, ['workedFrom'], () => put(approver.api, { newStep: 'worked' }));
    await refusedOn(t, ['workedTo'], () => put(approver.api, { newStep: 'worked', workedFrom: '09:00', workedTo: '08:00' }));
    await refusedOn(t, ['workedFrom'], () => put(approver.api, { newStep: 'worked', workedFrom: '09:07', workedTo: '17:00' }));
    const worked = expectStatus(await put(approver.api, { newStep: 'worked', workedFrom: '09:05', workedTo: '17:10' }), 200).body.data;
    expect([worked.currentHistoryStep, worked.workedFrom, worked.workedTo]).toEqual(['worked', '09:05', '17:10']);
    const entries = await history(id);
    expect(entries.map((e) => [e.step, e.description])).toEqual([
      ['planning', 'Created'],
      ['planned', 'Planned; Changed notes'],
      ['approved', 'Approved'],
      ['worked', 'Worked; Changed worked from, worked to'],
    ]);
    expect(entries.map((e) => e.createdByUserName)).toEqual([planner.data.name, planner.data.name, approver.data.name, approver.data.name]);
    expect(worked.currentHistoryID).toBe(entries[3].historyID);
  });

  it('a save that changes nothing writes no history; planning cannot jump to approved', async () => {
    const { data } = await plan({ rotaDate: '2023-03-14' });
    expectStatus(await planner.api.put(`/api/rotaLine/${data.rotaLineID}`, data), 200);
    expect(await history(data.rotaLineID)).toHaveLength(1);
    const approverToo = await createUser(t.http, admin, { areas: ['ApproveRotaLines', 'RecordRotaLines'], storeIDs: [storeA.storeID] });
    await refusedOn(t, ['newStep'], () => approverToo.api.put(`/api/rotaLine/${data.rotaLineID}`, { newStep: 'approved' }));
  });

  it('a planned line can be deleted by its planner', async () => {
    const { data } = await plan({ rotaDate: '2023-03-15', newStep: 'planned' });
    expectStatus(await planner.api.delete(`/api/rotaLine/${data.rotaLineID}`), 200);
    expect(await lines(`rotaLineID=${data.rotaLineID}`).catch(() => [])).toEqual([]);
  });

  it('approving many: all planned lines move together, or none when one is not planned', async () => {
    const a = (await plan({ userID: staff.userID, rotaDate: '2023-03-20', newStep: 'planned' })).data;
    const b = (await plan({ userID: staff2.userID, rotaDate: '2023-03-20', newStep: 'planned' })).data;
    const c = (await plan({ userID: staff2.userID, rotaDate: '2023-03-21' })).data;
    const failure = await refused(t, () => approver.api.put('/api/rotaLines/approve', { rotaLineIDs: [a.rotaLineID, b.rotaLineID, c.rotaLineID] }));
    expect(failure.failMessages.rotaLineIDs).toContain(`${c.rotaLineID} is planning`);
    await refused(t, () => approver.api.put('/api/rotaLines/approve', { rotaLineIDs: [] }));
    await refused(t, () => approver.api.put('/api/rotaLines/approve', {}));
    const res = expectStatus(await approver.api.put('/api/rotaLines/approve', { rotaLineIDs: [a.rotaLineID, b.rotaLineID] }), 200);
    expect(res.body.listData.map((r: Row) => r.currentHistoryStep)).toEqual(['approved', 'approved']);
    expect((await history(b.rotaLineID)).map((e) => e.description)).toEqual(['Created', 'Planned', 'Approved']);
  });
});

describe('repeats', () => {
  it('copy the line to other users and weekdays of its week in one save, each copy with history', async () => {
    const mondayToFriday = BITS.mon | BITS.tue | BITS.wed | BITS.thu | BITS.fri;
    const res = await plan({
      rotaDate: '2023-03-27',
      userID: staff.userID,
      plannedFrom: '10:00',
      plannedTo: '14:30',
      notes: 'Late',
      newStep: 'planned',
      repeatUsers: [staff2.userID],
      repeatDays: mondayToFriday,
    });
    expect(res.repeatedRotaLineIDs).toHaveLength(9);
    const week = await lines(`storeID=${storeA.storeID}&rotaDateGEQ=2023-03-27&rotaDateLEQ=2023-04-02`);
    expect(week).toHaveLength(10);
    expect(new Set(week.map((r) => `${r.userID} ${r.rotaDate.slice(0, 10)}`)).size).toBe(10);
    expect(week.every((r) => r.plannedFrom === '10:00' && r.plannedTo === '14:30' && r.notes === 'Late' && r.currentHistoryStep === 'planned')).toBe(true);
    expect(
      week
        .map((r) => r.rotaDate.slice(0, 10))
        .sort()
        .at(-1),
    ).toBe('2023-03-31');
    const copy = week.find((r) => r.rotaLineID === res.repeatedRotaLineIDs[0])!;
    expect([copy.repeatUsers, copy.repeatDays]).toEqual([[], 0]);
    expect((await history(copy.rotaLineID)).map((e) => e.description)).toEqual([`Repeated from rota line ${res.data.rotaLineID}`]);
    expect(res.data.repeatUsers).toEqual([staff2.userID]);
    // Sent back as read, the line copies nothing again.
    const again = expectStatus(await planner.api.put(`/api/rotaLine/${res.data.rotaLineID}`, res.data), 200).body;
    expect(again.repeatedRotaLineIDs).toEqual([]);
    expect(await lines(`storeID=${storeA.storeID}&rotaDateGEQ=2023-03-27&rotaDateLEQ=2023-04-02`)).toHaveLength(10);
  });

  it('a repeat added on edit copies only to days the user has no line on, in one transaction', async () => {
    const { data } = await plan({ rotaDate: '2023-04-03', userID: staff.userID });
    await plan({ rotaDate: '2023-04-05', userID: staff.userID, plannedFrom: '12:00' });
    const res = expectStatus(await planner.api.put(`/api/rotaLine/${data.rotaLineID}`, { repeatDays: BITS.tue | BITS.wed | BITS.sun }), 200).body;
    expect(res.repeatedRotaLineIDs).toHaveLength(2);
    const week = await lines(`userID=${staff.userID}&rotaDateGEQ=2023-04-03&rotaDateLEQ=2023-04-09`);
    expect(week.map((r) => `${r.rotaDate.slice(0, 10)} ${r.plannedFrom}`).sort()).toEqual([
      '2023-04-03 09:00',
      '2023-04-04 09:00',
      '2023-04-05 12:00',
      '2023-04-09 09:00',
    ]);
  });

  it('are refused on approved lines', async () => {
    const { data } = await plan({ rotaDate: '2023-04-10', newStep: 'planned' });
    expectStatus(await approver.api.put(`/api/rotaLine/${data.rotaLineID}`, { newStep: 'approved' }), 200);
    const both = await createUser(t.http, admin, { areas: ['ApproveRotaLines', 'RecordRotaLines'], storeIDs: [storeA.storeID] });
    await refusedOn(t, ['repeatDays'], () => both.api.put(`/api/rotaLine/${data.rotaLineID}`, { repeatDays: BITS.tue }));
  });
});

describe('own lines and viewed', () => {
  it('a user without a rota area sees only their own lines past planning, and reading marks them viewed', async () => {
    const own = (await plan({ userID: staff2.userID, rotaDate: '2023-05-01', newStep: 'planned' })).data;
    const draft = (await plan({ userID: staff2.userID, rotaDate: '2023-05-02' })).data;
    const other = (await plan({ userID: staff.userID, rotaDate: '2023-05-01', newStep: 'planned' })).data;
    // The planner reading it does not mark it viewed.
    expect((await lines('rotaDate=2023-05-01')).find((r) => r.rotaLineID === own.rotaLineID)!.viewedByUser).toBe(false);
    const seen = await lines('rotaDateGEQ=2023-05-01&rotaDateLEQ=2023-05-07', staff2.api);
    expect(seen.map((r) => r.rotaLineID)).toEqual([own.rotaLineID]);
    expect(seen[0].viewedByUser).toBe(true);
    expect(new Date(seen[0].viewedByUserDate).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const stored = (await lines('rotaDate=2023-05-01')).find((r) => r.rotaLineID === own.rotaLineID)!;
    expect(stored.viewedByUser).toBe(true);
    expect((await history(own.rotaLineID)).at(-1)).toEqual(expect.objectContaining({ step: 'planned', description: `Viewed by ${staff2.data.name}` }));
    // Read again: no second entry.
    await lines('rotaDate=2023-05-01', staff2.api);
    expect((await history(own.rotaLineID)).filter((e) => e.description.startsWith('Viewed'))).toHaveLength(1);
    expect((await lines('rotaDate=2023-05-02')).find((r) => r.rotaLineID === draft.rotaLineID)!.viewedByUser).toBe(false);
    expect((await lines('rotaDate=2023-05-01')).find((r) => r.rotaLineID === other.rotaLineID)!.viewedByUser).toBe(false);
    expectFailure(await staff2.api.get(`/api/rotaLines?rotaLineID=${other.rotaLineID}`), 404);
    // The history of a line is read by whoever may read the line.
    expectStatus(await staff2.api.get(`/api/histories?documentType=rotaLine&documentID=${own.rotaLineID}`), 200);
    expectFailure(await staff2.api.get(`/api/histories?documentType=rotaLine&documentID=${other.rotaLineID}`), 404);
    expectFailure(await plannerB.api.get(`/api/histories?documentType=rotaLine&documentID=${own.rotaLineID}`), 404);
  });

  it('the list filters by store, user, date range and step, and refuses unknown filters', async () => {
    const planned = await lines(`storeID=${storeA.storeID}&userID=${staff2.userID}&rotaDateGEQ=2023-03-20&rotaDateLEQ=2023-03-26&currentHistoryStep=approved`);
    expect(planned.map((r) => [r.rotaDate.slice(0, 10), r.currentHistoryStep])).toEqual([['2023-03-20', 'approved']]);
    expectFailure(await planner.api.get('/api/rotaLines?currentHistoryStep=nonsense'));
    expectFailure(await planner.api.get('/api/rotaLines?colour=red'));
    expect(expectStatus(await planner.api.get('/api/rotaLineTypes'), 200).body.listData.map((r: Row) => r.name)).toEqual([
      'Shift',
      'Training',
      'Holiday',
      'Sick',
    ]);
  });
});
