import type { Test } from 'supertest';
import {
  as,
  Client,
  createAccessProfile,
  createAnalysisField,
  createRateCard,
  createRateCardLine,
  createSaleType,
  createSkuType,
  createStore,
  createUser,
  expectStatus,
  login,
  Row,
  TestUser,
} from '../support/api';
import { receiptPng, greyPng } from '../support/receipt-image';
import { JPEG } from './files-fixtures';
import { refused } from '../support/refusals';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';
import { OcrEngine } from '../../src/modules/sales/receipt-scan/ocr-engine';

/**
 * POST /api/file/saleOcr (docs/http-api.md, Sales, "Other calls"): a receipt image the test draws
 * itself is read back offline (order reference, date, a SKU's line store, an analysis value),
 * shaped for the caller's profile; bad input is a 400 (or 403) with nothing kept.
 */

const RECEIPT = ['ACME MOBILE - HIGH STREET', 'ORDER REF: 12345 67890 24680 13579', 'DATE: 12/03/2026', 'ITEM XP-4410 HANDSET', 'PLAN: GOLD', 'TOTAL 25.00'];

let t: TestApp;
let admin: Client;
let storeA: Row;
let storeB: Row;
let saleType: Row;
let otherSaleType: Row;
let card: Row;
/** xp-4410 (lower case on the card), active in A and B. */
let onReceipt: Row;
let planField: Row;
/** RecordSales in store A, sees commission but not revenue. */
let seller: TestUser;
let png: Buffer;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  storeA = await createStore(admin, { name: 'Scan A' });
  storeB = await createStore(admin, { name: 'Scan B', storeTypeID: storeA.storeTypeID });
  const storeIDs = [storeA.storeID, storeB.storeID];
  saleType = await createSaleType(admin, { storeIDs });
  otherSaleType = await createSaleType(admin, { storeIDs });
  const skuType = await createSkuType(admin);
  card = await createRateCard(admin);
  const line = (sku: string, stores: Row[], body: Row = {}) =>
    createRateCardLine(admin, {
      rateCardID: card.rateCardID,
      saleTypeID: saleType.saleTypeID,
      skuTypeID: skuType.skuTypeID,
      sku,
      rateCardLineStores: stores,
      ...body,
    });
  const at = (store: Row, body: Row = {}) => ({ storeID: store.storeID, active: true, revenue: 100, commission: 12.5, ...body });
  onReceipt = await line('xp-4410', [at(storeA), at(storeB)]);
  // Not on the receipt; on it but inactive in A; on it only as part of a longer token.
  await line('HS-1', [at(storeA)]);
  await line('TOTAL', [at(storeA, { active: false, revenue: 5 })]);
  await line('XP-441', [at(storeA)]);
  // The same SKU for another sale type.
  await line('XP-4410', [at(storeA)], { saleTypeID: otherSaleType.saleTypeID });

  planField = await createAnalysisField(admin, {
    inputType: 'single',
    analysisListItems: [{ code: 'Gold' }, { code: 'Silver' }],
    storeIDs: [storeA.storeID],
  });
  // Multi choice, in A: HANDSET is on the receipt.
  await createAnalysisField(admin, { name: 'Kind', inputType: 'multi', analysisListItems: [{ code: 'Handset' }, { code: 'SIM' }], storeIDs: [storeA.storeID] });
  // A field of store B only, and a text field: never read.
  await createAnalysisField(admin, { inputType: 'single', analysisListItems: [{ code: 'ACME' }], storeIDs: [storeB.storeID] });
  await createAnalysisField(admin, { inputType: 'text', storeIDs: [storeA.storeID] });

  const profile = await createAccessProfile(admin, { areas: ['RecordSales'], storeIDs: [storeA.storeID], showRevenue: false, showCommission: true });
  seller = await createUser(t.http, admin, { accessProfileID: profile.accessProfileID });
  png = receiptPng(RECEIPT);
});
afterAll(() => t?.close());

type Fields = Partial<Record<'saleTypeID' | 'rateCardID' | 'currentStoreID', string | number>>;

function scan(api: Client, files: Array<{ content: Buffer; name: string; type?: string }>, fields?: Fields): Test {
  let test = api.post('/api/file/saleOcr');
  const sent: Fields = fields ?? { saleTypeID: saleType.saleTypeID, rateCardID: card.rateCardID, currentStoreID: storeA.storeID };
  for (const [name, value] of Object.entries(sent)) test = test.field(name, String(value));
  for (const file of files) test = test.attach('file', file.content, { filename: file.name, contentType: file.type ?? 'image/png' });
  return test;
}

describe('reading a receipt', () => {
  let data: Row;

  beforeAll(async () => {
    const res = expectStatus(await scan(seller.api, [{ content: png, name: 'receipt.png' }]), 200);
    expect(res.body.validationResult).toEqual({ fail: false });
    data = res.body.data;
  });

  it('reads the order reference (4 groups of 5) and the date', () => {
    expect(data.orderRefs).toEqual(['12345678902468013579']);
    expect(data.saleDates).toEqual(['2026-03-12']);
  });

  it('finds the active line store of the card, sale type and store whose SKU is on it, as GET /rateCardLineStores shows it to the seller', async () => {
    const lineStore = onReceipt.rateCardLineStores.find((s: Row) => s.storeID === storeA.storeID);
    expect(data.rateCardLineStores.map((s: Row) => s.rateCardLineStoreID)).toEqual([lineStore.rateCardLineStoreID]);
    const listed = expectStatus(await seller.api.get(`/api/rateCardLineStores?rateCardLineStoreID=${lineStore.rateCardLineStoreID}`), 200).body.listData;
    expect(data.rateCardLineStores).toEqual(listed);
    // The seller's profile hides revenue and shows commission.
    expect(data.rateCardLineStores[0]).toEqual(expect.objectContaining({ sku: 'xp-4410', storeID: storeA.storeID, commission: 12.5 }));
    expect(data.rateCardLineStores[0]).not.toHaveProperty('revenue');
  });

  it("gives the codes of the store's single and multi analysis fields found on it, whole tokens ignoring case", () => {
    const kind = expect.objectContaining({ analysisValue: 'Handset' });
    expect(data.saleAnalysisValues).toEqual([kind, { analysisFieldID: planField.analysisFieldID, analysisValue: 'Gold' }]);
  });

  it('keeps the image in the receipts library, readable by the seller', async () => {
    const file = expectStatus(await seller.api.get(`/api/file/${data.fileID}`), 200).body.data;
    expect(file).toEqual(expect.objectContaining({ library: 'receipts', kind: 'png', originalName: 'receipt.png', size: png.length }));
  });

  it('reuses the one OCR worker for the next scan', async () => {
    const engine = t.app.get(OcrEngine);
    expect(engine.started).toBe(true);
    const res = expectStatus(
      await scan(seller.api, [{ content: png, name: 'again.png' }], {
        saleTypeID: otherSaleType.saleTypeID,
        rateCardID: card.rateCardID,
        currentStoreID: storeA.storeID,
      }),
      200,
    );
    // The other sale type's line has the SKU in capitals.
    expect(res.body.data.rateCardLineStores.map((s: Row) => s.sku)).toEqual(['XP-4410']);
    expect(res.body.data.orderRefs).toEqual(['12345678902468013579']);
  });
});

describe('bad input', () => {
  const receipt = () => [{ content: png, name: 'receipt.png' }];

  it('a file that is not an image is a 400 with a failSummary, and nothing is kept', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const failure = await refused(t, () => scan(seller.api, [{ content: pdf, name: 'receipt.png' }]));
    expect(failure.failSummary).toMatch(/^The file must be a JPEG image or a PNG image/);
    await refused(t, () => scan(seller.api, [{ content: Buffer.from('just some text'), name: 'receipt.txt', type: 'text/plain' }]));
  });

  it('an image tesseract cannot decode, or one without any text, is a 400 "The receipt could not be read"', async () => {
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    const undecodable = await refused(t, () => scan(seller.api, [{ content: broken, name: 'broken.png' }]));
    expect(undecodable).toEqual(
      expect.objectContaining({ failSummary: 'The receipt could not be read', failMessages: { file: 'The receipt could not be read' } }),
    );
    const blank = greyPng(300, 200, () => 1);
    const noText = await refused(t, () => scan(seller.api, [{ content: blank, name: 'blank.png' }]));
    expect(noText.failSummary).toBe('The receipt could not be read');
    expect(noText.failMessages.file).toBe('The receipt could not be read: no text was found');
    // A JPEG is decoded too (a 16 × 16 picture without text).
    const photo = await refused(t, () => scan(seller.api, [{ content: JPEG, name: 'photo.jpg', type: 'image/jpeg' }]));
    expect(photo.failMessages.file).toBe('The receipt could not be read: no text was found');
    // The worker is still there for the next receipt.
    expectStatus(await scan(seller.api, receipt()), 200);
  });

  it('an image declaring more than 50 megapixels is refused before it is decoded', async () => {
    // A header saying 30000 × 30000 (what a PNG of one colour packs into a few kilobytes).
    const huge = Buffer.from(png);
    huge.writeUInt32BE(30_000, 16);
    huge.writeUInt32BE(30_000, 20);
    const failure = await refused(t, () => scan(seller.api, [{ content: huge, name: 'huge.png' }]));
    expect(failure.failSummary).toBe('The receipt image is too large to read: 30000 × 30000 pixels, at most 50 megapixels');
  });

  it('two files, or none, are a 400', async () => {
    await refused(t, () => scan(seller.api, [...receipt(), ...receipt()]));
    await refused(t, () => scan(seller.api, []));
  });

  it('a file over 50 MB is a 400', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024 + 1);
    png.copy(big);
    expect((await refused(t, () => scan(seller.api, [{ content: big, name: 'big.png' }]))).failSummary).toBe('File is too large.');
  });

  it('missing or malformed ids are a 400 naming each field', async () => {
    const failure = await refused(t, () => scan(seller.api, receipt(), {}));
    expect(Object.keys(failure.failMessages).sort()).toEqual(['currentStoreID', 'rateCardID', 'saleTypeID']);
    const malformed = await refused(t, () => scan(seller.api, receipt(), { saleTypeID: '12345678', rateCardID: 'abc', currentStoreID: storeA.storeID }));
    expect(Object.keys(malformed.failMessages).sort()).toEqual(['rateCardID', 'saleTypeID']);
  });

  it("a store outside the user's profile is a 403", async () => {
    await refused(t, () => scan(seller.api, receipt(), { saleTypeID: saleType.saleTypeID, rateCardID: card.rateCardID, currentStoreID: storeB.storeID }), 403);
  });

  it('without RecordSales or UpdateSales it is a 403; UpdateSales alone is enough', async () => {
    const refunds = await createUser(t.http, admin, { areas: ['RecordRefunds', 'SystemSetup'], storeIDs: [storeA.storeID] });
    await refused(t, () => scan(refunds.api, receipt()), 403);
    await refused(t, () => t.http.post('/api/file/saleOcr').attach('file', png, 'receipt.png'), 403);
    const editor = await createUser(t.http, admin, { areas: ['UpdateSales'], storeIDs: [storeA.storeID] });
    expect(expectStatus(await scan(editor.api, receipt()), 200).body.data.saleDates).toEqual(['2026-03-12']);
  });
});
