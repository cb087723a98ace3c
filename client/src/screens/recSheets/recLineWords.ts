import type { Row } from '../../api/types';
import { formatDate, textOf } from '../../format/format';

/**
 * A rec sheet line's auto reconcile note, with its sale in words: the server writes 'Reconciled
 * automatically to sale {id} ({rule})', 'Clawback reconciled automatically to refund {id}' and
 * 'Unreconciled from sale {id}', and an id means nothing to a user. With the line's joined sale
 * (`fkJoins=sale`) the note names the sale's date; otherwise 'a sale' ('a refund'). The rule in
 * brackets is kept. Other notes are shown as written.
 */
export function autoRecNotesText(row: Row): string {
  const notes = textOf(row.autoRecNotes);
  const match = /^(Reconciled automatically to|Unreconciled from|Clawback reconciled automatically to) (sale|refund) (\d+)( \(.+\))?$/.exec(notes);
  if (!match) return notes;
  const [, action, kind, id, rule = ''] = match;
  const sale = row.sale as Row | null | undefined;
  const words = sale && Number(sale.saleID) === Number(id) && sale.saleDate ? `the ${kind} of ${formatDate(sale.saleDate)}` : `a ${kind}`;
  return `${action} ${words}${rule}`;
}
