import { onePagePdf } from './one-page-pdf';
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { DataSource } from 'typeorm';
import { stampCreated } from '../common/db/audited.entity';
import { AnnouncementUsersService } from '../modules/announcements/announcement-users.service';
import { AnnouncementsService, ANNOUNCEMENT_LIBRARY } from '../modules/announcements/announcements.service';
import { AnnouncementUser } from '../modules/announcements/entities/announcement-user.entity';
import { Announcement } from '../modules/announcements/entities/announcement.entity';
import { StoredFile } from '../modules/files/entities/stored-file.entity';
import type { FilesService } from '../modules/files/files.service';
import type { UsersService } from '../modules/users/users/users.service';
import { addDays } from './demo-sales';

/**
 * Issue 13 demo announcements, one of each state, addressed to every active user (by store):
 * an info with a link some have acknowledged, a warning whose link must be clicked (some
 * clicked, fewer acknowledged), an error whose PDF must be downloaded, a success that needs no
 * acknowledging, and one past its displayUntil that most acknowledged while it showed.
 */

export interface DemoAnnouncementsResult {
  announcements: number;
  recipients: number;
}

/** The refund policy PDF, stored as an upload to the announcements library would be. */
async function storePolicyPdf(dataSource: DataSource, files: FilesService, userName: string, userID: number): Promise<number> {
  const bytes = onePagePdf('Refund policy: refunds within 14 days with a receipt.');
  const storedName = `${ANNOUNCEMENT_LIBRARY}/${randomUUID()}.pdf`;
  const path = join(files.filesDir, storedName);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, bytes, { mode: 0o600 });
  const file = Object.assign(new StoredFile(), {
    library: ANNOUNCEMENT_LIBRARY,
    type: 'pdf',
    kind: 'pdf',
    contentType: 'application/pdf',
    size: bytes.length,
    originalName: 'Refund policy.pdf',
    storedName,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    createdByUserID: userID,
  });
  stampCreated(file, userName);
  return (await dataSource.getRepository(StoredFile).save(file)).fileID;
}

export async function seedDemoAnnouncements(
  dataSource: DataSource,
  today: string,
  services: { announcements: AnnouncementsService; recipients: AnnouncementUsersService; files: FilesService; users: UsersService },
  authorEmail: string,
): Promise<DemoAnnouncementsResult | null> {
  if ((await dataSource.getRepository(Announcement).count()) > 0) return null;
  const [author] = await dataSource.query<Array<{ userID: unknown }>>('SELECT userID FROM user WHERE email = ?', [authorEmail]);
  const user = author ? await services.users.loadAuthUser(Number(author.userID)) : null;
  if (!user) return null;
  const storeIDs = [...user.storeIDs];
  const fileID = await storePolicyPdf(dataSource, services.files, user.name, user.userID);
  const demo = [
    {
      body: {
        type: 'info',
        title: 'Welcome to the new back office',
        message: 'The help pages explain the new sales console and the daily report.',
        displayUntil: addDays(today, 30),
        clickType: 'url',
        url: 'https://example.com/help',
      },
      clicked: 0.5,
      acknowledged: 0.4,
    },
    {
      body: {
        type: 'warning',
        title: 'Stock count on Friday',
        message: 'Read the stock count checklist before Friday: every store counts after closing.',
        displayUntil: addDays(today, 14),
        clickType: 'url',
        url: 'https://example.com/stock-count',
        mustClick: true,
      },
      clicked: 0.3,
      acknowledged: 0.2,
    },
    {
      body: {
        type: 'error',
        title: 'New refund policy',
        message: 'Download and read the new refund policy before your next refund.',
        displayUntil: addDays(today, 21),
        clickType: 'file',
        fileID,
        mustClick: true,
      },
      clicked: 0.2,
      acknowledged: 0,
    },
    {
      body: {
        type: 'success',
        title: 'Record month for the north stores',
        message: 'Thank you all: last month was the best month yet.',
        displayUntil: addDays(today, 7),
        acknowledgable: false,
      },
      clicked: 0,
      acknowledged: 0,
    },
    {
      body: { type: 'info', title: 'Summer opening hours', message: 'Stores open at 8:00 through August.', displayUntil: addDays(today, -10) },
      clicked: 0,
      acknowledged: 0.7,
    },
  ];
  let recipients = 0;
  const seenAt = new Date(`${addDays(today, -2)}T09:30:00.000Z`);
  for (const { body, clicked, acknowledged } of demo) {
    const created = await services.announcements.create(body as never, user);
    const announcementID = Number(created.announcementID);
    recipients += (await services.recipients.addRecipients(announcementID, { storeIDs }, user)).added;
    // What the first share of the recipients did with it.
    const rows = await dataSource.getRepository(AnnouncementUser).find({ where: { announcementID }, order: { userID: 'ASC' } });
    const clicks = Math.round(rows.length * clicked);
    const acknowledgements = Math.round(rows.length * acknowledged);
    for (const [i, row] of rows.entries()) {
      if (i >= Math.max(clicks, acknowledgements) + 2) break;
      await dataSource.getRepository(AnnouncementUser).update(
        { announcementUserID: row.announcementUserID },
        {
          firstSeenDate: seenAt,
          lastSeenDate: new Date(seenAt.getTime() + 3_600_000),
          ...(i < clicks ? { clicked: true, clickedDate: new Date(seenAt.getTime() + 60_000) } : {}),
          ...(i < acknowledgements ? { acknowledged: true, acknowledgedDate: new Date(seenAt.getTime() + 120_000) } : {}),
        },
      );
    }
  }
  return { announcements: demo.length, recipients };
}
