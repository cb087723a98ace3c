import type { Row } from '../api/types';
import { formatDate, textOf } from '../format/format';
import type { LookupSource, ResourceDef, SelectionContext } from '../list/resource';
import { AUDIT_COLUMNS, writableWith } from './common';
import type { ReactNode } from 'react';

/** 'Summer 2025 (01/06/2025)': how a rate card is named in pickers and titles. */
export function rateCardLabel(card: { name?: unknown; fromDate?: unknown } | null | undefined): string {
  if (!card) return '';
  const date = formatDate(card.fromDate);
  return date ? `${textOf(card.name)} (${date})` : textOf(card.name);
}

/** Spec 01 §9: the rate card picker loads 50 per search, newest (by fromDate) first. */
export const RATE_CARD_LOOKUP: LookupSource = {
  listPath: 'rateCards',
  valueField: 'rateCardID',
  labelField: 'name',
  pageLength: 50,
  sort: { field: 'fromDate', dir: 'desc' },
  optionLabel: (row) => rateCardLabel(row),
};

/**
 * /data/rateCards/all: every rate card (spec 01 §3 "Rate card"). SystemSetup
 * adds, edits, copies and deletes; ticking exactly two enables 'Compare'
 * (`selectionActions`, given by the screen, which owns the compare dialog).
 */
export function rateCardsResource(selectionActions: (ctx: SelectionContext) => ReactNode, linesAction: { icon: ReactNode }): ResourceDef {
  return {
    tableName: 'rateCards',
    title: 'All Rate Cards',
    singular: 'rate card',
    listPath: 'rateCards',
    savePath: 'rateCard',
    idField: 'rateCardID',
    defaultSort: { field: 'fromDate', dir: 'desc' },
    permissions: writableWith('SystemSetup'),
    selection: { actions: selectionActions },
    rowActions: [{ key: 'lines', label: 'Lines', icon: linesAction.icon, path: (row: Row) => `/data/rateCards/${Number(row.rateCardID)}/lines` }],
    columns: [
      // The list filters only by id and date (spec 01 §5): no "contains" filter on the name.
      { name: 'name', title: 'Name', valueType: 'text', sortable: true, filterable: false, required: true, maxLength: 100 },
      {
        name: 'fromDate',
        title: 'Effective from',
        valueType: 'date',
        sortable: true,
        required: true,
        // The contract's body date is 'yyyy-mm-dd'.
        toBodyValue: (value) => (value ? textOf(value).slice(0, 10) : null),
        help: 'The card applies to sales from this day until the next card starts',
      },
      {
        name: 'nextRateCard',
        title: 'Next card',
        valueType: 'text',
        hideInForm: true,
        emptyText: 'None',
        render: (row) => rateCardLabel(row.nextRateCard as Row | null) || 'None',
      },
      { name: 'rateCardLineCount', title: 'Lines', valueType: 'integer', hideInForm: true },
      ...AUDIT_COLUMNS,
    ],
  };
}
