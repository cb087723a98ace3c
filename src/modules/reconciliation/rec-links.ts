import type { EntityManager } from 'typeorm';
import { isDuplicateKey, TransactionConflict } from '../../common/db/transactions';
import { RecLink } from './entities/rec-link.entity';

/**
 * Whether a rec sheet line is reconciled, read from its link (recLink, keyed on the line): the
 * reconcile state of a line lives there (issue 24's links-only redesign, slice 3), as a sale's
 * does (sales/sale-links.ts). `line` is the alias of recSheetLine in the statement.
 */
export const lineLinkedSql = (line: string, also = '') =>
  `EXISTS (SELECT 1 FROM recLink line_link WHERE line_link.recSheetLineID = ${line}.recSheetLineID${also ? ` AND ${also}` : ''})`;

/** The line's link carries an adjustment (a revenue tolerance, or one typed by hand). */
export const lineAdjustedSql = (line: string) => lineLinkedSql(line, 'line_link.adjustment <> 0');

/** The line is reconciled: it has a link. */
export const isLineLinked = (manager: EntityManager, recSheetLineID: number) => manager.existsBy(RecLink, { recSheetLineID });

/**
 * Another transaction made the sale's first link before this one could (recLink's unique key
 * (saleID, slot) refused it): thrown to roll back. Run again, the match or the manual link reads
 * the committed link and decides afresh (retryingTransaction runs it again).
 */
export class LinkConflict extends TransactionConflict {
  constructor() {
    super('A sale was linked by another run or user meanwhile');
  }
}

/** The slot of a new link (see RecLink.slot): 0 for the sale's first, else the line's own id. */
export const linkSlot = (saleIsLinked: boolean, recSheetLineID: number) => (saleIsLinked ? recSheetLineID : 0);

/** Runs a statement that writes links; a duplicate sale slot becomes a LinkConflict. */
export async function writingLinks<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isDuplicateKey(error)) throw new LinkConflict();
    throw error;
  }
}
