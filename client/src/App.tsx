import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { Button, Result, Spin } from 'antd';
import { useMe } from './api/hooks';
import { getToken } from './api/token';
import { can } from './auth/permissions';
import { LoginPage } from './auth/LoginPage';
import { ListScreen } from './list/ListScreen';
import { storeTypesResource } from './resources/storeTypes';
import { storesResource } from './resources/stores';
import { analysisFieldsResource } from './resources/analysisFields';
import { bandsResource } from './resources/bands';
import { discountsResource } from './resources/discounts';
import { metricsResource } from './resources/metrics';
import { saleTypesResource } from './resources/saleTypes';
import { skuTypesResource } from './resources/skuTypes';
import { MetricPartsScreen } from './screens/MetricPartsScreen';
import { RateCardLinesScreen } from './screens/rateCards/RateCardLinesScreen';
import { RateCardsScreen } from './screens/rateCards/RateCardsScreen';
import { JobsScreen } from './screens/jobs/JobsScreen';
import { RecSheetLinesScreen } from './screens/recSheets/RecSheetLinesScreen';
import { RecSheetsScreen } from './screens/recSheets/RecSheetsScreen';
import { CalculatorScreen } from './screens/sales/Calculator';
import { SalesScreen } from './screens/sales/SalesScreen';
import { LandingPage } from './screens/LandingPage';
import { NotAvailable } from './screens/NotAvailable';
import { UsersScreen } from './screens/UsersScreen';
import { LicencesPage, SupportPage } from './screens/about/AboutPages';
import { useFavicon } from './screens/customisation/branding';
import { CustomisationScreen } from './screens/customisation/CustomisationScreen';
import { Shell } from './shell/Shell';

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
        <Route index element={<LandingPage />} />
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
        {can(me, 'RevenueReconciliation') && <Route path="recSheets/:recSheetID/lines" element={<RecSheetLinesScreen />} />}
        {can(me, 'RevenueReconciliation') && <Route path="recSheets/:recSheetID/lines/:filter" element={<RecSheetLinesScreen />} />}
        {can(me, 'SystemSetup') && <Route path="jobs" element={<JobsScreen />} />}
        <Route path="daily/*" element={<NotAvailable title="Daily report" />} />
        <Route path="announcements/*" element={<NotAvailable title="Announcements" />} />
        {/* Spec 01 §2: any unknown path shows the shell. */}
        <Route path="*" element={<LandingPage />} />
      </Route>
    </Routes>
  );
}

export function App() {
  // The browser tab shows the uploaded favicon, or a plain icon when there is none.
  useFavicon();
  return (
    <BrowserRouter>
      {/* Spec 01 §2: the login page shows instead of the app whenever nobody is logged in. */}
      {getToken() ? <SignedInApp /> : <LoginPage />}
    </BrowserRouter>
  );
}
