import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Result, Spin } from 'antd';
import { apiGet } from '../../api/http';

/**
 * /announcement/urlRedirect/{id} (spec 02 §2.4): 'Loading link...', then the browser goes to the
 * announcement's link; fetching it records the click (GET /api/announcement/{id}/url).
 */
export function UrlRedirect() {
  const announcementID = Number(useParams().announcementID);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    apiGet<{ data: { url: string } }>(`/api/announcement/${announcementID}/url`)
      .then((answer) => window.location.assign(answer.data.url))
      .catch((error: unknown) => {
        console.error('Announcement link failed', error);
        setFailed(error instanceof Error ? error.message : 'The link could not be loaded');
      });
  }, [announcementID]);
  if (failed) return <Result status="warning" title="The link could not be opened" subTitle={failed} />;
  return (
    <div className="url-redirect">
      <Spin /> <span>Loading link...</span>
    </div>
  );
}
