import {
  as,
  Client,
  createBand,
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
import ExcelJS from 'exceljs';
import { RateCardLineStore } from '../../src/modules/rate-cards/entities';
import { RateCardLinesService } from '../../src/modules/rate-cards/lines/rate-card-lines.service';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * Rate card lines, line stores and the compare (docs/http-api.md, "Rate cards (issue 4)"): the
 * save rules, list filters and formats, the latest-line query, bulk delete, store scope, the
 * compare, the bulk write used by the upload, and bad input.
 */

let t: TestApp;
let admin: Client;
let storeA: Row;
let storeB: Row;
let storeC: Row;
/** Offered in A and B (not C). */
let saleType: Row;
let skuType: Row;
let band: Row;
let card: Row;
/** Store A only, no areas. */
let userA: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  storeA = await createStore(admin, { name: 'Line A' });
  storeB = await createStore(admin, { name: 'Line B', storeTypeID: storeA.storeTypeID });
  storeC = await createStore(admin, { name: 'Line C', storeTypeID: storeA.storeTypeID });
  saleType = await createSaleType(admin, { storeIDs: [storeA.storeID, storeB.storeID] });
  skuType = await createSkuType(admin, { excludeDiscount: true });
  band = await createBand(admin);
  card = await createRateCard(admin);
  userA = await createUser(t.http, admin, { areas: [], storeIDs: [storeA.storeID] });
});
afterAll(() => t?.close());

const line = (body: Row = {}) =>
  createRateCardLine(admin, { rateCardID: card.rateCardID, saleTypeID: saleType.saleTypeID, skuTypeID: skuType.skuTypeID, ...body });

describe('saving a line', () => {
  it('answers the full row with names, file and stores', async () => {
    const saved = await line({
      sku: 'IP16-128-BLK',
      description: 'iPhone 16 128GB Black',
      customerRRP: 99.99,
      customerMonthly: 45.5,
      contractMonths: 36,
      bandID: band.bandID,
      legacySKU: 'OLD-1',
      rateCardLineStores: [
        { storeID: storeB.storeID, active: true, revenue: 120.5, commission: 20 },
        { storeID: storeA.storeID, active: true, revenue: 110, commission: 15.25 },
      ],
    });
    expect(saved).toEqual(
      expect.objectContaining({
        rateCardID: card.rateCardID,
        rateCardName: card.name,
        rateCardFromDate: card.fromDate,
        saleTypeID: saleType.saleTypeID,
        saleTypeName: saleType.name,
        sku: 'IP16-128-BLK',
        skuTypeName: skuType.name,
        excludeDiscount: true,
        customerRRP: 99.99,
        customerMonthly: 45.5,
        contractMonths: 36,
        bandID: band.bandID,
        bandName: band.name,
        legacySKU: 'OLD-1',
        fileID: null,
        file: null,
      }),
    );
    expect(saved.rateCardLineStores).toEqual([
      {
        rateCardLineStoreID: expect.any(Number),
        rateCardLineID: saved.rateCardLineID,
        storeID: storeA.storeID,
        storeName: 'Line A',
        active: true,
        revenue: 110,
        commission: 15.25,
        sku: 'IP16-128-BLK',
        description: 'iPhone 16 128GB Black',
        customerRRP: 99.99,
        customerMonthly: 45.5,
        excludeDiscount: true,
        overrides: [],
      },
      expect.objectContaining({ storeID: storeB.storeID, revenue: 120.5, commission: 20 }),
    ]);
  });

  it('drop-or-inactive: an unticked store with revenue and commission both 0 is dropped, otherwise kept inactive', async () => {
    const saved = await line({
      rateCardLineStores: [
        { storeID: storeA.storeID, active: false, revenue: 0, commission: 0 },
        { storeID: storeB.storeID, active: false, revenue: 5, commission: 0 },
      ],
    });
    expect(saved.rateCardLineStores.map((s: Row) => [s.storeID, s.active])).toEqual([[storeB.storeID, false]]);
    const idB = saved.rateCardLineStores[0].rateCardLineStoreID;
    // Unticking a kept store with 0 and 0 drops it; the other keeps its id.
    const next = expectStatus(
      await admin.put(`/api/rateCardLine/${saved.rateCardLineID}`, {
        ...pick(saved),
        rateCardLineStores: [
          { storeID: storeA.storeID, active: true, revenue: 1, commission: 1 },
          { storeID: storeB.storeID, active: false, revenue: 0, commission: 0 },
        ],
      }),
      200,
    ).body.data;
    expect(next.rateCardLineStores.map((s: Row) => [s.storeID, s.active])).toEqual([[storeA.storeID, true]]);
    const again = expectStatus(
      await admin.put(`/api/rateCardLine/${saved.rateCardLineID}`, {
        ...pick(saved),
        rateCardLineStores: [{ storeID: storeA.storeID, active: false, revenue: 0, commission: 0.01 }],
      }),
      200,
    ).body.data;
    expect(again.rateCardLineStores).toEqual([expect.objectContaining({ storeID: storeA.storeID, active: false, commission: 0.01 })]);
    expect(again.rateCardLineStores[0].rateCardLineStoreID).toBe(next.rateCardLineStores[0].rateCardLineStoreID);
    expect(idB).toEqual(expect.any(Number));
  });

  it('sku is unique per card and sale type, ignoring case', async () => {
    await line({ sku: 'UNIQ-1' });
    const res = expectFailure(
      await admin.post('/api/rateCardLine', { rateCardID: card.rateCardID, saleTypeID: saleType.saleTypeID, skuTypeID: skuType.skuTypeID, sku: 'uniq-1' }),
    );
    expect(res.failMessages.sku).toBe('SKU already on this rate card for this sale type');
    // Another sale type or card may hold it.
    const other = await createSaleType(admin, { storeIDs: [storeA.storeID] });
    await line({ sku: 'UNIQ-1', saleTypeID: other.saleTypeID });
    await line({ sku: 'UNIQ-1', rateCardID: (await createRateCard(admin)).rateCardID });
    // Saving a line with its own SKU is fine.
    const own = await line({ sku: 'UNIQ-2' });
    expectStatus(await admin.put(`/api/rateCardLine/${own.rateCardLineID}`, { ...pick(own), sku: 'Uniq-2' }), 200);
    expect(expectFailure(await admin.put(`/api/rateCardLine/${own.rateCardLineID}`, { ...pick(own), sku: 'UNIQ-1' })).failMessages.sku).toBeDefined();
  });

  it('stores must offer the sale type, exist, and appear once', async () => {
    const before = await t.tableCounts();
    const base = { rateCardID: card.rateCardID, saleTypeID: saleType.saleTypeID, skuTypeID: skuType.skuTypeID, sku: 'STORES-1' };
    let res = expectFailure(
      await admin.post('/api/rateCardLine', { ...base, rateCardLineStores: [{ storeID: storeC.storeID, active: true, revenue: 1, commission: 1 }] }),
    );
    expect(res.failMessages['rateCardLineStores.0.storeID']).toBe('The sale type is not offered at this store');
    res = expectFailure(await admin.post('/api/rateCardLine', { ...base, rateCardLineStores: [{ storeID: 9999999, revenue: 1 }] }));
    expect(res.failMessages['rateCardLineStores.0.storeID']).toBe('Choose a store that exists');
    res = expectFailure(await admin.post('/api/rateCardLine', { ...base, rateCardLineStores: [{ storeID: storeA.storeID }, { storeID: storeA.storeID }] }));
    expect(res.failMessages['rateCardLineStores.1.storeID']).toBeDefined();
    expect(await t.tableCounts()).toEqual(before);
  });

  it('references must exist', async () => {
    const base = { rateCardID: card.rateCardID, saleTypeID: saleType.saleTypeID, skuTypeID: skuType.skuTypeID, sku: 'REF-1' };
    for (const [field, value] of [
      ['rateCardID', 9999999],
      ['saleTypeID', 9999999],
      ['skuTypeID', 9999999],
      ['bandID', 9999999],
    ] as const) {
      expect(expectFailure(await admin.post('/api/rateCardLine', { ...base, [field]: value })).failMessages).toHaveProperty(field);
    }
  });

  it('a copy is a POST of a read row with fileID null', async () => {
    const original = await line({ sku: 'COPY-1', rateCardLineStores: [{ storeID: storeA.storeID, active: true, revenue: 3, commission: 1 }] });
    const other = await createRateCard(admin);
    const { rateCardLineStores, ...rest } = pick(original);
    const copy = expectStatus(
      await admin.post('/api/rateCardLine', {
        ...rest,
        rateCardID: other.rateCardID,
        fileID: null,
        rateCardLineStores: original.rateCardLineStores.map(({ storeName: _n, rateCardLineID: _l, ...s }: Row) => s),
      }),
      201,
    ).body.data;
    expect(copy.rateCardLineID).not.toBe(original.rateCardLineID);
    expect(copy.rateCardLineStores).toEqual([expect.objectContaining({ storeID: storeA.storeID, revenue: 3 })]);
    expect(copy.rateCardLineStores[0].rateCardLineStoreID).not.toBe(original.rateCardLineStores[0].rateCardLineStoreID);
    expect(rateCardLineStores).toBeDefined();
  });

  it("only the upload sets the file: a fileID in a POST is ignored (a copy has none), a PUT keeps the line's", async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Lines').addRow(['SKU']);
    const upload = await admin.post('/api/file/rateCards/xlsx').attach('file', Buffer.from(await book.xlsx.writeBuffer()), { filename: 'lines.xlsx' });
    const fileID = expectStatus(upload, 201).body.data.fileID;
    const c = await createRateCard(admin);
    // A line as the upload writes it: with its file.
    await t.app.get(RateCardLinesService).writeLines(
      c.rateCardID,
      saleType.saleTypeID,
      [
        {
          sku: 'FROM-FILE',
          skuTypeID: skuType.skuTypeID,
          description: 'Uploaded',
          customerRRP: 0,
          customerMonthly: 0,
          contractMonths: 0,
          bandID: null,
          legacySKU: null,
          stores: [],
        },
      ],
      fileID,
      { name: 'Uploader' },
    );
    const uploaded = expectStatus(await admin.get(`/api/rateCardLines?rateCardID=${c.rateCardID}&sku=FROM-FILE&fkJoins=file`), 200).body.listData[0];
    expect(uploaded.file).toEqual({ fileID, originalName: 'lines.xlsx' });

    // The read row posted back as a copy, file and all: the copy has no file.
    const copy = expectStatus(await admin.post('/api/rateCardLine', { ...pick(uploaded), sku: 'COPIED' }), 201).body.data;
    expect([copy.fileID, copy.file]).toEqual([null, null]);
    // Any id is ignored, even one that is no file; a wrong type is still a 400.
    expect((await line({ sku: 'NO-FILE', fileID: 9999999 })).fileID).toBeNull();
    expect(expectFailure(await admin.post('/api/rateCardLine', { ...pick(copy), sku: 'BAD-FILE', fileID: 'x' })).failMessages).toHaveProperty('fileID');
    // An edit keeps the line's file, whatever is sent.
    for (const sent of [null, 9999999, undefined]) {
      const edited = expectStatus(
        await admin.put(`/api/rateCardLine/${uploaded.rateCardLineID}`, { ...pick(uploaded), description: `Edited ${sent}`, fileID: sent }),
        200,
      ).body.data;
      expect(edited.file).toEqual({ fileID, originalName: 'lines.xlsx' });
    }
    expect(expectStatus(await admin.put(`/api/rateCardLine/${copy.rateCardLineID}`, { ...pick(copy), fileID }), 200).body.data.fileID).toBeNull();
  });

  it("legacySKU follows the upload's rule for it: the SKU alphabet, up to 25 characters", async () => {
    expect((await line({ sku: 'LEG-1', legacySKU: ' OLD/1 (2) ' })).legacySKU).toBe('OLD/1 (2)');
    expect((await line({ sku: 'LEG-2', legacySKU: '' })).legacySKU).toBeNull();
    const base = { rateCardID: card.rateCardID, saleTypeID: saleType.saleTypeID, skuTypeID: skuType.skuTypeID, sku: 'LEG-3' };
    const before = await t.tableCounts();
    for (const legacySKU of ['A,B', '-OLD', 'OLD\u0007', "O'; DROP TABLE x", 'L'.repeat(26)]) {
      const res = expectFailure(await admin.post('/api/rateCardLine', { ...base, legacySKU }));
      expect([legacySKU, Object.keys(res.failMessages)]).toEqual([legacySKU, ['legacySKU']]);
    }
    // The same message as the upload's.
    expect(expectFailure(await admin.post('/api/rateCardLine', { ...base, legacySKU: 'A,B' })).failMessages.legacySKU).toBe(
      'Legacy SKU may hold letters, digits, spaces and . _ - / + # & ( ) and must start with a letter or digit',
    );
    expect(await t.tableCounts()).toEqual(before);
  });

  it("null is a field's default, as the dialog sends an emptied number box (was a 500): on POST and PUT, line and stores", async () => {
    const nulls = { customerRRP: null, customerMonthly: null, contractMonths: null, description: null, bandID: null, legacySKU: null };
    const created = await line({ sku: 'NULL-1', ...nulls, rateCardLineStores: [{ storeID: storeA.storeID, active: null, revenue: null, commission: 2 }] });
    expect(pick(created)).toEqual(
      expect.objectContaining({ customerRRP: 0, customerMonthly: 0, contractMonths: 0, description: '', bandID: null, legacySKU: null }),
    );
    expect(created.rateCardLineStores).toEqual([expect.objectContaining({ storeID: storeA.storeID, active: true, revenue: 0, commission: 2 })]);

    const full = await line({
      sku: 'NULL-2',
      description: 'Full',
      customerRRP: 10,
      customerMonthly: 5,
      contractMonths: 24,
      bandID: band.bandID,
      rateCardLineStores: [{ storeID: storeA.storeID, active: false, revenue: 7, commission: 3 }],
    });
    const edited = expectStatus(
      await admin.put(`/api/rateCardLine/${full.rateCardLineID}`, {
        ...pick(full),
        ...nulls,
        rateCardLineStores: [{ storeID: storeA.storeID, active: null, revenue: null, commission: 3 }],
      }),
      200,
    ).body.data;
    expect(pick(edited)).toEqual(expect.objectContaining({ customerRRP: 0, customerMonthly: 0, contractMonths: 0, description: '', bandID: null }));
    expect(edited.rateCardLineStores).toEqual([expect.objectContaining({ storeID: storeA.storeID, active: true, revenue: 0, commission: 3 })]);
  });

  it('concurrent saves of one SKU on a card and sale type: exactly one is created', async () => {
    for (let round = 0; round < 5; round++) {
      const c = await createRateCard(admin);
      const body = (sku: string) => ({
        rateCardID: c.rateCardID,
        saleTypeID: saleType.saleTypeID,
        skuTypeID: skuType.skuTypeID,
        sku,
        rateCardLineStores: [{ storeID: storeA.storeID, revenue: 1 }],
      });
      const answers = await Promise.all(['RACE', 'race', 'Race', 'RACE'].map(async (sku) => (await admin.post('/api/rateCardLine', body(sku))).status));
      expect(answers.filter((status) => status === 201)).toHaveLength(1);
      expect(answers.filter((status) => status === 400)).toHaveLength(3);
      expect(expectStatus(await admin.get(`/api/rateCardLines?rateCardID=${c.rateCardID}&skuLower=race`), 200).body.page.rowCount).toBe(1);
    }
  });

  it('a save racing the bulk writer (an upload) of the same SKU leaves one line', async () => {
    const service = t.app.get(RateCardLinesService);
    for (let round = 0; round < 5; round++) {
      const c = await createRateCard(admin);
      const bulk = {
        sku: 'BULK-RACE',
        skuTypeID: skuType.skuTypeID,
        description: 'Bulk',
        customerRRP: 0,
        customerMonthly: 0,
        contractMonths: 0,
        bandID: null,
        legacySKU: null,
        stores: [],
      };
      const post = () =>
        admin
          .post('/api/rateCardLine', { rateCardID: c.rateCardID, saleTypeID: saleType.saleTypeID, skuTypeID: skuType.skuTypeID, sku: 'bulk-race' })
          .then((r) => r.status);
      const [first, , second] = await Promise.all([post(), service.writeLines(c.rateCardID, saleType.saleTypeID, [bulk], null, { name: 'Uploader' }), post()]);
      expect([first, second].filter((status) => status === 201).length).toBeLessThanOrEqual(1);
      expect(expectStatus(await admin.get(`/api/rateCardLines?rateCardID=${c.rateCardID}`), 200).body.page.rowCount).toBe(1);
    }
  });

  it('sale types and SKU types used by lines are not deleted', async () => {
    const st = await createSkuType(admin);
    await line({ skuTypeID: st.skuTypeID });
    expect(expectFailure(await admin.delete(`/api/skuType/${st.skuTypeID}`)).failSummary).toMatch(/1 rate card line/);
  });
});

/** The editable fields of a read row (what the dialog sends back). */
function pick(row: Row): Row {
  const keys = [
    'rateCardLineID',
    'rateCardID',
    'saleTypeID',
    'sku',
    'skuTypeID',
    'description',
    'customerRRP',
    'customerMonthly',
    'contractMonths',
    'bandID',
    'legacySKU',
    'fileID',
    'rateCardLineStores',
  ];
  return Object.fromEntries(keys.filter((k) => k in row).map((k) => [k, row[k]]));
}

describe('per-store overrides (sku, description, customerRRP, customerMonthly, excludeDiscount)', () => {
  const storeOf = (row: Row, storeID: number) => (row.rateCardLineStores as Row[]).find((s) => s.storeID === storeID)!;

  it("are saved and returned; a store without one shows the line's value; null or empty clears; left out keeps", async () => {
    const saved = await line({
      sku: 'OVR-1',
      description: 'Line description',
      customerRRP: 100,
      customerMonthly: 20,
      rateCardLineStores: [
        {
          storeID: storeA.storeID,
          revenue: 10,
          commission: 1,
          sku: 'OVR-1-A',
          description: 'Store A description',
          customerRRP: 90.5,
          customerMonthly: 0,
          excludeDiscount: false,
        },
        { storeID: storeB.storeID, revenue: 12, commission: 2, sku: '', description: null, customerRRP: null },
      ],
    });
    expect(storeOf(saved, storeA.storeID)).toEqual(
      expect.objectContaining({
        sku: 'OVR-1-A',
        description: 'Store A description',
        customerRRP: 90.5,
        customerMonthly: 0,
        excludeDiscount: false,
        overrides: ['sku', 'description', 'customerRRP', 'customerMonthly', 'excludeDiscount'],
      }),
    );
    // The SKU type excludes discount: B follows it.
    expect(storeOf(saved, storeB.storeID)).toEqual(
      expect.objectContaining({ sku: 'OVR-1', description: 'Line description', customerRRP: 100, customerMonthly: 20, excludeDiscount: true, overrides: [] }),
    );
    // Stored as null, not as the line's value.
    const rowB = await t.dataSource
      .getRepository(RateCardLineStore)
      .findOneByOrFail({ rateCardLineStoreID: storeOf(saved, storeB.storeID).rateCardLineStoreID });
    expect([rowB.sku, rowB.description, rowB.customerRRP, rowB.customerMonthly, rowB.excludeDiscount]).toEqual([null, null, null, null, null]);
    // GET /rateCardLineStores shows the same, and filters and sorts by the store's values.
    const listed = expectStatus(await admin.get(`/api/rateCardLineStores?rateCardLineID=${saved.rateCardLineID}&sort=sku`), 200).body.listData;
    expect(listed.map((r: Row) => [r.storeID, r.sku, r.customerRRP, r.overrides.length])).toEqual([
      [storeB.storeID, 'OVR-1', 100, 0],
      [storeA.storeID, 'OVR-1-A', 90.5, 5],
    ]);
    const bySku = expectStatus(await admin.get(`/api/rateCardLineStores?rateCardLineID=${saved.rateCardLineID}&sku=OVR-1-A`), 200).body.listData;
    expect(bySku.map((r: Row) => r.storeID)).toEqual([storeA.storeID]);

    // Changing the line's values moves the stores that follow it, not the overridden ones.
    const stores = saved.rateCardLineStores.map((s: Row) => ({ storeID: s.storeID, active: s.active, revenue: s.revenue, commission: s.commission }));
    const moved = expectStatus(
      await admin.put(`/api/rateCardLine/${saved.rateCardLineID}`, {
        ...pick(saved),
        description: 'New line description',
        customerRRP: 110,
        rateCardLineStores: stores,
      }),
      200,
    ).body.data;
    // Left out: the overrides stay.
    expect(storeOf(moved, storeA.storeID)).toEqual(
      expect.objectContaining({ description: 'Store A description', customerRRP: 90.5, overrides: expect.arrayContaining(['sku', 'customerRRP']) }),
    );
    expect(storeOf(moved, storeB.storeID)).toEqual(expect.objectContaining({ description: 'New line description', customerRRP: 110, overrides: [] }));

    // null and '' clear: back to the line's values.
    const cleared = expectStatus(
      await admin.put(`/api/rateCardLine/${saved.rateCardLineID}`, {
        ...pick(moved),
        rateCardLineStores: [
          { storeID: storeA.storeID, revenue: 10, commission: 1, sku: null, description: '', customerRRP: null, customerMonthly: null, excludeDiscount: null },
        ],
      }),
      200,
    ).body.data;
    expect(cleared.rateCardLineStores).toEqual([
      expect.objectContaining({
        storeID: storeA.storeID,
        sku: 'OVR-1',
        description: 'New line description',
        customerRRP: 110,
        customerMonthly: 20,
        excludeDiscount: true,
        overrides: [],
      }),
    ]);
    expect(storeOf(cleared, storeA.storeID).rateCardLineStoreID).toBe(storeOf(saved, storeA.storeID).rateCardLineStoreID);
  });

  it('a read row sent back (a copy) keeps exactly its overrides', async () => {
    const original = await line({
      sku: 'OVR-COPY',
      customerRRP: 50,
      rateCardLineStores: [
        { storeID: storeA.storeID, revenue: 1, customerMonthly: 7.5 },
        { storeID: storeB.storeID, revenue: 2 },
      ],
    });
    const other = await createRateCard(admin);
    const copy = expectStatus(
      await admin.post('/api/rateCardLine', {
        ...pick(original),
        rateCardID: other.rateCardID,
        customerRRP: 60,
        fileID: null,
        rateCardLineStores: original.rateCardLineStores.map(({ storeName: _n, rateCardLineID: _l, rateCardLineStoreID: _i, ...s }: Row) => s),
      }),
      201,
    ).body.data;
    // B sent customerRRP 50 (the old line's) but did not override it: it follows the copy's 60.
    expect(storeOf(copy, storeB.storeID)).toEqual(expect.objectContaining({ customerRRP: 60, overrides: [] }));
    expect(storeOf(copy, storeA.storeID)).toEqual(expect.objectContaining({ customerRRP: 60, customerMonthly: 7.5, overrides: ['customerMonthly'] }));
  });

  it("the compare reports a store's changed values where either card overrides them", async () => {
    const from = await createRateCard(admin, { fromDate: '2011-01-01' });
    const to = await createRateCard(admin, { fromDate: '2011-02-01' });
    await line({
      rateCardID: from.rateCardID,
      sku: 'OVR-CMP',
      customerRRP: 10,
      rateCardLineStores: [
        { storeID: storeA.storeID, revenue: 1 },
        { storeID: storeB.storeID, revenue: 1 },
      ],
    });
    await line({
      rateCardID: to.rateCardID,
      sku: 'OVR-CMP',
      customerRRP: 12,
      rateCardLineStores: [
        { storeID: storeA.storeID, revenue: 1, customerRRP: 9.5, sku: 'OVR-CMP-A' },
        { storeID: storeB.storeID, revenue: 1 },
      ],
    });
    const data = expectStatus(await admin.get(`/api/rateCardCompare?rateCardIDs=${from.rateCardID},${to.rateCardID}`), 200).body.data;
    expect(data.saleTypes[0].changed[0].changes).toEqual([
      { field: 'customerRRP', storeID: null, storeName: null, from: 10, to: 12 },
      { field: 'sku', storeID: storeA.storeID, storeName: 'Line A', from: 'OVR-CMP', to: 'OVR-CMP-A' },
      { field: 'customerRRP', storeID: storeA.storeID, storeName: 'Line A', from: 10, to: 9.5 },
    ]);
  });

  it('bad override values are 400 with nothing written', async () => {
    const existing = await line({ sku: 'OVR-BAD-1', rateCardLineStores: [{ storeID: storeA.storeID, revenue: 1, sku: 'KEEP-A' }] });
    const base = { rateCardID: card.rateCardID, saleTypeID: saleType.saleTypeID, skuTypeID: skuType.skuTypeID, sku: 'OVR-BAD-2' };
    const entry = (values: Row) => ({ ...base, rateCardLineStores: [{ storeID: storeA.storeID, revenue: 1, ...values }] });
    const before = await t.tableCounts();
    const cases: Array<[Row, string]> = [
      [{ sku: 'X'.repeat(26) }, 'sku'],
      [{ sku: 'A,B' }, 'sku'],
      [{ sku: '-lead' }, 'sku'],
      [{ sku: 12 }, 'sku'],
      [{ description: 'x'.repeat(256) }, 'description'],
      [{ customerRRP: -0.01 }, 'customerRRP'],
      [{ customerRRP: 1.001 }, 'customerRRP'],
      [{ customerRRP: '5' }, 'customerRRP'],
      [{ customerMonthly: 1e15 }, 'customerMonthly'],
      [{ customerMonthly: -1 }, 'customerMonthly'],
      [{ excludeDiscount: 'yes' }, 'excludeDiscount'],
      [{ overrides: ['revenue'] }, 'overrides'],
      [{ overrides: 'sku' }, 'overrides'],
    ];
    for (const [values, field] of cases) {
      const key = `rateCardLineStores.0.${field}`;
      const res = expectFailure(await admin.post('/api/rateCardLine', entry(values)));
      expect([key, Object.keys(res.failMessages)]).toEqual([key, expect.arrayContaining([key])]);
      const put = expectFailure(
        await admin.put(`/api/rateCardLine/${existing.rateCardLineID}`, {
          ...pick(existing),
          rateCardLineStores: [{ storeID: storeA.storeID, revenue: 1, ...values }],
        }),
      );
      expect([key, Object.keys(put.failMessages)]).toEqual([key, expect.arrayContaining([key])]);
    }
    expect(await t.tableCounts()).toEqual(before);
    const still = expectStatus(await admin.get(`/api/rateCardLines?rateCardLineID=${existing.rateCardLineID}&fkJoins=rateCardLineStores`), 200).body
      .listData[0];
    expect(still.rateCardLineStores).toEqual([expect.objectContaining({ sku: 'KEEP-A', overrides: ['sku'] })]);
  });
});

describe('the lines list', () => {
  it('the latest line for a SKU: pageLength=1&sort=rateCard&sortDir=desc&sku=X', async () => {
    const old = await createRateCard(admin, { fromDate: '2001-01-01' });
    const newer = await createRateCard(admin, { fromDate: '2003-01-01' });
    const mid = await createRateCard(admin, { fromDate: '2002-01-01' });
    for (const c of [old, newer, mid]) {
      await line({ rateCardID: c.rateCardID, sku: 'LATEST-1', rateCardLineStores: [{ storeID: storeA.storeID, active: true, revenue: 1, commission: 0 }] });
    }
    const res = expectStatus(await userA.api.get('/api/rateCardLines?pageLength=1&page=0&sort=rateCard&sortDir=desc&sku=LATEST-1'), 200);
    expect(res.body.listData).toHaveLength(1);
    expect(res.body.listData[0].rateCardID).toBe(newer.rateCardID);
    const asc = expectStatus(await userA.api.get('/api/rateCardLines?sort=rateCard&sortDir=asc&sku=LATEST-1'), 200);
    expect(asc.body.listData.map((r: Row) => r.rateCardID)).toEqual([old.rateCardID, mid.rateCardID, newer.rateCardID]);
    // SKUs are unique ignoring case, so the lookup ignores it too, on SQLite as on MySQL.
    const typed = expectStatus(await userA.api.get('/api/rateCardLines?pageLength=1&page=0&sort=rateCard&sortDir=desc&sku=latest-1'), 200);
    expect(typed.body.listData.map((r: Row) => r.rateCardID)).toEqual([newer.rateCardID]);
    const stores = expectStatus(await userA.api.get(`/api/rateCardLineStores?rateCardID=${newer.rateCardID}&sku=Latest-1`), 200);
    expect(stores.body.listData.length).toBeGreaterThan(0);
    const notIt = expectStatus(await userA.api.get(`/api/rateCardLines?rateCardID=${newer.rateCardID}&skuNot=latest-1`), 200);
    expect(notIt.body.listData).toEqual([]);
  });

  it('filters: rateCardID, saleTypeID, skuLower, descriptionLower, skuTypeID, bandID', async () => {
    const c = await createRateCard(admin);
    const a = await line({ rateCardID: c.rateCardID, sku: 'FILT-ABC', description: 'Galaxy S25', bandID: band.bandID });
    const b = await line({ rateCardID: c.rateCardID, sku: 'FILT-XYZ', description: 'Pixel 9' });
    const get = async (q: string) => listIDs(expectStatus(await userA.api.get(`/api/rateCardLines?rateCardID=${c.rateCardID}&${q}`), 200));
    expect(await get('skuLower=filt-a')).toEqual([a.rateCardLineID]);
    expect(await get('descriptionLower=PIXEL')).toEqual([b.rateCardLineID]);
    expect(await get(`bandID=${band.bandID}`)).toEqual([a.rateCardLineID]);
    expect(await get(`saleTypeID=${saleType.saleTypeID}&skuTypeID=${skuType.skuTypeID}`)).toEqual([a.rateCardLineID, b.rateCardLineID]);
    expect(await get(`rateCardLineID=${b.rateCardLineID}`)).toEqual([b.rateCardLineID]);
  });

  it('parameter formats: ids up to 7 digits, skuLower up to 25 characters, fromDate yyyy-mm-dd', async () => {
    expectStatus(await userA.api.get('/api/rateCardLines?rateCardID=1234567'), 200);
    for (const q of [
      'rateCardID=12345678',
      'rateCardLineID=12345678',
      'saleTypeID=12345678',
      `skuLower=${'x'.repeat(26)}`,
      `sku=${'x'.repeat(26)}`,
      'rateCardFromDate=2024-13-01',
      'rateCardFromDateGEQ=yesterday',
      'rateCardID=1 OR 1=1',
      'skuLowerX=1',
      'sort=nope',
    ]) {
      expectFailure(await userA.api.get(`/api/rateCardLines?${q}`));
    }
    expectStatus(await userA.api.get(`/api/rateCardLines?skuLower=${'x'.repeat(25)}`), 200);
    expectStatus(await userA.api.get('/api/rateCardLines?rateCardFromDateGEQ=2024-01-01T10:30'), 200);
    expectStatus(await userA.api.get(`/api/rateCardLines?skuLower=${encodeURIComponent("'; DROP TABLE x;--")}`), 200);
  });

  it("rateCardLineStores hold only the user's stores (all for SystemSetup); fkJoins=file", async () => {
    const l = await line({
      rateCardLineStores: [
        { storeID: storeA.storeID, revenue: 1 },
        { storeID: storeB.storeID, revenue: 2 },
      ],
    });
    const mine = expectStatus(await userA.api.get(`/api/rateCardLines?rateCardLineID=${l.rateCardLineID}&fkJoins=file,rateCardLineStores`), 200).body.data;
    expect(mine.rateCardLineStores.map((s: Row) => s.storeID)).toEqual([storeA.storeID]);
    expect(mine.file).toBeNull();
    const all = expectStatus(await admin.get(`/api/rateCardLines?rateCardLineID=${l.rateCardLineID}&fkJoins=rateCardLineStores`), 200).body.data;
    expect(all.rateCardLineStores.map((s: Row) => s.storeID)).toEqual([storeA.storeID, storeB.storeID]);
    const plain = expectStatus(await userA.api.get(`/api/rateCardLines?rateCardLineID=${l.rateCardLineID}`), 200).body.data;
    expect(plain).not.toHaveProperty('rateCardLineStores');
    expectFailure(await userA.api.get('/api/rateCardLines?fkJoins=saleType'));
  });
});

describe('GET /api/rateCardLineStores', () => {
  it('is store-scoped, with filters and the line and card joins', async () => {
    const l = await line({
      sku: 'LS-1',
      rateCardLineStores: [
        { storeID: storeA.storeID, active: true, revenue: 1, commission: 0.5 },
        { storeID: storeB.storeID, active: false, revenue: 2, commission: 0 },
      ],
    });
    const [lsA, lsB] = l.rateCardLineStores;
    const res = expectStatus(
      await userA.api.get(`/api/rateCardLineStores?sku=LS-1&rateCardID=${card.rateCardID}&fkJoins=rateCardLine,rateCardLine.rateCard`),
      200,
    );
    expect(listIDs(res)).toEqual([lsA.rateCardLineStoreID]);
    expect(res.body.listData[0]).toEqual(
      expect.objectContaining({
        storeID: storeA.storeID,
        storeName: 'Line A',
        sku: 'LS-1',
        revenue: 1,
        rateCardLine: expect.objectContaining({
          rateCardLineID: l.rateCardLineID,
          rateCard: { rateCardID: card.rateCardID, name: card.name, fromDate: card.fromDate },
        }),
      }),
    );
    // userA's profile has the default showCommission false (test/api/figures-visibility.e2e-spec.ts).
    expect(res.body.listData[0]).not.toHaveProperty('commission');
    expectStatus(await userA.api.get(`/api/rateCardLineStores?rateCardLineStoreID=${lsB.rateCardLineStoreID}`), 404);
    const admins = expectStatus(await admin.get(`/api/rateCardLineStores?sku=LS-1&saleTypeID=${saleType.saleTypeID}&active=0`), 200);
    expect(listIDs(admins)).toEqual([lsB.rateCardLineStoreID]);
    expect(listIDs(expectStatus(await admin.get(`/api/rateCardLineStores?sku=LS-1&storeID=${storeA.storeID}`), 200))).toEqual([lsA.rateCardLineStoreID]);
    expectFailure(await userA.api.get('/api/rateCardLineStores?rateCardID=12345678'));
  });
});

describe('DELETE /api/rateCardLines', () => {
  it('deletes every listed line with its stores, in one go', async () => {
    const ls = [await line({ rateCardLineStores: [{ storeID: storeA.storeID, revenue: 1 }] }), await line(), await line()];
    const ids = ls.map((l) => l.rateCardLineID);
    const res = expectStatus(await admin.delete('/api/rateCardLines').send({ rateCardLineIDs: ids }), 200);
    expect(res.body.data).toEqual({ rateCardLineIDs: ids, count: 3 });
    expect(expectStatus(await admin.get(`/api/rateCardLines?rateCardLineID=${ids.join(',')}`), 200).body.listData).toEqual([]);
  });

  it('is all or nothing: one unknown id and nothing is deleted', async () => {
    const ls = [await line(), await line()];
    const before = await t.tableCounts();
    const res = expectFailure(await admin.delete('/api/rateCardLines').send({ rateCardLineIDs: [...ls.map((l) => l.rateCardLineID), 9999999] }));
    expect(res.failMessages.rateCardLineIDs).toMatch(/1 of these rate card lines does not exist/);
    expect(await t.tableCounts()).toEqual(before);
  });

  it('takes the ids as a comma-separated string too, as other bulk calls do', async () => {
    const ls = [await line({ rateCardLineStores: [{ storeID: storeA.storeID, revenue: 1 }] }), await line(), await line()];
    const ids = ls.map((l) => l.rateCardLineID);
    const res = expectStatus(await admin.delete('/api/rateCardLines').send({ rateCardLineIDs: `${ids[0]},${ids[1]}, ${ids[2]}` }), 200);
    expect(res.body.data).toEqual({ rateCardLineIDs: ids, count: 3 });
    expect(expectStatus(await admin.get(`/api/rateCardLines?rateCardLineID=${ids.join(',')}`), 200).body.listData).toEqual([]);
    const one = await line();
    expect(expectStatus(await admin.delete('/api/rateCardLines').send({ rateCardLineIDs: String(one.rateCardLineID) }), 200).body.data.count).toBe(1);
    // The same rules as the list: all or nothing, whole ids 1 and up.
    const kept = await line();
    const before = await t.tableCounts();
    for (const rateCardLineIDs of [
      '',
      ' ',
      `${kept.rateCardLineID},`,
      `${kept.rateCardLineID},,1`,
      `${kept.rateCardLineID};1`,
      `${kept.rateCardLineID},x`,
      `${kept.rateCardLineID},0`,
      `${kept.rateCardLineID},-1`,
      `${kept.rateCardLineID},1.5`,
      `${kept.rateCardLineID},9999999`,
      `${kept.rateCardLineID},99999999999`,
    ]) {
      const failure = expectFailure(await admin.delete('/api/rateCardLines').send({ rateCardLineIDs }));
      expect([rateCardLineIDs, Object.keys(failure.failMessages)]).toEqual([rateCardLineIDs, ['rateCardLineIDs']]);
    }
    expect(await t.tableCounts()).toEqual(before);
  });

  it('checks the body: 1 to 5000 whole ids, nothing else; SystemSetup only', async () => {
    const l = await line();
    for (const body of [
      {},
      { rateCardLineIDs: [] },
      { rateCardLineIDs: ['1'] },
      { rateCardLineIDs: [0] },
      { rateCardLineIDs: [1.5] },
      { rateCardLineIDs: 1 },
      { rateCardLineIDs: Array.from({ length: 5001 }, (_, i) => i + 1) },
      { rateCardLineIDs: [l.rateCardLineID], extra: 1 },
    ]) {
      expectFailure(await admin.delete('/api/rateCardLines').send(body));
    }
    expectFailure(await userA.api.delete('/api/rateCardLines').send({ rateCardLineIDs: [l.rateCardLineID] }), 403);
    expectStatus(await admin.get(`/api/rateCardLines?rateCardLineID=${l.rateCardLineID}`), 200);
  });
});

describe('GET /api/rateCardCompare', () => {
  it('lists added, removed and changed lines per sale type, with per-store changes and totals', async () => {
    const from = await createRateCard(admin, { fromDate: '2010-01-01' });
    const to = await createRateCard(admin, { fromDate: '2010-02-01' });
    const mk = (c: Row, body: Row) => line({ rateCardID: c.rateCardID, ...body });
    const st = (revenue: number, commission = 1, active = true) => [
      { storeID: storeA.storeID, active, revenue, commission },
      { storeID: storeB.storeID, active: true, revenue: 50, commission: 5 },
    ];
    await mk(from, { sku: 'SAME', description: 'Same', customerMonthly: 10, rateCardLineStores: st(10) });
    await mk(to, { sku: 'same', description: 'Same', customerMonthly: 10, rateCardLineStores: st(10) });
    await mk(from, { sku: 'CHG', description: 'Old name', customerMonthly: 10, rateCardLineStores: st(10) });
    await mk(to, { sku: 'CHG', description: 'New name', customerMonthly: 12.5, rateCardLineStores: st(11, 1, false) });
    await mk(from, { sku: 'GONE', description: 'Gone', rateCardLineStores: st(1) });
    await mk(to, { sku: 'NEW', description: 'New', customerMonthly: 20, rateCardLineStores: st(30) });

    // The later card may come first: from is the earlier one.
    const data = expectStatus(await admin.get(`/api/rateCardCompare?rateCardIDs=${to.rateCardID},${from.rateCardID}`), 200).body.data;
    expect(data.from).toEqual({ rateCardID: from.rateCardID, name: from.name, fromDate: '2010-01-01T00:00:00.000Z' });
    expect(data.to.rateCardID).toBe(to.rateCardID);
    expect(data.totals).toEqual({ added: 1, removed: 1, changed: 1, unchanged: 1 });
    const [group] = data.saleTypes;
    expect(group).toEqual(expect.objectContaining({ saleTypeID: saleType.saleTypeID, saleTypeName: saleType.name, totals: data.totals }));
    expect(group.added).toEqual([
      expect.objectContaining({
        sku: 'NEW',
        description: 'New',
        customerMonthly: 20,
        skuTypeName: skuType.name,
        stores: expect.arrayContaining([expect.objectContaining({ storeID: storeA.storeID, revenue: 30 })]),
      }),
    ]);
    expect(group.removed.map((l: Row) => l.sku)).toEqual(['GONE']);
    expect(group.changed).toEqual([
      {
        sku: 'CHG',
        description: 'New name',
        changes: [
          { field: 'description', storeID: null, storeName: null, from: 'Old name', to: 'New name' },
          { field: 'customerMonthly', storeID: null, storeName: null, from: 10, to: 12.5 },
          { field: 'active', storeID: storeA.storeID, storeName: 'Line A', from: true, to: false },
          { field: 'revenue', storeID: storeA.storeID, storeName: 'Line A', from: 10, to: 11 },
        ],
      },
    ]);
    // A user sees only their stores' values.
    const mine = expectStatus(await userA.api.get(`/api/rateCardCompare?rateCardIDs=${from.rateCardID},${to.rateCardID}`), 200).body.data;
    expect(mine.saleTypes[0].added[0].stores.map((s: Row) => s.storeID)).toEqual([storeA.storeID]);
  });

  it('needs exactly two different existing ids', async () => {
    const a = await createRateCard(admin);
    const b = await createRateCard(admin);
    const c = await createRateCard(admin);
    for (const q of [
      `rateCardIDs=${a.rateCardID}`,
      `rateCardIDs=${a.rateCardID},${b.rateCardID},${c.rateCardID}`,
      `rateCardIDs=${a.rateCardID},${a.rateCardID}`,
      `rateCardIDs=${a.rateCardID},9999999`,
      'rateCardIDs=12345678,1',
      'rateCardIDs=a,b',
      '',
      `rateCardIDs=${a.rateCardID},${b.rateCardID}&x=1`,
    ]) {
      expect(expectFailure(await admin.get(`/api/rateCardCompare?${q}`))).toBeDefined();
    }
  });
});

describe('writes need SystemSetup', () => {
  it('403 and nothing written', async () => {
    const l = await line();
    const before = await t.tableCounts();
    expectFailure(await userA.api.post('/api/rateCardLine', { ...pick(l), sku: 'NOPE' }), 403);
    expectFailure(await userA.api.put(`/api/rateCardLine/${l.rateCardLineID}`, { ...pick(l), sku: 'NOPE' }), 403);
    expectFailure(await userA.api.delete(`/api/rateCardLine/${l.rateCardLineID}`), 403);
    expect(await t.tableCounts()).toEqual(before);
    expectStatus(await admin.delete(`/api/rateCardLine/${l.rateCardLineID}`), 200);
    expectStatus(await admin.get(`/api/rateCardLines?rateCardLineID=${l.rateCardLineID}`), 404);
  });
});

describe('bad input', () => {
  it('wrong types, unknown fields, huge numbers and SQL-shaped strings are 400 with nothing written', async () => {
    const base = { rateCardID: card.rateCardID, saleTypeID: saleType.saleTypeID, skuTypeID: skuType.skuTypeID, sku: 'BAD-1' };
    const before = await t.tableCounts();
    const cases: Array<[Row, string]> = [
      [{ ...base, sku: 123 }, 'sku'],
      [{ ...base, sku: '' }, 'sku'],
      [{ ...base, sku: 'X'.repeat(26) }, 'sku'],
      [{ ...base, sku: "A'; DROP TABLE rateCardLine;--" }, 'sku'],
      [{ ...base, sku: 'A,B' }, 'sku'],
      [{ ...base, rateCardID: '1' }, 'rateCardID'],
      [{ ...base, rateCardID: 1e12 }, 'rateCardID'],
      [{ ...base, customerRRP: '10' }, 'customerRRP'],
      [{ ...base, customerRRP: 1e15 }, 'customerRRP'],
      [{ ...base, customerRRP: -1 }, 'customerRRP'],
      [{ ...base, customerMonthly: 1.001 }, 'customerMonthly'],
      [{ ...base, customerMonthly: 1e-7 }, 'customerMonthly'],
      [{ ...base, contractMonths: 24.5 }, 'contractMonths'],
      [{ ...base, contractMonths: 100000 }, 'contractMonths'],
      [{ ...base, description: 'x'.repeat(256) }, 'description'],
      [{ ...base, bandID: 'none' }, 'bandID'],
      [{ ...base, legacySKU: 'A,B' }, 'legacySKU'],
      [{ ...base, fileID: -1 }, 'fileID'],
      [{ ...base, rateCardLineStores: {} }, 'rateCardLineStores'],
      [{ ...base, rateCardLineStores: [5] }, 'rateCardLineStores.0'],
      [{ ...base, rateCardLineStores: [{ storeID: storeA.storeID, revenue: '5' }] }, 'rateCardLineStores.0.revenue'],
      [{ ...base, rateCardLineStores: [{ storeID: storeA.storeID, active: 'yes' }] }, 'rateCardLineStores.0.active'],
      // A read row's names (storeName, saleTypeName) are ignored (docs/http-api.md, "Round trips"); others are unknown.
      [{ ...base, rateCardLineStores: [{ storeID: storeA.storeID, storeColour: 'x' }] }, 'rateCardLineStores.0.storeColour'],
      [{ ...base, saleTypeColour: 'x' }, 'saleTypeColour'],
      [{ ...base, rateCardLineCount: 1 }, 'rateCardLineCount'],
    ];
    for (const [body, field] of cases) {
      const res = expectFailure(await admin.post('/api/rateCardLine', body));
      expect([field, Object.keys(res.failMessages)]).toEqual([field, expect.arrayContaining([field])]);
    }
    for (const body of [
      { name: 'x', fromDate: '2020-01-01', previousRateCard: null },
      { name: 5, fromDate: '2020-01-01' },
      { name: 'x'.repeat(101), fromDate: '2020-01-01' },
      { name: 'x', fromDate: "2020-01-01' OR 1=1" },
    ]) {
      expectFailure(await admin.post('/api/rateCard', body));
    }
    expect(await t.tableCounts()).toEqual(before);
  });
});

describe('RateCardLinesService.bulkUpsert (the upload writes through it)', () => {
  it('adds new lines, replaces lines with the same SKU (ids kept), applies the drop rule, keeps other lines', async () => {
    const c = await createRateCard(admin);
    const keptLine = await line({ rateCardID: c.rateCardID, sku: 'KEEP-ME' });
    const replaced = await line({
      rateCardID: c.rateCardID,
      sku: 'BULK-1',
      description: 'Old',
      rateCardLineStores: [
        { storeID: storeA.storeID, revenue: 1, customerRRP: 3 },
        { storeID: storeB.storeID, revenue: 2 },
      ],
    });
    expect(replaced.rateCardLineStores[0].overrides).toEqual(['customerRRP']);
    const service = t.app.get(RateCardLinesService);
    const lines = Array.from({ length: 450 }, (_, i) => ({
      sku: i === 0 ? 'bulk-1' : `BULK-${i + 1}`,
      skuTypeID: skuType.skuTypeID,
      description: `Bulk ${i + 1}`,
      customerRRP: 0,
      customerMonthly: 9.99,
      contractMonths: 24,
      bandID: null,
      legacySKU: null,
      stores: [
        { storeID: storeA.storeID, active: true, revenue: 5, commission: 1 },
        { storeID: storeB.storeID, active: false, revenue: 0, commission: 0 },
      ],
    }));
    const result = await t.dataSource.transaction((manager) =>
      service.bulkUpsert(manager, c.rateCardID, saleType.saleTypeID, lines, null, { name: 'Uploader' }),
    );
    expect(result).toEqual({ added: 449, updated: 1 });
    const all = expectStatus(await admin.get(`/api/rateCardLines?rateCardID=${c.rateCardID}&pageLength=500&fkJoins=rateCardLineStores`), 200).body;
    expect(all.page.rowCount).toBe(451);
    const again = all.listData.find((r: Row) => r.rateCardLineID === replaced.rateCardLineID);
    expect(again).toEqual(expect.objectContaining({ sku: 'bulk-1', description: 'Bulk 1', updatedByUserName: 'Uploader' }));
    // The upload has no per-store overrides: the replaced line's store loses its own.
    expect(again.rateCardLineStores).toEqual([
      expect.objectContaining({
        storeID: storeA.storeID,
        revenue: 5,
        customerRRP: 0,
        overrides: [],
        rateCardLineStoreID: replaced.rateCardLineStores[0].rateCardLineStoreID,
      }),
    ]);
    expect(all.listData.find((r: Row) => r.sku === 'BULK-450').rateCardLineStores).toHaveLength(1);
    expect(all.listData.some((r: Row) => r.rateCardLineID === keptLine.rateCardLineID)).toBe(true);
  });
});
