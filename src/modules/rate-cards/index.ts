// The module's public face (issue 27): other modules import only from here (eslint.config.mjs,
// import-x/no-restricted-paths). Entities are exported as types only, so no other module can open
// their repositories or query builders; their data is read through the services below.
export { RateCardsModule } from './rate-cards.module';
export { ID_7, RateCardsService } from './rate-cards/rate-cards.service';
export { RateCardLinesService } from './lines/rate-card-lines.service';
export { effectiveLineStore, rateCardLineStoreList } from './lines/rate-card-line-rows';
export { SKU_MAX_LENGTH } from './entities/rate-card-line.entity';
export type { RateCardLine, RateCardLineStore } from './entities';
