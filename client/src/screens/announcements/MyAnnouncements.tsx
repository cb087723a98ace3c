import { useState } from 'react';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { DownloadOutlined, LinkOutlined } from '@ant-design/icons';
import { useAbortableSWR } from '../../api/hooks';
import { ApiError, apiGet, apiUrl } from '../../api/http';
import { getToken } from '../../api/token';
import type { Row } from '../../api/types';
import './announcements.css';

const MINE_URL = '/api/announcements/myAnnouncements';

type AlertType = 'info' | 'warning' | 'error' | 'success';

/** One announcement: styled by its type, with its link or file and OK to acknowledge. */
function AnnouncementCard({ announcement, onAcknowledge, acknowledging }: { announcement: Row; onAcknowledge: () => void; acknowledging: boolean }) {
  const id = Number(announcement.announcementID);
  const file = announcement.file as { originalName?: string } | null;
  // A message with nothing to click or acknowledge shows no empty button row.
  const hasActions = announcement.clickType === 'url' || announcement.clickType === 'file' || Boolean(announcement.acknowledgable);
  const description = (
    <div className="my-announcement-body">
      {announcement.message ? <Typography.Paragraph className="my-announcement-message">{String(announcement.message)}</Typography.Paragraph> : null}
      {hasActions && (
        <Space wrap>
          {announcement.clickType === 'url' && (
            // The app's own route fetches the link, which records the click, then goes there.
            <a href={`/announcement/urlRedirect/${id}`} target="_blank" rel="noopener" className="my-announcement-link">
              <LinkOutlined /> Open the link
            </a>
          )}
          {announcement.clickType === 'file' && (
            <a href={apiUrl(`announcement/${id}/download`, { token: getToken() })} download={file?.originalName} className="my-announcement-link">
              <DownloadOutlined /> Download {file?.originalName ?? 'the file'}
            </a>
          )}
          {announcement.acknowledgable ? (
            <Button size="small" type="primary" onClick={onAcknowledge} loading={acknowledging} aria-label={`OK: acknowledge ${String(announcement.title)}`}>
              OK
            </Button>
          ) : null}
        </Space>
      )}
    </div>
  );
  return <Alert className="my-announcement" type={(announcement.type as AlertType) ?? 'info'} showIcon message={String(announcement.title)} description={description} />;
}

/**
 * The landing page's announcements (spec 01 §2, spec 02 §2.4): the user's own, not yet
 * acknowledged and not past displayUntil, newest first. When acknowledging is refused (the link
 * or file must be clicked first) a dialog says so (spec 02 §8); other failures are only logged.
 */
export function MyAnnouncements() {
  const { data, mutate } = useAbortableSWR<{ listData: Row[] }>(MINE_URL, { revalidateOnFocus: true });
  const [acknowledging, setAcknowledging] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const announcements = data?.listData ?? [];
  if (announcements.length === 0) return null;

  const acknowledge = async (announcementID: number) => {
    setAcknowledging(announcementID);
    try {
      await apiGet(`/api/announcement/${announcementID}/acknowledge`);
      await mutate();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setRefusal(error.message);
      else console.error('Acknowledging the announcement failed', error);
    } finally {
      setAcknowledging(null);
    }
  };

  return (
    <section className="my-announcements" aria-label="Announcements">
      {announcements.map((announcement) => (
        <AnnouncementCard
          key={Number(announcement.announcementID)}
          announcement={announcement}
          acknowledging={acknowledging === Number(announcement.announcementID)}
          onAcknowledge={() => void acknowledge(Number(announcement.announcementID))}
        />
      ))}
      <Modal
        open={refusal !== null}
        title="Please click the link or download the file first"
        onCancel={() => setRefusal(null)}
        footer={[
          <Button key="ok" type="primary" onClick={() => setRefusal(null)}>
            OK
          </Button>,
        ]}
      >
        <p>{refusal}</p>
      </Modal>
    </section>
  );
}
