import type { Me } from './api/types';
import {
  loadCalculator,
  loadLandingPage,
  loadListScreen,
  loadMetricParts,
  loadRateCardLines,
  loadRateCards,
  loadRecImportTemplates,
  loadSales,
  loadUsers,
} from './screenCode';
import { SCREEN_LIST, type ScreenId, routedScreens, screenAt } from './screenRegistry';

/** A signed-in user with these areas and stores. */
function userWith(areas: string, storeIDs: number[] = []): Me {
  const accessProfileStores = storeIDs.map((storeID) => ({ storeID, store: { storeID, name: `Store ${storeID}` } }));
  return { userID: 1, accessProfile: { systemAreas: areas, accessProfileStores } } as unknown as Me;
}

/** A path the pattern matches: each parameter a number, a splat two segments. */
const samplePathOf = (pattern: string) => pattern.replace(/:\w+/g, '7').replace(/\*$/, 'a/b');

const routed = (me: Me): ScreenId[] => routedScreens(me).map((screen) => screen.id);

describe('the screen registry', () => {
  it('has unique paths and ids', () => {
    const paths = SCREEN_LIST.flatMap((screen) => screen.paths);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.every((path) => path.startsWith('/'))).toBe(true);
  });

  it.each(SCREEN_LIST.flatMap((screen) => screen.paths.map((path) => [path, screen.id] as const)))(
    'preloads %s as its own screen %s, with its loader',
    (path, id) => {
      const screen = screenAt(samplePathOf(path));
      expect(screen?.id).toBe(id);
      expect(screen?.load).toBe(SCREEN_LIST.find((s) => s.id === id)!.load);
    },
  );

  it('ranks the paths as the router does: a static segment before a parameter, an exact path before a splat', () => {
    expect(screenAt('/sales/calculator')?.load).toBe(loadCalculator);
    expect(screenAt('/sales/12')?.load).toBe(loadSales);
    expect(screenAt('/sales/12/params/eyJ9')?.load).toBe(loadSales);
    expect(screenAt('/data/rateCards/all')?.id).toBe('rateCardsAll');
    expect(screenAt('/data/rateCards/3/lines')?.load).toBe(loadRateCardLines);
    expect(screenAt('/data/rateCards')?.load).toBe(loadRateCards);
    expect(screenAt('/data/metrics/5')?.load).toBe(loadMetricParts);
    expect(screenAt('/data/metrics')?.load).toBe(loadListScreen);
    expect(screenAt('/data/users/accessProfiles')?.load).toBe(loadUsers);
    expect(screenAt('/recSheets/templates')?.load).toBe(loadRecImportTemplates);
    expect(screenAt('/')?.load).toBe(loadLandingPage);
    expect(screenAt('/landing/0/2026-11-26/7')?.load).toBe(loadLandingPage);
    expect(screenAt('/daily/dailyReport/3/2026-11-26')?.id).toBe('daily');
    // A trailing slash is the same page, as for the router.
    expect(screenAt('/data/stores/')?.id).toBe('stores');
  });

  it('preloads nothing for a path no screen has (Page not found)', () => {
    expect(screenAt('/no/such/page')).toBeUndefined();
    expect(screenAt('/data/nothing')).toBeUndefined();
    expect(screenAt('/user/login')).toBeUndefined();
  });

  it('routes the master data, the metric parts and the jobs only with SystemSetup', () => {
    const systemSetup: ScreenId[] = ['stores', 'storeTypes', 'saleTypes', 'skuTypes', 'bands', 'discounts', 'analysisFields', 'metrics', 'metricParts', 'jobs'];
    expect(routed(userWith('UserSetup, RecordSales, RevenueReconciliation, Announce', [1])).filter((id) => systemSetup.includes(id))).toEqual([]);
    expect(routed(userWith('SystemSetup')).filter((id) => systemSetup.includes(id))).toEqual(systemSetup);
  });

  it('routes rate cards and the rota only for a user with a store', () => {
    const needStore: ScreenId[] = ['rateCards', 'rateCardsAll', 'rateCardLines', 'rota'];
    expect(routed(userWith('SystemSetup, UserSetup, RecordSales')).filter((id) => needStore.includes(id))).toEqual([]);
    expect(routed(userWith('', [1])).filter((id) => needStore.includes(id))).toEqual(needStore);
  });

  it('routes revenue reconciliation with RevenueReconciliation and announcements with Announce', () => {
    const reconciliation: ScreenId[] = ['recSheets', 'recImportTemplates', 'recMatchRules', 'recSheetLines'];
    const announcements: ScreenId[] = ['announcements', 'announcementUsers'];
    expect(routed(userWith('SystemSetup, UserSetup', [1])).filter((id) => [...reconciliation, ...announcements].includes(id))).toEqual([]);
    expect(routed(userWith('RevenueReconciliation')).filter((id) => reconciliation.includes(id))).toEqual(reconciliation);
    expect(routed(userWith('Announce')).filter((id) => announcements.includes(id))).toEqual(announcements);
  });

  it('routes for everyone the screens that answer a user without the area themselves', () => {
    // Targets and daily say 'No store selected...', customisation says it needs UserSetup, the
    // users' other tabs lead back to 'Active users', sales is linked from the landing's figures.
    const nobody = routed(userWith(''));
    expect(nobody).toEqual(
      expect.arrayContaining([
        'home',
        'landing',
        'targets',
        'daily',
        'customisation',
        'customisationLogo',
        'accessProfiles',
        'usersAll',
        'sales',
        'salesCalculator',
        'licences',
        'support',
        'announcementUrlRedirect',
      ]),
    );
  });
});
