import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Index } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';
import { Store } from '../../master-data/entities/store.entity';
import { AccessProfile } from './access-profile.entity';

@Entity('user')
@Index(['name'])
export class User extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  userID: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** The login; kept lower case, unique. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  /** bcrypt hash; never selected unless asked for. */
  @Column({ type: 'varchar', length: 100, select: false })
  passwordHash: string;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  /** Default store. */
  @Column({ type: 'integer', nullable: true })
  storeID: number | null;

  @ManyToOne(() => Store, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'storeID' })
  store?: Store | null;

  @Column({ type: 'integer' })
  accessProfileID: number;

  @ManyToOne(() => AccessProfile, (profile) => profile.users, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'accessProfileID' })
  accessProfile?: AccessProfile;

  @Column({ type: 'integer', default: 180 })
  defaultDaysBack: number;

  @Column({ type: 'integer', default: 0 })
  fromHour: number;

  @Column({ type: 'integer', default: 24 })
  toHour: number;

  /** Weekday bitmask: Sunday bit 0 (1) ... Saturday bit 6 (64); 0 means every day. */
  @Column({ type: 'integer', default: 0 })
  days: number;

  @Column({ type: 'boolean', default: false })
  proRateTargetsOnActual: boolean;

  /** How many months back dashboards and tables may go; 0 is unlimited. */
  @Column({ type: 'integer', default: 0 })
  salesMonthsBack: number;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  lastLogin: Date | null;

  /**
   * Moves on whenever the user's sessions must end (password change, deactivation, another
   * access profile); a token signed with an older version is refused. Never sent to clients.
   */
  @Column({ type: 'integer', default: 0, select: false })
  tokenVersion: number;
}
