/**
 * The /api/kpi answers as the landing page and the daily table read them, by the names the
 * screens use: each is the OpenAPI document's schema (generated into api/schema.d.ts).
 */
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type KpiTable = Schemas['KpiTable'];
export type MetricType = KpiTable['displayAs'][string];
export type SplitBy = KpiTable['splitBy'];
export type TableColumn = Schemas['KpiTableColumn'];
export type TableRow = Schemas['KpiTableRow'];
export type PartAnswer = Schemas['KpiPart'];

export type CardsAnswer = Schemas['KpiCards'];
export type Card = Schemas['KpiCard'];
export type CardFigures = Schemas['KpiCardFigures'];
export type TargetCard = Schemas['KpiTargetCard'];
export type Colour = Schemas['KpiTrend']['colour'];
export type Measure = keyof Card['trends']['prior'];
export type TopEntry = NonNullable<Schemas['KpiTopEntry']>;
export type Tops = NonNullable<NonNullable<Card['tops']>['revenue']>;
export type TrendSeries = NonNullable<CardsAnswer['trend']['revenue']>;
export type TrendPoint = Schemas['KpiTrendPoint'];
