import { Foundation1763700000000 } from './1763700000000-Foundation';
import { MasterData1763800000000 } from './1763800000000-MasterData';
import { Files1763900000000 } from './1763900000000-Files';
import { RateCards1764000000000 } from './1764000000000-RateCards';
import { SessionsAndFileOwners1764110000000 } from './1764110000000-SessionsAndFileOwners';
import { ListIndexes1764120000000 } from './1764120000000-ListIndexes';
import { Sales1764200000000 } from './1764200000000-Sales';
import { JobsAndReconciliation1764300000000 } from './1764300000000-JobsAndReconciliation';
import { TargetsAndDailyStats1764400000000 } from './1764400000000-TargetsAndDailyStats';
import { Announcements1764500000000 } from './1764500000000-Announcements';
import { Rota1764500000001 } from './1764500000001-Rota';
import { KpiFigureIndexes1764600000000 } from './1764600000000-KpiFigureIndexes';
import { SaleDayTotals1764700000000 } from './1764700000000-SaleDayTotals';
import { SaleMonthSkuOrder1764800000000 } from './1764800000000-SaleMonthSkuOrder';
import { SaleFigureVersions1764800000001 } from './1764800000001-SaleFigureVersions';
import { DataVersions1764900000000 } from './1764900000000-DataVersions';
import { AutoRecBatches1765000000000 } from './1765000000000-AutoRecBatches';
import { RecImportTemplates1765000000001 } from './1765000000001-RecImportTemplates';
import { MatchRulesAndClawbacks1765000000002 } from './1765000000002-MatchRulesAndClawbacks';
import { ProfilesThatSell1765100000000 } from './1765100000000-ProfilesThatSell';
import { RecLinks1765200000000 } from './1765200000000-RecLinks';
import { ReconcileByLinks1765300000000 } from './1765300000000-ReconcileByLinks';

/** Every migration in order; both engines run the same list at start. */
export const MIGRATIONS = [
  Foundation1763700000000,
  MasterData1763800000000,
  Files1763900000000,
  RateCards1764000000000,
  SessionsAndFileOwners1764110000000,
  ListIndexes1764120000000,
  Sales1764200000000,
  JobsAndReconciliation1764300000000,
  TargetsAndDailyStats1764400000000,
  Announcements1764500000000,
  Rota1764500000001,
  KpiFigureIndexes1764600000000,
  SaleDayTotals1764700000000,
  SaleMonthSkuOrder1764800000000,
  SaleFigureVersions1764800000001,
  DataVersions1764900000000,
  AutoRecBatches1765000000000,
  RecImportTemplates1765000000001,
  MatchRulesAndClawbacks1765000000002,
  ProfilesThatSell1765100000000,
  RecLinks1765200000000,
  ReconcileByLinks1765300000000,
];
