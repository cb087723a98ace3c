import { matchRoutes } from 'react-router';
import { preloadPreference } from './api/hooks';
import type { Me } from './api/types';
import { type SystemArea, can, canUseSales, storesOf } from './auth/permissions';
import {
  loadAbout,
  loadAnnouncementUsers,
  loadAnnouncements,
  loadCalculator,
  loadCustomisation,
  loadDaily,
  loadJobs,
  loadLandingPage,
  loadListScreen,
  loadMetricParts,
  loadRateCardLines,
  loadRateCards,
  loadRecImportTemplates,
  loadRecMatchRules,
  loadRecSheetLines,
  loadRecSheets,
  loadRota,
  loadSales,
  loadTargets,
  loadUrlRedirect,
  loadUsers,
} from './screenCode';
// A type only: the icons themselves are drawn by the drawer (shell/menuIcons.tsx), not carried by the boot.
import type { MenuIconName } from './shell/menuIcons';

/** Who may open a screen: an area of the access profile, or a rule on the signed-in user. */
export type Access = SystemArea | ((me: Me) => boolean);

/** The submenus of the drawer; a submenu shows when one of its screens does. */
export type MenuGroupKey = 'systemSetup' | 'about';

/** A screen's place in the drawer menu: its entry is keyed by the screen's id and labelled with its title. */
export interface MenuPlace {
  icon: MenuIconName;
  /** The submenu it is in; none: the top level. */
  parent?: MenuGroupKey;
  /** Its place among its siblings (submenus included), smallest first. */
  order: number;
  /**
   * Whom the menu offers it to, when that is fewer than may open it: the screen itself answers
   * the others (a message, a redirect), as its spec asks. It narrows `access`, never widens it.
   */
  visible?: Access;
}

/** One routed screen: the one place its paths, code, access, menu entry and title are declared. */
export interface ScreenDefinition {
  /** Absolute route paths (react-router patterns); the first one is where its menu entry leads. */
  paths: readonly string[];
  /** Its code (screenCode.ts): fetched at boot when the first URL shows it, and by its route. */
  load: () => Promise<unknown>;
  /** Who may open it; everyone signed in when absent. Others have neither its route (NotFound) nor its menu entry. */
  access?: Access;
  menu?: MenuPlace;
  /** What it is, for the browser tab. */
  title: string;
  /** Calls it makes before it can draw that need nothing but the signed-in user: asked for at boot when the first URL shows it. */
  preloadData?: () => void;
}

const hasStore = (me: Me) => storesOf(me).length > 0;

/**
 * Every screen of the signed-in app. SignedInRoutes.tsx draws each one's element (SCREEN_ELEMENTS,
 * keyed the same); the routes, the drawer menu, the access guards and the boot-time preload are
 * derived from this list. Order does not matter for matching: paths are ranked as the router ranks them.
 */
export const SCREENS = {
  home: {
    paths: ['/'],
    load: loadLandingPage,
    title: 'Home',
    menu: { icon: 'HomeOutlined', order: 10 },
    // The redirect to today's landing waits for the card users; the cards, for the hidden ones.
    preloadData: () => {
      preloadPreference('defaults', 'cardUsers');
      preloadPreference('defaults', 'hiddenCards');
    },
  },
  landing: {
    paths: ['/landing/:tab/:date/:userID', '/landing/*'],
    load: loadLandingPage,
    title: 'Home',
    preloadData: () => preloadPreference('defaults', 'hiddenCards'),
  },
  // Spec 01 §6: a store and one of RecordSales, RecordRefunds, UpdateSales. The screen stays open to
  // the others: the landing's figures link to it.
  sales: {
    paths: ['/sales', '/sales/:storeID'],
    load: loadSales,
    title: 'Sales',
    menu: { icon: 'DollarOutlined', order: 20, visible: canUseSales },
  },
  salesCalculator: { paths: ['/sales/calculator'], load: loadCalculator, title: 'Sales calculator' },
  salesNewSale: { paths: ['/sales/newSale/:base64'], load: loadSales, title: 'Sales' },
  salesParams: { paths: ['/sales/params/:base64', '/sales/:storeID/params/:base64'], load: loadSales, title: 'Sales' },
  // Rate cards: every user with at least one store (the rate card lists answer 403 otherwise).
  rateCards: {
    paths: ['/data/rateCards'],
    load: loadRateCards,
    access: hasStore,
    title: 'Rate cards',
    menu: { icon: 'ProfileOutlined', order: 30 },
  },
  rateCardsAll: { paths: ['/data/rateCards/all'], load: loadRateCards, access: hasStore, title: 'Rate cards' },
  rateCardLines: { paths: ['/data/rateCards/:rateCardID/lines'], load: loadRateCardLines, access: hasStore, title: 'Rate card lines' },
  // Targets: every user with a store (reading needs only the store; editing RecordTargets).
  // Without a store the screen opens and says 'No store selected...'.
  targets: {
    paths: ['/targets/*'],
    load: loadTargets,
    title: 'Targets',
    menu: { icon: 'AimOutlined', order: 40, visible: hasStore },
  },
  // Daily stats: every user with a store (reading needs only the store; editing RecordDailyStats).
  // Without a store the screen opens and says 'No store selected...'.
  daily: {
    paths: ['/daily/*'],
    load: loadDaily,
    title: 'Daily',
    menu: { icon: 'CalendarOutlined', order: 50, visible: hasStore },
  },
  // Rota: every user with a store (their own week at least); planning and approval need their areas.
  rota: {
    paths: ['/rota/*'],
    load: loadRota,
    access: hasStore,
    title: 'Rota',
    menu: { icon: 'ScheduleOutlined', order: 60 },
  },
  recSheets: {
    paths: ['/recSheets'],
    load: loadRecSheets,
    access: 'RevenueReconciliation',
    title: 'Revenue reconciliation',
    menu: { icon: 'AuditOutlined', order: 70 },
  },
  recImportTemplates: { paths: ['/recSheets/templates'], load: loadRecImportTemplates, access: 'RevenueReconciliation', title: 'Supplier templates' },
  recMatchRules: { paths: ['/recSheets/matchRules'], load: loadRecMatchRules, access: 'RevenueReconciliation', title: 'Match rules' },
  recSheetLines: {
    paths: ['/recSheets/:recSheetID/lines', '/recSheets/:recSheetID/lines/:filter'],
    load: loadRecSheetLines,
    access: 'RevenueReconciliation',
    title: 'Revenue reconciliation lines',
  },
  announcements: {
    paths: ['/announcements'],
    load: loadAnnouncements,
    access: 'Announce',
    title: 'Announcements',
    menu: { icon: 'NotificationOutlined', order: 80 },
  },
  announcementUsers: {
    paths: ['/announcements/:announcementID/announcementUsers'],
    load: loadAnnouncementUsers,
    access: 'Announce',
    title: 'Announcement recipients',
  },
  // A recipient's link from an announcement: any signed-in user.
  announcementUrlRedirect: { paths: ['/announcement/urlRedirect/:announcementID'], load: loadUrlRedirect, title: 'Announcements' },
  users: {
    paths: ['/data/users'],
    load: loadUsers,
    title: 'Users',
    menu: { icon: 'TeamOutlined', order: 90 },
  },
  // Without UserSetup the users screen has only 'Active users': its other tabs lead back to it (UsersScreen).
  usersInactive: { paths: ['/data/users/inactive'], load: loadUsers, title: 'Users' },
  usersAll: { paths: ['/data/users/all'], load: loadUsers, title: 'Users' },
  // The master data, in the System setup submenu: SystemSetup, for the menu and the route alike.
  stores: {
    paths: ['/data/stores'],
    load: loadListScreen,
    access: 'SystemSetup',
    title: 'Stores',
    menu: { icon: 'ShopOutlined', parent: 'systemSetup', order: 10 },
  },
  storeTypes: {
    paths: ['/data/storeTypes'],
    load: loadListScreen,
    access: 'SystemSetup',
    title: 'Store types',
    menu: { icon: 'ApartmentOutlined', parent: 'systemSetup', order: 20 },
  },
  saleTypes: {
    paths: ['/data/saleTypes'],
    load: loadListScreen,
    access: 'SystemSetup',
    title: 'Sale types',
    menu: { icon: 'TagsOutlined', parent: 'systemSetup', order: 30 },
  },
  skuTypes: {
    paths: ['/data/skuTypes'],
    load: loadListScreen,
    access: 'SystemSetup',
    title: 'SKU types',
    menu: { icon: 'BarcodeOutlined', parent: 'systemSetup', order: 40 },
  },
  bands: {
    paths: ['/data/bands'],
    load: loadListScreen,
    access: 'SystemSetup',
    title: 'Bands',
    menu: { icon: 'TrophyOutlined', parent: 'systemSetup', order: 50 },
  },
  discounts: {
    paths: ['/data/discounts'],
    load: loadListScreen,
    access: 'SystemSetup',
    title: 'Discounts',
    menu: { icon: 'PercentageOutlined', parent: 'systemSetup', order: 60 },
  },
  analysisFields: {
    paths: ['/data/analysisFields'],
    load: loadListScreen,
    access: 'SystemSetup',
    title: 'Analysis fields',
    menu: { icon: 'FormOutlined', parent: 'systemSetup', order: 70 },
  },
  metrics: {
    paths: ['/data/metrics'],
    load: loadListScreen,
    access: 'SystemSetup',
    title: 'Metrics',
    menu: { icon: 'LineChartOutlined', parent: 'systemSetup', order: 80 },
  },
  // A metric's parts: SystemSetup, as the metrics (the parts list answers 403 otherwise).
  metricParts: { paths: ['/data/metrics/:metricID'], load: loadMetricParts, access: 'SystemSetup', title: 'Metric parts' },
  accessProfiles: {
    paths: ['/data/users/accessProfiles'],
    load: loadUsers,
    title: 'Access Profiles',
    menu: { icon: 'SafetyOutlined', parent: 'systemSetup', order: 90, visible: 'UserSetup' },
  },
  // Customisation (spec 01 §6, spec 02 §6): UserSetup; without it the screen opens and says so, calling nothing.
  customisation: {
    paths: ['/data/customisation'],
    load: loadCustomisation,
    title: 'Customisation',
    menu: { icon: 'PictureOutlined', parent: 'systemSetup', order: 100, visible: 'UserSetup' },
  },
  customisationFavicon: { paths: ['/data/customisation/favicon'], load: loadCustomisation, title: 'Customisation' },
  customisationLogo: { paths: ['/data/customisation/logo'], load: loadCustomisation, title: 'Customisation' },
  customisationLoginLogo: { paths: ['/data/customisation/loginLogo'], load: loadCustomisation, title: 'Customisation' },
  jobs: {
    paths: ['/jobs'],
    load: loadJobs,
    access: 'SystemSetup',
    title: 'Jobs',
    menu: { icon: 'FieldTimeOutlined', parent: 'systemSetup', order: 110 },
  },
  // The About pages, for everyone (spec 01 §2 Shell, spec 02 §2.7).
  licences: {
    paths: ['/about/licences'],
    load: loadAbout,
    title: 'Licences',
    menu: { icon: 'SafetyCertificateOutlined', parent: 'about', order: 10 },
  },
  support: {
    paths: ['/about/support'],
    load: loadAbout,
    title: 'Support',
    menu: { icon: 'CustomerServiceOutlined', parent: 'about', order: 20 },
  },
} satisfies Record<string, ScreenDefinition>;

export type ScreenId = keyof typeof SCREENS;

/** The drawer's submenus, placed among the top-level screens by their order. */
export const MENU_GROUPS: Record<MenuGroupKey, { label: string; icon: MenuIconName; order: number }> = {
  systemSetup: { label: 'System setup', icon: 'SettingOutlined', order: 100 },
  about: { label: 'About', icon: 'InfoCircleOutlined', order: 110 },
};

export interface Screen extends ScreenDefinition {
  id: ScreenId;
}

/** The registry as a list, each screen with its id. */
export const SCREEN_LIST: Screen[] = (Object.keys(SCREENS) as ScreenId[]).map((id) => ({ id, ...(SCREENS[id] as ScreenDefinition) }));

/** Whether an access rule lets this user in; no rule lets everyone in. */
export function allows(me: Me, access: Access | undefined): boolean {
  if (access === undefined) return true;
  return typeof access === 'string' ? can(me, access) : access(me);
}

/** The screens this user may open: the routes SignedInRoutes draws. */
export function routedScreens(me: Me): Screen[] {
  return SCREEN_LIST.filter((screen) => allows(me, screen.access));
}

const SCREEN_ROUTES = SCREEN_LIST.flatMap((screen) => screen.paths.map((path) => ({ path, handle: screen })));

/**
 * The screen a path shows, ranked as the router ranks its routes (a static segment before a
 * parameter: /sales/calculator is the calculator, not a store's sales), whoever is signed in.
 */
export function screenAt(pathname: string): Screen | undefined {
  // The shell asks on every render; matchRoutes ranks every route again each time it is called.
  if (lastScreenAt?.pathname !== pathname) {
    const matches = matchRoutes(SCREEN_ROUTES, pathname);
    lastScreenAt = { pathname, screen: matches?.[matches.length - 1]?.route.handle };
  }
  return lastScreenAt.screen;
}

let lastScreenAt: { pathname: string; screen: Screen | undefined } | undefined;
