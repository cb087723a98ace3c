import { EntityManager } from 'typeorm';
import { toNumber } from '../../../common/db/numbers';
import { RateCardLine } from '../entities/rate-card-line.entity';

/**
 * A validated upload line, kept compact: money in integer pence, its stores packed four
 * numbers each (storeID, revenue pence, commission pence, active 1/0) in one Float64Array
 * (pence can pass 2^31, so not Int32).
 */
export interface UploadLine {
  sku: string;
  skuTypeID: number;
  description: string;
  customerRRP: number;
  customerMonthly: number;
  contractMonths: number;
  bandID: number | null;
  legacySKU: string | null;
  stores: Float64Array;
}

export const STORE_STRIDE = 4;

/** The card's lines of a sale type by lower-cased SKU (SKUs are unique per card and sale type ignoring case). */
export async function lineIDsBySku(manager: EntityManager, rateCardID: number, saleTypeID: number): Promise<Map<string, number>> {
  const rows = await manager
    .createQueryBuilder(RateCardLine, 'line')
    .select('line.rateCardLineID', 'id')
    .addSelect('line.sku', 'sku')
    .where('line.rateCardID = :rateCardID AND line.saleTypeID = :saleTypeID', { rateCardID, saleTypeID })
    .orderBy('line.rateCardLineID', 'ASC')
    .getRawMany<{ id: unknown; sku: string }>();
  const map = new Map<string, number>();
  for (const row of rows) {
    const key = row.sku.toLowerCase();
    if (!map.has(key)) map.set(key, toNumber(row.id));
  }
  return map;
}
