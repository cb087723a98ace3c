import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CrudService } from '../../../common/crud/crud.service';
import { auditFields } from '../../../common/list/audit-fields';
import type { ListDefinition } from '../../../common/list/list-definition';
import { ListService } from '../../../common/list/list.service';
import { SkuType } from '../entities/sku-type.entity';
import { sentOr } from '../../../common/http/sent-value';
import { SkuTypeBody } from './sku-type.body';

export const skuTypeList: ListDefinition<SkuType> = {
  entity: SkuType,
  alias: 'skuType',
  idField: 'skuTypeID',
  label: 'SKU type',
  uniqueName: 'name',
  fields: {
    skuTypeID: { column: 'skuType.skuTypeID', type: 'integer', excel: 'ID' },
    name: { column: 'skuType.name', type: 'text', quick: true, excel: 'Name' },
    description: { column: 'skuType.description', type: 'text', quick: true, excel: 'Description' },
    excludeDiscount: { column: 'skuType.excludeDiscount', type: 'boolean', excel: 'Exclude discount' },
    ...auditFields('skuType'),
  },
  defaultSort: { field: 'name', dir: 'ASC' },
};

@Injectable()
export class SkuTypesService extends CrudService<SkuType, SkuTypeBody> {
  readonly definition = skuTypeList;

  constructor(@InjectDataSource() dataSource: DataSource, lists: ListService) {
    super(dataSource, lists);
  }

  protected async assign(_m: EntityManager, type: SkuType, body: SkuTypeBody): Promise<void> {
    type.name = body.name;
    if (body.description !== undefined || type.description == null) type.description = body.description ?? '';
    type.excludeDiscount = sentOr(body.excludeDiscount, type.excludeDiscount, false);
  }
}
