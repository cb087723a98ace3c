/**
 * What a metric part may aggregate (spec 02 section 3, Metric part): per table, the fields
 * the KPI engine computes. The one list the save check, GET /metricParts/fields and the KPI
 * module read.
 */
export const METRIC_PART_TABLES = ['sales', 'dailyStats'] as const;
export type MetricPartTable = (typeof METRIC_PART_TABLES)[number];

export interface MetricPartField {
  tableName: MetricPartTable;
  field: string;
  description: string;
}

export const METRIC_PART_FIELDS: readonly MetricPartField[] = [
  { tableName: 'sales', field: 'revenueCount', description: 'Number of sales' },
  { tableName: 'sales', field: 'adjustedRevenueTotal', description: 'Total adjusted revenue' },
  { tableName: 'sales', field: 'adjustedRevenueASP', description: 'Average adjusted revenue per sale' },
  { tableName: 'sales', field: 'commissionTotal', description: 'Total commission' },
  { tableName: 'sales', field: 'commissionASP', description: 'Average commission per sale' },
  { tableName: 'dailyStats', field: 'footfallTotal', description: 'Total footfall' },
  { tableName: 'dailyStats', field: 'chatCountTotal', description: 'Total chats' },
  { tableName: 'dailyStats', field: 'staffCountTotal', description: 'Total staff count' },
  { tableName: 'dailyStats', field: 'dayCount', description: 'Number of days with stats' },
];

export function fieldsOf(tableName: MetricPartTable): string[] {
  return METRIC_PART_FIELDS.filter((f) => f.tableName === tableName).map((f) => f.field);
}
