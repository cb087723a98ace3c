import { useMemo } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Button, Card, Result } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useRecord } from '../api/hooks';
import { can } from '../auth/permissions';
import { ListScreen } from '../list/ListScreen';
import { metricPartsResource } from '../resources/metrics';
import { useCurrentUser } from '../shell/CurrentUser';

/**
 * /data/metrics/{metricID}: the generic list of one metric's parts, titled
 * with the metric's name, with a way back to the metrics. SystemSetup only:
 * without it the parts list answers 403, which would log the user out.
 */
export function MetricPartsScreen() {
  const me = useCurrentUser();
  const { metricID } = useParams();
  const id = Number(metricID);
  const validID = Number.isInteger(id) && id > 0;
  const allowed = can(me, 'SystemSetup');
  const { data, error } = useRecord('metrics', 'metricID', validID && allowed ? id : null);
  const metricName = data?.data?.name ? String(data.data.name) : undefined;
  const resource = useMemo(() => metricPartsResource(id, metricName), [id, metricName]);

  const back = (
    <Link to="/data/metrics" className="back-link">
      <ArrowLeftOutlined /> Back to metrics
    </Link>
  );

  if (!allowed) return <Navigate to="/data/metrics" replace />;
  if (!validID || error) {
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title="Metric not found"
          subTitle="It may have been deleted."
          extra={
            <Link to="/data/metrics">
              <Button type="primary">Back to metrics</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  return <ListScreen key={`metricParts-${id}`} resource={resource} header={<div className="page-header">{back}</div>} />;
}
