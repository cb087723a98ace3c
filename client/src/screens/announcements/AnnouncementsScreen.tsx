import { TeamOutlined } from '@ant-design/icons';
import { ListScreen } from '../../list/ListScreen';
import { announcementsResource } from '../../resources/announcements';

const RESOURCE = announcementsResource({ icon: <TeamOutlined /> });

/** /announcements (spec 02 §2.4): newest first with their counts; each row opens its users. */
export function AnnouncementsScreen() {
  return <ListScreen key="announcements" resource={RESOURCE} />;
}
