import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Not } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CrudService } from '../../../common/crud/crud.service';
import { replaceChildren } from '../../../common/db/children';
import { InvalidInput } from '../../../common/http/validation-result';
import { auditFields } from '../../../common/list/audit-fields';
import type { ListDefinition } from '../../../common/list/list-definition';
import { ListService } from '../../../common/list/list.service';
import { DiscountStore } from '../entities/discount-store.entity';
import { SaleTypeStore } from '../entities/sale-type-store.entity';
import { SaleType } from '../entities/sale-type.entity';
import { existingStoreIDs, storeLinks, visibleStores } from '../stores/store-ids';
import { SaleTypeBody } from './sale-type.body';

/** A sale type as rows, /user/me and other modules show it; its stores as `user` may see them. */
export function saleTypeRow({ saleTypeStores, ...type }: SaleType, user?: AuthUser): Record<string, unknown> {
  const stores = storeLinks(visibleStores(saleTypeStores, user), 'saleTypeStoreID');
  return { ...type, saleTypeStores: stores, storeIDs: stores.map((s) => s.storeID), storeCount: stores.length };
}

export const saleTypeList: ListDefinition<SaleType> = {
  entity: SaleType,
  alias: 'saleType',
  idField: 'saleTypeID',
  label: 'sale type',
  uniqueName: 'name',
  fields: {
    saleTypeID: { column: 'saleType.saleTypeID', type: 'integer', excel: 'ID' },
    name: { column: 'saleType.name', type: 'text', quick: true, excel: 'Name' },
    ...auditFields('saleType'),
  },
  rowJoins: ['saleTypeStores', 'saleTypeStores.store'],
  fkJoins: ['saleTypeStores', 'saleTypeStores.store'],
  defaultSort: { field: 'name', dir: 'ASC' },
  toRow: (type, _joins, user) => saleTypeRow(type, user),
};

@Injectable()
export class SaleTypesService extends CrudService<SaleType, SaleTypeBody> {
  readonly definition = saleTypeList;

  constructor(@InjectDataSource() dataSource: DataSource, lists: ListService) {
    super(dataSource, lists);
  }

  /** The stores (ids) that offer this sale type. */
  async storesOffering(manager: EntityManager, saleTypeID: number): Promise<Set<number>> {
    const rows = await manager.find(SaleTypeStore, { where: { saleTypeID }, select: { storeID: true } });
    return new Set(rows.map((r) => r.storeID));
  }

  protected async assign(manager: EntityManager, type: SaleType, body: SaleTypeBody, _user: AuthUser, isNew: boolean): Promise<void> {
    if (body.storeIDs) {
      const storeIDs = await existingStoreIDs(manager, body.storeIDs);
      if (!isNew) await this.assertNoDiscountsOutside(manager, type.saleTypeID, storeIDs);
    }
    type.name = body.name;
    delete type.saleTypeStores;
  }

  /**
   * A store keeps the sale type while a discount of the sale type has settings there: sales
   * will point at those settings, so they are removed from the discount first (400 otherwise).
   */
  private async assertNoDiscountsOutside(manager: EntityManager, saleTypeID: number, storeIDs: number[]): Promise<void> {
    const stranded = await manager.find(DiscountStore, {
      where: { discount: { saleTypeID }, storeID: storeIDs.length ? Not(In(storeIDs)) : undefined },
      relations: { discount: true, store: true },
      order: { discountStoreID: 'ASC' },
      take: 1,
    });
    if (stranded.length) {
      const { discount, store } = stranded[0];
      throw new InvalidInput({
        storeIDs: `The discount ${discount?.name} applies at ${store?.name}; remove that store from the discount first`,
      });
    }
  }

  protected override async afterSave(manager: EntityManager, type: SaleType, body: SaleTypeBody): Promise<void> {
    if (!body.storeIDs) return;
    await replaceChildren(manager, SaleTypeStore, {
      parent: { column: 'saleTypeID', id: type.saleTypeID },
      idField: 'saleTypeStoreID',
      wanted: [...new Set(body.storeIDs)],
      keyOfRow: (row) => row.storeID,
      keyOfWanted: (storeID) => storeID,
      values: (storeID) => ({ storeID }),
    });
  }
}
