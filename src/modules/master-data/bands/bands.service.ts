import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CrudService } from '../../../common/crud/crud.service';
import { auditFields } from '../../../common/list/audit-fields';
import type { ListDefinition } from '../../../common/list/list-definition';
import { ListService } from '../../../common/list/list.service';
import { Band } from '../entities/band.entity';
import { BandBody } from './band.body';

export const bandList: ListDefinition<Band> = {
  entity: Band,
  alias: 'band',
  idField: 'bandID',
  label: 'band',
  uniqueName: 'name',
  fields: {
    bandID: { column: 'band.bandID', type: 'integer', excel: 'ID' },
    name: { column: 'band.name', type: 'text', quick: true, excel: 'Name' },
    description: { column: 'band.description', type: 'text', quick: true, excel: 'Description' },
    ...auditFields('band'),
  },
  defaultSort: { field: 'name', dir: 'ASC' },
};

@Injectable()
export class BandsService extends CrudService<Band, BandBody> {
  readonly definition = bandList;

  constructor(@InjectDataSource() dataSource: DataSource, lists: ListService) {
    super(dataSource, lists);
  }

  protected async assign(_m: EntityManager, band: Band, body: BandBody): Promise<void> {
    band.name = body.name;
    if (body.description !== undefined || band.description == null) band.description = body.description ?? '';
  }
}
