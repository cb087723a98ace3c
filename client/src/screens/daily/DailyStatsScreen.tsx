import { type ReactNode, useCallback, useMemo } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Card, Empty, Spin } from 'antd';
import dayjs from 'dayjs';
import { useSWRConfig } from 'swr';
import { useAbortableSWR, useRecord } from '../../api/hooks';
import { apiRequest, apiUrl } from '../../api/http';
import type { ListResponse, ValidationResult } from '../../api/types';
import { gridVersion, withVersion } from '../../api/version';
import { can, storesOf } from '../../auth/permissions';
import { type GridColumn, GridEditor, type GridInputKind } from '../../grid/GridEditor';
import { MonthStorePickers } from '../../grid/MonthStorePickers';
import { useCurrentUser } from '../../shell/CurrentUser';
import { DailyPage } from './DailyTabs';
import {
  type DailyStatField,
  type DailyStatRecord,
  type DailyStatRow,
  type StoreRecords,
  dailyStatsPath,
  dayLabel,
  daysOfMonth,
  isWeekend,
  lastOfMonth,
  monthRows,
  recordedFields,
  resolveDailyStatsRoute,
  saveBody,
} from './dailyStats';
import { gridSavedText } from '../../feedback/savedText';

/** The exact texts of spec 02 §2.2. */
export const NO_STORE_SELECTED = 'No store selected...';
export const NO_STATS_TO_RECORD =
  'There are no stats to record. Consider changing the settings on the store type to record staff count, footfall or chat count...';

/** Footfall and chats take digits only, staff digits and a decimal point (spec 02 §5; 2 decimals kept). */
const FIELD_COLUMNS: Record<DailyStatField, { title: string; input: GridInputKind }> = {
  footfall: { title: 'Footfall', input: { kind: 'digits' } },
  chatCount: { title: 'Chats', input: { kind: 'digits' } },
  staffCount: { title: 'Staff', input: { kind: 'decimal', maxDecimals: 2 } },
};

/** /daily/dailyStats and /daily/dailyStats/{dailyStatDate}/{storeID} (spec 02 §2.2, §4 Daily stats). */
export function DailyStatsScreen() {
  const me = useCurrentUser();
  const params = useParams();
  const navigate = useNavigate();
  const stores = storesOf(me);
  const route = resolveDailyStatsRoute(
    params,
    stores.map((store) => store.storeID),
    me.storeID,
    dayjs().format('YYYY-MM-DD'),
  );
  if (!route.canonical && route.storeID) return <Navigate to={dailyStatsPath(route)} replace />;

  const pickers = (
    <MonthStorePickers
      month={route.dailyStatDate}
      storeID={route.storeID}
      stores={stores}
      onMonth={(dailyStatDate) => navigate(dailyStatsPath({ ...route, dailyStatDate }))}
      onStore={(storeID) => navigate(dailyStatsPath({ ...route, storeID }))}
    />
  );

  return (
    <DailyPage active="dailyStats">
      <Card variant="borderless" className="daily-stats-card">
        {route.storeID ? (
          <StoreStats
            key={`${route.storeID}/${route.dailyStatDate}`}
            storeID={route.storeID}
            dailyStatDate={route.dailyStatDate}
            readOnly={!can(me, 'RecordDailyStats')}
            pickers={pickers}
          />
        ) : (
          <>
            {pickers}
            <Empty description={NO_STORE_SELECTED} />
          </>
        )}
      </Card>
    </DailyPage>
  );
}

interface DailyStatsAnswer {
  validationResult: ValidationResult;
  listData: DailyStatRecord[];
}

interface StoreStatsProps {
  storeID: number;
  dailyStatDate: string;
  readOnly: boolean;
  /** The month and store pickers: on the Save button's row when the grid shows. */
  pickers: ReactNode;
}

/** One store's month: the grid of the columns its store type records. */
function StoreStats({ storeID, dailyStatDate, readOnly, pickers }: StoreStatsProps) {
  const { data: storeAnswer } = useRecord<StoreRecords>('stores', 'storeID', storeID);
  const statsUrl = apiUrl('dailyStats', {
    storeID,
    dailyStatDateGEQ: dailyStatDate,
    dailyStatDateLEQ: lastOfMonth(dailyStatDate),
    pageLength: 31,
  });
  const { data: stats } = useAbortableSWR<ListResponse<DailyStatRecord>>(statsUrl, { revalidateOnFocus: false });
  const { mutate } = useSWRConfig();

  const fields = useMemo(() => (storeAnswer?.data ? recordedFields(storeAnswer.data) : undefined), [storeAnswer]);
  const rows = useMemo(() => (stats ? monthRows(dailyStatDate, stats.listData) : undefined), [stats, dailyStatDate]);
  const days = useMemo(() => daysOfMonth(dailyStatDate), [dailyStatDate]);

  // The month's version: the newest stamp of its saved days as loaded (409 when someone saved since).
  const version = useMemo(() => (stats ? gridVersion(stats.listData) : undefined), [stats]);
  const save = useCallback(
    async (gridRows: DailyStatRow[], signal: AbortSignal, loadedVersion: string | undefined) => {
      const { body } = await apiRequest<DailyStatsAnswer>(withVersion(`/api/dailyStats/${storeID}`, loadedVersion), {
        method: 'PUT',
        body: saveBody(gridRows, fields ?? []),
        signal,
      });
      const saved = body.listData ?? [];
      return { validationResult: body.validationResult, listData: monthRows(dailyStatDate, saved), version: gridVersion(saved) };
    },
    [storeID, dailyStatDate, fields],
  );

  // Server messages name a day by its place in the list: 'dailyStats.3.footfall'.
  const failLabel = useCallback(
    (key: string) => {
      const [, index, field] = key.split('.');
      const day = days[Number(index)];
      if (!day) return undefined;
      const title = FIELD_COLUMNS[field as DailyStatField]?.title;
      return title ? `${dayLabel(day)} ${title}` : dayLabel(day);
    },
    [days],
  );

  if (!fields) {
    return (
      <>
        {pickers}
        <div className="grid-editor-loading">
          <Spin />
        </div>
      </>
    );
  }
  if (fields.length === 0) {
    return (
      <>
        {pickers}
        <Empty description={NO_STATS_TO_RECORD} />
      </>
    );
  }

  const columns: GridColumn<DailyStatRow>[] = [
    { key: 'day', title: 'Day', render: ({ row }) => dayLabel(row.dailyStatDate) },
    ...fields.map((field): GridColumn<DailyStatRow> => ({
      key: field,
      field,
      title: FIELD_COLUMNS[field].title,
      input: FIELD_COLUMNS[field].input,
      align: 'right',
      inputLabel: (row) => `${FIELD_COLUMNS[field].title} ${dayLabel(row.dailyStatDate)}`,
    })),
  ];

  return (
    <GridEditor<DailyStatRow>
      ariaLabel="Daily stats"
      rows={rows}
      dataKey={`${storeID}/${dailyStatDate}`}
      rowKey={(row) => row.dailyStatDate}
      rowClassName={(row) => (isWeekend(row.dailyStatDate) ? 'daily-weekend' : '')}
      columns={columns}
      readOnly={readOnly}
      save={save}
      version={version}
      onReload={() => mutate(statsUrl)}
      onSaved={() => void mutate(statsUrl)}
      savedMessage={gridSavedText('Daily stats', dailyStatDate, storeAnswer?.data?.name)}
      failLabel={failLabel}
      toolbar={() => pickers}
    />
  );
}
