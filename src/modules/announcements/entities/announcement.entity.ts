import { Column, Entity, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';
import { StoredFile } from '../../files/entities/stored-file.entity';
import type { AnnouncementUser } from './announcement-user.entity';

export const ANNOUNCEMENT_TYPES = ['info', 'warning', 'error', 'success'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** What a recipient clicks in the announcement: nothing, its link or its file. */
export const CLICK_TYPES = ['none', 'url', 'file'] as const;
export type ClickType = (typeof CLICK_TYPES)[number];

/**
 * A message shown on its recipients' landing pages until they acknowledge it or its
 * displayUntil day has passed (spec 02 sections 3 and 4, Announcement).
 */
@Entity('announcement')
export class Announcement extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  announcementID: number;

  @Column({ type: 'varchar', length: 10 })
  type: AnnouncementType;

  @Column({ type: 'varchar', length: 100 })
  title: string;

  @Column({ type: 'varchar', length: 2000, default: '' })
  message: string;

  /** In the `announcements` library; only with clickType file. */
  @Column({ type: 'integer', nullable: true })
  fileID: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'fileID' })
  file?: StoredFile | null;

  /** The last day it shows (in TIME_ZONE). */
  @Column({ type: 'date' })
  displayUntil: string;

  @Column({ type: 'boolean', default: true })
  acknowledgable: boolean;

  /** Acknowledging needs the link clicked or the file downloaded first. */
  @Column({ type: 'boolean', default: false })
  mustClick: boolean;

  @Column({ type: 'varchar', length: 4, default: 'none' })
  clickType: ClickType;

  /** http or https; only with clickType url. */
  @Column({ type: 'varchar', length: 2000, default: '' })
  url: string;

  @OneToMany('AnnouncementUser', (recipient: AnnouncementUser) => recipient.announcement)
  announcementUsers?: AnnouncementUser[];
}
