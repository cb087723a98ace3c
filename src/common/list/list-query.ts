import { InvalidInput } from '../http/validation-result';
import { isFilterOnly, type FieldType, type ListDefinition, type ListField } from './list-definition';
import type { ObjectLiteral } from 'typeorm';

export type FilterOp = 'eq' | 'not' | 'geq' | 'leq' | 'lower';

export interface ListFilter {
  field: string;
  /** The query parameter as sent (e.g. commissionGEQ), for messages. */
  param: string;
  op: FilterOp;
  values: Array<string | number>;
}

export interface ListQuery {
  page: number;
  pageLength: number;
  sort: string;
  sortDir: 'ASC' | 'DESC';
  quickFilter?: string;
  fkJoins: string[];
  filters: ListFilter[];
  /** The window of listIDs: positions [listIDsFrom, listIDsFrom + listIDsLength) in sort order. */
  listIDsFrom: number;
  listIDsLength: number;
}

export const MAX_PAGE_LENGTH = 500;
export const DEFAULT_PAGE_LENGTH = 10;
/** The most ids one answer's listIDs window holds (about 50 bytes each: 500 KB at most). */
export const MAX_LIST_IDS_LENGTH = 10_000;

/** Parameters that are not field filters. token and fileName belong to downloads. */
export const RESERVED = new Set(['page', 'pageLength', 'sort', 'sortDir', 'quickFilter', 'fkJoins', 'listIDsFrom', 'listIDsLength', 'token', 'fileName']);
const SUFFIXES: Array<[string, FilterOp]> = [
  ['GEQ', 'geq'],
  ['LEQ', 'leq'],
  ['Not', 'not'],
  ['Lower', 'lower'],
];

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])([T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?Z?)?$/;
/** 2024-02-30 matches the pattern but is no day: Date would roll it into March. */
export function isCalendarDate(ymd: string): boolean {
  const [y, m, d] = ymd.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A date parameter as spec 01 section 5 writes it: yyyy-mm-dd, optionally with a time. */
export function isDateParam(raw: string): boolean {
  return DATE.test(raw) && isCalendarDate(raw.slice(0, 10));
}

const INTEGER = /^-?\d{1,10}$/;
const NUMBER = /^-?\d{1,13}(\.\d{1,4})?$/;
const BOOLEAN: Record<string, number> = { '0': 0, '1': 1, true: 1, false: 0 };

/** A value of the field's type (its pattern is checked apart, for its own message), or undefined. */
function parseValue(raw: string, field: ListField, type: FieldType): string | number | undefined {
  switch (type) {
    case 'integer':
      return INTEGER.test(raw) ? Number(raw) : undefined;
    case 'number':
      return NUMBER.test(raw) ? Number(raw) : undefined;
    case 'boolean':
      return Object.hasOwn(BOOLEAN, raw) ? BOOLEAN[raw] : undefined;
    case 'date':
    case 'datetime':
      return isDateParam(raw) ? raw : undefined;
    case 'text':
      return raw.length <= (field.maxLength ?? 255) ? raw : undefined;
  }
}

const typeHint: Record<FieldType, string> = {
  integer: 'a whole number',
  number: 'a number',
  boolean: '0 or 1',
  date: 'a date yyyy-mm-dd',
  datetime: 'a date yyyy-mm-dd',
  text: 'text',
};

/** A pattern that lists the allowed values, /^(quantity|revenue)$/: its values. */
const CHOICES = /^\^\(?(\w+(?:\|\w+)*)\)?\$$/;

/**
 * What a value of the right type that fails the field's pattern is told: the allowed values when
 * the pattern lists them ('One of quantity, revenue'); a date's format (a date field's pattern
 * narrows the format, yyyy-mm-dd without a time); else that the value is not one allowed.
 */
function patternHint(field: ListField): string {
  const choices = field.pattern ? CHOICES.exec(field.pattern.source) : null;
  if (choices) return `One of ${choices[1].split('|').join(', ')}`;
  if (field.type === 'date' || field.type === 'datetime') return `Must be ${typeHint[field.type]}`;
  return 'Not a valid value';
}

function single(name: string, value: unknown, errors: Record<string, string>): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    errors[name] = 'Give this parameter once, as plain text';
    return undefined;
  }
  return value;
}

function integerParam(name: string, raw: string | undefined, fallback: number, min: number, max: number, errors: Record<string, string>): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    errors[name] = `Must be a whole number from ${min} to ${max}`;
    return fallback;
  }
  return Number(raw);
}

/**
 * The definition's field of that name. Own properties only: `definition.fields[name]` would find
 * Object.prototype members (`constructor`, `toString`, `__proto__`) and take them for fields.
 */
function fieldNamed<T extends ObjectLiteral>(definition: ListDefinition<T>, name: string): ListField | undefined {
  return Object.hasOwn(definition.fields, name) ? definition.fields[name] : undefined;
}

/**
 * Turns the query string into a checked ListQuery. Every name and value is checked
 * against the definition; anything unknown or malformed is a 400 naming the parameter.
 */
export function parseListQuery<T extends ObjectLiteral>(definition: ListDefinition<T>, query: Record<string, unknown>): ListQuery {
  // No prototype: a parameter named __proto__ must become a message, not the object's prototype.
  const errors = Object.create(null) as Record<string, string>;
  const get = (name: string) => single(name, query[name], errors);

  const page = integerParam('page', get('page'), 0, 0, 100_000_000, errors);
  const pageLength = integerParam('pageLength', get('pageLength'), DEFAULT_PAGE_LENGTH, 1, MAX_PAGE_LENGTH, errors);
  // listIDs is the page's rows unless the client asks for another window (docs/http-api.md).
  const listIDsFrom = integerParam('listIDsFrom', get('listIDsFrom'), page * pageLength, 0, 1_000_000_000, errors);
  const listIDsLength = integerParam('listIDsLength', get('listIDsLength'), pageLength, 0, MAX_LIST_IDS_LENGTH, errors);

  let sort = definition.defaultSort.field;
  let sortDir = definition.defaultSort.dir;
  const sortRaw = get('sort');
  if (sortRaw) {
    const field = fieldNamed(definition, sortRaw);
    if (!field || field.sortable === false || isFilterOnly(field)) errors.sort = `Cannot sort by ${sortRaw.slice(0, 50)}`;
    else sort = sortRaw;
    if (!get('sortDir')) sortDir = 'ASC';
  }
  const dirRaw = get('sortDir');
  if (dirRaw) {
    const dir = dirRaw.toUpperCase();
    if (dir !== 'ASC' && dir !== 'DESC') errors.sortDir = 'Must be asc or desc';
    else sortDir = dir;
  }

  const quickFilter = get('quickFilter');
  if (quickFilter !== undefined && quickFilter.length > 100) errors.quickFilter = 'At most 100 characters';

  const fkJoins: string[] = [];
  const fkRaw = get('fkJoins');
  if (fkRaw) {
    for (const name of fkRaw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (!definition.fkJoins?.includes(name)) errors.fkJoins = `Unknown relation ${name.slice(0, 50)}`;
      else fkJoins.push(name);
    }
  }

  const filters: ListFilter[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (RESERVED.has(name)) continue;
    let fieldName = name;
    let op: FilterOp = 'eq';
    if (!fieldNamed(definition, name)) {
      const suffix = SUFFIXES.find(([s]) => name.endsWith(s) && fieldNamed(definition, name.slice(0, -s.length)));
      if (suffix) {
        fieldName = name.slice(0, -suffix[0].length);
        op = suffix[1];
      }
    }
    const field = fieldNamed(definition, fieldName);
    if (!field) {
      errors[name.slice(0, 50)] = 'Unknown parameter';
      continue;
    }
    const raw = single(name, value, errors);
    if (raw === undefined) continue;
    if (op === 'lower' && field.type !== 'text') {
      errors[name] = 'Only text fields have a Lower filter';
      continue;
    }
    if ((op === 'geq' || op === 'leq') && (field.type === 'text' || field.type === 'boolean')) {
      errors[name] = 'Only numbers and dates can be compared';
      continue;
    }
    if (op === 'lower') {
      if (raw.length > (field.maxLength ?? 255)) errors[name] = `Must be text of at most ${field.maxLength ?? 255} characters`;
      else if (field.pattern && !field.pattern.test(raw)) errors[name] = patternHint(field);
      else filters.push({ field: fieldName, param: name, op, values: [raw.toLowerCase()] });
      continue;
    }
    const parts = op === 'eq' || op === 'not' ? raw.split(',') : [raw];
    if (parts.length > 1000) {
      errors[name] = 'At most 1000 values';
      continue;
    }
    const values = parts.map((p) => parseValue(p, field, field.type));
    if (values.some((v) => v === undefined)) {
      errors[name] = `Must be ${typeHint[field.type]}${field.maxLength ? ` of at most ${field.maxLength} characters` : ''}`;
      continue;
    }
    if (field.pattern && parts.some((p) => !field.pattern!.test(p))) {
      errors[name] = patternHint(field);
      continue;
    }
    filters.push({ field: fieldName, param: name, op, values: values as Array<string | number> });
  }

  if (Object.keys(errors).length) throw new InvalidInput(errors);
  return { page, pageLength, sort, sortDir, quickFilter: quickFilter || undefined, fkJoins, filters, listIDsFrom, listIDsLength };
}
