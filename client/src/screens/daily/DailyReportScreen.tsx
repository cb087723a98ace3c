import { type ReactNode, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, DatePicker, Empty, Spin, Table, Typography } from 'antd';
import { LeftOutlined, RightOutlined, SendOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useAbortableSWR } from '../../api/hooks';
import { apiUrl } from '../../api/http';
import type { DataResponse } from '../../api/types';
import { storesOf } from '../../auth/permissions';
import { useCurrentUser } from '../../shell/CurrentUser';
import { formatMetric } from '../landing/kpiFormat';
import { earliestSaleDay, todayDay } from '../sales/saleForm';
import { DailyPage } from './DailyTabs';
import {
  type DailyReportData,
  type DailyReportGroup,
  type MetricOption,
  type MetricToday,
  type ReportStore,
  NO_REPORTED_FIELDS,
  dailyReportPath,
  dayRefusal,
  groupFigures,
  resolveDailyReportRoute,
} from './dailyReport';
import { MetricPicker, useDrhMetrics, useMetricOptions } from './dailyReportMetrics';
import { SendDialog } from './dailyReportSend';
import { dayLabel } from './dailyStats';
import { Picker } from '../../record/Picker';

const ALL_STORES_LABEL = 'All my stores';

/** /daily/dailyReport/{storeID?}/{saleDate?} (spec 02 §2.2 and §5). */
export function DailyReportScreen() {
  const me = useCurrentUser();
  const params = useParams();
  const navigate = useNavigate();
  const stores = storesOf(me);
  const today = todayDay();
  const segments = (params['*'] ?? '').split('/').filter(Boolean);
  const route = resolveDailyReportRoute(
    segments,
    stores.map((store) => store.storeID),
    me.storeID,
    today,
  );
  if (!route.canonical) return <Navigate to={dailyReportPath(route)} replace />;

  const go = (change: { storeID?: ReportStore; saleDate?: string }) => navigate(dailyReportPath({ ...route, ...change }));
  const earliest = earliestSaleDay(me.salesMonthsBack, today);
  const refusal = dayRefusal(route.saleDate, today, me.salesMonthsBack);
  const storeName = route.storeID === 'all' ? ALL_STORES_LABEL : (stores.find((store) => store.storeID === route.storeID)?.name ?? '(Store name not found)');
  const step = (days: number) => dayjs(route.saleDate).add(days, 'day').format('YYYY-MM-DD');

  const pickers = (
    <div className="daily-pickers">
      <Picker<ReportStore>
        className="daily-store-picker"
        aria-label="Store"
        value={route.storeID}
        options={[{ value: 'all', label: ALL_STORES_LABEL }, ...stores.map((store) => ({ value: store.storeID, label: store.name }))]}
        onChange={(storeID) => go({ storeID })}
      />
      <span className="daily-day-picker">
        <Button
          icon={<LeftOutlined />}
          aria-label="Previous day"
          disabled={Boolean(earliest && step(-1) < earliest)}
          onClick={() => go({ saleDate: step(-1) })}
        />
        <DatePicker
          aria-label="Sale date"
          format="ddd DD/MM/YYYY"
          allowClear={false}
          value={dayjs(route.saleDate)}
          disabledDate={(day: Dayjs) => day.format('YYYY-MM-DD') > today || Boolean(earliest && day.format('YYYY-MM-DD') < earliest)}
          onChange={(day) => day && go({ saleDate: day.format('YYYY-MM-DD') })}
        />
        <Button icon={<RightOutlined />} aria-label="Next day" disabled={step(1) > today} onClick={() => go({ saleDate: step(1) })} />
      </span>
    </div>
  );

  return (
    <DailyPage active="dailyReport">
      <Card variant="borderless" className="daily-report-card">
        {refusal ? (
          <>
            <div className="daily-toolbar">{pickers}</div>
            <Empty description={refusal} />
          </>
        ) : (
          <Report
            key={`${route.storeID}/${route.saleDate}`}
            storeID={route.storeID}
            saleDate={route.saleDate}
            storeName={storeName}
            showRevenue={me.accessProfile.showRevenue}
            pickers={pickers}
          />
        )}
      </Card>
    </DailyPage>
  );
}

interface ReportProps {
  storeID: ReportStore;
  saleDate: string;
  storeName: string;
  showRevenue: boolean;
  pickers: ReactNode;
}

/** The day's report of a store or all of them: a card per reported field, the metrics, the send buttons. */
function Report({ storeID, saleDate, storeName, showRevenue, pickers }: ReportProps) {
  const { data, error } = useAbortableSWR<DataResponse<DailyReportData>>(apiUrl('kpi/dailyReport', { storeID, saleDate }), { revalidateOnFocus: false });
  const metrics = useMetricOptions();
  const drh = useDrhMetrics(metrics);
  const oneStore = storeID !== 'all';
  const metricsUrl = oneStore && drh.ready && drh.shown.length ? apiUrl('metricToday', { storeID, metricID: drh.shown.join(','), saleDate }) : null;
  const today = useAbortableSWR<{ listData: MetricToday[] }>(metricsUrl, { revalidateOnFocus: false, keepPreviousData: true });
  const [sending, setSending] = useState<'quantity' | 'revenue' | null>(null);

  const types = new Map((metrics ?? []).map((metric) => [metric.metricID, metric.metricType]));
  const dayMetrics = oneStore && metricsUrl ? (today.data?.listData ?? []).map((m) => ({ ...m, metricType: types.get(m.metricID) })) : undefined;
  const fields = data?.data.fields;

  const toolbar = (
    <div className="daily-toolbar">
      {pickers}
      <div className="daily-toolbar-actions">
        <Button icon={<SendOutlined />} disabled={!fields} onClick={() => setSending('quantity')}>
          Send Quantity
        </Button>
        {showRevenue && (
          <Button icon={<SendOutlined />} disabled={!fields} onClick={() => setSending('revenue')}>
            Send Quantity and Revenue
          </Button>
        )}
      </div>
    </div>
  );

  let body: ReactNode;
  if (error) body = <Alert type="error" showIcon message={error instanceof Error ? error.message : 'The report could not be loaded'} />;
  else if (!fields)
    body = (
      <div className="daily-loading">
        <Spin />
      </div>
    );
  else if (!fields.length) body = <Empty description={NO_REPORTED_FIELDS} />;
  else
    body = (
      <div className="daily-report-fields">
        {fields.map((field) => (
          <FieldCard key={field.analysisFieldID} label={field.label} groups={field.groups} showRevenue={showRevenue} />
        ))}
      </div>
    );

  return (
    <>
      {toolbar}
      <Typography.Title level={2} className="daily-report-title">
        {storeName}, {dayLabel(saleDate)}
      </Typography.Title>
      {body}
      <Card
        size="small"
        className="daily-report-metrics"
        title="Metrics of the day"
        extra={oneStore ? <MetricPicker metrics={metrics} value={drh.saved} onChange={(ids) => void drh.save(ids)} /> : undefined}
      >
        {oneStore ? (
          <DayMetrics metrics={metrics} answer={dayMetrics} error={today.error} nothingChosen={drh.ready && !drh.shown.length} />
        ) : (
          <Typography.Text type="secondary">Choose one store to see its metrics of the day.</Typography.Text>
        )}
      </Card>
      {sending && fields && (
        <SendDialog
          fields={fields}
          options={{ storeName, saleDate, withRevenue: sending === 'revenue' }}
          metrics={dayMetrics}
          onClose={() => setSending(null)}
        />
      )}
    </>
  );
}

/** A field's headings with their quantities (and revenue). */
function FieldCard({ label, groups, showRevenue }: { label: string; groups: DailyReportGroup[]; showRevenue: boolean }) {
  return (
    <Card size="small" title={label} className="daily-report-field">
      <Table<DailyReportGroup>
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={groups}
        columns={[
          { key: 'name', title: 'Reported as', dataIndex: 'name' },
          { key: 'quantity', title: 'Quantity', align: 'right', render: (_: unknown, group) => groupFigures({ ...group, revenue: null }, false) },
          ...(showRevenue
            ? [
                {
                  key: 'revenue',
                  title: 'Revenue',
                  align: 'right' as const,
                  render: (_: unknown, group: DailyReportGroup) => formatMetric(group.revenue, 'money'),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

interface DayMetricsProps {
  metrics: MetricOption[] | undefined;
  answer: (MetricToday & { metricType?: MetricOption['metricType'] })[] | undefined;
  error: unknown;
  nothingChosen: boolean;
}

/** The day's metrics at the store, each in its type's format; a hidden figure says why. */
function DayMetrics({ metrics, answer, error, nothingChosen }: DayMetricsProps) {
  if (error) return <Alert type="error" showIcon message={error instanceof Error ? error.message : 'The metrics could not be loaded'} />;
  if (nothingChosen) return <Typography.Text type="secondary">No metrics to show: choose some above.</Typography.Text>;
  if (!metrics || !answer) return <Spin size="small" />;
  return (
    <dl className="daily-metrics-list">
      {answer.map((metric) => (
        <div key={metric.metricID} className="daily-metric">
          <dt>{metric.name}</dt>
          <dd title={metric.reason}>{formatMetric(metric.result, metric.metricType)}</dd>
        </div>
      ))}
    </dl>
  );
}
