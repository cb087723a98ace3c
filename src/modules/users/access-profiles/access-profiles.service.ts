import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { formatSystemAreas, isSystemArea, SYSTEM_AREA_NAMES } from '../../../common/auth/system-areas';
import { CrudService } from '../../../common/crud/crud.service';
import { replaceChildren } from '../../../common/db/children';
import { InvalidInput } from '../../../common/http/validation-result';
import { auditFields } from '../../../common/list/audit-fields';
import type { ListDefinition } from '../../../common/list/list-definition';
import { ListService } from '../../../common/list/list.service';
import { StoresService } from '../../master-data';
import { AccessProfileStore } from '../entities/access-profile-store.entity';
import { AccessProfile } from '../entities/access-profile.entity';
import { AccessProfileBody } from './access-profile.body';

export const accessProfileList: ListDefinition<AccessProfile> = {
  entity: AccessProfile,
  alias: 'accessProfile',
  idField: 'accessProfileID',
  label: 'access profile',
  uniqueName: 'name',
  fields: {
    accessProfileID: { column: 'accessProfile.accessProfileID', type: 'integer', excel: 'ID' },
    name: { column: 'accessProfile.name', type: 'text', quick: true, excel: 'Name' },
    systemAreas: { column: 'accessProfile.systemAreas', type: 'text', quick: true, sortable: false, maxLength: 1000, excel: 'System areas' },
    showRevenue: { column: 'accessProfile.showRevenue', type: 'boolean', excel: 'Show revenue' },
    showCommission: { column: 'accessProfile.showCommission', type: 'boolean', excel: 'Show commission' },
    sells: { column: 'accessProfile.sells', type: 'boolean', excel: 'Sells' },
    ...auditFields('accessProfile'),
  },
  rowJoins: ['accessProfileStores', 'accessProfileStores.store', 'users'],
  fkJoins: ['accessProfileStores', 'accessProfileStores.store', 'users'],
  defaultSort: { field: 'name', dir: 'ASC' },
  toRow: ({ accessProfileStores, users, ...profile }) => {
    const stores = (accessProfileStores ?? [])
      .map((aps) => {
        const storeName = aps.store?.name ?? '(Store name not found)';
        // `store` as spec 02 section 3 has it (and as /user/me sends it); storeName for the client's table.
        return { accessProfileStoreID: aps.accessProfileStoreID, storeID: aps.storeID, storeName, store: { storeID: aps.storeID, name: storeName } };
      })
      .sort((a, b) => a.storeName.localeCompare(b.storeName));
    return {
      ...profile,
      accessProfileStores: stores,
      storeIDs: stores.map((s) => s.storeID),
      userCount: users?.length ?? 0,
      users: users?.map((u) => ({ userID: u.userID, name: u.name, active: u.active })),
    };
  },
};

@Injectable()
export class AccessProfilesService extends CrudService<AccessProfile, AccessProfileBody> implements OnModuleInit {
  readonly definition = accessProfileList;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    lists: ListService,
    private readonly stores: StoresService,
  ) {
    super(dataSource, lists);
  }

  /**
   * A new store is granted to the administrators' profiles: those with SystemSetup that
   * already hold every other store. Everyone else gets it when a user administrator adds it.
   */
  onModuleInit(): void {
    this.stores.onStoreCreated(async (manager, store) => {
      const otherStores = (await this.stores.count(manager)) - 1;
      const profiles = await manager.find(AccessProfile, { relations: { accessProfileStores: true } });
      const administrators = profiles.filter((p) => p.systemAreas.split(', ').includes('SystemSetup') && (p.accessProfileStores?.length ?? 0) >= otherStores);
      for (const profile of administrators) {
        await manager.insert(AccessProfileStore, { accessProfileID: profile.accessProfileID, storeID: store.storeID });
      }
    });
  }

  /** Creates a profile directly (first start and demo data). */
  async createProfile(manager: EntityManager, profile: Partial<AccessProfile>, storeIDs: number[]): Promise<AccessProfile> {
    const saved = await manager.save(AccessProfile, manager.create(AccessProfile, profile));
    if (storeIDs.length) {
      await manager.insert(
        AccessProfileStore,
        storeIDs.map((storeID) => ({ accessProfileID: saved.accessProfileID, storeID })),
      );
    }
    return saved;
  }

  systemAreaList() {
    return SYSTEM_AREA_NAMES;
  }

  protected async assign(manager: EntityManager, profile: AccessProfile, body: AccessProfileBody): Promise<void> {
    const areas = (body.systemAreas ?? profile.systemAreas ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = areas.filter((a) => !isSystemArea(a));
    if (unknown.length) throw new InvalidInput({ systemAreas: `Unknown system area ${unknown[0].slice(0, 50)}` });
    if (body.storeIDs?.length) {
      const found = await this.stores.existingIDs(manager, [...new Set(body.storeIDs)]);
      if (found.size !== new Set(body.storeIDs).size) throw new InvalidInput({ storeIDs: 'Choose stores that exist' });
    }
    profile.name = body.name;
    profile.systemAreas = formatSystemAreas(areas);
    profile.showRevenue = body.showRevenue ?? profile.showRevenue ?? true;
    profile.showCommission = body.showCommission ?? profile.showCommission ?? false;
    profile.sells = body.sells ?? profile.sells ?? true;
    delete profile.accessProfileStores;
  }

  /** The body's storeIDs replace the profile's stores. */
  protected override async afterSave(manager: EntityManager, profile: AccessProfile, body: AccessProfileBody) {
    if (!body.storeIDs) return;
    await replaceChildren(manager, AccessProfileStore, {
      parent: { column: 'accessProfileID', id: profile.accessProfileID },
      idField: 'accessProfileStoreID',
      wanted: [...new Set(body.storeIDs)],
      keyOfRow: (row) => row.storeID,
      keyOfWanted: (storeID) => storeID,
      values: (storeID) => ({ storeID }),
    });
  }
}
