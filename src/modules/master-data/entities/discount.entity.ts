import { Column, Entity, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, Index } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';
import type { DiscountStore } from './discount-store.entity';
import { SaleType } from './sale-type.entity';

/** A discount on one sale type, with its settings per store (spec 01 section 3). */
@Entity('discount')
@Index(['saleTypeID'])
@Index(['name'])
export class Discount extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  discountID: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'integer' })
  saleTypeID: number;

  /** A sale type with discounts is not deleted (400 naming them). */
  @ManyToOne(() => SaleType, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'saleTypeID' })
  saleType?: SaleType;

  @OneToMany('DiscountStore', (ds: DiscountStore) => ds.discount)
  discountStores?: DiscountStore[];
}
