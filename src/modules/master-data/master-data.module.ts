import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CrudController } from '../../common/crud/crud.controller';
import { ListController } from '../../common/crud/list.controller';
import { AnalysisFieldBody } from './analysis-fields/analysis-field.body';
import { AnalysisFieldsService, analysisFieldStoreList } from './analysis-fields/analysis-fields.service';
import { BandBody } from './bands/band.body';
import { BandsService } from './bands/bands.service';
import { DiscountBody } from './discounts/discount.body';
import { DiscountsService, discountStoreList } from './discounts/discounts.service';
import { MASTER_DATA_ENTITIES } from './entities';
import { MeDataService } from './me-data.service';
import { MetricPartFieldsController } from './metric-parts/metric-part-fields.controller';
import { MetricPartBody } from './metric-parts/metric-part.body';
import { MetricPartsService } from './metric-parts/metric-parts.service';
import { MetricBody } from './metrics/metric.body';
import { MetricsService } from './metrics/metrics.service';
import { SaleTypeBody } from './sale-types/sale-type.body';
import { SaleTypesService } from './sale-types/sale-types.service';
import { SkuTypeBody } from './sku-types/sku-type.body';
import { SkuTypesService } from './sku-types/sku-types.service';
import { StoreTypeBody } from './store-types/store-type.body';
import { StoreTypesService } from './store-types/store-types.service';
import { StoreBody } from './stores/store.body';
import { StoresService } from './stores/stores.service';

const StoresController = CrudController({
  plural: 'stores',
  singular: 'store',
  service: StoresService,
  createBody: StoreBody,
  writeAreas: ['SystemSetup'],
});

const StoreTypesController = CrudController({
  plural: 'storeTypes',
  singular: 'storeType',
  service: StoreTypesService,
  createBody: StoreTypeBody,
  writeAreas: ['SystemSetup'],
});

const SaleTypesController = CrudController({
  plural: 'saleTypes',
  singular: 'saleType',
  service: SaleTypesService,
  createBody: SaleTypeBody,
  writeAreas: ['SystemSetup'],
});

const SkuTypesController = CrudController({
  plural: 'skuTypes',
  singular: 'skuType',
  service: SkuTypesService,
  createBody: SkuTypeBody,
  writeAreas: ['SystemSetup'],
});

const BandsController = CrudController({
  plural: 'bands',
  singular: 'band',
  service: BandsService,
  createBody: BandBody,
  writeAreas: ['SystemSetup'],
});

const DiscountsController = CrudController({
  plural: 'discounts',
  singular: 'discount',
  service: DiscountsService,
  createBody: DiscountBody,
  writeAreas: ['SystemSetup'],
});

/** Saved through the discount; read by sales forms for their stores. */
const DiscountStoresController = ListController({ plural: 'discountStores', definition: discountStoreList });

const AnalysisFieldsController = CrudController({
  plural: 'analysisFields',
  singular: 'analysisField',
  service: AnalysisFieldsService,
  createBody: AnalysisFieldBody,
  writeAreas: ['SystemSetup'],
});

/** Saved through the analysis field; read by the targets grid and forms for their stores. */
const AnalysisFieldStoresController = ListController({ plural: 'analysisFieldStores', definition: analysisFieldStoreList });

const MetricsController = CrudController({
  plural: 'metrics',
  singular: 'metric',
  service: MetricsService,
  createBody: MetricBody,
  writeAreas: ['SystemSetup'],
});

/** Spec 02 section 6: metric parts are SystemSetup only, to read as well as to write. */
const MetricPartsController = CrudController({
  plural: 'metricParts',
  singular: 'metricPart',
  service: MetricPartsService,
  createBody: MetricPartBody,
  readAreas: ['SystemSetup'],
  writeAreas: ['SystemSetup'],
});

const SERVICES = [
  StoresService,
  StoreTypesService,
  SaleTypesService,
  SkuTypesService,
  BandsService,
  DiscountsService,
  AnalysisFieldsService,
  MetricsService,
  MetricPartsService,
];

@Module({
  imports: [TypeOrmModule.forFeature(MASTER_DATA_ENTITIES)],
  controllers: [
    StoresController,
    StoreTypesController,
    SaleTypesController,
    SkuTypesController,
    BandsController,
    DiscountsController,
    DiscountStoresController,
    AnalysisFieldsController,
    AnalysisFieldStoresController,
    MetricsController,
    MetricPartFieldsController,
    MetricPartsController,
  ],
  providers: [...SERVICES, MeDataService],
  exports: [...SERVICES, MeDataService],
})
export class MasterDataModule {}
