/**
 * The words of the short message that confirms a save or an action (issue 26: 'Sale 73358
 * recorded', 'Store Leeds Briggate saved'). Pure, so the wording is unit-tested; the hook in
 * useSaveFeedback.ts shows them. Every message names what changed: the kind of record, then its
 * name or id, then what happened to it.
 */

/** What happened to a record in the record dialog, by its mode. */
export type RecordChange = 'create' | 'copy' | 'update' | 'delete';

const RECORD_VERB: Record<RecordChange, string> = {
  create: 'created',
  copy: 'created',
  update: 'saved',
  delete: 'deleted',
};

/** 'Store' from 'store', 'Rate card line' from 'rate card line'. */
export function capitalised(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** 'Store Leeds Briggate saved', 'Sale type created' (no name known), 'User Grace Patel deleted'. */
export function recordSavedText(change: RecordChange, singular: string, name?: string): string {
  const named = name?.trim();
  return `${capitalised(singular)}${named ? ` ${named}` : ''} ${RECORD_VERB[change]}`;
}

/** What was done to a sale in the sale dialog. */
export type SaleChange = 'create' | 'update' | 'delete' | 'refund' | 'cancel' | 'creditFail' | 'unreconcile';

const SALE_VERB: Record<SaleChange, string> = {
  create: 'recorded',
  update: 'saved',
  delete: 'deleted',
  refund: 'refunded',
  cancel: 'cancelled',
  creditFail: 'recorded as a credit check fail',
  unreconcile: 'unreconciled',
};

/** 'Sale 73358 recorded' (the id without separators, as the refund row's 'Refund of 73358'). */
export function saleSavedText(change: SaleChange, saleID?: number): string {
  return `Sale${saleID ? ` ${saleID}` : ''} ${SALE_VERB[change]}`;
}

/** '1 line', '3 lines': a count with its noun. */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? singular : plural}`;
}

/** The value a record is known by in a message: its name-like field, else nothing. */
export function nameOfRow(row: Record<string, unknown> | undefined, fields: readonly string[]): string | undefined {
  if (!row) return undefined;
  for (const field of fields) {
    const value = row[field];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'number') return String(value);
  }
  return undefined;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'December 2026' for any day of the month ('2026-12-01'). */
export function monthText(day: string): string {
  const [year, month] = day.split('-').map(Number);
  return MONTHS[month - 1] ? `${MONTHS[month - 1]} ${year}` : day;
}

/** A month grid's save: 'Targets saved for Leeds Briggate, December 2026'. */
export function gridSavedText(what: string, month: string, storeName?: string): string {
  return `${what} saved for ${storeName ? `${storeName}, ` : ''}${monthText(month)}`;
}
