import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CrudService } from '../../../common/crud/crud.service';
import { replaceChildren } from '../../../common/db/children';
import { assertReferenceExists } from '../../../common/db/in-use';
import { InvalidInput } from '../../../common/http/validation-result';
import { auditFields } from '../../../common/list/audit-fields';
import { hiddenFigurePaths } from '../../../common/list/figures';
import type { ListDefinition } from '../../../common/list/list-definition';
import { ListService } from '../../../common/list/list.service';
import { DiscountStore } from '../entities/discount-store.entity';
import { Discount } from '../entities/discount.entity';
import { SaleTypeStore } from '../entities/sale-type-store.entity';
import { SaleType } from '../entities/sale-type.entity';
import { Store } from '../entities/store.entity';
import { sentOr } from '../../../common/http/sent-value';
import { STORE_LIST_EDITORS, visibleStores } from '../stores/store-ids';
import { DiscountBody, DiscountStoreBody } from './discount.body';

type Settings = Pick<
  DiscountStore,
  | 'enabled'
  | 'captureVariablePercent'
  | 'revenueReductionIsFixed'
  | 'revenueReductionFixed'
  | 'revenueReductionRatio'
  | 'commissionReductionIsFixed'
  | 'commissionReductionFixed'
  | 'commissionReductionRatio'
  | 'commissionSameAsRevenue'
>;

/** What an entry of a discount's body may carry: each setting, or null for its default. */
type SentSettings = { [K in keyof Settings]?: Settings[K] | null };

/**
 * The discount rules of spec 01 section 4, applied on save: without captureVariablePercent
 * both reductions are fixed; with commissionSameAsRevenue the commission settings are the
 * revenue ones. Values not sent keep what the store had (or the defaults); null is the
 * default (an emptied amount is 0). commissionSameAsRevenue is off by default: the spec has
 * commission follow revenue only "when set", and a fixed amount off revenue is rarely the
 * amount off commission.
 */
export function discountSettings(sent: SentSettings, had?: Settings): Settings {
  const pick = <K extends keyof Settings>(key: K, fallback: Settings[K]): Settings[K] => sentOr<Settings[K]>(sent[key], had?.[key], fallback);
  const captureVariablePercent = pick('captureVariablePercent', false);
  const revenueReductionIsFixed = captureVariablePercent ? pick('revenueReductionIsFixed', true) : true;
  const revenueReductionFixed = pick('revenueReductionFixed', 0);
  const revenueReductionRatio = pick('revenueReductionRatio', 0);
  const commissionSameAsRevenue = pick('commissionSameAsRevenue', false);
  return {
    enabled: pick('enabled', true),
    captureVariablePercent,
    revenueReductionIsFixed,
    revenueReductionFixed,
    revenueReductionRatio,
    commissionReductionIsFixed: commissionSameAsRevenue ? revenueReductionIsFixed : captureVariablePercent ? pick('commissionReductionIsFixed', true) : true,
    commissionReductionFixed: commissionSameAsRevenue ? revenueReductionFixed : pick('commissionReductionFixed', 0),
    commissionReductionRatio: commissionSameAsRevenue ? revenueReductionRatio : pick('commissionReductionRatio', 0),
    commissionSameAsRevenue,
  };
}

/** A discount store as GET /discountStores and the discount's row show it. */
export function discountStoreRow(ds: DiscountStore, discount: Discount | undefined = ds.discount): Record<string, unknown> {
  return {
    discountStoreID: ds.discountStoreID,
    discountID: ds.discountID,
    discountName: discount?.name ?? '',
    discountSaleTypeID: discount?.saleTypeID ?? null,
    discountSaleTypeName: discount?.saleType?.name ?? '',
    storeID: ds.storeID,
    storeName: ds.store?.name ?? '(Store name not found)',
    enabled: ds.enabled,
    captureVariablePercent: ds.captureVariablePercent,
    revenueReductionIsFixed: ds.revenueReductionIsFixed,
    revenueReductionFixed: ds.revenueReductionFixed,
    revenueReductionRatio: ds.revenueReductionRatio,
    commissionReductionIsFixed: ds.commissionReductionIsFixed,
    commissionReductionFixed: ds.commissionReductionFixed,
    commissionReductionRatio: ds.commissionReductionRatio,
    commissionSameAsRevenue: ds.commissionSameAsRevenue,
  };
}

/**
 * A discount's reductions are revenue and commission figures like any other (docs/http-api.md,
 * "Revenue and commission figures"): a profile without showRevenue / showCommission never gets
 * them. 'Commission same as revenue' goes with commission: beside a shown revenue reduction it
 * would tell the commission one. Whether a reduction is fixed or a ratio is not a figure.
 */
const DISCOUNT_FIGURES = {
  revenue: ['revenueReductionFixed', 'revenueReductionRatio'],
  commission: ['commissionReductionFixed', 'commissionReductionRatio', 'commissionSameAsRevenue'],
};

export const discountList: ListDefinition<Discount> = {
  entity: Discount,
  alias: 'discount',
  idField: 'discountID',
  label: 'discount',
  uniqueName: 'name',
  fields: {
    discountID: { column: 'discount.discountID', type: 'integer', excel: 'ID' },
    name: { column: 'discount.name', type: 'text', quick: true, excel: 'Name' },
    saleTypeID: { column: 'discount.saleTypeID', type: 'integer' },
    saleTypeName: { column: 'saleType.name', type: 'text', quick: true, excel: 'Sale type' },
    ...auditFields('discount'),
  },
  lookups: { saleType: 'discount.saleType' },
  rowJoins: ['discountStores', 'discountStores.store'],
  fkJoins: ['discountStores', 'discountStores.store'],
  defaultSort: { field: 'name', dir: 'ASC' },
  figures: {
    revenue: DISCOUNT_FIGURES.revenue.map((path) => `discountStores.${path}`),
    commission: DISCOUNT_FIGURES.commission.map((path) => `discountStores.${path}`),
  },
  toRow: (discount, _joins, user) => {
    const { saleType, discountStores, ...rest } = discount;
    // Only the user's stores' settings, as GET /discountStores shows them.
    const stores = visibleStores(discountStores, user)
      .map((ds) => discountStoreRow(ds, discount))
      .sort((a, b) => String(a.storeName).localeCompare(String(b.storeName)));
    return {
      ...rest,
      saleTypeName: saleType?.name ?? '(Sale type not found)',
      discountStores: stores,
      storeIDs: stores.map((s) => s.storeID),
      storeCount: stores.length,
    };
  },
};

@Injectable()
export class DiscountsService extends CrudService<Discount, DiscountBody> {
  readonly definition = discountList;

  constructor(@InjectDataSource() dataSource: DataSource, lists: ListService) {
    super(dataSource, lists);
  }

  /** A discount's settings at one store, with the discount (its name and sale type), for pricing a sale. */
  storeSettings(manager: EntityManager, discountStoreID: number): Promise<DiscountStore | null> {
    return manager.findOne(DiscountStore, { where: { discountStoreID }, relations: { discount: true } });
  }

  protected async assign(manager: EntityManager, discount: Discount, body: DiscountBody, _user: AuthUser, isNew: boolean): Promise<void> {
    await assertReferenceExists(manager, SaleType, { saleTypeID: body.saleTypeID }, 'saleTypeID', 'sale type');
    const offeredIn = new Set((await manager.find(SaleTypeStore, { where: { saleTypeID: body.saleTypeID }, select: { storeID: true } })).map((s) => s.storeID));
    if (body.discountStores) await this.checkStores(manager, body.discountStores, offeredIn);
    else if (!isNew && body.saleTypeID !== discount.saleTypeID) {
      // The stores stay: each must offer the new sale type too.
      const current = await manager.find(DiscountStore, { where: { discountID: discount.discountID }, relations: { store: true } });
      const outside = current.find((ds) => !offeredIn.has(ds.storeID));
      if (outside) throw new InvalidInput({ saleTypeID: `This sale type is not offered at ${outside.store?.name}, where the discount applies` });
    }
    discount.name = body.name;
    discount.saleTypeID = body.saleTypeID;
    delete discount.saleType;
    delete discount.discountStores;
  }

  /** Each store once, existing, and offering the discount's sale type (400 on the entry's storeID). */
  private async checkStores(manager: EntityManager, entries: DiscountStoreBody[], offeredIn: Set<number>): Promise<void> {
    const ids = [...new Set(entries.map((e) => e.storeID))];
    const existing = new Set(ids.length ? (await manager.find(Store, { where: { storeID: In(ids) }, select: { storeID: true } })).map((s) => s.storeID) : []);
    const errors: Record<string, string> = {};
    const seen = new Set<number>();
    entries.forEach((entry, i) => {
      const field = `discountStores.${i}.storeID`;
      if (seen.has(entry.storeID)) errors[field] = 'Each store may appear only once';
      else if (!existing.has(entry.storeID)) errors[field] = 'Choose a store that exists';
      else if (!offeredIn.has(entry.storeID)) errors[field] = 'The sale type is not offered at this store';
      seen.add(entry.storeID);
    });
    if (Object.keys(errors).length) throw new InvalidInput(errors);
  }

  /** The body's discountStores replace the discount's, keyed by store so their ids last. */
  protected override async afterSave(manager: EntityManager, discount: Discount, body: DiscountBody, user: AuthUser): Promise<void> {
    if (!body.discountStores) return;
    // Figures the user's profile does not show are not theirs to change either: whatever the
    // body says (a form that never had them sends null), each store keeps its own.
    const hidden = hiddenFigurePaths(DISCOUNT_FIGURES, user);
    await replaceChildren(manager, DiscountStore, {
      parent: { column: 'discountID', id: discount.discountID },
      idField: 'discountStoreID',
      wanted: body.discountStores,
      keyOfRow: (row) => row.storeID,
      keyOfWanted: (entry) => entry.storeID,
      values: ({ discountStoreID: _id, storeID, ...sent }, had) => ({
        storeID,
        ...discountSettings(Object.fromEntries(Object.entries(sent).filter(([key]) => !hidden.includes(key))), had),
      }),
    });
  }
}

export const discountStoreList: ListDefinition<DiscountStore> = {
  entity: DiscountStore,
  alias: 'discountStore',
  idField: 'discountStoreID',
  label: 'discount store',
  fields: {
    discountStoreID: { column: 'discountStore.discountStoreID', type: 'integer', excel: 'ID' },
    discountID: { column: 'discountStore.discountID', type: 'integer' },
    discountName: { column: 'discount.name', type: 'text', quick: true, excel: 'Discount' },
    discountSaleTypeID: { column: 'discount.saleTypeID', type: 'integer' },
    discountSaleTypeName: { column: 'discountSaleType.name', type: 'text', quick: true, excel: 'Sale type' },
    storeID: { column: 'discountStore.storeID', type: 'integer' },
    storeName: { column: 'store.name', type: 'text', quick: true, excel: 'Store' },
    enabled: { column: 'discountStore.enabled', type: 'boolean', excel: 'Enabled' },
    captureVariablePercent: { column: 'discountStore.captureVariablePercent', type: 'boolean', excel: 'Capture variable percent' },
    revenueReductionIsFixed: { column: 'discountStore.revenueReductionIsFixed', type: 'boolean', excel: 'Revenue reduction is fixed' },
    revenueReductionFixed: { column: 'discountStore.revenueReductionFixed', type: 'number', excel: 'Revenue reduction' },
    revenueReductionRatio: { column: 'discountStore.revenueReductionRatio', type: 'number', excel: 'Revenue reduction ratio' },
    commissionReductionIsFixed: {
      column: 'discountStore.commissionReductionIsFixed',
      type: 'boolean',
      excel: 'Commission reduction is fixed',
    },
    commissionReductionFixed: { column: 'discountStore.commissionReductionFixed', type: 'number', excel: 'Commission reduction' },
    commissionReductionRatio: { column: 'discountStore.commissionReductionRatio', type: 'number', excel: 'Commission reduction ratio' },
    commissionSameAsRevenue: { column: 'discountStore.commissionSameAsRevenue', type: 'boolean', excel: 'Commission same as revenue' },
  },
  lookups: { discount: 'discountStore.discount', discountSaleType: 'discount.saleType', store: 'discountStore.store' },
  defaultSort: { field: 'discountName', dir: 'ASC' },
  // Sales forms read the discounts of their stores; set-up users read every store's.
  storeScope: { column: 'discountStore.storeID', unlessAreas: STORE_LIST_EDITORS },
  figures: DISCOUNT_FIGURES,
  toRow: (ds) => discountStoreRow(ds),
};
