import type { ReferenceObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

type Schema = SchemaObject | ReferenceObject;

/**
 * The answers the client reads field by field, as named schemas with every field they always
 * carry `required` and their closed vocabularies as enums: the signed-in user, the KPI cards and
 * tables, the daily report and today's metrics. openapi-typescript turns them into the client's
 * types (client/src/api/schema.d.ts, `components['schemas']['KpiCard']`...), so the client holds no
 * hand-copied answer type, and the API tests' answer validation proves each against the app.
 * Mirrors the services' own types (kpi-cards.service.ts, kpi-tables.service.ts, metric-engine.ts).
 */
const ref = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });
const int: SchemaObject = { type: 'integer' };
const num: SchemaObject = { type: 'number' };
const str: SchemaObject = { type: 'string' };
const bool: SchemaObject = { type: 'boolean' };
const day: SchemaObject = { type: 'string', format: 'date' };
const nullNum: SchemaObject = { type: 'number', nullable: true };
const enumOf = (...values: string[]): SchemaObject => ({ type: 'string', enum: values });
const listOf = (items: Schema): SchemaObject => ({ type: 'array', items });
const byKey = (value: Schema, description = 'By column: metric<metricID>.'): SchemaObject => ({ type: 'object', description, additionalProperties: value });

/** A closed object whose fields are all required but those named optional. */
function record(properties: Record<string, Schema>, optional: string[] = [], description?: string): SchemaObject {
  return {
    type: 'object',
    additionalProperties: false,
    ...(description ? { description } : {}),
    required: Object.keys(properties).filter((name) => !optional.includes(name)),
    properties,
  };
}

const nullable = (schema: SchemaObject): SchemaObject => ({ ...schema, nullable: true });

/** A closed object whose fields may each be absent (the records Me carries, as their lists answer them). */
const loose = (properties: Record<string, Schema>): SchemaObject => record(properties, Object.keys(properties));

const AUDIT = {
  createdByUserName: str,
  createdDate: { type: 'string', format: 'date-time' },
  updatedByUserName: str,
  updatedDate: { type: 'string', format: 'date-time' },
};
const METRIC_TYPES = ['percent', 'integer', '2dp', 'money'];
const SPAN = { fromDate: day, toDate: day };
const MEASURES = ['revenueCount', 'adjustedRevenueTotal', 'commissionTotal'];
const trendsByMeasure = record(Object.fromEntries(MEASURES.map((m) => [m, ref('KpiTrend')])), MEASURES, 'Per figure; none where a side is not shown.');
// KpiTopEntry is nullable itself: OpenAPI 3.0 cannot make a $ref nullable where it is used.
const tops = record({ topSKU: ref('KpiTopEntry'), topUser: ref('KpiTopEntry'), topStore: ref('KpiTopEntry') });
const trendSeries = record({ points: listOf(ref('KpiTrendPoint')), projected: num, target: nullNum });

export const NAMED_ANSWERS: Record<string, SchemaObject> = {
  Me: record(
    {
      userID: int,
      name: str,
      email: str,
      storeID: { type: 'integer', nullable: true },
      storeName: { type: 'string', nullable: true },
      licence: { type: 'string', nullable: true },
      licenceName: { type: 'string', nullable: true },
      site: { type: 'string', nullable: true },
      defaultDaysBack: int,
      salesMonthsBack: int,
      proRateTargetsOnActual: bool,
      accessProfile: ref('MeAccessProfile'),
      analysisFields: listOf(ref('MeAnalysisField')),
      saleTypes: listOf(ref('MeSaleType')),
      metricParts: listOf({ type: 'object' }),
      revenueCommission: { ...enumOf('revenue', 'commission'), description: 'Which figure the landing leads with.' },
    },
    [],
    'The signed-in user (spec 01 section 3, "Me").',
  ),
  MeAccessProfile: record(
    {
      accessProfileID: int,
      name: str,
      systemAreas: { type: 'string', description: "Comma-and-space list, e.g. 'SystemSetup, UserSetup'." },
      showRevenue: bool,
      showCommission: bool,
      sells: { type: 'boolean', description: "Whether the profile's users sell (named as sellers)." },
      accessProfileStores: listOf(record({ storeID: int, store: record({ storeID: int, name: str, storeTypeID: int }, ['storeTypeID']) })),
      users: listOf(record({ userID: int, name: str, active: bool })),
    },
    ['sells'],
  ),
  MeAnalysisField: loose({
    ...AUDIT,
    analysisFieldID: int,
    name: str,
    label: str,
    inputType: str,
    regex: { type: 'string', nullable: true },
    defaultValue: nullNum,
    required: bool,
    targetRevenue: bool,
    targetQuantity: bool,
    autoFillFrom: { type: 'string', nullable: true },
    analysisListItems: listOf(loose({ analysisListItemID: int, analysisFieldID: int, code: str, description: str, enableTargets: bool, dailyReportAs: str })),
    analysisFieldStores: listOf(loose({ analysisFieldStoreID: int, storeID: int, storeName: str })),
    storeIDs: listOf(int),
  }),
  MeSaleType: loose({
    ...AUDIT,
    saleTypeID: int,
    name: str,
    saleTypeStores: listOf(loose({ saleTypeStoreID: int, storeID: int, storeName: str })),
    storeIDs: listOf(int),
    storeCount: int,
  }),
  KpiCardFigures: record({
    ...SPAN,
    available: bool,
    revenueCount: { type: 'integer', nullable: true },
    adjustedRevenueTotal: nullNum,
    commissionTotal: nullNum,
    params: { type: 'string', description: 'The sales list filter of these sales (base64url JSON, /sales/params/{params}).' },
  }),
  KpiTrend: record({ percent: num, colour: enumOf('green', 'amber', 'red') }),
  KpiTopEntry: nullable(
    record(
      {
        revenueCount: int,
        adjustedRevenueTotal: nullNum,
        commissionTotal: nullNum,
        adjustedRevenueASP: nullNum,
        commissionASP: nullNum,
        sku: str,
        rateCardLineDescription: { type: 'string', nullable: true },
        attributableToUserID: int,
        attributableToUserName: { type: 'string', nullable: true },
        storeID: int,
        storeName: { type: 'string', nullable: true },
        rank: int,
      },
      ['sku', 'rateCardLineDescription', 'attributableToUserID', 'attributableToUserName', 'storeID', 'storeName', 'rank'],
      'The best SKU, seller or store of a span; null when it had no sales.',
    ),
  ),
  KpiCard: record(
    {
      period: enumOf('day', 'month', 'year'),
      current: ref('KpiCardFigures'),
      prior: ref('KpiCardFigures'),
      py: ref('KpiCardFigures'),
      trends: record({ prior: trendsByMeasure, py: trendsByMeasure }),
      tops: record({ revenue: tops, commission: tops }, ['revenue', 'commission']),
    },
    ['tops'],
  ),
  KpiTargetCard: record(
    {
      targetType: enumOf('revenue', 'quantity'),
      target: num,
      actual: num,
      met: bool,
      proRatedTarget: num,
      proRatedMet: bool,
      projected: num,
      projectedColour: enumOf('green', 'amber', 'red'),
    },
    ['proRatedTarget', 'proRatedMet'],
  ),
  KpiTrendPoint: record({ day: int, current: nullNum, prior: nullNum, py: nullNum }),
  KpiCards: record({
    date: day,
    trend: record({ daysInMonth: int, revenue: trendSeries, commission: trendSeries }, ['revenue', 'commission']),
    userIDs: listOf(int),
    users: listOf(record({ userID: int, name: str })),
    cards: listOf(ref('KpiCard')),
    targets: listOf(ref('KpiTargetCard')),
    userCards: listOf(record({ userID: int, name: str, card: ref('KpiCard'), targets: listOf(ref('KpiTargetCard')) })),
    storeCards: listOf(record({ storeID: int, storeName: str, card: ref('KpiCard'), targets: listOf(ref('KpiTargetCard')) })),
    myStores: listOf(record({ storeID: int, storeName: str, storeTypeID: int, storeTypeName: str })),
  }),
  KpiPart: record(
    {
      metricPartID: int,
      metricName: str,
      multiplier: num,
      divisionPart: enumOf('numerator', 'denominator'),
      name: str,
      field: str,
      tableName: str,
      current: { type: 'number', nullable: true, description: 'null: a figure the profile does not show.' },
      prior: nullNum,
      metricSuccessValue: num,
      metricSuccessIsLess: int,
    },
    ['metricPartID', 'prior'],
  ),
  KpiTableColumn: record(
    {
      name: { type: 'string', description: '`name` for the row name, else metric<metricID>.' },
      title: str,
      metricID: int,
      displayAs: enumOf(...METRIC_TYPES),
      successValue: num,
      successIsLess: int,
    },
    ['metricID', 'displayAs', 'successValue', 'successIsLess'],
  ),
  KpiTableRow: record(
    {
      key: { type: 'integer', description: 'The split key: a user, store or store type id (0 on the totals row).' },
      name: str,
      values: byKey(nullNum),
      colors: byKey(enumOf('green', 'red', '')),
      metricParts: byKey(listOf(ref('KpiPart'))),
      reasons: byKey(str, 'Why a value is missing, by column (a hidden figure).'),
      params: str,
    },
    ['reasons'],
  ),
  KpiTable: record({
    name: str,
    title: str,
    splitBy: enumOf('attributableToUserID', 'storeID', 'storeStoreTypeID'),
    current: record(SPAN),
    prior: nullable(record(SPAN)),
    columns: listOf(ref('KpiTableColumn')),
    rows: listOf(ref('KpiTableRow')),
    totalsRow: ref('KpiTableRow'),
    displayAs: byKey(enumOf(...METRIC_TYPES)),
    params: str,
  }),
  DailyReport: record({
    storeID: { oneOf: [{ type: 'integer' }, enumOf('all')] },
    saleDate: day,
    fields: listOf(
      record({
        analysisFieldID: int,
        label: str,
        groups: listOf(
          record({
            name: str,
            quantity: { type: 'integer', description: 'Counted sales, refunds as -1.' },
            revenue: { type: 'number', nullable: true, description: 'Adjusted revenue; null when the profile does not show revenue.' },
          }),
        ),
      }),
    ),
  }),
  MetricToday: record({ metricID: int, name: str, result: nullNum, reason: { type: 'string', description: 'Why there is no result.' } }, ['reason']),
};

/** The answer envelopes of these: `{ validationResult, data }` or `{ validationResult, listData }`. */
export const withData = (name: string): SchemaObject => record({ validationResult: ref('ValidationResult'), data: ref(name) });
export const withListData = (name: string): SchemaObject => record({ validationResult: ref('ValidationResult'), listData: listOf(ref(name)) });
