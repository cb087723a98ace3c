/**
 * The screens' code, each fetched when first needed (issue 14). Kept apart from the routes
 * (SignedInRoutes.tsx) so the entry can start the current URL's screen at boot without carrying
 * the routes, the shell and the resources the login page never uses.
 */
export const loadListScreen = () => import('./list/ListScreen');
export const loadMetricParts = () => import('./screens/MetricPartsScreen');
export const loadRateCardLines = () => import('./screens/rateCards/RateCardLinesScreen');
export const loadRateCards = () => import('./screens/rateCards/RateCardsScreen');
export const loadJobs = () => import('./screens/jobs/JobsScreen');
export const loadRecSheetLines = () => import('./screens/recSheets/RecSheetLinesScreen');
export const loadRecSheets = () => import('./screens/recSheets/RecSheetsScreen');
export const loadRecImportTemplates = () => import('./screens/recSheets/RecImportTemplatesScreen');
export const loadRecMatchRules = () => import('./screens/recSheets/RecMatchRulesScreen');
export const loadDaily = () => import('./screens/daily/DailyRoutes');
export const loadTargets = () => import('./screens/targets/TargetsScreen');
export const loadAnnouncements = () => import('./screens/announcements/AnnouncementsScreen');
export const loadAnnouncementUsers = () => import('./screens/announcements/AnnouncementUsersScreen');
export const loadRota = () => import('./screens/rota/RotaRoutes');
export const loadCalculator = () => import('./screens/sales/Calculator');
export const loadSales = () => import('./screens/sales/SalesScreen');
export const loadLandingPage = () => import('./screens/LandingPage');
export const loadUsers = () => import('./screens/UsersScreen');
export const loadAbout = () => import('./screens/about/AboutPages');
export const loadCustomisation = () => import('./screens/customisation/CustomisationScreen');

/**
 * The screen code each path shows, first match wins (the same paths as the routes of SignedInRoutes.tsx): the
 * current URL's screen is fetched at boot, beside /api/user/me, instead of after it (issue 26).
 */
export const SCREEN_CODE: Array<[RegExp, () => Promise<unknown>]> = [
  [/^\/($|landing\/)/, loadLandingPage],
  [/^\/data\/metrics\/[^/]+/, loadMetricParts],
  [/^\/data\/rateCards\/\d+\/lines/, loadRateCardLines],
  [/^\/data\/rateCards/, loadRateCards],
  [/^\/data\/users/, loadUsers],
  [/^\/data\/customisation/, loadCustomisation],
  [/^\/data\//, loadListScreen],
  [/^\/about\//, loadAbout],
  [/^\/sales\/calculator/, loadCalculator],
  [/^\/sales/, loadSales],
  [/^\/recSheets\/templates/, loadRecImportTemplates],
  [/^\/recSheets\/matchRules/, loadRecMatchRules],
  [/^\/recSheets\/[^/]+\/lines/, loadRecSheetLines],
  [/^\/recSheets/, loadRecSheets],
  [/^\/jobs/, loadJobs],
  [/^\/daily/, loadDaily],
  [/^\/targets/, loadTargets],
  [/^\/rota/, loadRota],
  [/^\/announcements\/[^/]+\/announcementUsers/, loadAnnouncementUsers],
  [/^\/announcements/, loadAnnouncements],
];
