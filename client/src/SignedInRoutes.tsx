import { Navigate, Route, Routes } from 'react-router';
import type { Me } from './api/types';
import { can, storesOf } from './auth/permissions';
import { lazyScreen } from './lazyScreen';
import { analysisFieldsResource } from './resources/analysisFields';
import { bandsResource } from './resources/bands';
import { discountsResource } from './resources/discounts';
import { metricsResource } from './resources/metrics';
import { saleTypesResource } from './resources/saleTypes';
import { skuTypesResource } from './resources/skuTypes';
import { storeTypesResource } from './resources/storeTypes';
import { storesResource } from './resources/stores';
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
  loadUsers,
} from './screenCode';
import { Shell } from './shell/Shell';

const ListScreen = lazyScreen(loadListScreen, 'ListScreen');
const MetricPartsScreen = lazyScreen(loadMetricParts, 'MetricPartsScreen');
const RateCardLinesScreen = lazyScreen(loadRateCardLines, 'RateCardLinesScreen');
const RateCardsScreen = lazyScreen(loadRateCards, 'RateCardsScreen');
const JobsScreen = lazyScreen(loadJobs, 'JobsScreen');
const RecSheetLinesScreen = lazyScreen(loadRecSheetLines, 'RecSheetLinesScreen');
const RecSheetsScreen = lazyScreen(loadRecSheets, 'RecSheetsScreen');
const RecImportTemplatesScreen = lazyScreen(loadRecImportTemplates, 'RecImportTemplatesScreen');
const RecMatchRulesScreen = lazyScreen(loadRecMatchRules, 'RecMatchRulesScreen');
const DailyRoutes = lazyScreen(loadDaily, 'DailyRoutes');
const TargetsScreen = lazyScreen(loadTargets, 'TargetsScreen');
const AnnouncementsScreen = lazyScreen(loadAnnouncements, 'AnnouncementsScreen');
const AnnouncementUsersScreen = lazyScreen(loadAnnouncementUsers, 'AnnouncementUsersScreen');
const UrlRedirect = lazyScreen(() => import('./screens/announcements/UrlRedirect'), 'UrlRedirect');
const RotaRoutes = lazyScreen(loadRota, 'RotaRoutes');
const CalculatorScreen = lazyScreen(loadCalculator, 'CalculatorScreen');
const SalesScreen = lazyScreen(loadSales, 'SalesScreen');
const LandingPage = lazyScreen(loadLandingPage, 'LandingPage');
const LandingRedirect = lazyScreen(loadLandingPage, 'LandingRedirect');
const UsersScreen = lazyScreen(loadUsers, 'UsersScreen');
const LicencesPage = lazyScreen(loadAbout, 'LicencesPage');
const SupportPage = lazyScreen(loadAbout, 'SupportPage');
const CustomisationScreen = lazyScreen(loadCustomisation, 'CustomisationScreen');
const NotFound = lazyScreen(() => import('./screens/NotFound'), 'NotFound');


/**
 * The signed-in user's routes inside the shell. A module of its own, fetched beside /api/user/me
 * (App.tsx): the login page's first load carries neither the shell nor the resources (issue 26).
 */
export function SignedInRoutes({ me }: { me: Me }) {
  return (
    <Routes>
      <Route path="/user/login" element={<Navigate to="/" replace />} />
      <Route element={<Shell me={me} />}>
        <Route index element={<LandingRedirect />} />
        <Route path="landing/:tab/:date/:userID" element={<LandingPage />} />
        <Route path="landing/*" element={<LandingPage />} />
        {/* key: a new screen starts with fresh state, not the previous list's. */}
        <Route path="data/stores" element={<ListScreen key="stores" resource={storesResource} />} />
        <Route path="data/storeTypes" element={<ListScreen key="storeTypes" resource={storeTypesResource} />} />
        <Route path="data/saleTypes" element={<ListScreen key="saleTypes" resource={saleTypesResource} />} />
        <Route path="data/skuTypes" element={<ListScreen key="skuTypes" resource={skuTypesResource} />} />
        <Route path="data/bands" element={<ListScreen key="bands" resource={bandsResource} />} />
        <Route path="data/discounts" element={<ListScreen key="discounts" resource={discountsResource} />} />
        <Route path="data/analysisFields" element={<ListScreen key="analysisFields" resource={analysisFieldsResource} />} />
        <Route path="data/metrics" element={<ListScreen key="metrics" resource={metricsResource} />} />
        <Route path="data/metrics/:metricID" element={<MetricPartsScreen />} />
        <Route path="data/rateCards" element={<RateCardsScreen key="current" tab="current" />} />
        <Route path="data/rateCards/all" element={<RateCardsScreen key="all" tab="all" />} />
        <Route path="data/rateCards/:rateCardID/lines" element={<RateCardLinesScreen />} />
        <Route path="data/users" element={<UsersScreen tab="active" />} />
        <Route path="data/users/inactive" element={<UsersScreen tab="inactive" />} />
        <Route path="data/users/all" element={<UsersScreen tab="all" />} />
        <Route path="data/users/accessProfiles" element={<UsersScreen tab="accessProfiles" />} />
        <Route path="data/customisation" element={<CustomisationScreen tab="loginBackground" />} />
        <Route path="data/customisation/favicon" element={<CustomisationScreen tab="favicon" />} />
        <Route path="data/customisation/logo" element={<CustomisationScreen tab="logo" />} />
        <Route path="data/customisation/loginLogo" element={<CustomisationScreen tab="loginLogo" />} />
        <Route path="about/licences" element={<LicencesPage />} />
        <Route path="about/support" element={<SupportPage />} />
        <Route path="sales" element={<SalesScreen />} />
        <Route path="sales/calculator" element={<CalculatorScreen />} />
        <Route path="sales/newSale/:base64" element={<SalesScreen route="newSale" />} />
        <Route path="sales/params/:base64" element={<SalesScreen route="params" />} />
        <Route path="sales/:storeID" element={<SalesScreen />} />
        <Route path="sales/:storeID/params/:base64" element={<SalesScreen route="params" />} />
        {can(me, 'RevenueReconciliation') && <Route path="recSheets" element={<RecSheetsScreen />} />}
        {can(me, 'RevenueReconciliation') && <Route path="recSheets/templates" element={<RecImportTemplatesScreen />} />}
        {can(me, 'RevenueReconciliation') && <Route path="recSheets/matchRules" element={<RecMatchRulesScreen />} />}
        {can(me, 'RevenueReconciliation') && <Route path="recSheets/:recSheetID/lines" element={<RecSheetLinesScreen />} />}
        {can(me, 'RevenueReconciliation') && <Route path="recSheets/:recSheetID/lines/:filter" element={<RecSheetLinesScreen />} />}
        {can(me, 'SystemSetup') && <Route path="jobs" element={<JobsScreen />} />}
        <Route path="daily/*" element={<DailyRoutes />} />
        <Route path="targets/*" element={<TargetsScreen />} />
        {storesOf(me).length > 0 && <Route path="rota/*" element={<RotaRoutes />} />}
        {can(me, 'Announce') && <Route path="announcements" element={<AnnouncementsScreen />} />}
        {can(me, 'Announce') && <Route path="announcements/:announcementID/announcementUsers" element={<AnnouncementUsersScreen />} />}
        <Route path="announcement/urlRedirect/:announcementID" element={<UrlRedirect />} />
        {/* Spec 01 §2: any unknown path shows the shell, here with 'Page not found' and a link home. */}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

