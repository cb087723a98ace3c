import { Day, Flag, IgnoredID, OneOf, OptionalText, ReferenceID, ReferenceIDs, RequiredText } from '../../common/http/dto-fields';
import { AuditedReadOnlyFields } from '../../common/http/read-only-fields';
import { ANNOUNCEMENT_TYPES, CLICK_TYPES, type AnnouncementType, type ClickType } from './entities/announcement.entity';

export const TITLE_MAX = 100;
export const MESSAGE_MAX = 2000;
export const URL_MAX = 2000;

/** POST /announcement, PUT /announcement/{id}. The counts, file and recipients are read only. */
@AuditedReadOnlyFields('announcementUserCount', 'seenUserCount', 'clickedUserCount', 'acknowledgedUserCount', 'file', 'announcementUsers')
export class AnnouncementBody {
  @IgnoredID() announcementID?: number;
  @OneOf('Type', ANNOUNCEMENT_TYPES) type: AnnouncementType;
  @RequiredText('Title', TITLE_MAX) title: string;
  @OptionalText('Message', MESSAGE_MAX) message?: string;
  @ReferenceID('file', true) fileID?: number | null;
  @Day('Display until') displayUntil: string;
  @Flag('Acknowledgable') acknowledgable?: boolean;
  @Flag('Must click') mustClick?: boolean;
  @OneOf('Click type', CLICK_TYPES, true) clickType?: ClickType;
  @OptionalText('URL', URL_MAX, /^https?:\/\/\S+$/i, 'The URL must start with http:// or https:// and hold no spaces') url?: string;
}

/** POST /announcementUser, PUT /announcementUser/{id}: one recipient. What they did is the server's to record. */
@AuditedReadOnlyFields(
  'userName',
  'userEmail',
  'userActive',
  'firstSeenDate',
  'lastSeenDate',
  'clickedDate',
  'acknowledgedDate',
  'clicked',
  'acknowledged',
  'seen',
)
export class AnnouncementUserBody {
  @IgnoredID() announcementUserID?: number;
  @ReferenceID('announcement') announcementID: number;
  @ReferenceID('user') userID: number;
}

/**
 * POST /announcement/{id}/announcementUsers: every active user of these stores (whose access
 * profile has one of them) and of these access profiles, and these users, added at once.
 */
export class AnnouncementRecipientsBody {
  @ReferenceIDs('Stores', 1000) storeIDs?: number[];
  @ReferenceIDs('Access profiles', 1000) accessProfileIDs?: number[];
  @ReferenceIDs('Users', 10_000) userIDs?: number[];
}
