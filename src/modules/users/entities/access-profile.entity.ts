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

  /**
   * Its users sell (docs/decisions.md, issue 26): they are the sellers a sale names, the rows of
   * the targets grid and the rota, and so of the KPI and league tables. Off for administrators,
   * who record and fix sales for others without selling.
   */
  @Column({ type: 'boolean', default: true })
  sells: boolean;

  @OneToMany('AccessProfileStore', (aps: AccessProfileStore) => aps.accessProfile, { cascade: true })
  accessProfileStores?: AccessProfileStore[];

  @OneToMany('User', (user: User) => user.accessProfile)
  users?: User[];
}
