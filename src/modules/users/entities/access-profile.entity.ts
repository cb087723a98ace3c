import { Column, Entity, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';
import type { AccessProfileStore } from './access-profile-store.entity';
import type { User } from './user.entity';

@Entity('accessProfile')
export class AccessProfile extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  accessProfileID: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** Comma-and-space list of system area names, as the spec shows them. */
  @Column({ type: 'varchar', length: 1000, default: '' })
  systemAreas: string;

  @Column({ type: 'boolean', default: true })
  showRevenue: boolean;

  @Column({ type: 'boolean', default: false })
  showCommission: boolean;

  @OneToMany('AccessProfileStore', (aps: AccessProfileStore) => aps.accessProfile, { cascade: true })
  accessProfileStores?: AccessProfileStore[];

  @OneToMany('User', (user: User) => user.accessProfile)
  users?: User[];
}
