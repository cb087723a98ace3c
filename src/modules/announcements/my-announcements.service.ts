import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { InvalidInput, RecordNotFound } from '../../common/http/validation-result';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { FilesService, type OpenedFile } from '../files';
import { localDate } from '../../common/dates/days';
import { announcementFields, fileOf, happened, recipientStatus } from './announcement-rows';
import { AnnouncementUser, NEVER_SQL } from './entities/announcement-user.entity';
import type { Announcement } from './entities/announcement.entity';

/** An announcement as its recipient sees it: the announcement, its file's name, and what they did with it. */
function shownTo(recipient: AnnouncementUser & { announcement: Announcement }) {
  return {
    ...announcementFields(recipient.announcement),
    file: fileOf(recipient.announcement),
    announcementUserID: recipient.announcementUserID,
    ...recipientStatus(recipient),
  };
}

/**
 * The recipient's side of announcements (spec 01 section 2, spec 02 sections 2.4 and 4): any
 * signed-in user, and only announcements addressed to them; any other id answers 404.
 */
@Injectable()
export class MyAnnouncementsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly files: FilesService,
  ) {}

  /**
   * GET /announcements/myAnnouncements: the caller's announcements not yet acknowledged whose
   * displayUntil is today or later (in TIME_ZONE), newest first. Reading them is seeing them:
   * firstSeenDate is set the first time, lastSeenDate every time.
   */
  async mine(user: AuthUser) {
    return this.dataSource.transaction(async (manager) => {
      const recipients = (await manager
        .createQueryBuilder(AnnouncementUser, 'recipient')
        .innerJoinAndSelect('recipient.announcement', 'announcement')
        .leftJoinAndSelect('announcement.file', 'file')
        .where('recipient.userID = :userID', { userID: user.userID })
        .andWhere('recipient.acknowledged = :no', { no: false })
        .andWhere('announcement.displayUntil >= :today', { today: localDate(this.config.timeZone) })
        .orderBy('announcement.announcementID', 'DESC')
        .getMany()) as Array<AnnouncementUser & { announcement: Announcement }>;
      if (recipients.length === 0) return [];
      const now = new Date();
      const ids = recipients.map((r) => r.announcementUserID);
      await manager
        .createQueryBuilder()
        .update(AnnouncementUser)
        .set({ firstSeenDate: now })
        .where('announcementUserID IN (:...ids) AND firstSeenDate <= :never', { ids, never: NEVER_SQL })
        .execute();
      await manager.createQueryBuilder().update(AnnouncementUser).set({ lastSeenDate: now }).where('announcementUserID IN (:...ids)', { ids }).execute();
      for (const recipient of recipients) {
        if (!happened(recipient.firstSeenDate)) recipient.firstSeenDate = now;
        recipient.lastSeenDate = now;
      }
      return recipients.map(shownTo);
    });
  }

  /** The caller's recipient row of the announcement, with it, or 404 when it is not addressed to them. */
  private async recipientOf(manager: EntityManager, announcementID: number, user: AuthUser) {
    const recipient = await manager
      .createQueryBuilder(AnnouncementUser, 'recipient')
      .innerJoinAndSelect('recipient.announcement', 'announcement')
      .leftJoinAndSelect('announcement.file', 'file')
      .where('recipient.announcementID = :announcementID AND recipient.userID = :userID', { announcementID, userID: user.userID })
      .getOne();
    if (!recipient) throw new RecordNotFound('Announcement');
    return recipient as AnnouncementUser & { announcement: Announcement };
  }

  /**
   * GET /announcement/{id}/acknowledge. Refused (400) when the announcement is not acknowledgable,
   * or must be clicked and has not been: the client then tells the user to click the link or
   * download the file first (spec 02 section 8). Acknowledging again keeps the first date.
   */
  async acknowledge(announcementID: number, user: AuthUser) {
    return this.dataSource.transaction(async (manager) => {
      const recipient = await this.recipientOf(manager, announcementID, user);
      const { announcement } = recipient;
      if (!announcement.acknowledgable) throw new InvalidInput({}, 'This announcement does not need acknowledging');
      if (announcement.mustClick && !recipient.clicked) {
        const what = announcement.clickType === 'file' ? 'download the file' : 'click the link';
        throw new InvalidInput({ clicked: `Please ${what} first` }, `Please ${what} before acknowledging this announcement`);
      }
      if (!recipient.acknowledged) {
        recipient.acknowledged = true;
        recipient.acknowledgedDate = new Date();
        await manager.update(
          AnnouncementUser,
          { announcementUserID: recipient.announcementUserID },
          { acknowledged: true, acknowledgedDate: recipient.acknowledgedDate },
        );
      }
      return shownTo(recipient);
    });
  }

  /** GET /announcement/{id}/url: the link (data.url), the click recorded. 400 when the announcement has no link. */
  async url(announcementID: number, user: AuthUser): Promise<{ url: string }> {
    return this.dataSource.transaction(async (manager) => {
      const recipient = await this.recipientOf(manager, announcementID, user);
      if (recipient.announcement.clickType !== 'url') throw new InvalidInput({}, 'This announcement has no link');
      await this.recordClick(manager, recipient);
      return { url: recipient.announcement.url };
    });
  }

  /**
   * GET /announcement/{id}/download: the file, opened through the files module, the click
   * recorded once the file is there to send. 400 when the announcement has no file to download.
   */
  async download(announcementID: number, user: AuthUser): Promise<OpenedFile> {
    return this.dataSource.transaction(async (manager) => {
      const recipient = await this.recipientOf(manager, announcementID, user);
      const { announcement } = recipient;
      if (announcement.clickType !== 'file' || !announcement.file) throw new InvalidInput({}, 'This announcement has no file to download');
      const opened = await this.files.open(announcement.file);
      await this.recordClick(manager, recipient);
      return opened;
    });
  }

  /** The first click's date is kept. */
  private async recordClick(manager: EntityManager, recipient: AnnouncementUser): Promise<void> {
    if (recipient.clicked) return;
    await manager.update(AnnouncementUser, { announcementUserID: recipient.announcementUserID }, { clicked: true, clickedDate: new Date() });
  }
}
