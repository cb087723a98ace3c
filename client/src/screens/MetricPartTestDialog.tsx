import { useEffect, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, Button, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useAbortableSWR } from '../api/hooks';
import { ApiError, apiRequest } from '../api/http';
import type { Row } from '../api/types';
import { humanizeIdentifier, textOf } from '../format/format';
import { DIVISION_PARTS, METRIC_TABLES, formatMetricValue, formatPartValue, metricFieldOptions, paramsJsonError } from '../resources/metricValues';
import { useCurrentUser } from '../shell/CurrentUser';
import { dialogFit, useViewport } from '../shell/useViewport';
import { Picker } from '../record/Picker';

/** Spec 02 section 8: the test button's text while the params are not valid JSON. */
export const CANNOT_TEST = 'Cannot test - JSON is invalid';

interface Props {
  metricID: number;
  metricName?: string;
  metricType?: string;
  /** The saved part to test (its values start the form); none: a new part. */
  part?: Row;
  onClose: () => void;
}

interface TestAnswer {
  part: { current: number | null; field: string };
  metric: { result: number | null; reason?: string; metricType: string };
}

/**
 * The parts page's test panel (spec 02 sections 2.6 and 5; issue 15): evaluates a part as typed,
 * saved or not, with the metric engine (POST /api/metricPart/test) for one of the user's stores
 * or all of them, today or a date range, and shows its value and its metric's result. While the
 * params are not valid JSON the Run button is disabled and says why.
 */
export function MetricPartTestDialog({ metricID, metricName, metricType, part, onClose }: Props) {
  const me = useCurrentUser();
  const viewport = useViewport();
  const [tableName, setTableName] = useState<string>(textOf(part?.tableName ?? 'sales'));
  const [field, setField] = useState<string | undefined>(part?.field ? textOf(part.field) : undefined);
  const [divisionPart, setDivisionPart] = useState<string>(textOf(part?.divisionPart ?? 'numerator'));
  const [multiplier, setMultiplier] = useState<number | null>(part?.multiplier == null ? 1 : Number(part.multiplier));
  const [params, setParams] = useState<string>(textOf(part?.params ?? '{}'));
  const [storeID, setStoreID] = useState<number>(0);
  const [period, setPeriod] = useState<'today' | 'range'>('today');
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().startOf('month'), dayjs()]);
  const [running, setRunning] = useState(false);
  const [answer, setAnswer] = useState<TestAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // A shown answer is of the inputs it was run with: any change takes it away.
  useEffect(() => {
    setAnswer(null);
    setFailure(null);
  }, [tableName, field, divisionPart, multiplier, params, storeID, period, range]);

  const fields = useAbortableSWR<unknown>('/api/metricParts/fields');
  const fieldOptions = metricFieldOptions(fields.data, tableName);
  const jsonError = paramsJsonError(params);
  const stores = (me.accessProfile?.accessProfileStores ?? [])
    .map((s) => ({ value: s.storeID, label: s.store?.name ?? `Store ${s.storeID}` }))
    .sort((a, b) => a.label.localeCompare(b.label));

  const run = async () => {
    const [from, to] = period === 'today' ? [dayjs(), dayjs()] : range;
    setRunning(true);
    setFailure(null);
    try {
      const body = {
        metricID,
        ...(part?.metricPartID ? { metricPartID: Number(part.metricPartID), name: String(part.name) } : {}),
        tableName,
        field,
        divisionPart,
        multiplier: multiplier ?? 1,
        params: params.trim() || '{}',
        ...(storeID ? { storeID } : {}),
        fromDate: from.format('YYYY-MM-DD'),
        toDate: to.format('YYYY-MM-DD'),
      };
      const res = await apiRequest<{ data: TestAnswer }>('/api/metricPart/test', { method: 'POST', body });
      setAnswer(res.body.data);
    } catch (error) {
      setAnswer(null);
      setFailure(error instanceof ApiError ? (error.validationResult?.failSummary ?? error.message) : 'The test did not reach the server');
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal
      open
      title={part?.name ? `Test ${textOf(part.name)}` : 'Test a part'}
      onCancel={onClose}
      {...dialogFit(viewport, 640, 'record-dialog', 'metric-part-test')}
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        <Button key="run" type="primary" loading={running} disabled={Boolean(jsonError) || !field} onClick={() => void run()}>
          {jsonError ? CANNOT_TEST : 'Run test'}
        </Button>,
      ]}
    >
      <Form layout={viewport.isDesktop ? 'horizontal' : 'vertical'} labelCol={viewport.isDesktop ? { flex: '120px' } : undefined}>
        <Form.Item label="Table" htmlFor="test-table">
          <Picker
            id="test-table"
            value={tableName}
            options={METRIC_TABLES}
            onChange={(value) => {
              setTableName(value);
              setField(undefined);
            }}
          />
        </Form.Item>
        <Form.Item label="Field" htmlFor="test-field">
          <Picker id="test-field" value={field} options={fieldOptions} placeholder="Choose a field" loading={!fields.data} onChange={setField} />
        </Form.Item>
        <Form.Item label="Division part" htmlFor="test-division">
          <Picker id="test-division" value={divisionPart} options={DIVISION_PARTS} onChange={setDivisionPart} />
        </Form.Item>
        <Form.Item label="Multiplier" htmlFor="test-multiplier">
          <InputNumber id="test-multiplier" value={multiplier} onChange={(value) => setMultiplier(value)} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Params" htmlFor="test-params" validateStatus={jsonError ? 'error' : undefined} help={jsonError}>
          <Input.TextArea
            id="test-params"
            value={params}
            autoSize={{ minRows: 2, maxRows: 6 }}
            onChange={(e) => setParams(e.target.value)}
            className="json-input"
          />
        </Form.Item>
        <Form.Item label="Store" htmlFor="test-store">
          <Picker id="test-store" value={storeID} options={[{ value: 0, label: 'All my stores' }, ...stores]} onChange={setStoreID} />
        </Form.Item>
        <Form.Item label="Period">
          <Radio.Group value={period} onChange={(e) => setPeriod(e.target.value === 'range' ? 'range' : 'today')} optionType="button">
            <Radio.Button value="today">Today</Radio.Button>
            <Radio.Button value="range">Date range</Radio.Button>
          </Radio.Group>
        </Form.Item>
        {period === 'range' && (
          <Form.Item label="Dates">
            <DatePicker.RangePicker
              value={range}
              format="DD/MM/YYYY"
              allowClear={false}
              onChange={(dates) => dates?.[0] && dates[1] && setRange([dates[0], dates[1]])}
              style={{ width: '100%' }}
            />
          </Form.Item>
        )}
      </Form>
      {failure && <Alert type="error" showIcon message={failure} />}
      {answer && (
        <Descriptions bordered size="small" column={1} className="metric-part-test-result">
          <Descriptions.Item label={`Part (${humanizeIdentifier(answer.part.field)})`}>
            {formatPartValue(answer.part.current, answer.part.field)}
          </Descriptions.Item>
          <Descriptions.Item label={metricName ? `Metric: ${metricName}` : 'Metric'}>
            {formatMetricValue(answer.metric.result, metricType ?? answer.metric.metricType)}
            {answer.metric.reason ? ` (${answer.metric.reason})` : ''}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
