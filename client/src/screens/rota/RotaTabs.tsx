import { useNavigate } from 'react-router';
import type { Me } from '../../api/types';
import { can, storesOf } from '../../auth/permissions';
import { AccessibleTabs } from '../../shell/AccessibleTabs';
import { useCurrentUser } from '../../shell/CurrentUser';
import { PageTitle } from '../../shell/PageTitle';

export type RotaTab = 'plan' | 'approval' | 'user' | 'store';

interface RotaTabLink {
  key: RotaTab;
  label: string;
  path: string;
}

/**
 * The rota area's tabs (spec 02 section 2.5), each its own route, as this user may use them:
 * Plan (RecordRotaLines), Approval (ApproveRotaLines), My rota, Store rota (a user with stores).
 * The shown week and store go along, so a tab opens the same week of the same store.
 */
export function rotaTabs(me: Me, week: string, storeID?: number): RotaTabLink[] {
  const stores = storesOf(me);
  const store = [storeID, me.storeID ?? undefined, stores[0]?.storeID].find((id) => id && stores.some((s) => s.storeID === id));
  const query = (withStore: boolean) => `?week=${week}${withStore && store ? `&storeID=${store}` : ''}`;
  return [
    ...(can(me, 'RecordRotaLines') ? [{ key: 'plan' as const, label: 'Plan', path: `/rota/plan${query(true)}` }] : []),
    ...(can(me, 'ApproveRotaLines') ? [{ key: 'approval' as const, label: 'Approval', path: `/rota/view/approval${query(true)}` }] : []),
    { key: 'user', label: 'My rota', path: `/rota/view/user/${me.userID}${query(false)}` },
    ...(store ? [{ key: 'store' as const, label: 'Store rota', path: `/rota/view/store/${store}${query(false)}` }] : []),
  ];
}

/**
 * The one tab bar over every rota screen. `active` null: none of them (another user's week).
 * A screen's own sections: at least 160 px a tab, like the other section bars (docs/decisions.md, "Tab widths").
 */
export function RotaTabs({ active, week, storeID }: { active: RotaTab | null; week: string; storeID?: number }) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const tabs = rotaTabs(me, week, storeID);
  // Every rota screen starts with this bar: the area's h1 goes above it (issue 26).
  return (
    <>
      <PageTitle>Rota</PageTitle>
      <AccessibleTabs
        className="route-tabs rota-tabs"
        activeKey={active ?? ''}
        items={tabs.map((tab) => ({ key: tab.key, label: tab.label }))}
        onChange={(key) => navigate(tabs.find((tab) => tab.key === key)!.path)}
      />
    </>
  );
}
