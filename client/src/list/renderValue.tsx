import type { ReactNode } from 'react';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { Row } from '../api/types';
import { formatDate, formatDateTime, formatHour, formatIntegerField, formatPounds, formatRatio, formatWeekdays, textOf } from '../format/format';
import type { FieldDef } from './resource';

/** A tick or a cross, with words for screen readers and tests. */
export function BooleanMark({ value }: { value: unknown }) {
  return value ? (
    <CheckOutlined className="bool-mark bool-yes" aria-label="Yes" title="Yes" />
  ) : (
    <CloseOutlined className="bool-mark bool-no" aria-label="No" title="No" />
  );
}

/** What an empty value reads as in tables and read-only forms, unless a field says otherwise. */
export const EMPTY_VALUE = '—';

/**
 * How a field's value reads to a person, in the table and in read-only forms.
 * Lookups show the name the server sends beside the id (never the raw id).
 * An empty value shows as '—' (or the field's `emptyText`), so a blank never
 * leaves the reader wondering whether it failed to load.
 */
export function renderFieldValue(field: FieldDef, row: Row): ReactNode {
  const empty = field.emptyText ?? EMPTY_VALUE;
  if (field.render) {
    const shown = field.render(row);
    return shown === null || shown === undefined || shown === '' ? empty : shown;
  }
  const value = row[field.name];
  switch (field.valueType) {
    case 'boolean':
      return <BooleanMark value={value} />;
    case 'money':
      return formatPounds(value) || empty;
    case 'ratio':
      return formatRatio(value) || empty;
    case 'select':
    case 'radio': {
      if (field.displayField && row[field.displayField]) return String(row[field.displayField]);
      // Choices that depend on the form cannot be known here; those fields render themselves.
      const option = Array.isArray(field.options) ? field.options.find((o) => o.value === value) : undefined;
      if (option) return option.label;
      return value === null || value === undefined || value === '' ? empty : textOf(value);
    }
    case 'subTable':
      return Array.isArray(value) ? String(value.length) : empty;
    case 'integer':
      return formatIntegerField(field.name, value) || empty;
    case 'number':
      return value === null || value === undefined ? empty : textOf(value);
    case 'date':
      return formatDate(value) || empty;
    case 'dateTime':
      return formatDateTime(value) || empty;
    case 'hour':
      return formatHour(value) || empty;
    case 'weekdays':
      return formatWeekdays(value);
    case 'lookup': {
      const name = field.displayField ? row[field.displayField] : undefined;
      return name === null || name === undefined || name === '' ? empty : textOf(name);
    }
    case 'password':
      return '';
    default:
      return value === null || value === undefined || value === '' ? empty : textOf(value);
  }
}

/**
 * The hover text of a table cell (its full value when the column cuts it with an ellipsis): the
 * value as text, or the field's `hoverText` where it draws more than text. None for ticks.
 */
export function hoverTextOf(field: FieldDef, row: Row): string | undefined {
  if (field.hoverText) return field.hoverText(row);
  if (field.valueType === 'boolean') return undefined;
  const shown = renderFieldValue(field, row);
  return typeof shown === 'string' || typeof shown === 'number' ? String(shown) : undefined;
}
