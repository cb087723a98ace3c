import { Column, Entity, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';
import type { Store } from './store.entity';

@Entity('storeType')
export class StoreType extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  storeTypeID: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'boolean', default: false })
  recordFootfall: boolean;

  @Column({ type: 'boolean', default: false })
  recordChatCount: boolean;

  @Column({ type: 'boolean', default: false })
  recordStaffCount: boolean;

  @OneToMany('Store', (store: Store) => store.storeType)
  stores?: Store[];
}
