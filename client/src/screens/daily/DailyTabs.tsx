import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Tabs } from 'antd';
import { PageTitle } from '../../shell/PageTitle';
import './daily.css';

export type DailyTab = 'dailyReport' | 'dailyTable' | 'dailyStats';

/** The daily area's tabs (spec 02 §2.2), each its own route. */
export const DAILY_TABS: { key: DailyTab; label: string; path: string }[] = [
  { key: 'dailyReport', label: 'Daily Report', path: '/daily/dailyReport' },
  { key: 'dailyTable', label: 'Daily Table', path: '/daily/dailyTable' },
  { key: 'dailyStats', label: 'Stats Input', path: '/daily/dailyStats' },
];

/** The tabs over a daily screen. */
export function DailyTabs({ active }: { active: DailyTab }) {
  const navigate = useNavigate();
  return (
    <Tabs
      className="route-tabs"
      activeKey={active}
      items={DAILY_TABS.map((tab) => ({ key: tab.key, label: tab.label }))}
      onChange={(key) => navigate(DAILY_TABS.find((tab) => tab.key === key)!.path)}
    />
  );
}

/** A daily screen under the area's tabs. */
export function DailyPage({ active, children }: { active: DailyTab; children: ReactNode }) {
  return (
    <div className="daily-page">
      <PageTitle>Daily</PageTitle>
      <DailyTabs active={active} />
      {children}
    </div>
  );
}
