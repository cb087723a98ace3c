import {
  as,
  Client,
  createAccessProfile,
  createAnalysisField,
  createBand,
  createDiscount,
  createMetric,
  createMetricPart,
  createRateCard,
  createRateCardLine,
  createSaleType,
  createSkuType,
  createStore,
  createStoreType,
  createUser,
  expectFailure,
  expectStatus,
  login,
  Row,
  TestUser,
  unique,
} from '../support/api';
import { createRecLine, createRecSheet, orderNumber } from '../support/rec-fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';
import { UserPreference } from '../../src/modules/users/entities/user-preference.entity';

/**
 * Round trips (docs/http-api.md, "Round trips"): on every resource with PUT, a record as
 * `GET /api/<plural>?<idField>=<id>` answers it goes back with PUT unchanged but for the edited
 * field. Audit, id, computed and joined names in the body are ignored (never written); a name
 * the resource does not know is still a 400.
 */

let t: TestApp;
let admin: Client;
let adminName: string;
/** SystemSetup and UserSetup on every store: the editor, so updatedByUserName moves to them. */
let editor: TestUser;
let editorName: string;
let storeA: Row;
let storeB: Row;

interface Resource {
  singular: string;
  plural: string;
  idField: string;
  /** Every relation the list offers with fkJoins: the richest record GET answers. */
  fkJoins: string[];
  /** Creates one record (as the administrator) and answers its id. */
  make: () => Promise<number>;
  /** The field the user edits, and a new value for it. */
  edit: () => [string, unknown];
  /** Fields an edit moves besides the edited one (a sale's step: an edited sale is modified). */
  editMoves?: string[];
}

const named = (prefix: string) => (): [string, unknown] => ['name', unique(prefix)];

const RESOURCES: Resource[] = [
  { singular: 'storeType', plural: 'storeTypes', idField: 'storeTypeID', fkJoins: ['stores'], make: async () => (await createStoreType(admin)).storeTypeID, edit: named('Type') },
  {
    singular: 'store',
    plural: 'stores',
    idField: 'storeID',
    fkJoins: ['storeType'],
    make: async () => (await createStore(admin, { postCode: 'SW1A 1AA', squareFeet: 1200 })).storeID,
    edit: named('Store'),
  },
  {
    singular: 'saleType',
    plural: 'saleTypes',
    idField: 'saleTypeID',
    fkJoins: ['saleTypeStores', 'saleTypeStores.store'],
    make: async () => (await createSaleType(admin, { storeIDs: [storeA.storeID, storeB.storeID] })).saleTypeID,
    edit: named('Sale type'),
  },
  { singular: 'skuType', plural: 'skuTypes', idField: 'skuTypeID', fkJoins: [], make: async () => (await createSkuType(admin, { description: 'Phones' })).skuTypeID, edit: named('SKU type') },
  { singular: 'band', plural: 'bands', idField: 'bandID', fkJoins: [], make: async () => (await createBand(admin, { description: 'Top' })).bandID, edit: named('Band') },
  {
    singular: 'discount',
    plural: 'discounts',
    idField: 'discountID',
    fkJoins: ['discountStores', 'discountStores.store'],
    make: async () =>
      (
        await createDiscount(admin, {
          discountStores: [
            { storeID: storeA.storeID, enabled: true, revenueReductionIsFixed: true, revenueReductionFixed: 5, commissionReductionIsFixed: true, commissionReductionFixed: 1 },
            { storeID: storeB.storeID, enabled: false },
          ],
        })
      ).discountID,
    edit: named('Discount'),
  },
  {
    singular: 'analysisField',
    plural: 'analysisFields',
    idField: 'analysisFieldID',
    fkJoins: ['analysisListItems', 'analysisFieldStores', 'analysisFieldStores.store'],
    make: async () =>
      (
        await createAnalysisField(admin, {
          // A label of its own: without one it is the name's copy, which an edited name leaves as it was.
          label: 'Colour',
          analysisListItems: [{ code: 'A', description: 'First' }, { code: 'B' }],
          storeIDs: [storeA.storeID],
        })
      ).analysisFieldID,
    edit: named('Field'),
  },
  { singular: 'metric', plural: 'metrics', idField: 'metricID', fkJoins: [], make: async () => (await createMetric(admin)).metricID, edit: named('Metric') },
  { singular: 'metricPart', plural: 'metricParts', idField: 'metricPartID', fkJoins: [], make: async () => (await createMetricPart(admin)).metricPartID, edit: named('Part') },
  { singular: 'rateCard', plural: 'rateCards', idField: 'rateCardID', fkJoins: [], make: async () => (await createRateCard(admin)).rateCardID, edit: named('Rate card') },
  {
    singular: 'recImportTemplate',
    plural: 'recImportTemplates',
    idField: 'templateID',
    fkJoins: [],
    make: async () => expectStatus(await admin.post('/api/recImportTemplate', { name: unique('Supplier'), mappings: { 'Txn Date': 'saleDate', Amount: 'revenue' } }), 201).body.data.templateID,
    edit: named('Supplier'),
  },
  {
    singular: 'recMatchRule',
    plural: 'recMatchRules',
    idField: 'recMatchRuleID',
    fkJoins: [],
    make: async () => expectStatus(await admin.post('/api/recMatchRule', { rule: 'revenueWithin', toleranceAmount: 0.5 }), 201).body.data.recMatchRuleID,
    edit: () => ['toleranceAmount', 0.75],
    // The sentence names the tolerance.
    editMoves: ['description'],
  },
  { singular: 'recSheet', plural: 'recSheets', idField: 'recSheetID', fkJoins: [], make: async () => (await createRecSheet(admin)).recSheetID, edit: named('Sheet') },
  {
    singular: 'recSheetLine',
    plural: 'recSheetLines',
    idField: 'recSheetLineID',
    fkJoins: ['file', 'sale'],
    make: async () => {
      const sheet = await createRecSheet(admin);
      const line = await createRecLine(admin, { recSheetID: sheet.recSheetID, saleDate: '2015-03-02', storeName: storeA.name, orderRef: orderNumber(), sku: 'TRIP-1', description: 'Handset', revenue: 12.5 });
      return line.recSheetLineID;
    },
    edit: () => ['description', unique('Line')],
  },
  {
    singular: 'sale',
    plural: 'sales',
    idField: 'saleID',
    fkJoins: [],
    make: async () => {
      // This file's sales are dated 2015, on a card of its own in force then.
      const saleType = await createSaleType(admin, { storeIDs: [storeA.storeID] });
      const card = await createRateCard(admin, { fromDate: '2015-01-01' });
      const line = await createRateCardLine(admin, {
        rateCardID: card.rateCardID,
        saleTypeID: saleType.saleTypeID,
        rateCardLineStores: [{ storeID: storeA.storeID, active: true, revenue: 20, commission: 5 }],
      });
      const sale = expectStatus(
        await admin.post('/api/sale', {
          storeID: storeA.storeID,
          saleTypeID: saleType.saleTypeID,
          attributableToUserID: editor.userID,
          rateCardLineStoreID: line.rateCardLineStores[0].rateCardLineStoreID,
          saleDate: '2015-03-04',
          orderRef: '11112222333344445555',
          notes: 'First note',
        }),
        201,
      ).body.data;
      return sale.saleID;
    },
    edit: () => ['notes', unique('Note')],
    editMoves: ['currentHistoryID', 'currentHistoryStep'],
  },
  {
    singular: 'rateCardLine',
    plural: 'rateCardLines',
    idField: 'rateCardLineID',
    fkJoins: ['file', 'rateCardLineStores'],
    make: async () => {
      const saleType = await createSaleType(admin, { storeIDs: [storeA.storeID, storeB.storeID] });
      const line = await createRateCardLine(admin, {
        saleTypeID: saleType.saleTypeID,
        bandID: (await createBand(admin)).bandID,
        legacySKU: 'OLD-1',
        rateCardLineStores: [
          { storeID: storeA.storeID, active: true, revenue: 12.5, commission: 3.25, description: 'Store A own', customerRRP: 9.99 },
          { storeID: storeB.storeID, active: false, revenue: 1, commission: 0 },
        ],
      });
      return line.rateCardLineID;
    },
    edit: () => ['description', unique('Described')],
  },
  {
    singular: 'accessProfile',
    plural: 'accessProfiles',
    idField: 'accessProfileID',
    fkJoins: ['accessProfileStores', 'accessProfileStores.store', 'users'],
    make: async () => {
      const profile = await createAccessProfile(admin, { areas: ['RecordSales'], storeIDs: [storeA.storeID] });
      // A user on it, so the record answers with its users.
      await createUser(t.http, admin, { login: false, accessProfileID: profile.accessProfileID });
      return profile.accessProfileID;
    },
    edit: named('Profile'),
  },
  {
    singular: 'user',
    plural: 'users',
    idField: 'userID',
    fkJoins: [],
    make: async () => (await createUser(t.http, admin, { login: false, areas: ['RecordSales'], storeIDs: [storeA.storeID], storeID: storeA.storeID })).userID,
    edit: named('User'),
  },
  {
    singular: 'announcement',
    plural: 'announcements',
    idField: 'announcementID',
    fkJoins: ['file', 'announcementUsers'],
    make: async () => {
      const created = expectStatus(await admin.post('/api/announcement', { type: 'info', title: unique('Notice'), message: 'Hello', displayUntil: '2099-12-31', clickType: 'url', url: 'https://example.com/x' }), 201);
      const announcementID = created.body.data.announcementID;
      // A recipient, so the record answers with its users and counts.
      expectStatus(await admin.post('/api/announcementUser', { announcementID, userID: editor.userID }), 201);
      return announcementID;
    },
    edit: () => ['title', unique('Notice')],
  },
  {
    singular: 'rotaLine',
    plural: 'rotaLines',
    idField: 'rotaLineID',
    fkJoins: [],
    make: async () =>
      expectStatus(await admin.post('/api/rotaLine', { rotaDate: '2023-03-06', storeID: storeA.storeID, userID: editor.userID, notes: 'Opening' }), 201).body.data.rotaLineID,
    edit: () => ['notes', unique('Closing')],
    // Every change of a rota line writes a history entry, which becomes its current one.
    editMoves: ['currentHistoryID'],
  },
];

const AUDIT = ['createdByUserName', 'createdDate', 'updatedByUserName', 'updatedDate'];
const without = (row: Row, names: string[]) => Object.fromEntries(Object.entries(row).filter(([k]) => !names.includes(k)));

/** `value` with every occurrence of `was` (at any depth) replaced by `by`. */
function replaceValue(value: unknown, was: unknown, by: unknown): any { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (value === was) return by;
  if (Array.isArray(value)) return value.map((v) => replaceValue(v, was, by));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceValue(v, was, by)]));
  return value;
}

async function read(api: Client, r: Resource, id: number, fkJoins = r.fkJoins): Promise<Row> {
  const joins = fkJoins.length ? `&fkJoins=${fkJoins.join(',')}` : '';
  return expectStatus(await api.get(`/api/${r.plural}?${r.idField}=${id}${joins}`), 200).body.data;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  adminName = (await admin.get('/api/user/me')).body.data.name;
  storeA = await createStore(admin, { name: unique('Trip Store A') });
  storeB = await createStore(admin, { name: unique('Trip Store B'), storeTypeID: storeA.storeTypeID });
  editorName = unique('Editor');
  editor = await createUser(t.http, admin, { name: editorName, areas: ['SystemSetup', 'UserSetup', 'RecordSales', 'UpdateSales', 'RevenueReconciliation', 'Announce', 'RecordRotaLines'], storeIDs: [storeA.storeID, storeB.storeID] });
});
afterAll(() => t?.close());

it('covers every resource the API can PUT', () => {
  // Express 5 keeps its routes on `router` (4 had `_router`).
  const express = t.app.getHttpAdapter().getInstance();
  const layers = (express.router ?? express._router).stack as Array<{ route?: { path: string; methods: Record<string, boolean> } }>;
  // API routes only: the request logger's middleware ('{*path}', every method) and the bare '/api'
  // answer no resource.
  const puts = layers
    .filter((l) => l.route?.methods.put && l.route.path.startsWith('/api/') && !l.route.path.includes('{*'))
    .map((l) => l.route!.path.replace(/^\/api\//, ''));
  expect(puts.length).toBeGreaterThan(10);
  // The sale actions with their own PUT are not record saves (docs/http-api.md, "Sales").
  // So are reconciliation's actions (docs/http-api.md, "Auto and manual reconcile").
  const actions = [
    'sales/changeRateCardValidate',
    'sales/changeRateCard',
    'sale/:id/unreconcile',
    'recSheet/:id/autoRec',
    'autoRecRun/:id/undo',
    'recSheetLine/:lineId/recSale/:saleId/validate',
    'recSheetLine/:lineId/recSale/:saleId',
    // Approving many rota lines at once (docs/http-api.md, "Rota").
    'rotaLines/approve',
  ];
  // Grids saved whole, a list per store (and month): their round trips (a GET's rows sent back
  // unchanged) are in test/api/targets.e2e-spec.ts and test/api/daily-stats.e2e-spec.ts.
  const grids = ['targets/:storeID/:date', 'dailyStats/:storeID'];
  // A recipient's only fields are its keys (announcement and user); recipients are added and
  // removed, and their status is set by the user's own calls (test/api/announcements.e2e-spec.ts).
  const recipients = ['announcementUser/:id'];
  const covered = new Set([...RESOURCES.map((r) => `${r.singular}/:id`), 'user/userPreference/:group/:name', ...actions, ...grids, ...recipients]);
  expect(puts.filter((p) => !covered.has(p))).toEqual([]);
});

describe.each(RESOURCES)('$singular', (r) => {
  let id: number;
  beforeAll(async () => {
    id = await r.make();
  });

  it.each([
    ['with every fkJoin', r.fkJoins],
    ['without fkJoins', []],
  ])('goes back unchanged (%s)', async (_, fkJoins) => {
    const before = await read(admin, r, id, fkJoins as string[]);
    const saved = expectStatus(await editor.api.put(`/api/${r.singular}/${id}`, before), 200).body;
    expect(saved.validationResult).toEqual({ fail: false });
    const after = await read(admin, r, id, fkJoins as string[]);
    expect(without(after, ['updatedByUserName', 'updatedDate'])).toEqual(without(before, ['updatedByUserName', 'updatedDate']));
    expect(after.updatedByUserName).toBe(editorName);
  });

  it('changes the edited field only; audit fields are the server’s', async () => {
    const before = await read(admin, r, id);
    const [field, value] = r.edit();
    const sent = {
      ...before,
      [field]: value,
      createdByUserName: 'hacker',
      updatedByUserName: 'hacker',
      createdDate: '2001-01-01T00:00:00.000Z',
      updatedDate: '2001-01-01T00:00:00.000Z',
    };
    const saved = expectStatus(await editor.api.put(`/api/${r.singular}/${id}`, sent), 200).body.data;
    expect(saved[field]).toBe(value);
    const after = await read(admin, r, id);
    // The new value also shows where the record's own value shows (a nested row's copy of it).
    const edited = (row: Row, was: unknown) => replaceValue(without(row, ['updatedByUserName', 'updatedDate', ...(r.editMoves ?? [])]), was, '<edited>');
    expect(edited(after, value)).toEqual(edited(before, before[field]));
    expect(after[field]).toBe(value);
    expect(after.createdByUserName).toBe(adminName);
    expect(after.createdDate).toBe(before.createdDate);
    expect(after.updatedByUserName).toBe(editorName);
    expect(new Date(after.updatedDate).getTime()).toBeGreaterThanOrEqual(new Date(before.updatedDate).getTime());
    expect(after.updatedDate).not.toBe('2001-01-01T00:00:00.000Z');
  });

  it('refuses a name it does not know (400, nothing written)', async () => {
    const before = await read(admin, r, id);
    const [field, value] = r.edit();
    const failure = expectFailure(await editor.api.put(`/api/${r.singular}/${id}`, { ...before, [field]: value, colour: 'blue' }));
    expect(failure.failMessages).toEqual({ colour: 'Unknown field colour' });
    expect(await read(admin, r, id)).toEqual(before);
  });
});

describe('a user preference', () => {
  it('goes back as GET answers it; other names are a 400', async () => {
    const url = '/api/user/userPreference/tables/stores';
    expectStatus(await editor.api.put(url, { value: '{"columns":["name"]}' }), 200);
    const read1 = expectStatus(await editor.api.get(url), 200).body.data;
    expect(read1).toEqual({ group: 'tables', name: 'stores', value: '{"columns":["name"]}' });
    expectStatus(await editor.api.put(url, { ...read1, value: '{"columns":["name","postCode"]}' }), 200);
    expect(expectStatus(await editor.api.get(url), 200).body.data.value).toBe('{"columns":["name","postCode"]}');
    // The URL names the preference: a body's group and name are the read row's, never a move.
    expectStatus(await editor.api.put(url, { ...read1, group: 'other', name: 'elsewhere' }), 200);
    expect(expectStatus(await editor.api.get('/api/user/userPreference/other/elsewhere'), 200).body.data.value).toBeNull();
    expect(expectFailure(await editor.api.put(url, { ...read1, colour: 'blue' })).failMessages).toEqual({ colour: 'Unknown field colour' });
  });

  it('one never set goes back as GET answers it (value null), and null removes one that is set', async () => {
    const url = '/api/user/userPreference/g/z';
    const unset = expectStatus(await editor.api.get(url), 200).body.data;
    expect(unset).toEqual({ group: 'g', name: 'z', value: null });
    expect(expectStatus(await editor.api.put(url, unset), 200).body.data).toEqual(unset);
    expect(expectStatus(await editor.api.get(url), 200).body.data).toEqual(unset);
    expectStatus(await editor.api.put(url, { value: 'kept' }), 200);
    expect(expectStatus(await editor.api.put(url, { value: null }), 200).body.data).toEqual(unset);
    expect(expectStatus(await editor.api.get(url), 200).body.data).toEqual(unset);
    expect(await t.dataSource.getRepository(UserPreference).countBy({ userID: editor.userID, group: 'g', name: 'z' })).toBe(0);
  });
});
