import { AnalysisFieldStore } from './analysis-field-store.entity';
import { AnalysisField } from './analysis-field.entity';
import { AnalysisListItem } from './analysis-list-item.entity';
import { Band } from './band.entity';
import { DiscountStore } from './discount-store.entity';
import { Discount } from './discount.entity';
import { MetricPart } from './metric-part.entity';
import { Metric } from './metric.entity';
import { SaleTypeStore } from './sale-type-store.entity';
import { SaleType } from './sale-type.entity';
import { SkuType } from './sku-type.entity';
import { StoreType } from './store-type.entity';
import { Store } from './store.entity';

/** Every entity of the master-data module (registered with TypeORM in config/database.ts). */
export const MASTER_DATA_ENTITIES = [
  StoreType,
  Store,
  SaleType,
  SaleTypeStore,
  SkuType,
  Band,
  Discount,
  DiscountStore,
  AnalysisField,
  AnalysisListItem,
  AnalysisFieldStore,
  Metric,
  MetricPart,
];
