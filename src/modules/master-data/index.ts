// The module's public face (issue 27): other modules import only from here (eslint.config.mjs,
// import-x/no-restricted-paths). Entities are exported as types only, so no other module can open
// their repositories or query builders; their data is read through the services below.
export { MasterDataModule } from './master-data.module';
export { AnalysisFieldsService, analysisFieldStoreList } from './analysis-fields/analysis-fields.service';
export { regexMatches } from './analysis-fields/regex';
export { BandsService } from './bands/bands.service';
export { DiscountsService } from './discounts/discounts.service';
export { MeDataService, saleTypesAt } from './me-data.service';
export { METRIC_PART_TABLES, type MetricPartTable, fieldsOf } from './metric-parts/metric-part-fields';
export { MAX_MULTIPLIER } from './metric-parts/metric-part.body';
export { type ListParams, paramsError, readParams } from './metric-parts/metric-parts.service';
export { SaleTypesService } from './sale-types/sale-types.service';
export { SkuTypesService } from './sku-types/sku-types.service';
export { MetricsService } from './metrics/metrics.service';
export { StoresService } from './stores/stores.service';
export { DIVISION_PARTS, type DivisionPart } from './entities/metric-part.entity';
export type { MetricType } from './entities/metric.entity';
export type { AnalysisField } from './entities/analysis-field.entity';
export type { Band } from './entities/band.entity';
export type { DiscountStore } from './entities/discount-store.entity';
export type { Metric } from './entities/metric.entity';
export type { MetricPart } from './entities/metric-part.entity';
export type { SaleType } from './entities/sale-type.entity';
export type { SkuType } from './entities/sku-type.entity';
export type { Store } from './entities/store.entity';
export type { StoreType } from './entities/store-type.entity';
