import type { SystemArea } from './system-areas';

/** The signed-in user as every guard, service and query sees it. Loaded fresh per request. */
export interface AuthUser {
  userID: number;
  name: string;
  email: string;
  storeID: number | null;
  accessProfileID: number;
  systemAreas: ReadonlySet<SystemArea>;
  /** Stores the access profile grants. */
  storeIDs: readonly number[];
  showRevenue: boolean;
  showCommission: boolean;
  salesMonthsBack: number;
  /** How many days back the sales list starts; 0 or absent = 180 (spec 01 section 9). */
  defaultDaysBack?: number;
}

export function hasArea(user: AuthUser, area: SystemArea): boolean {
  return user.systemAreas.has(area);
}

export function hasAnyArea(user: AuthUser, areas: readonly SystemArea[]): boolean {
  return areas.some((a) => user.systemAreas.has(a));
}
