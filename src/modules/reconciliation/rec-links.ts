import type { EntityManager } from 'typeorm';
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
