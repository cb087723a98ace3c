/**
 * The screens' code, each fetched when first needed (issue 14). Kept apart from the routes
 * (SignedInRoutes.tsx) so the entry can start the current URL's screen at boot without carrying
 * the routes, the shell and the resources the login page never uses: the screen registry
 * (screenRegistry.ts) names which of these each path shows.
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
export const loadUrlRedirect = () => import('./screens/announcements/UrlRedirect');
