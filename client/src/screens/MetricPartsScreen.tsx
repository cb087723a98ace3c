import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, Card, Result } from 'antd';
import { ArrowLeftOutlined, ExperimentOutlined } from '@ant-design/icons';
import type { Row } from '../api/types';
import { useRecord } from '../api/hooks';
import { ListScreen } from '../list/ListScreen';
import { metricPartsResource } from '../resources/metrics';
import { MetricPartTestDialog } from './MetricPartTestDialog';
import { textOf } from '../format/format';

/**
 * /data/metrics/{metricID}: the generic list of one metric's parts, titled
 * with the metric's name, with a way back to the metrics. SystemSetup only, as
 * its route in the screen registry says (the parts list answers 403 otherwise). Each
 * part has a Test button, and 'Test a part' tries one before it is saved
 * (MetricPartTestDialog).
 */
export function MetricPartsScreen() {
  const { metricID } = useParams();
  const id = Number(metricID);
  const validID = Number.isInteger(id) && id > 0;
  const { data, error } = useRecord('metrics', 'metricID', validID ? id : null);
  const metricName = data?.data?.name ? textOf(data.data.name) : undefined;
  const metricType = data?.data?.metricType ? textOf(data.data.metricType) : undefined;
  // undefined: closed; null: a new part; a row: that saved part.
  const [testing, setTesting] = useState<Row | null | undefined>(undefined);
  const resource = useMemo(
    () => ({
      ...metricPartsResource(id, metricName),
      rowActions: [{ key: 'test', label: 'Test', icon: <ExperimentOutlined />, onClick: (row: Row) => setTesting(row) }],
    }),
    [id, metricName],
  );

  const back = (
    <Link to="/data/metrics" className="back-link">
      <ArrowLeftOutlined /> Back to metrics
    </Link>
  );

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
  return (
    <>
      <ListScreen
        key={`metricParts-${id}`}
        resource={resource}
        header={<div className="page-header">{back}</div>}
        toolbarExtra={
          <Button icon={<ExperimentOutlined />} onClick={() => setTesting(null)}>
            Test a part
          </Button>
        }
      />
      {testing !== undefined && (
        <MetricPartTestDialog metricID={id} metricName={metricName} metricType={metricType} part={testing ?? undefined} onClose={() => setTesting(undefined)} />
      )}
    </>
  );
}
