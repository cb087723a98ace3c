import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Index } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';
import { StoreType } from './store-type.entity';

@Entity('store')
@Index(['name'])
export class Store extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  storeID: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'integer' })
  storeTypeID: number;

  @ManyToOne(() => StoreType, (type) => type.stores, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'storeTypeID' })
  storeType?: StoreType;

  /** Whether the store sets revenue targets. */
  @Column({ type: 'boolean', default: true })
  targetRevenue: boolean;

  /** Whether the store sets quantity targets. */
  @Column({ type: 'boolean', default: false })
  targetQuantity: boolean;

  @Column({ type: 'varchar', length: 10, nullable: true })
  postCode: string | null;

  @Column({ type: 'integer', default: 0 })
  squareFeet: number;
}
