import { Navigate, Route, Routes } from 'react-router';
import { DailyReportScreen } from './DailyReportScreen';
import { DailyStatsScreen } from './DailyStatsScreen';
import { DailyTableScreen } from './DailyTableScreen';

/**
 * /daily/* (spec 02 §2.2): the daily report, the daily table and the stats input. /daily alone
 * opens the stats input. The report and the table read their own path segments and replace an
 * invalid or incomplete path with their defaults.
 */
export function DailyRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="dailyStats" replace />} />
      <Route path="dailyStats" element={<DailyStatsScreen />} />
      <Route path="dailyStats/:dailyStatDate/:storeID" element={<DailyStatsScreen />} />
      <Route path="dailyStats/*" element={<DailyStatsScreen />} />
      <Route path="dailyReport/*" element={<DailyReportScreen />} />
      <Route path="dailyTable/*" element={<DailyTableScreen />} />
      <Route path="*" element={<Navigate to="/daily/dailyStats" replace />} />
    </Routes>
  );
}
