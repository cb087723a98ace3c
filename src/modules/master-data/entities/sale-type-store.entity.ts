import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { SaleType } from './sale-type.entity';
import { Store } from './store.entity';

/** A store a sale type is offered in. Saved through the sale type; goes with it or with the store. */
@Entity('saleTypeStore')
@Index(['storeID'])
@Index(['saleTypeID', 'storeID'], { unique: true })
export class SaleTypeStore {
  @PrimaryGeneratedColumn({ type: 'integer' })
  saleTypeStoreID: number;

  @Column({ type: 'integer' })
  saleTypeID: number;

  @ManyToOne(() => SaleType, (type) => type.saleTypeStores, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'saleTypeID' })
  saleType?: SaleType;

  @Column({ type: 'integer' })
  storeID: number;

  @ManyToOne(() => Store, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'storeID' })
  store?: Store;
}
