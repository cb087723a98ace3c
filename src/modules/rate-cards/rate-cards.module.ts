import { Module } from '@nestjs/common';
import { RateCardUploadJob } from './upload/rate-card-upload.job';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CrudController } from '../../common/crud/crud.controller';
import { ListController } from '../../common/crud/list.controller';
import { RateCardCompareService } from './compare/rate-card-compare.service';
import { RATE_CARD_ENTITIES } from './entities';
import { rateCardLineStoreList } from './lines/rate-card-line-rows';
import { RateCardLineBody } from './lines/rate-card-line.body';
import { RateCardLinesService } from './lines/rate-card-lines.service';
import { RateCardBody } from './rate-cards/rate-card.body';
import { RateCardsService } from './rate-cards/rate-cards.service';
import { RateCardsController } from './rate-cards.controller';
import { RateCardUploadController } from './upload/rate-card-upload.controller';
import { RateCardUploadService } from './upload/rate-card-upload.service';
import { FilesModule } from '../files';
import { MasterDataModule } from '../master-data';

/** Reading needs a store in the access profile; every write needs SystemSetup (docs/http-api.md). */
const RateCardCrudController = CrudController({
  plural: 'rateCards',
  singular: 'rateCard',
  service: RateCardsService,
  createBody: RateCardBody,
  readNeedsStore: true,
  writeAreas: ['SystemSetup'],
});

const RateCardLinesController = CrudController({
  plural: 'rateCardLines',
  singular: 'rateCardLine',
  service: RateCardLinesService,
  createBody: RateCardLineBody,
  readNeedsStore: true,
  writeAreas: ['SystemSetup'],
});

/** Saved through the line; read by sales forms for their stores. */
const RateCardLineStoresController = ListController({ plural: 'rateCardLineStores', definition: rateCardLineStoreList, readNeedsStore: true });

/**
 * Rate cards, their lines and line stores (issue 4). Other modules (the xlsx upload, sales)
 * use RateCardLinesService (bulkUpsert, storesOffering, skuTaken) and RateCardsService.
 */
@Module({
  imports: [TypeOrmModule.forFeature(RATE_CARD_ENTITIES), MasterDataModule, FilesModule],
  // RateCardsController first: its fixed paths (rateCard/current) are matched before any ':id'.
  controllers: [RateCardsController, RateCardUploadController, RateCardCrudController, RateCardLinesController, RateCardLineStoresController],
  providers: [RateCardsService, RateCardLinesService, RateCardCompareService, RateCardUploadService, RateCardUploadJob],
  exports: [RateCardsService, RateCardLinesService, RateCardCompareService],
})
export class RateCardsModule {}
