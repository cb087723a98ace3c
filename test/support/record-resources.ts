import {
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
  expectStatus,
  Row,
  TestUser,
  unique,
} from './api';
import { createRecLine, createRecSheet, orderNumber } from './rec-fixtures';
import type { TestApp } from './test-app';

/**
 * Every resource with a record PUT (PUT /api/<singular>/:id), how to make one and what a user
 * edits in it: the table behind test/api/round-trips.e2e-spec.ts and
 * test/api/concurrent-edits.e2e-spec.ts. `ctx` is filled in by the spec's beforeAll.
 */
export interface ResourceContext {
  t: TestApp;
  /** The administrator: makes the records. */
  admin: Client;
  /** A user with the records' areas on both stores. */
  editor: TestUser;
  storeA: Row;
  storeB: Row;
}

export interface Resource {
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

export function recordResources(ctx: ResourceContext): Resource[] {
  // The sales are dated 2015, on a card of its own in force then, made once (a card per start date).
  let line: Promise<Row> | undefined;
  const saleLine = () =>
    (line ??= (async () => {
      const saleType = await createSaleType(ctx.admin, { storeIDs: [ctx.storeA.storeID] });
      const card = await createRateCard(ctx.admin, { fromDate: '2015-01-01' });
      return createRateCardLine(ctx.admin, {
        rateCardID: card.rateCardID,
        saleTypeID: saleType.saleTypeID,
        rateCardLineStores: [{ storeID: ctx.storeA.storeID, active: true, revenue: 20, commission: 5 }],
      });
    })());
  // One line a day: the editor's lines may not overlap.
  let rotaDays = 0;
  const rotaDate = () => new Date(Date.UTC(2023, 2, 6 + rotaDays++)).toISOString().slice(0, 10);
  return [
    {
      singular: 'storeType',
      plural: 'storeTypes',
      idField: 'storeTypeID',
      fkJoins: ['stores'],
      make: async () => (await createStoreType(ctx.admin)).storeTypeID,
      edit: named('Type'),
    },
    {
      singular: 'store',
      plural: 'stores',
      idField: 'storeID',
      fkJoins: ['storeType'],
      make: async () => (await createStore(ctx.admin, { postCode: 'SW1A 1AA', squareFeet: 1200 })).storeID,
      edit: named('Store'),
    },
    {
      singular: 'saleType',
      plural: 'saleTypes',
      idField: 'saleTypeID',
      fkJoins: ['saleTypeStores', 'saleTypeStores.store'],
      make: async () => (await createSaleType(ctx.admin, { storeIDs: [ctx.storeA.storeID, ctx.storeB.storeID] })).saleTypeID,
      edit: named('Sale type'),
    },
    {
      singular: 'skuType',
      plural: 'skuTypes',
      idField: 'skuTypeID',
      fkJoins: [],
      make: async () => (await createSkuType(ctx.admin, { description: 'Phones' })).skuTypeID,
      edit: named('SKU type'),
    },
    {
      singular: 'band',
      plural: 'bands',
      idField: 'bandID',
      fkJoins: [],
      make: async () => (await createBand(ctx.admin, { description: 'Top' })).bandID,
      edit: named('Band'),
    },
    {
      singular: 'discount',
      plural: 'discounts',
      idField: 'discountID',
      fkJoins: ['discountStores', 'discountStores.store'],
      make: async () =>
        (
          await createDiscount(ctx.admin, {
            discountStores: [
              {
                storeID: ctx.storeA.storeID,
                enabled: true,
                revenueReductionIsFixed: true,
                revenueReductionFixed: 5,
                commissionReductionIsFixed: true,
                commissionReductionFixed: 1,
              },
              { storeID: ctx.storeB.storeID, enabled: false },
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
          await createAnalysisField(ctx.admin, {
            // A label of its own: without one it is the name's copy, which an edited name leaves as it was.
            label: 'Colour',
            analysisListItems: [{ code: 'A', description: 'First' }, { code: 'B' }],
            storeIDs: [ctx.storeA.storeID],
          })
        ).analysisFieldID,
      edit: named('Field'),
    },
    {
      singular: 'metric',
      plural: 'metrics',
      idField: 'metricID',
      fkJoins: [],
      make: async () => (await createMetric(ctx.admin)).metricID,
      edit: named('Metric'),
    },
    {
      singular: 'metricPart',
      plural: 'metricParts',
      idField: 'metricPartID',
      fkJoins: [],
      make: async () => (await createMetricPart(ctx.admin)).metricPartID,
      edit: named('Part'),
    },
    {
      singular: 'rateCard',
      plural: 'rateCards',
      idField: 'rateCardID',
      fkJoins: [],
      make: async () => (await createRateCard(ctx.admin)).rateCardID,
      edit: named('Rate card'),
    },
    {
      singular: 'recImportTemplate',
      plural: 'recImportTemplates',
      idField: 'templateID',
      fkJoins: [],
      make: async () =>
        expectStatus(await ctx.admin.post('/api/recImportTemplate', { name: unique('Supplier'), mappings: { 'Txn Date': 'saleDate', Amount: 'revenue' } }), 201)
          .body.data.templateID,
      edit: named('Supplier'),
    },
    {
      singular: 'recMatchRule',
      plural: 'recMatchRules',
      idField: 'recMatchRuleID',
      fkJoins: [],
      make: async () => expectStatus(await ctx.admin.post('/api/recMatchRule', { rule: 'revenueWithin', toleranceAmount: 0.5 }), 201).body.data.recMatchRuleID,
      edit: () => ['toleranceAmount', 0.75],
      // The sentence names the tolerance.
      editMoves: ['description'],
    },
    {
      singular: 'recSheet',
      plural: 'recSheets',
      idField: 'recSheetID',
      fkJoins: [],
      make: async () => (await createRecSheet(ctx.admin)).recSheetID,
      edit: named('Sheet'),
    },
    {
      singular: 'recSheetLine',
      plural: 'recSheetLines',
      idField: 'recSheetLineID',
      fkJoins: ['file', 'sale'],
      make: async () => {
        const sheet = await createRecSheet(ctx.admin);
        const line = await createRecLine(ctx.admin, {
          recSheetID: sheet.recSheetID,
          saleDate: '2015-03-02',
          storeName: ctx.storeA.name,
          orderRef: orderNumber(),
          sku: 'TRIP-1',
          description: 'Handset',
          revenue: 12.5,
        });
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
        const line = await saleLine();
        const sale = expectStatus(
          await ctx.admin.post('/api/sale', {
            storeID: ctx.storeA.storeID,
            saleTypeID: line.saleTypeID,
            attributableToUserID: ctx.editor.userID,
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
        const saleType = await createSaleType(ctx.admin, { storeIDs: [ctx.storeA.storeID, ctx.storeB.storeID] });
        const line = await createRateCardLine(ctx.admin, {
          saleTypeID: saleType.saleTypeID,
          bandID: (await createBand(ctx.admin)).bandID,
          legacySKU: 'OLD-1',
          rateCardLineStores: [
            { storeID: ctx.storeA.storeID, active: true, revenue: 12.5, commission: 3.25, description: 'Store A own', customerRRP: 9.99 },
            { storeID: ctx.storeB.storeID, active: false, revenue: 1, commission: 0 },
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
        const profile = await createAccessProfile(ctx.admin, { areas: ['RecordSales'], storeIDs: [ctx.storeA.storeID] });
        // A user on it, so the record answers with its users.
        await createUser(ctx.t.http, ctx.admin, { login: false, accessProfileID: profile.accessProfileID });
        return profile.accessProfileID;
      },
      edit: named('Profile'),
    },
    {
      singular: 'user',
      plural: 'users',
      idField: 'userID',
      fkJoins: [],
      make: async () =>
        (await createUser(ctx.t.http, ctx.admin, { login: false, areas: ['RecordSales'], storeIDs: [ctx.storeA.storeID], storeID: ctx.storeA.storeID })).userID,
      edit: named('User'),
    },
    {
      singular: 'announcement',
      plural: 'announcements',
      idField: 'announcementID',
      fkJoins: ['file', 'announcementUsers'],
      make: async () => {
        const created = expectStatus(
          await ctx.admin.post('/api/announcement', {
            type: 'info',
            title: unique('Notice'),
            message: 'Hello',
            displayUntil: '2099-12-31',
            clickType: 'url',
            url: 'https://example.com/x',
          }),
          201,
        );
        const announcementID = created.body.data.announcementID;
        // A recipient, so the record answers with its users and counts.
        expectStatus(await ctx.admin.post('/api/announcementUser', { announcementID, userID: ctx.editor.userID }), 201);
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
        expectStatus(
          await ctx.admin.post('/api/rotaLine', { rotaDate: rotaDate(), storeID: ctx.storeA.storeID, userID: ctx.editor.userID, notes: 'Opening' }),
          201,
        ).body.data.rotaLineID,
      edit: () => ['notes', unique('Closing')],
      // Every change of a rota line writes a history entry, which becomes its current one.
      editMoves: ['currentHistoryID'],
    },
  ];
}
