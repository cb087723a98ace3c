/** Shapes of the HTTP contract in docs/http-api.md. */

export type Row = Record<string, unknown>;

export interface ValidationResult {
  fail: boolean;
  failSummary?: string;
  failMessages?: Record<string, string>;
}

export interface ListIdEntry {
  id: number;
  selectable: boolean;
  aggregate: unknown;
}

export interface PageInfo {
  page: number;
  pageLength: number;
  rowCount: number;
  pageCount: number;
  /** Position of listIDs[0] in the whole list (listIDs is a window: the page's rows by default). */
  listIDsFrom: number;
  /** The list's aggregate summed over every matching row (lists with an aggregate). */
  aggregateTotal?: number;
}

export interface ListResponse<T = Row> {
  listData: T[];
  listIDs: ListIdEntry[];
  page: PageInfo;
}

export interface RecordResponse<T = Row> extends ListResponse<T> {
  data: T;
  validationResult: ValidationResult;
}

export interface SaveResponse<T = Row> {
  validationResult: ValidationResult;
  data: T;
  /** A fresh session token, when the save ended the user's own sessions (their password changed). */
  token?: string;
}

export interface DataResponse<T> {
  data: T;
}

/** The signed-in user, `GET /api/user/me` -> `{ data }` (spec 01 §3 "Me"). */
export interface Me {
  userID: number;
  name: string;
  email: string;
  storeID: number | null;
  storeName: string | null;
  licence: string | null;
  licenceName: string | null;
  site: string | null;
  defaultDaysBack: number;
  salesMonthsBack: number;
  proRateTargetsOnActual: boolean;
  accessProfile: {
    accessProfileID: number;
    name: string;
    /** Comma-and-space list, e.g. 'SystemSetup, UserSetup'. */
    systemAreas: string;
    showRevenue: boolean;
    showCommission: boolean;
    /** Whether the profile's users sell (named as sellers); absent from older servers. */
    sells?: boolean;
    accessProfileStores: { storeID: number; store: { storeID: number; name: string } }[];
    users: { userID: number; name: string; active: boolean }[];
  };
  analysisFields: unknown[];
  saleTypes: unknown[];
  metricParts: unknown[];
  revenueCommission: 'revenue' | 'commission';
}

export interface SystemAreaOption {
  name: string;
  description: string;
}
