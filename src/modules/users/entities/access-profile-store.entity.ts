import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Store } from '../../master-data/entities/store.entity';
import { AccessProfile } from './access-profile.entity';

/** A store an access profile grants. Removed with its profile or its store. */
@Entity('accessProfileStore')
@Index(['accessProfileID', 'storeID'], { unique: true })
export class AccessProfileStore {
  @PrimaryGeneratedColumn({ type: 'integer' })
  accessProfileStoreID: number;

  @Column({ type: 'integer' })
  accessProfileID: number;

  @ManyToOne(() => AccessProfile, (profile) => profile.accessProfileStores, { onDelete: 'CASCADE', orphanedRowAction: 'delete' })
  @JoinColumn({ name: 'accessProfileID' })
  accessProfile?: AccessProfile;

  @Column({ type: 'integer' })
  storeID: number;

  @ManyToOne(() => Store, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'storeID' })
  store?: Store;
}
