/**
 * Whether a rec sheet line is reconciled, read from its link (recLink, keyed on the line): the
 * reconcile state of a line lives there (issue 24's links-only redesign, slice 3), as a sale's
 * does (sales/sale-links.ts). `line` is the alias of recSheetLine in the statement.
 */
export const lineLinkedSql = (line: string) => `EXISTS (SELECT 1 FROM recLink line_link WHERE line_link.recSheetLineID = ${line}.recSheetLineID)`;

/** The line's link carries an adjustment (a revenue tolerance, or one typed by hand). */
export const lineAdjustedSql = (line: string) =>
  `EXISTS (SELECT 1 FROM recLink line_link WHERE line_link.recSheetLineID = ${line}.recSheetLineID AND line_link.adjustment <> 0)`;
