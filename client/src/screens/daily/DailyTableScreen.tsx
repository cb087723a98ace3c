import { Navigate, useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, DatePicker, Empty, Spin } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useSWRConfig } from 'swr';
import { useAbortableSWR } from '../../api/hooks';
import { apiUrl } from '../../api/http';
import { getToken } from '../../api/token';
import type { DataResponse } from '../../api/types';
import { can, storesOf } from '../../auth/permissions';
import { useCurrentUser } from '../../shell/CurrentUser';
import { KpiTableView } from '../landing/KpiTableView';
import type { KpiTable } from '../landing/kpiTypes';
import { earliestSaleDay, todayDay } from '../sales/saleForm';
import { DailyPage } from './DailyTabs';
import { DATE_IN_FUTURE, monthsMaxRestriction } from './dailyReport';
import { MetricPicker, useDrhMetrics, useMetricOptions } from './dailyReportMetrics';
import { NO_STORE_SELECTED } from './DailyStatsScreen';
import { type DailyTableRoute, SPLIT_OPTIONS, dailyTablePath, drhTableQuery, excelFileName, resolveDailyTableRoute } from './dailyTable';
import { Picker } from '../../record/Picker';

/** Spec 01 section 8: the tables' loading failure. */
const TABLES_ERROR = 'There was an error loading the tables, please check you have permission to view the data in this date range';

/** /daily/dailyTable/{storeIDs}/{splitBy}/{fromDate}/{toDate} (spec 02 §2.2 and §5). */
export function DailyTableScreen() {
  const me = useCurrentUser();
  const params = useParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const stores = storesOf(me);
  const today = todayDay();
  const segments = (params['*'] ?? '').split('/').filter(Boolean);
  const route = resolveDailyTableRoute(
    segments,
    stores.map((store) => store.storeID),
    today,
  );
  const metrics = useMetricOptions();
  const drh = useDrhMetrics(metrics);

  const earliest = earliestSaleDay(me.salesMonthsBack, today);
  let refusal: string | null = null;
  if (!route.storeIDs.length) refusal = NO_STORE_SELECTED;
  else if (route.toDate > today) refusal = DATE_IN_FUTURE;
  else if (earliest && route.fromDate < earliest) refusal = monthsMaxRestriction(me.salesMonthsBack);
  const tableUrl = refusal || !route.canonical ? null : apiUrl('kpi/drhTable', drhTableQuery(route));
  const { data, error } = useAbortableSWR<DataResponse<KpiTable>>(tableUrl, { revalidateOnFocus: false, keepPreviousData: true });

  if (!route.canonical) return <Navigate to={dailyTablePath(route)} replace />;
  const go = (change: Partial<DailyTableRoute>) => void navigate(dailyTablePath({ ...route, ...change }));
  const excelHref = apiUrl('kpi/drhTable/excel', { ...drhTableQuery(route), fileName: excelFileName(route), token: getToken() });

  return (
    <DailyPage active="dailyTable">
      <Card variant="borderless" className="daily-table-card">
        <div className="daily-toolbar">
          <div className="daily-pickers">
            <Picker<number[]>
              className="daily-stores-picker"
              mode="multiple"
              aria-label="Stores"
              placeholder="Stores"
              maxTagCount="responsive"
              value={route.storeIDs}
              options={stores.map((store) => ({ value: store.storeID, label: store.name }))}
              // None chosen means every store of the profile.
              onChange={(storeIDs) => go({ storeIDs: storeIDs.length ? storeIDs : stores.map((store) => store.storeID) })}
            />
            <Picker
              className="daily-split-picker"
              aria-label="Split by"
              value={route.splitBy}
              options={SPLIT_OPTIONS}
              onChange={(splitBy) => go({ splitBy })}
            />
            <DatePicker.RangePicker
              className="daily-range-picker"
              aria-label="Dates"
              format="DD/MM/YYYY"
              allowClear={false}
              value={[dayjs(route.fromDate), dayjs(route.toDate)]}
              disabledDate={(day: Dayjs) => day.format('YYYY-MM-DD') > today || Boolean(earliest && day.format('YYYY-MM-DD') < earliest)}
              onChange={(days) => {
                if (days?.[0] && days[1]) go({ fromDate: days[0].format('YYYY-MM-DD'), toDate: days[1].format('YYYY-MM-DD') });
              }}
            />
          </div>
          <div className="daily-toolbar-actions">
            <MetricPicker metrics={metrics} value={drh.saved} onChange={(ids) => void drh.save(ids).then(() => tableUrl && mutate(tableUrl))} />
            {/* Excel downloads need AccessAPI (document 02 section 6), as every list's do. */}
            {can(me, 'AccessAPI') && (
              <Button icon={<DownloadOutlined />} href={excelHref} download disabled={Boolean(refusal)}>
                Excel
              </Button>
            )}
          </div>
        </div>
        {refusal ? (
          <Empty description={refusal} />
        ) : error ? (
          <Alert type="error" showIcon message={TABLES_ERROR} description={error instanceof Error ? error.message : undefined} />
        ) : !data ? (
          <div className="daily-loading">
            <Spin />
          </div>
        ) : (
          <div className="daily-table">
            <KpiTableView table={data.data} sortName="dailyTable" />
          </div>
        )}
      </Card>
    </DailyPage>
  );
}
