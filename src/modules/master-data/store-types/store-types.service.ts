import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CrudService } from '../../../common/crud/crud.service';
import type { ListDefinition } from '../../../common/list/list-definition';
import { ListService } from '../../../common/list/list.service';
import { auditFields } from '../../../common/list/audit-fields';
import { StoreType } from '../entities/store-type.entity';
import { sentOr } from '../../../common/http/sent-value';
import { visibleStores } from '../stores/store-ids';
import { STORE_ADMINS } from '../stores/stores.service';
import { StoreTypeBody } from './store-type.body';

export const storeTypeList: ListDefinition<StoreType> = {
  entity: StoreType,
  alias: 'storeType',
  idField: 'storeTypeID',
  label: 'store type',
  uniqueName: 'name',
  fields: {
    storeTypeID: { column: 'storeType.storeTypeID', type: 'integer', excel: 'ID' },
    name: { column: 'storeType.name', type: 'text', quick: true, excel: 'Name' },
    recordFootfall: { column: 'storeType.recordFootfall', type: 'boolean', excel: 'Record footfall' },
    recordChatCount: { column: 'storeType.recordChatCount', type: 'boolean', excel: 'Record chat count' },
    recordStaffCount: { column: 'storeType.recordStaffCount', type: 'boolean', excel: 'Record staff count' },
    ...auditFields('storeType'),
  },
  rowJoins: ['stores'],
  fkJoins: ['stores'],
  defaultSort: { field: 'name', dir: 'ASC' },
  // The stores (and their count) are those the user sees in the stores list.
  toRow: ({ stores, ...type }, _joins, user) => {
    const visible = visibleStores(stores, user, STORE_ADMINS);
    return { ...type, storeCount: visible.length, stores: visible.map((s) => ({ storeID: s.storeID, name: s.name })) };
  },
};

@Injectable()
export class StoreTypesService extends CrudService<StoreType, StoreTypeBody> {
  readonly definition = storeTypeList;

  constructor(@InjectDataSource() dataSource: DataSource, lists: ListService) {
    super(dataSource, lists);
  }

  protected async assign(_m: EntityManager, type: StoreType, body: StoreTypeBody): Promise<void> {
    type.name = body.name;
    type.recordFootfall = sentOr(body.recordFootfall, type.recordFootfall, false);
    type.recordChatCount = sentOr(body.recordChatCount, type.recordChatCount, false);
    type.recordStaffCount = sentOr(body.recordStaffCount, type.recordStaffCount, false);
  }
}
