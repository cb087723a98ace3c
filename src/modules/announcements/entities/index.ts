import { AnnouncementUser } from './announcement-user.entity';
import { Announcement } from './announcement.entity';

export { Announcement, AnnouncementUser };
export const ANNOUNCEMENT_ENTITIES = [Announcement, AnnouncementUser];
