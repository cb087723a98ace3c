/**
 * A sale's reconcile state, derived from the links rec sheet lines make to it (issue 24's
 * links-only redesign, slice 2: docs/plans/reconcile-links-redesign.md). `recLink` holds one row
 * per linked line; the reconciliation module writes it, and these fragments are the only place
 * the sales module reads it (docs/decisions.md, "Session 40"), as auto reconcile's matching
 * statement is the one place reconciliation reads the sale table.
 *
 * Every fragment takes the alias of the sale table in the statement it goes into. Nothing
 * writes the sale's stored reconcile columns any more (count, total and unreconciled revenue stay
 * at "no line", the step recorded or modified: migration ReconcileByLinks), so these are what users
 * see. A stored 'reconciled' (older data a migration did not see, a test's set-up) still reads
 * as reconciled.
 */

import type { SaleStep } from './entities/sale.entity';

/** The steps a sale can be reconciled from; a link turns either into 'reconciled'. */
const LINKABLE_STEPS: readonly SaleStep[] = ['recorded', 'modified'];
const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
const LINKABLE = `(${quoted(LINKABLE_STEPS)})`;

/** True when a rec sheet line links the sale (recLink's index on saleID answers it). */
export const linkedSql = (sale: string) => `EXISTS (SELECT 1 FROM recLink sale_link WHERE sale_link.saleID = ${sale}.saleID)`;

/** How many rec sheet lines link the sale. Also read onto the Sale entity as `linkedLines`. */
export const linkCountSql = (sale: string) => `(SELECT COUNT(*) FROM recLink sale_link WHERE sale_link.saleID = ${sale}.saleID)`;

/** The revenue of the rec sheet lines that link the sale. */
export const linkTotalSql = (sale: string) =>
  `(SELECT ROUND(COALESCE(SUM(sale_line.revenue), 0), 2) FROM recLink sale_link ` +
  `INNER JOIN recSheetLine sale_line ON sale_line.recSheetLineID = sale_link.recSheetLineID WHERE sale_link.saleID = ${sale}.saleID)`;

/** Adjusted revenue less what the linking lines brought. */
export const unreconciledSql = (sale: string) => `ROUND(${sale}.adjustedRevenue - ${linkTotalSql(sale)}, 2)`;

/** The step a user sees: a recorded or modified sale that a line links is reconciled. */
export const stepSql = (sale: string) =>
  `CASE WHEN ${sale}.currentHistoryStep IN ${LINKABLE} AND ${linkedSql(sale)} THEN 'reconciled' ELSE ${sale}.currentHistoryStep END`;

/**
 * SQL true when the sale's derived step is one of `steps` (step names only: they go into the
 * SQL as constants), written so the stored column's
 * indexes still serve it: recorded, modified and reconciled together need no link lookup (a
 * link only moves a sale between them), and a step no link derives is compared as stored.
 */
export function stepInSql(sale: string, steps: readonly SaleStep[]): string {
  const wanted = new Set<string>(steps);
  const stored = `${sale}.currentHistoryStep`;
  const linkable = LINKABLE_STEPS.filter((s) => wanted.has(s));
  const asStored = [...wanted].filter((s) => s !== 'reconciled' && !LINKABLE_STEPS.includes(s as SaleStep));
  const clauses: string[] = [];
  if (wanted.has('reconciled') && linkable.length === LINKABLE_STEPS.length) {
    asStored.push(...LINKABLE_STEPS, 'reconciled');
  } else {
    if (linkable.length) clauses.push(`(${stored} IN (${quoted(linkable)}) AND NOT ${linkedSql(sale)})`);
    // A stored 'reconciled' (see above), or a linked recorded or modified sale.
    if (wanted.has('reconciled')) clauses.push(`(${stored} = 'reconciled' OR (${stored} IN ${LINKABLE} AND ${linkedSql(sale)}))`);
  }
  if (asStored.length) clauses.push(`${stored} IN (${quoted(asStored)})`);
  return clauses.length ? `(${clauses.join(' OR ')})` : '(1 = 0)';
}

/**
 * A sale a line may be linked to: recorded or modified, and no line links it yet. The one
 * definition of it, for the sales list's `selectable`, the manual suggestions and auto
 * reconcile's match (which reads the sale table in its own statement).
 */
export const readyToReconcileSql = (sale: string) => stepInSql(sale, LINKABLE_STEPS);
