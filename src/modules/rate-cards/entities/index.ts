import { RateCardLineStore } from './rate-card-line-store.entity';
import { RateCardLine } from './rate-card-line.entity';
import { RateCard } from './rate-card.entity';

export { RateCard, RateCardLine, RateCardLineStore };

/** Every entity of the rate-cards module (registered with TypeORM in config/database.ts). */
export const RATE_CARD_ENTITIES = [RateCard, RateCardLine, RateCardLineStore];
