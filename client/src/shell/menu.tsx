import type { ReactNode } from 'react';
import { AimOutlined, ApartmentOutlined, AuditOutlined, CalendarOutlined, DollarOutlined, FieldTimeOutlined, HomeOutlined, NotificationOutlined, ProfileOutlined, SafetyOutlined, ScheduleOutlined, SettingOutlined, ShopOutlined, TeamOutlined } from '@ant-design/icons';
import type { Me } from '../api/types';
import { can, canUseSales, storesOf } from '../auth/permissions';
import { ABOUT_MENU, CUSTOMISATION_MENU_ENTRY } from '../screens/about/aboutMenu';
import { MASTER_DATA_MENU } from './masterDataMenu';

/** One drawer entry; `visible` hides what the access profile does not allow. */
export interface MenuEntry {
  key: string;
  label: string;
  icon?: ReactNode;
  /** Route for a leaf; a submenu has children instead. */
  path?: string;
  children?: MenuEntry[];
  visible?: (me: Me) => boolean;
}

export const MENU: MenuEntry[] = [
  { key: 'home', label: 'Home', icon: <HomeOutlined />, path: '/' },
  // Spec 01 §6: a store and one of RecordSales, RecordRefunds, UpdateSales.
  { key: 'sales', label: 'Sales', icon: <DollarOutlined />, path: '/sales', visible: canUseSales },
  // Rate cards: every user with at least one store (the rate card lists answer 403 otherwise).
  {
    key: 'rateCards',
    label: 'Rate cards',
    icon: <ProfileOutlined />,
    path: '/data/rateCards',
    visible: (me) => storesOf(me).length > 0,
  },
  // Daily stats: every user with a store (reading needs only the store; editing RecordDailyStats).
  // Targets: every user with a store (reading needs only the store; editing RecordTargets).
  { key: 'targets', label: 'Targets', icon: <AimOutlined />, path: '/targets', visible: (me) => storesOf(me).length > 0 },
  { key: 'daily', label: 'Daily', icon: <CalendarOutlined />, path: '/daily', visible: (me) => storesOf(me).length > 0 },
  // Rota: every user with a store (their own week at least); planning and approval need their areas.
  { key: 'rota', label: 'Rota', icon: <ScheduleOutlined />, path: '/rota', visible: (me) => storesOf(me).length > 0 },
  {
    key: 'recSheets',
    label: 'Revenue reconciliation',
    icon: <AuditOutlined />,
    path: '/recSheets',
    visible: (me) => can(me, 'RevenueReconciliation'),
  },
  { key: 'announcements', label: 'Announcements', icon: <NotificationOutlined />, path: '/announcements', visible: (me) => can(me, 'Announce') },
  { key: 'users', label: 'Users', icon: <TeamOutlined />, path: '/data/users' },
  {
    key: 'systemSetup',
    label: 'System setup',
    icon: <SettingOutlined />,
    visible: (me) => can(me, 'SystemSetup') || can(me, 'UserSetup'),
    children: [
      { key: 'stores', label: 'Stores', icon: <ShopOutlined />, path: '/data/stores', visible: (me) => can(me, 'SystemSetup') },
      {
        key: 'storeTypes',
        label: 'Store types',
        icon: <ApartmentOutlined />,
        path: '/data/storeTypes',
        visible: (me) => can(me, 'SystemSetup'),
      },
      ...MASTER_DATA_MENU,
      {
        key: 'accessProfiles',
        label: 'Access Profiles',
        icon: <SafetyOutlined />,
        path: '/data/users/accessProfiles',
        visible: (me) => can(me, 'UserSetup'),
      },
      CUSTOMISATION_MENU_ENTRY,
      { key: 'jobs', label: 'Jobs', icon: <FieldTimeOutlined />, path: '/jobs', visible: (me) => can(me, 'SystemSetup') },
    ],
  },
  ABOUT_MENU,
];

/** The entries this user may see, submenus without visible children dropped. */
export function visibleMenu(me: Me, entries: MenuEntry[] = MENU): MenuEntry[] {
  return entries
    .filter((entry) => !entry.visible || entry.visible(me))
    .map((entry) => (entry.children ? { ...entry, children: visibleMenu(me, entry.children) } : entry))
    .filter((entry) => !entry.children || entry.children.length > 0);
}

/** The entry whose path is the longest prefix of the current path (so /data/users/inactive is Users). */
export function selectedEntryKey(entries: MenuEntry[], pathname: string): string | undefined {
  let best: { key: string; length: number } | undefined;
  const visit = (list: MenuEntry[]) => {
    for (const entry of list) {
      if (entry.children) visit(entry.children);
      if (!entry.path) continue;
      const matches =
        entry.path === '/' ? pathname === '/' : pathname === entry.path || pathname.startsWith(`${entry.path}/`);
      if (matches && (!best || entry.path.length > best.length)) best = { key: entry.key, length: entry.path.length };
    }
  };
  visit(entries);
  return best?.key;
}

/** Keys of the submenus holding the given entry, to open them. */
export function parentKeysOf(entries: MenuEntry[], key: string | undefined): string[] {
  if (!key) return [];
  return entries.filter((entry) => entry.children?.some((child) => child.key === key)).map((entry) => entry.key);
}
