import { Navigate, Route, Routes } from 'react-router';
import { can } from '../../auth/permissions';
import { useCurrentUser } from '../../shell/CurrentUser';
import { RotaPlanScreen } from './RotaPlanScreen';
import { RotaApprovalScreen, RotaStoreWeekScreen, RotaUserWeekScreen } from './RotaViewScreens';

/**
 * /rota/* (spec 02 section 2.5): /rota/plan needs RecordRotaLines, /rota/view/approval
 * ApproveRotaLines; the week views are for everyone with a store. /rota opens the first the
 * user may use; every screen has the area's tab bar (RotaTabs) leading to the others.
 */
export function RotaRoutes() {
  const me = useCurrentUser();
  const planner = can(me, 'RecordRotaLines');
  const approver = can(me, 'ApproveRotaLines');
  const view = approver ? '/rota/view/approval' : `/rota/view/user/${me.userID}`;
  return (
    <Routes>
      <Route index element={<Navigate to={planner ? '/rota/plan' : view} replace />} />
      {planner && <Route path="plan" element={<RotaPlanScreen />} />}
      <Route path="view" element={<Navigate to={view} replace />} />
      {approver && <Route path="view/approval" element={<RotaApprovalScreen />} />}
      <Route path="view/user/:userID" element={<RotaUserWeekScreen />} />
      <Route path="view/store/:storeID" element={<RotaStoreWeekScreen />} />
      <Route path="*" element={<Navigate to={view} replace />} />
    </Routes>
  );
}
