import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { App, Button, Card, Empty, Table } from 'antd';
import { useAbortableSWR } from '../../api/hooks';
import { apiRequest, apiUrl } from '../../api/http';
import type { RecordResponse } from '../../api/types';
import { can, storesOf } from '../../auth/permissions';
import { formatDate } from '../../format/format';
import { useCurrentUser } from '../../shell/CurrentUser';
import { RotaTabs } from './RotaTabs';
import { RotaToolbar } from './RotaToolbar';
import { useStoreParam } from './RotaPlanScreen';
import { byStart, formatHours, type RotaLine, timesOf } from './rota';
import { useStoreSellers } from '../../api/sellers';
import { useRotaWeek, useWeekParam } from './useRota';
import { WeekGrid } from './WeekGrid';
import { capitalised, counted } from '../../feedback/savedText';
import { useSaveFeedback } from '../../feedback/useSaveFeedback';

/** /rota/view/approval (ApproveRotaLines): a store's planned lines of the week, approved one by one or all at once. */
export function RotaApprovalScreen() {
  const { message } = App.useApp();
  const [week, setWeek] = useWeekParam();
  const [storeID, setStore, stores] = useStoreParam();
  const { lines, refresh, isLoading } = useRotaWeek(week, storeID ? { storeID, currentHistoryStep: 'planned' } : null);
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  const saved = useSaveFeedback();

  const approve = async (ids: number[], which: number | 'all') => {
    setBusy(which);
    try {
      await apiRequest('/api/rotaLines/approve', { method: 'PUT', body: { rotaLineIDs: ids } });
      saved(`${capitalised(counted(ids.length, 'rota line'))} approved`);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : 'Could not approve');
    } finally {
      setBusy(null);
      void refresh();
    }
  };

  const planned = useMemo(
    () =>
      [...(lines ?? [])].sort(
        (a, b) => a.rotaDate.localeCompare(b.rotaDate) || a.userName.localeCompare(b.userName) || a.plannedFrom.localeCompare(b.plannedFrom),
      ),
    [lines],
  );
  return (
    <div className="rota-page">
      <RotaTabs active="approval" week={week} storeID={storeID} />
      <Card variant="borderless">
        <RotaToolbar title="Lines to approve" week={week} onWeek={setWeek} store={{ storeID, stores, onStore: setStore }}>
          <Button
            type="primary"
            disabled={planned.length === 0 || busy !== null}
            loading={busy === 'all'}
            onClick={() =>
              void approve(
                planned.map((l) => l.rotaLineID),
                'all',
              )
            }
          >
            {`Approve all (${planned.length})`}
          </Button>
        </RotaToolbar>
        <Table<RotaLine>
          size="small"
          rowKey="rotaLineID"
          loading={isLoading}
          dataSource={planned}
          pagination={false}
          scroll={{ x: 720 }}
          locale={{ emptyText: <Empty description="No planned lines to approve this week" /> }}
          columns={[
            { title: 'Date', dataIndex: 'rotaDate', width: 100, render: (value: string) => formatDate(value) },
            { title: 'User', dataIndex: 'userName', width: 146 },
            { title: 'Times', key: 'times', width: 100, render: (_: unknown, line) => timesOf(line) },
            { title: 'Type', dataIndex: 'rotaLineTypeName', width: 76 },
            { title: 'Paid hours', dataIndex: 'paidHours', width: 92, align: 'right', render: (value: number) => formatHours(value) },
            // The rest of the width, wrapping: at 800 px a note reads whole instead of 'Stoc…'.
            { title: 'Notes', dataIndex: 'notes' },
            {
              title: '',
              key: 'approve',
              width: 92,
              fixed: 'right',
              render: (_: unknown, line) => (
                <Button
                  size="small"
                  aria-label={`Approve ${line.userName} ${formatDate(line.rotaDate)}`}
                  loading={busy === line.rotaLineID}
                  disabled={busy !== null}
                  onClick={() => void approve([line.rotaLineID], line.rotaLineID)}
                >
                  Approve
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}

/** /rota/view/user/{userID}: a user's week across their stores, with paid hours per day and week. Reading marks one's own lines viewed. */
export function RotaUserWeekScreen() {
  const me = useCurrentUser();
  const userID = Number(useParams().userID) || me.userID;
  const [week, setWeek] = useWeekParam();
  const { lines, isLoading } = useRotaWeek(week, { userID });
  const { data: user } = useAbortableSWR<RecordResponse<{ name: string }>>(userID === me.userID ? null : apiUrl('users', { userID }), {
    revalidateOnFocus: false,
  });
  const name = userID === me.userID ? me.name : (user?.data?.name ?? lines?.[0]?.userName ?? '');
  const rows = useMemo(() => {
    const stores = new Map<number, string>();
    for (const line of lines ?? []) stores.set(line.storeID, line.storeName);
    return [...stores].map(([key, storeName]) => ({ key, name: storeName })).sort((a, b) => a.name.localeCompare(b.name));
  }, [lines]);
  return (
    <div className="rota-page">
      <RotaTabs active={userID === me.userID ? 'user' : null} week={week} />
      <Card variant="borderless">
        <RotaToolbar title={`Rota of ${name}`} week={week} onWeek={setWeek} />
        {rows.length === 0 && !isLoading ? (
          <Empty description="No rota lines this week" />
        ) : (
          <WeekGrid week={week} rows={rows} rowOf={(line) => line.storeID} lines={byStart(lines ?? [])} nameHeading="Store" loading={isLoading} />
        )}
      </Card>
    </div>
  );
}

/** /rota/view/store/{storeID}: a store's week by user, with paid hours per day and week. */
export function RotaStoreWeekScreen() {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const stores = storesOf(me);
  const storeID = Number(useParams().storeID);
  const [week, setWeek] = useWeekParam();
  const known = stores.some((s) => s.storeID === storeID);
  const { lines, isLoading } = useRotaWeek(week, known ? { storeID } : null);
  const users = useStoreSellers(known ? storeID : 0);
  const rows = useMemo(() => {
    const byUser = new Map<number, string>();
    for (const line of lines ?? []) byUser.set(line.userID, line.userName);
    // Planners see every user of the store; others see only their own lines.
    if (can(me, 'RecordRotaLines') || can(me, 'ApproveRotaLines')) for (const u of users ?? []) byUser.set(u.userID, u.name);
    return [...byUser].map(([key, name]) => ({ key, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [lines, users, me]);
  return (
    <div className="rota-page">
      <RotaTabs active="store" week={week} storeID={storeID} />
      <Card variant="borderless">
        <RotaToolbar
          title="Store rota"
          week={week}
          onWeek={setWeek}
          store={{ storeID: known ? storeID : 0, stores, onStore: (id) => void navigate(`/rota/view/store/${id}?week=${week}`) }}
        />
        {!known ? (
          <Empty description="Choose one of your stores" />
        ) : rows.length === 0 && !isLoading ? (
          <Empty description="No rota lines this week" />
        ) : (
          <WeekGrid week={week} rows={rows} rowOf={(line) => line.userID} lines={lines ?? []} nameHeading="User" loading={isLoading} />
        )}
      </Card>
    </div>
  );
}
