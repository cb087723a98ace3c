import dayjs, { type Dayjs } from 'dayjs';
import type { Row } from '../api/types';
import { type DialogMode, type FieldContext, type FieldDef, type SubTableDef, resolve } from '../list/resource';
import { textOf } from '../format/format';

/** Every input of a nested table, column by column. */
export function subTableFields(subTable: SubTableDef): FieldDef[] {
  return subTable.columns.flatMap((column) => column.fields);
}

/** A copy makes new child rows: their ids are dropped (spec 02 §4: copy resets ids). */
function childRowsFor(field: FieldDef, raw: unknown, mode: DialogMode): Row[] {
  const rows = Array.isArray(raw) ? (raw as Row[]) : [];
  const drop = mode === 'copy' ? (field.subTable?.keepFields ?? []) : [];
  return rows.map((row) => {
    const copy = { ...row };
    for (const name of drop) delete copy[name];
    return copy;
  });
}

/** The form's starting values: the record's (create: the fields' defaults). */
export function toFormValues(fields: FieldDef[], ctx: FieldContext): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (ctx.mode === 'create' || !ctx.record) {
      const initial = resolve(field.initialValue, ctx);
      values[field.name] = initial ?? (field.valueType === 'boolean' ? false : field.valueType === 'subTable' ? [] : undefined);
      continue;
    }
    if (field.neverPrefill) {
      values[field.name] = undefined;
      continue;
    }
    const raw = field.toFormValue ? field.toFormValue(ctx.record) : ctx.record[field.name];
    if (field.valueType === 'subTable') values[field.name] = childRowsFor(field, raw, ctx.mode);
    // Date-only values arrive as 'yyyy-mm-ddT00:00:00.000Z': keep the calendar day.
    else values[field.name] = field.valueType === 'date' && raw ? dayjs(textOf(raw).slice(0, 10)) : raw;
  }
  return values;
}

/** An empty input's value in a body: '' for text (so a required one reads 'is required'), false, [] or null. */
function emptyValueOf(field: FieldDef): unknown {
  switch (field.valueType) {
    case 'boolean':
      return false;
    case 'text':
    case 'email':
    case 'textarea':
    case 'json':
      return '';
    case 'subTable':
      return [];
    default:
      return null;
  }
}

/** One child row as the server expects it: its inputs (after the table's rules) and kept fields such as ids. */
export function childRowToBody(subTable: SubTableDef, row: Row, values: Row): Row {
  const normalized = subTable.normalize ? subTable.normalize(row) : row;
  const body: Row = {};
  for (const name of subTable.keepFields ?? []) {
    if (normalized[name] !== undefined && normalized[name] !== null) body[name] = normalized[name];
  }
  for (const field of subTableFields(subTable)) {
    let value = normalized[field.name];
    if (value === undefined || value === null) value = emptyValueOf(field);
    body[field.bodyField ?? field.name] = field.toBodyValue ? field.toBodyValue(value, values) : value;
  }
  return body;
}

/**
 * The request body: only the fields the user may edit, under the names the
 * server expects. The server rejects anything else (ids, audit fields,
 * computed names) with a 400, so nothing else is sent. Fields hidden by the
 * form's state send their `valueWhenHidden`, when they have one.
 */
export function toRequestBody(editableFields: FieldDef[], values: Record<string, unknown>, hiddenFields: FieldDef[] = []): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of hiddenFields) {
    if (field.valueWhenHidden !== undefined) body[field.bodyField ?? field.name] = field.valueWhenHidden;
  }
  for (const field of editableFields) {
    let value = values[field.name];
    if (field.omitWhenEmpty && (value === undefined || value === null || value === '')) continue;
    if (value === undefined || value === null) value = emptyValueOf(field);
    if (field.valueType === 'date' && value) value = `${(value as Dayjs).format('YYYY-MM-DD')}T00:00:00.000Z`;
    if (field.valueType === 'subTable' && field.subTable) {
      const subTable = field.subTable;
      value = (value as Row[]).map((row) => childRowToBody(subTable, row, values));
    }
    body[field.bodyField ?? field.name] = field.toBodyValue ? field.toBodyValue(value, values) : value;
  }
  return body;
}

/** The form field a server message belongs to (the body name may differ). */
export function formFieldForBodyName(fields: FieldDef[], bodyName: string): FieldDef | undefined {
  return fields.find((field) => (field.bodyField ?? field.name) === bodyName || field.name === bodyName);
}

/**
 * Where a server message for a nested field goes: 'analysisListItems.2.code'
 * is the cell 'code' of row 2 of the field 'analysisListItems';
 * 'discountStores.1' is row 1 as a whole. Undefined for plain field names.
 */
export function splitNestedKey(key: string): { field: string; cellKey: string } | undefined {
  const match = /^([^.]+)\.(\d+)(?:\.(.+))?$/.exec(key);
  if (!match) return undefined;
  return { field: match[1], cellKey: match[3] ? `${match[2]}.${match[3]}` : match[2] };
}
