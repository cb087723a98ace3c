import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Empty, Radio, Skeleton, Space, Spin, Typography } from 'antd';
import { CalculatorOutlined, FileTextOutlined, LeftOutlined, NotificationOutlined, RightOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import useSWR from 'swr';
import type { ListResponse, Me } from '../api/types';
import { useAbortableSWR, usePreference } from '../api/hooks';
import { can, canUseSales, storesOf } from '../auth/permissions';
import { AccessibleTabs } from '../shell/AccessibleTabs';
import { useCurrentUser } from '../shell/CurrentUser';
import { PageTitle } from '../shell/PageTitle';
import { MINE_URL, MyAnnouncements } from './announcements/MyAnnouncements';
import { KpiCards, type Figure } from './landing/KpiCards';
import type { KpiTable, SplitBy } from './landing/kpiTypes';
import { dayOfMonth, earliestMonth, landingPath, landingRedirect, shiftMonth } from './landing/landingRoute';
import { Picker } from '../record/Picker';
import { firstNameOf } from '../../../src/shared/first-name';

/**
 * The KPI tables are in their own tabs, never on the first screen: their code (antd's table, about
 * 50 KB gzip) is fetched when a tables tab is first shown, not before the landing can draw (issue 26).
 */
const KpiTableView = lazy(async () => ({ default: (await import('./landing/KpiTableView')).KpiTableView }));

interface QuickAction {
  label: string;
  path: string;
  icon: ReactNode;
  visible: (me: Me) => boolean;
}

/** Spec 01 §2 Landing: Quick actions, each shown only when the profile allows it. */
const QUICK_ACTIONS: QuickAction[] = [
  { label: 'Sales', path: '/sales', icon: <ShoppingCartOutlined />, visible: canUseSales },
  // The calculator prices a SKU at a store, so it needs a store to price at.
  { label: 'Calc', path: '/sales/calculator', icon: <CalculatorOutlined />, visible: (me) => storesOf(me).length > 0 },
  { label: 'Daily rep', path: '/daily/dailyReport', icon: <FileTextOutlined />, visible: () => true },
  { label: 'Announce', path: '/announcements', icon: <NotificationOutlined />, visible: (me) => can(me, 'Announce') },
];

const today = () => dayjs().format('YYYY-MM-DD');

/** `/`: the landing page of today for the saved card users, or the user's own (spec 01 §2). */
export function LandingRedirect() {
  const me = useCurrentUser();
  const cardUsers = usePreference('defaults', 'cardUsers');
  if (cardUsers.isLoading) return <Spin className="landing-loading" />;
  const users = cardUsers.value && /^\d+(,\d+)*$/.test(cardUsers.value) ? cardUsers.value : String(me.userID);
  return <Navigate to={landingPath(0, today(), users)} replace />;
}

interface TabDef {
  key: string;
  label: string;
  /** The tables call of a tables tab. */
  tables?: { url: string; storeID?: number; sortPrefix: string; splitBy: SplitBy; storeIDs: number[] };
}

/** The tabs (spec 01 §2): 0 Cards, 1 League table, 2-4 by user, store and store type with more than one store, then a tab per store from 5. */
function landingTabs(me: Me, date: string): TabDef[] {
  const stores = storesOf(me);
  const all = stores.map((s) => s.storeID);
  const tabs: TabDef[] = [
    { key: '0', label: 'Cards' },
    {
      key: '1',
      label: 'League table',
      tables: { url: `/api/kpi/leagueTables?date=${date}`, sortPrefix: 'league', splitBy: 'attributableToUserID', storeIDs: all },
    },
  ];
  if (stores.length > 1) {
    tabs.push(
      {
        key: '2',
        label: 'All users',
        tables: { url: `/api/kpi/tables?date=${date}&splitBy=attributableToUserID`, sortPrefix: 'users', splitBy: 'attributableToUserID', storeIDs: all },
      },
      {
        key: '3',
        label: 'All stores',
        tables: { url: `/api/kpi/tables?date=${date}&splitBy=storeID`, sortPrefix: 'stores', splitBy: 'storeID', storeIDs: all },
      },
      {
        key: '4',
        label: 'All types',
        tables: { url: `/api/kpi/tables?date=${date}&splitBy=storeStoreTypeID`, sortPrefix: 'types', splitBy: 'storeStoreTypeID', storeIDs: all },
      },
    );
  }
  stores.forEach((store, i) =>
    tabs.push({
      key: String(5 + i),
      label: store.name,
      tables: {
        url: `/api/kpi/tables?date=${date}&storeID=${store.storeID}&splitBy=attributableToUserID`,
        storeID: store.storeID,
        sortPrefix: 'store',
        splitBy: 'attributableToUserID',
        storeIDs: [store.storeID],
      },
    }),
  );
  return tabs;
}

/**
 * The home page (spec 01 §2 "Landing dashboard"): /landing/{tab}/{date}/{userID}, with the
 * user's announcements and Quick actions, the month navigator, the Revenue/Commission toggle,
 * the cards tab and the KPI tables' tabs.
 */
export function LandingPage() {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const params = useParams();
  const now = today();
  const { showRevenue, showCommission } = me.accessProfile;
  const [figure, setFigure] = useState<Figure>(showRevenue ? 'revenue' : 'commission');
  // The announcement strip goes above the figures once its call has answered (MyAnnouncements
  // makes the call; a null fetcher only reads its outcome). Until then the dashboard is laid out,
  // and its calls made, but not shown: a strip arriving never pushes drawn cards down (issue 26).
  const announcements = useSWR<unknown, Error>(MINE_URL, null);
  const announced = announcements.data !== undefined || announcements.error !== undefined;
  const redirect = landingRedirect(params, me, now);
  if (redirect) return <Navigate to={redirect} replace />;
  const { tab = '0', date = now, userID = String(me.userID) } = params;

  const firstName = firstNameOf(me.name);
  const actions = QUICK_ACTIONS.filter((action) => action.visible(me));
  const tabs = landingTabs(me, date);
  const active = tabs.find((t) => t.key === tab);
  const go = (next: { tab?: string; date?: string; userID?: string }) => navigate(landingPath(next.tab ?? tab, next.date ?? date, next.userID ?? userID));

  return (
    <div className="landing">
      <PageTitle
        className="landing-header"
        extra={
          <Space wrap size="small" className="quick-actions" aria-label="Quick actions">
            <Typography.Text type="secondary">Quick actions</Typography.Text>
            {actions.map((action) => (
              <Button key={action.path} icon={action.icon} onClick={() => navigate(action.path)}>
                {action.label}
              </Button>
            ))}
          </Space>
        }
      >
        {/* One text node, as the server's first paint draws it (client-files.ts): the same width to the pixel, so it is no later, larger paint. */}
        <span className="landing-welcome">{`Welcome, ${firstName}`}</span>
      </PageTitle>
      <MyAnnouncements />
      <Card variant="borderless" className={announced ? 'landing-dashboard' : 'landing-dashboard landing-dashboard-waiting'}>
        <div className="landing-toolbar">
          <MonthNavigator date={date} today={now} monthsBack={me.salesMonthsBack} onMonth={(month) => go({ date: dayOfMonth(month, now) })} />
          <Space wrap>
            {active?.tables && (
              <Button
                onClick={() =>
                  navigate(`/daily/dailyTable/${active.tables!.storeIDs.join(',') || '0'}/${active.tables!.splitBy}/${date.slice(0, 8)}01/${date}`)
                }
              >
                Custom...
              </Button>
            )}
            {showRevenue && showCommission && (
              <Radio.Group
                optionType="button"
                value={figure}
                onChange={(e) => setFigure(e.target.value as Figure)}
                options={[
                  { label: 'Revenue', value: 'revenue' },
                  { label: 'Commission', value: 'commission' },
                ]}
                aria-label="Show revenue or commission"
              />
            )}
          </Space>
        </div>
        <AccessibleTabs
          className="landing-tabs"
          activeKey={active ? tab : undefined}
          onChange={(key) => go({ tab: key })}
          items={tabs.map((t) => ({ key: t.key, label: t.label }))}
        />
        {!active ? (
          <Empty description="Table not found" />
        ) : tab === '0' ? (
          <>
            <CardUsersPicker userIDs={userID} onChange={(ids) => go({ userID: ids })} />
            {showRevenue || showCommission ? <KpiCards date={date} userIDs={userID} figure={figure} /> : <CountOnlyNote />}
          </>
        ) : (
          <KpiTablesTab key={active.key} url={active.tables!.url} storeID={active.tables!.storeID} sortPrefix={active.tables!.sortPrefix} />
        )}
      </Card>
    </div>
  );
}

function CountOnlyNote() {
  return <Alert type="info" showIcon message="Your access profile shows neither revenue nor commission." />;
}

/** Previous and next month by name; previous disabled reading 'Max {n} mon' at the months-back limit (spec 01 §2). */
function MonthNavigator({ date, today: now, monthsBack, onMonth }: { date: string; today: string; monthsBack: number; onMonth: (month: string) => void }) {
  const name = (month: string) => dayjs(`${month}-01`).format('MMMM YYYY');
  const previous = shiftMonth(date, -1);
  const next = shiftMonth(date, 1);
  const earliest = earliestMonth(now, monthsBack);
  const atLimit = earliest !== null && `${previous}-01` < earliest;
  const atEnd = next > now.slice(0, 7);
  return (
    <Space className="month-navigator" wrap>
      <Button icon={<LeftOutlined />} disabled={atLimit} onClick={() => onMonth(previous)}>
        {atLimit ? `Max ${monthsBack} mon` : dayjs(`${previous}-01`).format('MMMM')}
      </Button>
      <Typography.Text strong className="month-navigator-current">
        {name(date.slice(0, 7))}
        {date.slice(0, 7) === now.slice(0, 7) ? ' to date' : ''}
      </Typography.Text>
      <Button disabled={atEnd} onClick={() => onMonth(next)}>
        {dayjs(`${next}-01`).format('MMMM')} <RightOutlined />
      </Button>
    </Space>
  );
}

/** Whose sales the cards add up: the user, or users they choose; the choice is saved as the cardUsers preference. */
function CardUsersPicker({ userIDs, onChange }: { userIDs: string; onChange: (ids: string) => void }) {
  const me = useCurrentUser();
  const preference = usePreference('defaults', 'cardUsers');
  const { data } = useAbortableSWR<ListResponse<{ userID: number; name: string }>>('/api/users?pageLength=100&sort=name&active=1');
  const ids = userIDs.split(',').map(Number);
  const known = new Map((data?.listData ?? []).map((u) => [u.userID, u.name]));
  known.set(me.userID, me.name);
  const options = [...known].map(([value, label]) => ({ value, label }));
  return (
    <div className="card-users">
      <Typography.Text type="secondary" id="card-users-label">
        Cards for
      </Typography.Text>
      <Picker
        mode="multiple"
        aria-labelledby="card-users-label"
        value={ids}
        options={options}
        labelRender={(item) => known.get(Number(item.value)) ?? '(Username not found)'}
        style={{ minWidth: 240, maxWidth: 560 }}
        maxTagCount="responsive"
        onChange={(chosen: number[]) => {
          const next = (chosen.length ? chosen : [me.userID]).join(',');
          void preference.save(next);
          onChange(next);
        }}
      />
    </div>
  );
}

/** A tables tab: the KPI tables of the call, or the spec's texts when they cannot be shown (spec 01 §8). */
function KpiTablesTab({ url, storeID, sortPrefix }: { url: string; storeID?: number; sortPrefix: string }) {
  const { data, error, isLoading } = useAbortableSWR<{ listData: KpiTable[] }>(url, { keepPreviousData: false });
  if (error)
    return (
      <Alert type="error" showIcon message="There was an error loading the tables, please check you have permission to view the data in this date range" />
    );
  const waiting = <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  if (isLoading || !data) return waiting;
  if (!Array.isArray(data.listData) || data.listData.length === 0) return <Empty description="Tables not found for this time period" />;
  return (
    <Suspense fallback={waiting}>
      <div className="kpi-tables">
        {data.listData.map((table, i) => (
          <KpiTableView key={table?.name ?? i} table={table} storeID={storeID} sortName={`${sortPrefix}-${table?.name ?? i}`} />
        ))}
      </div>
    </Suspense>
  );
}
