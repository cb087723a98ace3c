import { Navigate, useNavigate } from 'react-router';
import { Tabs } from 'antd';
import { can } from '../auth/permissions';
import { ListScreen } from '../list/ListScreen';
import { accessProfilesResource } from '../resources/accessProfiles';
import { type UsersTab, usersResource } from '../resources/users';
import { useCurrentUser } from '../shell/CurrentUser';

export type UsersScreenTab = UsersTab | 'accessProfiles';

const TABS: { key: UsersScreenTab; label: string; path: string; needsUserSetup: boolean }[] = [
  { key: 'active', label: 'Active users', path: '/data/users', needsUserSetup: false },
  { key: 'inactive', label: 'Inactive users', path: '/data/users/inactive', needsUserSetup: true },
  { key: 'all', label: 'All Users', path: '/data/users/all', needsUserSetup: true },
  { key: 'accessProfiles', label: 'Access Profiles', path: '/data/users/accessProfiles', needsUserSetup: true },
];

const USERS_BY_TAB: Record<UsersTab, ReturnType<typeof usersResource>> = {
  active: usersResource('active'),
  inactive: usersResource('inactive'),
  all: usersResource('all'),
};

/**
 * /data/users and its tabs. Tabs are routes, so each tab has its own URL and
 * list state. Without UserSetup only 'Active users' exists; the other paths
 * lead back to it (their lists would answer 403, which logs the user out).
 */
export function UsersScreen({ tab }: { tab: UsersScreenTab }) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const tabs = TABS.filter((t) => !t.needsUserSetup || can(me, 'UserSetup'));
  if (!tabs.some((t) => t.key === tab)) return <Navigate to="/data/users" replace />;

  const header = (
    <Tabs
      className="route-tabs"
      activeKey={tab}
      items={tabs.map((t) => ({ key: t.key, label: t.label }))}
      onChange={(key) => navigate(tabs.find((t) => t.key === key)!.path)}
    />
  );
  const resource = tab === 'accessProfiles' ? accessProfilesResource : USERS_BY_TAB[tab];
  return <ListScreen key={tab} resource={resource} header={header} />;
}
