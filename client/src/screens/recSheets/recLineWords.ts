import type { Row } from '../../api/types';
import { formatDate } from '../../format/format';

/**
 * A rec sheet line's auto reconcile note, with its sale in words: the server writes 'Reconciled
 * automatically to sale {id}' and 'Unreconciled from sale {id}', and an id means nothing to a
 * user. With the line's joined sale (`fkJoins=sale`) the note names the sale's date; otherwise
 * 'a sale'. Other notes are shown as written.
 */
export function autoRecNotesText(row: Row): string {
  const notes = String(row.autoRecNotes ?? '');
  const match = /^(Reconciled automatically to|Unreconciled from) sale (\d+)$/.exec(notes);
  if (!match) return notes;
  const sale = row.sale as Row | null | undefined;
  const words = sale && Number(sale.saleID) === Number(match[2]) && sale.saleDate ? `the sale of ${formatDate(sale.saleDate)}` : 'a sale';
  return `${match[1]} ${words}`;
}
