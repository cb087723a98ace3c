import type { Me } from '../api/types';
import { routedScreens, screenAt } from '../screenRegistry';
import { type MenuEntry, parentKeysOf, selectedEntryKey, visibleMenu } from './menu';

function userWith(areas: string, storeIDs: number[] = []): Me {
  const accessProfileStores = storeIDs.map((storeID) => ({ storeID, store: { storeID, name: `Store ${storeID}` } }));
  return { userID: 1, accessProfile: { systemAreas: areas, accessProfileStores } } as unknown as Me;
}

const ALL_AREAS =
  'RecordSales, UpdateSales, RecordRefunds, RecordCreditFails, RevenueReconciliation, SystemSetup, UserSetup, Announce, AccessAPI, ViewYearCards, RecordTargets, RecordDailyStats, ApproveRotaLines, RecordRotaLines';
const admin = userWith(ALL_AREAS, [1, 2]);

/** The keys as a tree: a leaf's key, or a submenu's key with its children's. */
const keysOf = (entries: MenuEntry[]): unknown[] => entries.map((entry) => (entry.children ? { [entry.key]: keysOf(entry.children) } : entry.key));

const leavesOf = (entries: MenuEntry[]): MenuEntry[] => entries.flatMap((entry) => (entry.children ? leavesOf(entry.children) : [entry]));

describe('the drawer menu, from the screen registry', () => {
  it('is for a user with every area the menu users have seen: labels, icons, paths, order and submenus', () => {
    expect(visibleMenu(admin)).toEqual([
      { key: 'home', label: 'Home', icon: 'HomeOutlined', path: '/' },
      { key: 'sales', label: 'Sales', icon: 'DollarOutlined', path: '/sales' },
      { key: 'rateCards', label: 'Rate cards', icon: 'ProfileOutlined', path: '/data/rateCards' },
      { key: 'targets', label: 'Targets', icon: 'AimOutlined', path: '/targets' },
      { key: 'daily', label: 'Daily', icon: 'CalendarOutlined', path: '/daily' },
      { key: 'rota', label: 'Rota', icon: 'ScheduleOutlined', path: '/rota' },
      { key: 'recSheets', label: 'Revenue reconciliation', icon: 'AuditOutlined', path: '/recSheets' },
      { key: 'announcements', label: 'Announcements', icon: 'NotificationOutlined', path: '/announcements' },
      { key: 'users', label: 'Users', icon: 'TeamOutlined', path: '/data/users' },
      {
        key: 'systemSetup',
        label: 'System setup',
        icon: 'SettingOutlined',
        children: [
          { key: 'stores', label: 'Stores', icon: 'ShopOutlined', path: '/data/stores' },
          { key: 'storeTypes', label: 'Store types', icon: 'ApartmentOutlined', path: '/data/storeTypes' },
          { key: 'saleTypes', label: 'Sale types', icon: 'TagsOutlined', path: '/data/saleTypes' },
          { key: 'skuTypes', label: 'SKU types', icon: 'BarcodeOutlined', path: '/data/skuTypes' },
          { key: 'bands', label: 'Bands', icon: 'TrophyOutlined', path: '/data/bands' },
          { key: 'discounts', label: 'Discounts', icon: 'PercentageOutlined', path: '/data/discounts' },
          { key: 'analysisFields', label: 'Analysis fields', icon: 'FormOutlined', path: '/data/analysisFields' },
          { key: 'metrics', label: 'Metrics', icon: 'LineChartOutlined', path: '/data/metrics' },
          { key: 'accessProfiles', label: 'Access Profiles', icon: 'SafetyOutlined', path: '/data/users/accessProfiles' },
          { key: 'customisation', label: 'Customisation', icon: 'PictureOutlined', path: '/data/customisation' },
          { key: 'jobs', label: 'Jobs', icon: 'FieldTimeOutlined', path: '/jobs' },
        ],
      },
      {
        key: 'about',
        label: 'About',
        icon: 'InfoCircleOutlined',
        children: [
          { key: 'licences', label: 'Licences', icon: 'SafetyCertificateOutlined', path: '/about/licences' },
          { key: 'support', label: 'Support', icon: 'CustomerServiceOutlined', path: '/about/support' },
        ],
      },
    ]);
  });

  it('shows a seller with a store their screens, and no System setup', () => {
    expect(keysOf(visibleMenu(userWith('RecordSales, RecordTargets', [1])))).toEqual([
      'home',
      'sales',
      'rateCards',
      'targets',
      'daily',
      'rota',
      'users',
      { about: ['licences', 'support'] },
    ]);
  });

  it('shows a user without a store or an area only Home, Users and About', () => {
    expect(keysOf(visibleMenu(userWith('')))).toEqual(['home', 'users', { about: ['licences', 'support'] }]);
    // A store without a sales area: no Sales (spec 01 §6).
    expect(keysOf(visibleMenu(userWith('RecordTargets', [1])))).not.toContain('sales');
  });

  it('shows System setup with UserSetup alone holding only access profiles and customisation', () => {
    expect(keysOf(visibleMenu(userWith('UserSetup')))).toEqual([
      'home',
      'users',
      { systemSetup: ['accessProfiles', 'customisation'] },
      { about: ['licences', 'support'] },
    ]);
  });

  it('gives a user without SystemSetup neither the Stores entry nor its route', () => {
    const withoutSystemSetup = userWith(ALL_AREAS.replace('SystemSetup, ', ''), [1]);
    expect(leavesOf(visibleMenu(withoutSystemSetup)).map((entry) => entry.key)).not.toContain('stores');
    expect(routedScreens(withoutSystemSetup).some((screen) => screen.paths.includes('/data/stores'))).toBe(false);
    // With it, both.
    expect(leavesOf(visibleMenu(admin)).map((entry) => entry.key)).toContain('stores');
    expect(routedScreens(admin).some((screen) => screen.paths.includes('/data/stores'))).toBe(true);
  });

  it.each([
    ['everything', admin],
    ['nothing', userWith('')],
    ['a store only', userWith('', [1])],
    ['SystemSetup without a store', userWith('SystemSetup')],
    ['UserSetup', userWith('UserSetup')],
    ['RevenueReconciliation and Announce', userWith('RevenueReconciliation, Announce')],
  ])('never offers %s a screen that is not routed for them', (_who, me) => {
    const routed = new Set(routedScreens(me).map((screen) => screen.id));
    for (const entry of leavesOf(visibleMenu(me)))
      expect({ path: entry.path, routed: routed.has(screenAt(entry.path!)!.id) }).toEqual({ path: entry.path, routed: true });
  });

  it('selects the entry whose path is the longest prefix, and opens its submenu', () => {
    const entries = visibleMenu(admin);
    expect(selectedEntryKey(entries, '/')).toBe('home');
    expect(selectedEntryKey(entries, '/data/users/inactive')).toBe('users');
    expect(selectedEntryKey(entries, '/data/users/accessProfiles')).toBe('accessProfiles');
    expect(selectedEntryKey(entries, '/data/metrics/5')).toBe('metrics');
    expect(selectedEntryKey(entries, '/daily/dailyReport/1/2026-11-26')).toBe('daily');
    expect(parentKeysOf(entries, 'stores')).toEqual(['systemSetup']);
    expect(parentKeysOf(entries, 'home')).toEqual([]);
  });
});
