/** The /api/kpi answers as the landing page and the daily table read them (docs/http-api.md, "KPI"). */

export type MetricType = 'percent' | 'integer' | '2dp' | 'money';
export type Colour = 'green' | 'amber' | 'red';
export type Measure = 'revenueCount' | 'adjustedRevenueTotal' | 'commissionTotal';
export type SplitBy = 'attributableToUserID' | 'storeID' | 'storeStoreTypeID';

export interface CardFigures {
  fromDate: string;
  toDate: string;
  available: boolean;
  revenueCount: number | null;
  adjustedRevenueTotal: number | null;
  commissionTotal: number | null;
  params: string;
}

export interface TopEntry {
  revenueCount: number;
  adjustedRevenueTotal: number | null;
  commissionTotal: number | null;
  adjustedRevenueASP: number | null;
  commissionASP: number | null;
  sku?: string;
  rateCardLineDescription?: string;
  attributableToUserID?: number;
  attributableToUserName?: string;
  storeID?: number;
  storeName?: string;
  rank?: number;
}

export interface Tops {
  topSKU: TopEntry | null;
  topUser: TopEntry | null;
  topStore: TopEntry | null;
}

export interface Card {
  period: 'day' | 'month' | 'year';
  current: CardFigures;
  prior: CardFigures;
  py: CardFigures;
  trends: { prior: Partial<Record<Measure, { percent: number; colour: Colour }>>; py: Partial<Record<Measure, { percent: number; colour: Colour }>> };
  tops?: Partial<Record<'revenue' | 'commission', Tops>>;
}

export interface TargetCard {
  targetType: 'revenue' | 'quantity';
  target: number;
  actual: number;
  met: boolean;
  proRatedTarget?: number;
  proRatedMet?: boolean;
  projected: number;
  projectedColour: Colour;
}

export interface TrendPoint {
  day: number;
  current: number | null;
  prior: number | null;
  py: number | null;
}

export interface TrendSeries {
  points: TrendPoint[];
  projected: number;
  target: number | null;
}

export interface CardsAnswer {
  date: string;
  trend: { daysInMonth: number; revenue?: TrendSeries; commission?: TrendSeries };
  userIDs: number[];
  users: { userID: number; name: string }[];
  cards: Card[];
  targets: TargetCard[];
  userCards: { userID: number; name: string; card: Card; targets: TargetCard[] }[];
  storeCards: { storeID: number; storeName: string; card: Card; targets: TargetCard[] }[];
  myStores: { storeID: number; storeName: string; storeTypeID: number; storeTypeName: string }[];
}

export interface PartAnswer {
  metricPartID?: number;
  metricName: string;
  multiplier: number;
  divisionPart: 'numerator' | 'denominator';
  name: string;
  field: string;
  tableName: string;
  current: number | null;
  prior?: number | null;
}

export interface TableColumn {
  name: string;
  title: string;
  metricID?: number;
  displayAs?: MetricType;
  successValue?: number;
  successIsLess?: number;
}

export interface TableRow {
  key: number;
  name: string;
  values: Record<string, number | null>;
  colors: Record<string, 'green' | 'red' | ''>;
  metricParts: Record<string, PartAnswer[]>;
  reasons?: Record<string, string>;
  params: string;
}

export interface KpiTable {
  name: string;
  title: string;
  splitBy: SplitBy;
  current: { fromDate: string; toDate: string };
  prior: { fromDate: string; toDate: string } | null;
  columns: TableColumn[];
  rows: TableRow[];
  totalsRow: TableRow;
  displayAs: Record<string, MetricType>;
  params: string;
}
