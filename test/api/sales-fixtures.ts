import {
  as,
  Client,
  createAccessProfile,
  createBand,
  createDiscount,
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
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type StartOptions, TestApp, TIME_ZONE } from '../support/test-app';

/**
 * The master data the sales API tests record against (docs/http-api.md, "Sales"): two stores
 * of one type, a sale type offered in both, a rate card starting on 1 January of `year` with a
 * line (band GOLD) priced 100 / 40 at store A and 90 / 30 at store B, a line whose SKU type
 * excludes discounts ('Prepaid Voucher', 50 / 20 at A), and a seller whose profile has store A only and shows
 * both figures. Each file passes its own year, so no other file's card is in force for its sales.
 */
export interface SalesWorld {
  t: TestApp;
  admin: Client;
  adminID: number;
  year: number;
  storeA: Row;
  storeB: Row;
  saleType: Row;
  skuType: Row;
  band: Row;
  card: Row;
  line: Row;
  /** The line's store rows at A and B. */
  lineA: Row;
  lineB: Row;
  /** A line at A whose SKU type excludes discounts. */
  exclLineA: Row;
  seller: TestUser;
}

export const ORDER = '12345678901234567890';

export function lineStoreOf(line: Row, store: Row): Row {
  return line.rateCardLineStores.find((ls: Row) => ls.storeID === store.storeID);
}

export async function salesWorld(year: number, options: StartOptions = {}): Promise<SalesWorld> {
  const t = await startTestApp(options);
  const admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  const adminID = (await admin.get('/api/user/me')).body.data.userID;
  const storeA = await createStore(admin, { name: `Sales ${year} A` });
  const storeB = await createStore(admin, { name: `Sales ${year} B`, storeTypeID: storeA.storeTypeID });
  const saleType = await createSaleType(admin, { storeIDs: [storeA.storeID, storeB.storeID] });
  const band = await createBand(admin, { name: 'GOLD' });
  const skuType = await createSkuType(admin, { excludeDiscount: false });
  const exclType = await createSkuType(admin, { excludeDiscount: true });
  const card = await createRateCard(admin, { fromDate: `${year}-01-01` });
  const line = await createRateCardLine(admin, {
    rateCardID: card.rateCardID,
    saleTypeID: saleType.saleTypeID,
    skuTypeID: skuType.skuTypeID,
    bandID: band.bandID,
    rateCardLineStores: [
      { storeID: storeA.storeID, active: true, revenue: 100, commission: 40 },
      { storeID: storeB.storeID, active: true, revenue: 90, commission: 30 },
    ],
  });
  const exclLine = await createRateCardLine(admin, {
    rateCardID: card.rateCardID,
    saleTypeID: saleType.saleTypeID,
    skuTypeID: exclType.skuTypeID,
    description: 'Prepaid Voucher',
    rateCardLineStores: [{ storeID: storeA.storeID, active: true, revenue: 50, commission: 20 }],
  });
  const seller = await createSeller(t, admin, [storeA.storeID]);
  return {
    t,
    admin,
    adminID,
    year,
    storeA,
    storeB,
    saleType,
    skuType,
    band,
    card,
    line,
    lineA: lineStoreOf(line, storeA),
    lineB: lineStoreOf(line, storeB),
    exclLineA: lineStoreOf(exclLine, storeA),
    seller,
  };
}

/** A user of `storeIDs` with `areas` (a seller's by default) and a profile showing both figures unless told. */
export async function createSeller(
  t: TestApp,
  admin: Client,
  storeIDs: number[],
  { areas = ['RecordSales', 'RecordRefunds', 'UpdateSales'], profile = {}, ...user }: { areas?: string[]; profile?: Row } & Row = {},
): Promise<TestUser> {
  const accessProfile = await createAccessProfile(admin, { areas, storeIDs, showRevenue: true, showCommission: true, ...profile });
  return createUser(t.http, admin, { accessProfileID: accessProfile.accessProfileID, ...user });
}

/** The body of a sale at store A on the world's main line, dated 3 February of its year. */
export function saleBody(w: SalesWorld, body: Row = {}): Row {
  return {
    storeID: w.storeA.storeID,
    saleTypeID: w.saleType.saleTypeID,
    attributableToUserID: w.seller.userID,
    rateCardLineStoreID: w.lineA.rateCardLineStoreID,
    saleDate: `${w.year}-02-03`,
    orderRef: ORDER,
    ...body,
  };
}

export async function recordSale(w: SalesWorld, api: Client = w.seller.api, body: Row = {}): Promise<Row> {
  return expectStatus(await api.post('/api/sale', saleBody(w, body)), 201).body.data;
}

/** A sale as the list reads it now (admin sees every store). */
export async function readSale(w: SalesWorld, saleID: number, api: Client = w.admin): Promise<Row> {
  return expectStatus(await api.get(`/api/sales?saleID=${saleID}`), 200).body.data;
}

export async function historyOf(api: Client, saleID: number): Promise<Row[]> {
  return expectStatus(await api.get(`/api/histories?documentType=sale&documentID=${saleID}`), 200).body.listData;
}

/** A discount of the world's sale type at `store` (A unless told) with these settings. */
export async function discountAt(w: SalesWorld, settings: Row, store: Row = w.storeA, body: Row = {}): Promise<Row> {
  const discount = await createDiscount(w.admin, {
    saleTypeID: w.saleType.saleTypeID,
    discountStores: [{ storeID: store.storeID, enabled: true, ...settings }],
    ...body,
  });
  return discount.discountStores[0];
}

/** Today in the app's time zone, yyyy-mm-dd (what the server calls today). */
export function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** Sets a sale's step in the database (reconciliation has no API in this issue). */
export async function setStep(w: SalesWorld, saleID: number, step: string): Promise<void> {
  await w.t.dataSource.query(`UPDATE sale SET currentHistoryStep = '${step}' WHERE saleID = ${Number(saleID)}`);
}

/** A new line on `rateCardID` (the world's card unless told) of the world's sale type and SKU type, with one store row; answers that row. */
export async function newLineStore(w: SalesWorld, store: Row, lineStore: Row, line: Row = {}): Promise<Row> {
  const created = await createRateCardLine(w.admin, {
    rateCardID: w.card.rateCardID,
    saleTypeID: w.saleType.saleTypeID,
    skuTypeID: w.skuType.skuTypeID,
    ...line,
    rateCardLineStores: [{ storeID: store.storeID, active: true, ...lineStore }, ...(line.rateCardLineStores ?? [])],
  });
  return lineStoreOf(created, store);
}
