import type { EntityManager } from 'typeorm';
import { toNumber } from '../../common/db/numbers';
import { auditFields } from '../../common/list/audit-fields';
import type { ListDefinition } from '../../common/list/list-definition';
import { recordDate } from '../../common/dates/days';
import { NEVER, NEVER_SQL, AnnouncementUser } from './entities/announcement-user.entity';
import { Announcement } from './entities/announcement.entity';

const ID = /^\d{1,10}$/;

/** A recipient's date as records carry datetimes; "never" travels as 2000-01-01T00:00:00.000Z. */
export function whenOf(value: Date | null | undefined): string {
  return (value ?? NEVER).toISOString();
}

/** Whether a recipient's date is a real one, not the "never" of 2000-01-01. */
export function happened(value: Date | null | undefined): boolean {
  return whenOf(value) !== NEVER.toISOString();
}

/** What a recipient did, as every answer shows it (the recipients list and the caller's own announcements). */
export function recipientStatus(recipient: AnnouncementUser) {
  return {
    firstSeenDate: whenOf(recipient.firstSeenDate),
    lastSeenDate: whenOf(recipient.lastSeenDate),
    clickedDate: whenOf(recipient.clickedDate),
    acknowledgedDate: whenOf(recipient.acknowledgedDate),
    seen: happened(recipient.firstSeenDate),
    clicked: Boolean(recipient.clicked),
    acknowledged: Boolean(recipient.acknowledged),
  };
}

/** The file as records show it: its id and name only. */
export function fileOf(announcement: Announcement): { fileID: number; originalName: string } | null {
  return announcement.file ? { fileID: announcement.file.fileID, originalName: announcement.file.originalName } : null;
}

/** An announcement's own fields as the API answers them (no recipients, no counts). */
export function announcementFields({ file: _file, announcementUsers: _users, ...announcement }: Announcement) {
  return { ...announcement, displayUntil: recordDate(announcement.displayUntil) };
}

/**
 * The four counts of a page of announcements with one grouped query (never one per row):
 * recipients, those who have seen it, clicked it and acknowledged it.
 */
async function addCounts(rows: Record<string, unknown>[], { manager }: { manager: EntityManager }): Promise<void> {
  const found = await manager
    .createQueryBuilder(AnnouncementUser, 'recipient')
    .select('recipient.announcementID', 'announcementID')
    .addSelect('COUNT(*)', 'users')
    .addSelect('SUM(CASE WHEN recipient.firstSeenDate > :never THEN 1 ELSE 0 END)', 'seen')
    .addSelect('SUM(CASE WHEN recipient.clicked = :yes THEN 1 ELSE 0 END)', 'clicked')
    .addSelect('SUM(CASE WHEN recipient.acknowledged = :yes THEN 1 ELSE 0 END)', 'acknowledged')
    .where('recipient.announcementID IN (:...ids)', { ids: rows.map((row) => Number(row.announcementID)) })
    .setParameters({ never: NEVER_SQL, yes: true })
    .groupBy('recipient.announcementID')
    .getRawMany<Record<string, unknown>>();
  const counts = new Map(found.map((r) => [toNumber(r.announcementID), r]));
  for (const row of rows) {
    const c = counts.get(Number(row.announcementID));
    row.announcementUserCount = toNumber(c?.users);
    row.seenUserCount = toNumber(c?.seen);
    row.clickedUserCount = toNumber(c?.clicked);
    row.acknowledgedUserCount = toNumber(c?.acknowledged);
  }
}

export const announcementList: ListDefinition<Announcement> = {
  entity: Announcement,
  alias: 'announcement',
  idField: 'announcementID',
  label: 'announcement',
  fields: {
    announcementID: { column: 'announcement.announcementID', type: 'integer', pattern: ID, excel: 'ID' },
    type: { column: 'announcement.type', type: 'text', maxLength: 10, excel: 'Type' },
    title: { column: 'announcement.title', type: 'text', maxLength: 100, quick: true, excel: 'Title' },
    message: { column: 'announcement.message', type: 'text', maxLength: 2000, quick: true, excel: 'Message' },
    fileID: { column: 'announcement.fileID', type: 'integer', pattern: ID },
    displayUntil: { column: 'announcement.displayUntil', type: 'date', excel: 'Display until' },
    acknowledgable: { column: 'announcement.acknowledgable', type: 'boolean', excel: 'Acknowledgable' },
    mustClick: { column: 'announcement.mustClick', type: 'boolean', excel: 'Must click' },
    clickType: { column: 'announcement.clickType', type: 'text', maxLength: 4, excel: 'Click type' },
    url: { column: 'announcement.url', type: 'text', maxLength: 2000, quick: true, excel: 'URL' },
    ...auditFields('announcement'),
  },
  fkJoins: ['file', 'announcementUsers'],
  fkJoinsInclude: { announcementUsers: ['announcementUsers.user'] },
  // Announcements by announcementID descending (spec 02 section 9).
  defaultSort: { field: 'announcementID', dir: 'DESC' },
  toRow: (announcement, joins) => ({
    ...announcementFields(announcement),
    ...(joins.has('file') ? { file: fileOf(announcement) } : {}),
    ...(joins.has('announcementUsers')
      ? {
          announcementUsers: (announcement.announcementUsers ?? [])
            .map((recipient) => ({
              announcementUserID: recipient.announcementUserID,
              userID: recipient.userID,
              userName: recipient.user?.name ?? '',
              ...recipientStatus(recipient),
            }))
            .sort((a, b) => a.userName.localeCompare(b.userName)),
        }
      : {}),
  }),
  decorateRows: addCounts,
};

export const announcementUserList: ListDefinition<AnnouncementUser> = {
  entity: AnnouncementUser,
  alias: 'recipient',
  idField: 'announcementUserID',
  label: 'announcement user',
  fields: {
    announcementUserID: { column: 'recipient.announcementUserID', type: 'integer', pattern: ID, excel: 'ID' },
    announcementID: { column: 'recipient.announcementID', type: 'integer', pattern: ID, excel: 'Announcement' },
    userID: { column: 'recipient.userID', type: 'integer', pattern: ID },
    userName: { column: 'user.name', type: 'text', maxLength: 100, quick: true, excel: 'User' },
    userEmail: { column: 'user.email', type: 'text', maxLength: 254, quick: true, excel: 'Email' },
    firstSeenDate: { column: 'recipient.firstSeenDate', type: 'datetime', excel: 'First seen' },
    lastSeenDate: { column: 'recipient.lastSeenDate', type: 'datetime', excel: 'Last seen' },
    clicked: { column: 'recipient.clicked', type: 'boolean', excel: 'Clicked' },
    clickedDate: { column: 'recipient.clickedDate', type: 'datetime', excel: 'Clicked on' },
    acknowledged: { column: 'recipient.acknowledged', type: 'boolean', excel: 'Acknowledged' },
    acknowledgedDate: { column: 'recipient.acknowledgedDate', type: 'datetime', excel: 'Acknowledged on' },
    ...auditFields('recipient'),
  },
  lookups: { user: 'recipient.user' },
  defaultSort: { field: 'userName', dir: 'ASC' },
  toRow: ({ user, announcement: _announcement, ...recipient }) => ({
    ...recipient,
    userName: user?.name ?? '',
    userEmail: user?.email ?? '',
    userActive: Boolean(user?.active),
    ...recipientStatus(recipient),
  }),
};
