import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { chunks } from '../../common/collections/chunks';
import { stampCreated } from '../../common/db/audited.entity';
import { assertReferenceExists } from '../../common/db/in-use';
import { CrudService } from '../../common/crud/crud.service';
import { InvalidInput } from '../../common/http/validation-result';
import { MAX_LIST_IDS_LENGTH } from '../../common/list/list-query';
import { ListService } from '../../common/list/list.service';
import { StoresService } from '../master-data';
import { accessProfileList } from '../users';
import { userList } from '../users';
import { AnnouncementRecipientsBody, AnnouncementUserBody } from './announcement.body';
import { announcementList, announcementUserList } from './announcement-rows';
import { AnnouncementUser, NEVER } from './entities/announcement-user.entity';
import { Announcement } from './entities/announcement.entity';

/** What adding recipients by stores, access profiles and users did. */
export interface RecipientsAdded {
  /** Recipients added now. */
  added: number;
  /** Chosen users who already were recipients (left as they were). */
  alreadyRecipients: number;
}

/** A new recipient: has seen, clicked and acknowledged nothing yet ("never" is 2000-01-01). */
export function newRecipient(announcementID: number, userID: number): Partial<AnnouncementUser> {
  return {
    announcementID,
    userID,
    firstSeenDate: NEVER,
    lastSeenDate: NEVER,
    clickedDate: NEVER,
    acknowledgedDate: NEVER,
    clicked: false,
    acknowledged: false,
  };
}

/**
 * An announcement's recipients (spec 02 section 3, Announcement user): Announce only. Users are
 * found through the users list, so an announcer reaches the active users that list shows them
 * (every user with UserSetup, their colleagues without it: docs/decisions.md, Announcements).
 */
@Injectable()
export class AnnouncementUsersService extends CrudService<AnnouncementUser, AnnouncementUserBody> {
  readonly definition = announcementUserList;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    lists: ListService,
    private readonly stores: StoresService,
  ) {
    super(dataSource, lists);
  }

  protected async assign(manager: EntityManager, recipient: AnnouncementUser, body: AnnouncementUserBody, user: AuthUser, isNew: boolean): Promise<void> {
    if (!isNew && body.announcementID !== recipient.announcementID) {
      throw new InvalidInput({ announcementID: 'A recipient cannot be moved to another announcement' });
    }
    await assertReferenceExists(manager, Announcement, { announcementID: body.announcementID }, 'announcementID', 'announcement');
    if (isNew || body.userID !== recipient.userID) {
      const [userID] = await this.activeUsers({ userID: String(body.userID) }, user);
      if (userID !== body.userID) throw new InvalidInput({ userID: 'Choose an active user' });
      const already = await manager.existsBy(AnnouncementUser, { announcementID: body.announcementID, userID: body.userID });
      if (already) throw new InvalidInput({ userID: 'This user already receives this announcement' });
      // What the previous user saw, clicked and acknowledged is theirs: the new user starts at "never".
      Object.assign(recipient, newRecipient(body.announcementID, body.userID));
    }
  }

  /** The ids of the active users the users list shows `user` with these filters (at most MAX_LIST_IDS_LENGTH). */
  private async activeUsers(filters: Record<string, string>, user: AuthUser): Promise<number[]> {
    const query = { ...filters, active: '1', pageLength: '1', listIDsLength: String(MAX_LIST_IDS_LENGTH) };
    return (await this.lists.list(userList, query, user)).listIDs.map((entry) => entry.id);
  }

  /**
   * POST /announcement/{id}/announcementUsers: every active user of the stores (their access
   * profile has one), of the access profiles, and the users named, in one transaction; those
   * already recipients are left as they are. Unknown stores or profiles, and users who are not
   * active users the caller can choose, are a 400 and nothing is added.
   */
  async addRecipients(announcementID: number, body: AnnouncementRecipientsBody, user: AuthUser): Promise<RecipientsAdded> {
    await this.lists.findVisible(announcementList, announcementID, user);
    const storeIDs = [...new Set(body.storeIDs ?? [])];
    const profileIDs = [...new Set(body.accessProfileIDs ?? [])];
    const userIDs = [...new Set(body.userIDs ?? [])];
    if (storeIDs.length + profileIDs.length + userIDs.length === 0) {
      throw new InvalidInput({ userIDs: 'Choose stores, access profiles or users to add' });
    }
    const errors: Record<string, string> = {};
    const knownStores = new Set(await this.stores.allStoreIDs());
    const unknownStores = storeIDs.filter((id) => !knownStores.has(id));
    if (unknownStores.length) errors.storeIDs = `There is no store with id ${unknownStores.join(', ')}`;
    const knownProfiles = new Set((await this.lists.rowsByID(accessProfileList, profileIDs, [])).map((row) => Number(row.accessProfileID)));
    const unknownProfiles = profileIDs.filter((id) => !knownProfiles.has(id));
    if (unknownProfiles.length) errors.accessProfileIDs = `There is no access profile with id ${unknownProfiles.join(', ')}`;
    const named = userIDs.length ? new Set(await this.activeUsers({ userID: userIDs.join(',') }, user)) : new Set<number>();
    const notActive = userIDs.filter((id) => !named.has(id));
    if (notActive.length) errors.userIDs = `These users are not active users you can choose: ${notActive.join(', ')}`;
    if (Object.keys(errors).length) throw new InvalidInput(errors);

    const chosen = new Set(named);
    if (storeIDs.length) for (const id of await this.activeUsers({ worksAtStoreID: storeIDs.join(',') }, user)) chosen.add(id);
    if (profileIDs.length) for (const id of await this.activeUsers({ accessProfileID: profileIDs.join(',') }, user)) chosen.add(id);

    return this.dataSource.transaction(async (manager) => {
      const existing = await manager.find(AnnouncementUser, { where: { announcementID }, select: { userID: true } });
      const there = new Set(existing.map((r) => r.userID));
      const toAdd = [...chosen].filter((id) => !there.has(id));
      for (const part of chunks(toAdd, 500)) {
        const rows = part.map((userID) => {
          const recipient = manager.create(AnnouncementUser, newRecipient(announcementID, userID));
          stampCreated(recipient, user.name);
          return recipient;
        });
        await manager.insert(AnnouncementUser, rows);
      }
      return { added: toAdd.length, alreadyRecipients: chosen.size - toAdd.length };
    });
  }
}
