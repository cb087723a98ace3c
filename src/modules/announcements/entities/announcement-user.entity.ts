import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';
import { User } from '../../users/entities/user.entity';
import { Announcement } from './announcement.entity';

/**
 * The date columns hold this instant for "never" (spec 02 section 3: 2000-01-01 means never), so
 * they are never NULL and sort and compare the same on both engines.
 */
export const NEVER = new Date('2000-01-01T00:00:00.000Z');

/** NEVER as both engines compare DATETIME(3) columns with it (UTC, as the columns hold). */
export const NEVER_SQL = '2000-01-01 00:00:00.000';

/** One recipient of an announcement and what they did with it (spec 02 section 3, Announcement user). */
@Entity('announcementUser')
@Index(['announcementID', 'userID'], { unique: true })
@Index(['userID'])
export class AnnouncementUser extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  announcementUserID: number;

  @Column({ type: 'integer' })
  announcementID: number;

  @ManyToOne(() => Announcement, (announcement) => announcement.announcementUsers, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'announcementID' })
  announcement?: Announcement;

  @Column({ type: 'integer' })
  userID: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userID' })
  user?: User;

  @Column({ type: 'datetime', precision: 3 })
  firstSeenDate: Date;

  @Column({ type: 'datetime', precision: 3 })
  lastSeenDate: Date;

  @Column({ type: 'datetime', precision: 3 })
  clickedDate: Date;

  @Column({ type: 'datetime', precision: 3 })
  acknowledgedDate: Date;

  @Column({ type: 'boolean', default: false })
  clicked: boolean;

  @Column({ type: 'boolean', default: false })
  acknowledged: boolean;
}
