import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button } from 'antd';
import { ArrowLeftOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { useRecord, useRefreshResource } from '../../api/hooks';
import { ListScreen } from '../../list/ListScreen';
import { announcementUsersResource } from '../../resources/announcements';
import { AddRecipientsDialog } from './AddRecipientsDialog';
import { textOf } from '../../format/format';

/**
 * /announcements/{id}/announcementUsers (spec 02 §2.4): the announcement's users with their seen,
 * click and acknowledge status ('Never' for 2000-01-01); users are added many at once by store,
 * access profile or name.
 */
export function AnnouncementUsersScreen() {
  const announcementID = Number(useParams().announcementID);
  const resource = useMemo(() => announcementUsersResource(announcementID), [announcementID]);
  const { data } = useRecord('announcements', 'announcementID', announcementID || null);
  const refresh = useRefreshResource();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const title = data?.data?.title ? `Users of '${textOf(data.data.title)}'` : 'Announcement users';

  return (
    <>
      <ListScreen
        key={`announcementUsers-${announcementID}`}
        resource={resource}
        titleNode={
          <span className="announcement-users-title">
            <Link to="/announcements" aria-label="Back to announcements">
              <ArrowLeftOutlined />
            </Link>{' '}
            {title}
          </span>
        }
        toolbarExtra={
          <Button icon={<UsergroupAddOutlined />} onClick={() => setAdding(true)}>
            Add users
          </Button>
        }
        aboveTable={
          added ? <Alert type="success" showIcon closable message={added} onClose={() => setAdded(null)} className="announcement-added" /> : undefined
        }
      />
      {adding && (
        <AddRecipientsDialog
          announcementID={announcementID}
          onClose={() => setAdding(false)}
          onAdded={(message) => {
            setAdding(false);
            setAdded(message);
            void refresh('announcementUsers');
          }}
        />
      )}
    </>
  );
}
