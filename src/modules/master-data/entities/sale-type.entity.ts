import { Column, Entity, OneToMany, PrimaryGeneratedColumn, Index } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';
import type { SaleTypeStore } from './sale-type-store.entity';

/** A kind of sale ('New contract', 'Upgrade'), offered in some stores (spec 01 section 3). */
@Entity('saleType')
@Index(['name'])
export class SaleType extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  saleTypeID: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @OneToMany('SaleTypeStore', (sts: SaleTypeStore) => sts.saleType)
  saleTypeStores?: SaleTypeStore[];
}
