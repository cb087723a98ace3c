import { useState } from 'react';
import { Alert, App, Button, Drawer, Modal, Space, Typography } from 'antd';
import { DownloadOutlined, LinkOutlined } from '@ant-design/icons';
import { useAbortableSWR } from '../../api/hooks';
import { ApiError, apiGet, apiUrl } from '../../api/http';
import { getToken } from '../../api/token';
import type { Row } from '../../api/types';
import './announcements.css';
import { useSaveFeedback } from '../../feedback/useSaveFeedback';
import { textOf } from '../../format/format';

/** The user's announcements; the landing also watches this call (LandingPage's dashboard waits for it). */
export const MINE_URL = '/api/announcements/myAnnouncements';

type AlertType = 'info' | 'warning' | 'error' | 'success';

interface CardProps {
  announcement: Row;
  onAcknowledge: () => void;
  acknowledging: boolean;
  /** One line: the title, the message cut with an ellipsis (its whole text on hover), the actions at the end. */
  compact?: boolean;
}

/** Its link or file and OK to acknowledge; null when it has nothing to click or acknowledge. */
function AnnouncementActions({ announcement, onAcknowledge, acknowledging }: Omit<CardProps, 'compact'>) {
  const id = Number(announcement.announcementID);
  const file = announcement.file as { originalName?: string } | null;
  const hasActions = announcement.clickType === 'url' || announcement.clickType === 'file' || Boolean(announcement.acknowledgable);
  if (!hasActions) return null;
  return (
    <Space wrap className="my-announcement-actions">
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
  );
}

/** One announcement: styled by its type, with its link or file and OK to acknowledge. */
function AnnouncementCard({ announcement, onAcknowledge, acknowledging, compact }: CardProps) {
  const actions = <AnnouncementActions announcement={announcement} onAcknowledge={onAcknowledge} acknowledging={acknowledging} />;
  const message = announcement.message ? textOf(announcement.message) : '';
  const type = (announcement.type as AlertType) ?? 'info';
  if (compact) {
    return (
      <Alert
        className="my-announcement my-announcement-compact"
        type={type}
        showIcon
        message={
          <div className="my-announcement-line">
            <span className="my-announcement-title">{String(announcement.title)}</span>
            {message && (
              <span className="my-announcement-message-line" title={message}>
                {message}
              </span>
            )}
            {actions}
          </div>
        }
      />
    );
  }
  const description = (
    <div className="my-announcement-body">
      {message ? <Typography.Paragraph className="my-announcement-message">{message}</Typography.Paragraph> : null}
      {actions}
    </div>
  );
  return <Alert className="my-announcement" type={type} showIcon message={String(announcement.title)} description={description} />;
}

/**
 * The landing page's announcements (spec 01 §2, spec 02 §2.4): the user's own, not yet
 * acknowledged and not past displayUntil, newest first. The newest is one line above the
 * figures, with its link and OK; the others are behind 'N more', in a drawer, so however many
 * there are the KPI cards stay on the first screen (issue 26). When acknowledging is refused (the
 * link or file must be clicked first) a dialog says so (spec 02 §8); an acknowledgement is
 * confirmed by a message.
 */
export function MyAnnouncements() {
  const { data, mutate } = useAbortableSWR<{ listData: Row[] }>(MINE_URL, { revalidateOnFocus: true });
  const { message } = App.useApp();
  const saved = useSaveFeedback();
  const [acknowledging, setAcknowledging] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const announcements = data?.listData ?? [];
  if (announcements.length === 0) return null;

  const acknowledge = async (announcement: Row) => {
    const announcementID = Number(announcement.announcementID);
    setAcknowledging(announcementID);
    try {
      await apiGet(`/api/announcement/${announcementID}/acknowledge`);
      await mutate();
      saved(`Announcement ${String(announcement.title)} acknowledged`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setRefusal(error.message);
      else void message.error('The announcement could not be acknowledged. Please try again.');
    } finally {
      setAcknowledging(null);
    }
  };
  const cardOf = (announcement: Row, compact: boolean) => (
    <AnnouncementCard
      key={Number(announcement.announcementID)}
      announcement={announcement}
      compact={compact}
      acknowledging={acknowledging === Number(announcement.announcementID)}
      onAcknowledge={() => void acknowledge(announcement)}
    />
  );
  const more = announcements.length - 1;

  return (
    <section className="my-announcements" aria-label="Announcements">
      {cardOf(announcements[0], true)}
      {more > 0 && (
        <Button type="link" size="small" className="my-announcements-more" onClick={() => setDrawerOpen(true)}>
          {more} more {more === 1 ? 'announcement' : 'announcements'}
        </Button>
      )}
      <Drawer
        open={drawerOpen && announcements.length > 0}
        onClose={() => setDrawerOpen(false)}
        title={`Announcements (${announcements.length})`}
        width="min(520px, 100vw)"
        className="my-announcements-drawer"
      >
        <div className="my-announcements-list">{announcements.map((announcement) => cardOf(announcement, false))}</div>
      </Drawer>
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
