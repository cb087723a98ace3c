/**
 * The screens' code, each fetched when first needed (issue 14). Kept apart from the routes
 * (SignedInRoutes.tsx) so the entry can start the current URL's screen at boot without carrying
 * the routes, the shell and the resources the login page never uses: the screen registry
 * (screenRegistry.ts) names which of these each path shows.
 */
import { CARD_LIST_BELOW } from './list/columnFit';

/**
 * antd's table (list/ListTable.tsx), which a list screen draws where it is wider than a phone's
 * card list: asked for beside the screen's own code, not once that code has run (issue 26).
 */
function withListTable<T>(load: () => Promise<T>): () => Promise<T> {
  return () => {
    if (window.innerWidth >= CARD_LIST_BELOW) void import('./list/ListTable').catch(() => undefined);
    return load();
  };
}

export const loadListScreen = withListTable(() => import('./list/ListScreen'));
export const loadMetricParts = withListTable(() => import('./screens/MetricPartsScreen'));
export const loadRateCardLines = withListTable(() => import('./screens/rateCards/RateCardLinesScreen'));
export const loadRateCards = withListTable(() => import('./screens/rateCards/RateCardsScreen'));
export const loadJobs = withListTable(() => import('./screens/jobs/JobsScreen'));
export const loadRecSheetLines = withListTable(() => import('./screens/recSheets/RecSheetLinesScreen'));
export const loadRecSheets = withListTable(() => import('./screens/recSheets/RecSheetsScreen'));
export const loadRecImportTemplates = withListTable(() => import('./screens/recSheets/RecImportTemplatesScreen'));
export const loadRecMatchRules = withListTable(() => import('./screens/recSheets/RecMatchRulesScreen'));
export const loadDaily = () => import('./screens/daily/DailyRoutes');
export const loadTargets = () => import('./screens/targets/TargetsScreen');
export const loadAnnouncements = withListTable(() => import('./screens/announcements/AnnouncementsScreen'));
export const loadAnnouncementUsers = withListTable(() => import('./screens/announcements/AnnouncementUsersScreen'));
export const loadRota = () => import('./screens/rota/RotaRoutes');
export const loadCalculator = () => import('./screens/sales/Calculator');
export const loadSales = withListTable(() => import('./screens/sales/SalesScreen'));
export const loadLandingPage = () => import('./screens/LandingPage');
export const loadUsers = withListTable(() => import('./screens/UsersScreen'));
export const loadAbout = () => import('./screens/about/AboutPages');
export const loadCustomisation = () => import('./screens/customisation/CustomisationScreen');
export const loadUrlRedirect = () => import('./screens/announcements/UrlRedirect');
