import { Navigate, Route, RouterProvider, Routes, createBrowserRouter } from 'react-router';
import { Button, Result, Spin } from 'antd';
import { useMe } from './api/hooks';
import { getToken } from './api/token';
import { can, storesOf } from './auth/permissions';
import { storeTypesResource } from './resources/storeTypes';
import { storesResource } from './resources/stores';
import { analysisFieldsResource } from './resources/analysisFields';
import { bandsResource } from './resources/bands';
import { discountsResource } from './resources/discounts';
import { metricsResource } from './resources/metrics';
import { saleTypesResource } from './resources/saleTypes';
import { skuTypesResource } from './resources/skuTypes';
import { useFavicon } from './screens/customisation/branding';
import { Shell } from './shell/Shell';
import { lazyScreen } from './lazyScreen';

// Every screen is downloaded when first shown (issue 14): the first page loads the shell alone.
const LoginPage = lazyScreen(() => import('./auth/LoginPage'), 'LoginPage');
const ListScreen = lazyScreen(() => import('./list/ListScreen'), 'ListScreen');
const MetricPartsScreen = lazyScreen(() => import('./screens/MetricPartsScreen'), 'MetricPartsScreen');
const RateCardLinesScreen = lazyScreen(() => import('./screens/rateCards/RateCardLinesScreen'), 'RateCardLinesScreen');
const RateCardsScreen = lazyScreen(() => import('./screens/rateCards/RateCardsScreen'), 'RateCardsScreen');
const JobsScreen = lazyScreen(() => import('./screens/jobs/JobsScreen'), 'JobsScreen');
const RecSheetLinesScreen = lazyScreen(() => import('./screens/recSheets/RecSheetLinesScreen'), 'RecSheetLinesScreen');
const RecSheetsScreen = lazyScreen(() => import('./screens/recSheets/RecSheetsScreen'), 'RecSheetsScreen');
const RecImportTemplatesScreen = lazyScreen(() => import('./screens/recSheets/RecImportTemplatesScreen'), 'RecImportTemplatesScreen');
const RecMatchRulesScreen = lazyScreen(() => import('./screens/recSheets/RecMatchRulesScreen'), 'RecMatchRulesScreen');
const DailyRoutes = lazyScreen(() => import('./screens/daily/DailyRoutes'), 'DailyRoutes');
const TargetsScreen = lazyScreen(() => import('./screens/targets/TargetsScreen'), 'TargetsScreen');
const AnnouncementsScreen = lazyScreen(() => import('./screens/announcements/AnnouncementsScreen'), 'AnnouncementsScreen');
const AnnouncementUsersScreen = lazyScreen(() => import('./screens/announcements/AnnouncementUsersScreen'), 'AnnouncementUsersScreen');
const UrlRedirect = lazyScreen(() => import('./screens/announcements/UrlRedirect'), 'UrlRedirect');
const RotaRoutes = lazyScreen(() => import('./screens/rota/RotaRoutes'), 'RotaRoutes');
const CalculatorScreen = lazyScreen(() => import('./screens/sales/Calculator'), 'CalculatorScreen');
const SalesScreen = lazyScreen(() => import('./screens/sales/SalesScreen'), 'SalesScreen');
const loadLandingPage = () => import('./screens/LandingPage');
const LandingPage = lazyScreen(loadLandingPage, 'LandingPage');
const LandingRedirect = lazyScreen(loadLandingPage, 'LandingRedirect');
const UsersScreen = lazyScreen(() => import('./screens/UsersScreen'), 'UsersScreen');
const LicencesPage = lazyScreen(() => import('./screens/about/AboutPages'), 'LicencesPage');
const SupportPage = lazyScreen(() => import('./screens/about/AboutPages'), 'SupportPage');
const CustomisationScreen = lazyScreen(() => import('./screens/customisation/CustomisationScreen'), 'CustomisationScreen');
const NotFound = lazyScreen(() => import('./screens/NotFound'), 'NotFound');

// The landing page is the first screen after login: its code comes beside /user/me, not after it.
if (getToken() && window.location.pathname === '/') void loadLandingPage();

/** The signed-in app: waits for the user's profile, then shows the shell and routes. */
function SignedInApp() {
  const { me, error, mutate } = useMe();
  if (error) {
    return (
      <Result
        status="error"
        title="The app could not load your profile"
        subTitle={error instanceof Error ? error.message : undefined}
        extra={<Button onClick={() => void mutate()}>Try again</Button>}
      />
    );
  }
  if (!me) {
    return (
      <div className="app-loading">
        <Spin size="large" />
      </div>
    );
  }

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

/** Spec 01 §2: the login page shows instead of the app whenever nobody is logged in. */
function SignedInOrLogin() {
  return getToken() ? <SignedInApp /> : <LoginPage />;
}

/*
 * A data router, for useBlocker (the grid editors ask before leaving unsaved changes). Its one
 * splat route renders the app, whose <Routes> keep matching the whole path as before.
 */
const router = createBrowserRouter([{ path: '*', element: <SignedInOrLogin /> }]);

export function App() {
  // The browser tab shows the uploaded favicon, or a plain icon when there is none.
  useFavicon();
  return <RouterProvider router={router} />;
}
