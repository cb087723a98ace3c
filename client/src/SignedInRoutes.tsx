import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { App as AntApp } from 'antd';
import type { Me } from './api/types';
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
  loadUrlRedirect,
  loadUsers,
} from './screenCode';
import { type ScreenId, routedScreens } from './screenRegistry';
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
const UrlRedirect = lazyScreen(loadUrlRedirect, 'UrlRedirect');
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
 * What each screen of the registry (screenRegistry.ts) draws at its paths. Kept here, not in the
 * registry, because the elements carry the resources, and the registry is part of the boot.
 */
const SCREEN_ELEMENTS: Record<ScreenId, ReactNode> = {
  home: <LandingRedirect />,
  landing: <LandingPage />,
  sales: <SalesScreen />,
  salesCalculator: <CalculatorScreen />,
  salesNewSale: <SalesScreen route="newSale" />,
  salesParams: <SalesScreen route="params" />,
  rateCards: <RateCardsScreen key="current" tab="current" />,
  rateCardsAll: <RateCardsScreen key="all" tab="all" />,
  rateCardLines: <RateCardLinesScreen />,
  targets: <TargetsScreen />,
  daily: <DailyRoutes />,
  rota: <RotaRoutes />,
  recSheets: <RecSheetsScreen />,
  recImportTemplates: <RecImportTemplatesScreen />,
  recMatchRules: <RecMatchRulesScreen />,
  recSheetLines: <RecSheetLinesScreen />,
  announcements: <AnnouncementsScreen />,
  announcementUsers: <AnnouncementUsersScreen />,
  announcementUrlRedirect: <UrlRedirect />,
  users: <UsersScreen tab="active" />,
  usersInactive: <UsersScreen tab="inactive" />,
  usersAll: <UsersScreen tab="all" />,
  // key: a new screen starts with fresh state, not the previous list's.
  stores: <ListScreen key="stores" resource={storesResource} />,
  storeTypes: <ListScreen key="storeTypes" resource={storeTypesResource} />,
  saleTypes: <ListScreen key="saleTypes" resource={saleTypesResource} />,
  skuTypes: <ListScreen key="skuTypes" resource={skuTypesResource} />,
  bands: <ListScreen key="bands" resource={bandsResource} />,
  discounts: <ListScreen key="discounts" resource={discountsResource} />,
  analysisFields: <ListScreen key="analysisFields" resource={analysisFieldsResource} />,
  metrics: <ListScreen key="metrics" resource={metricsResource} />,
  metricParts: <MetricPartsScreen />,
  accessProfiles: <UsersScreen tab="accessProfiles" />,
  customisation: <CustomisationScreen tab="loginBackground" />,
  customisationFavicon: <CustomisationScreen tab="favicon" />,
  customisationLogo: <CustomisationScreen tab="logo" />,
  customisationLoginLogo: <CustomisationScreen tab="loginLogo" />,
  jobs: <JobsScreen />,
  licences: <LicencesPage />,
  support: <SupportPage />,
};

/**
 * The signed-in user's routes inside the shell: the registry's screens this user may open. A
 * screen they may not open has no route, so its paths show 'Page not found'. A module of its own,
 * fetched beside /api/user/me (App.tsx): the login page's first load carries neither the shell nor
 * the resources (issue 26).
 */
export function SignedInRoutes({ me }: { me: Me }) {
  return (
    // antd's App gives the screens its message and confirm dialogs (App.useApp): here rather than at
    // the root, its code (dialogs, notifications, and the form library the dialogs import, about
    // half of the entry) comes with this module, beside /api/user/me, not with the first page's scripts.
    <AntApp>
      <Routes>
        <Route path="/user/login" element={<Navigate to="/" replace />} />
        <Route element={<Shell me={me} />}>
          {routedScreens(me).flatMap((screen) => screen.paths.map((path) => <Route key={path} path={path} element={SCREEN_ELEMENTS[screen.id]} />))}
          {/* Spec 01 §2: any unknown path shows the shell, here with 'Page not found' and a link home. */}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </AntApp>
  );
}
