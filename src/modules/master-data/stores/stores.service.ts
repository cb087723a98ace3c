import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';

import type { AuthUser } from '../../../common/auth/auth-user';
import type { SystemArea } from '../../../common/auth/system-areas';
import { CrudService } from '../../../common/crud/crud.service';
import { assertReferenceExists } from '../../../common/db/in-use';
import { auditFields } from '../../../common/list/audit-fields';
import type { ListDefinition } from '../../../common/list/list-definition';
import { ListService } from '../../../common/list/list.service';
import { StoreType } from '../entities/store-type.entity';
import { forUpdate } from '../../../common/db/locks';
import { Store } from '../entities/store.entity';
import { sentOr } from '../../../common/http/sent-value';
import { StoreBody } from './store.body';

/** Who administers stores and access profiles, and so sees every store (docs/decisions.md). */
export const STORE_ADMINS: readonly SystemArea[] = ['SystemSetup', 'UserSetup'];

export const storeList: ListDefinition<Store> = {
  entity: Store,
  alias: 'store',
  idField: 'storeID',
  label: 'store',
  uniqueName: 'name',
  fields: {
    storeID: { column: 'store.storeID', type: 'integer', excel: 'ID' },
    name: { column: 'store.name', type: 'text', quick: true, excel: 'Name' },
    storeTypeID: { column: 'store.storeTypeID', type: 'integer' },
    storeTypeName: { column: 'storeType.name', type: 'text', quick: true, excel: 'Store type' },
    targetRevenue: { column: 'store.targetRevenue', type: 'boolean', excel: 'Target revenue' },
    targetQuantity: { column: 'store.targetQuantity', type: 'boolean', excel: 'Target quantity' },
    postCode: { column: 'store.postCode', type: 'text', quick: true, excel: 'Post code' },
    squareFeet: { column: 'store.squareFeet', type: 'integer', excel: 'Square feet' },
    ...auditFields('store'),
  },
  lookups: { storeType: 'store.storeType' },
  fkJoins: ['storeType'],
  defaultSort: { field: 'name', dir: 'ASC' },
  // Store administrators see every store; everyone else the stores their profile grants.
  storeScope: { column: 'store.storeID', unlessAreas: STORE_ADMINS },
  toRow: ({ storeType, ...store }, joins) => ({
    ...store,
    storeTypeName: storeType?.name ?? '(Store type not found)',
    recordFootfall: storeType?.recordFootfall ?? false,
    recordChatCount: storeType?.recordChatCount ?? false,
    recordStaffCount: storeType?.recordStaffCount ?? false,
    ...(joins.has('storeType') ? { storeType } : {}),
  }),
};

type StoreCreatedListener = (manager: EntityManager, store: Store) => Promise<void>;

@Injectable()
export class StoresService extends CrudService<Store, StoreBody> {
  readonly definition = storeList;
  private readonly createdListeners: StoreCreatedListener[] = [];

  constructor(@InjectDataSource() dataSource: DataSource, lists: ListService) {
    super(dataSource, lists);
  }

  /** Lets other modules act in the same transaction when a store is created (e.g. grant it). */
  onStoreCreated(listener: StoreCreatedListener): void {
    this.createdListeners.push(listener);
  }

  /** Which of these stores exist. */
  async existingIDs(manager: EntityManager, storeIDs: readonly number[]): Promise<Set<number>> {
    if (!storeIDs.length) return new Set();
    const found = await manager.find(Store, { where: { storeID: In([...storeIDs]) }, select: { storeID: true } });
    return new Set(found.map((s) => s.storeID));
  }

  /** Every store's id and name (the rec sheet import resolves the names its lines give). */
  async idsAndNames(manager: EntityManager): Promise<Array<{ storeID: number; name: string }>> {
    const rows = await manager.find(Store, { select: { storeID: true, name: true } });
    return rows.map((s) => ({ storeID: s.storeID, name: s.name }));
  }

  /** The store with this name, ignoring case and surrounding spaces, or null. */
  async byName(manager: EntityManager, name: string): Promise<{ storeID: number; name: string } | null> {
    const found = await manager
      .createQueryBuilder(Store, 'store')
      .select(['store.storeID', 'store.name'])
      .where('LOWER(TRIM(store.name)) = :name', { name: name.trim().toLowerCase() })
      .getOne();
    return found ? { storeID: found.storeID, name: found.name } : null;
  }

  /** How many stores there are. */
  count(manager: EntityManager): Promise<number> {
    return manager.count(Store);
  }

  /**
   * Locks the store's row until `manager`'s transaction ends (forUpdate), so saves of one
   * store's month (targets, daily stats) take turns. False when there is no such store.
   */
  async lock(manager: EntityManager, storeID: number): Promise<boolean> {
    return !!(await forUpdate(
      manager.createQueryBuilder(Store, 'locked').select('locked.storeID').where('locked.storeID = :storeID', { storeID }),
    ).getRawOne());
  }

  async allStoreIDs(): Promise<number[]> {
    const rows = await this.dataSource.getRepository(Store).find({ select: { storeID: true }, order: { storeID: 'ASC' } });
    return rows.map((s) => s.storeID);
  }

  /** These stores' names and store types, by name (the dashboard's store cards and tables). */
  async storesByID(storeIDs: readonly number[]): Promise<Array<{ storeID: number; name: string; storeTypeID: number; storeTypeName: string }>> {
    if (!storeIDs.length) return [];
    const stores = await this.dataSource
      .getRepository(Store)
      .find({ where: { storeID: In([...storeIDs]) }, relations: { storeType: true }, order: { name: 'ASC', storeID: 'ASC' } });
    return stores.map((s) => ({ storeID: s.storeID, name: s.name, storeTypeID: s.storeTypeID, storeTypeName: s.storeType?.name ?? '' }));
  }

  /**
   * One store with its store type (what it targets and records), or null. With `lock`, the
   * store's row stays locked until the transaction ends (forUpdate), so saves of one store's
   * month (targets, daily stats) take turns instead of inserting the same new rows twice.
   */
  async storeWithType(manager: EntityManager, storeID: number, options: { lock?: boolean } = {}): Promise<Store | null> {
    if (options.lock) {
      await this.lock(manager, storeID);
    }
    return manager.findOne(Store, { where: { storeID }, relations: { storeType: true } });
  }

  protected async assign(manager: EntityManager, store: Store, body: StoreBody): Promise<void> {
    await assertReferenceExists(manager, StoreType, { storeTypeID: body.storeTypeID }, 'storeTypeID', 'store type');
    store.name = body.name;
    store.storeTypeID = body.storeTypeID;
    store.targetRevenue = sentOr(body.targetRevenue, store.targetRevenue, true);
    store.targetQuantity = sentOr(body.targetQuantity, store.targetQuantity, false);
    if (body.postCode !== undefined) store.postCode = body.postCode ? body.postCode.toUpperCase() : null;
    // Not optional in the spec (only postCode is): an emptied box is 0, as on a new store.
    store.squareFeet = sentOr(body.squareFeet, store.squareFeet, 0);
  }

  protected override async afterSave(manager: EntityManager, store: Store, _body: StoreBody, _user: AuthUser, isNew: boolean) {
    if (!isNew) return;
    for (const listener of this.createdListeners) await listener(manager, store);
  }
}
