import type { ParameterObject, SchemaObject } from '@nestjs/swagger';
import { isFilterOnly, type FieldType, type ListDefinition, type ListField } from '../list/list-definition';
import { DEFAULT_PAGE_LENGTH, MAX_LIST_IDS_LENGTH, MAX_PAGE_LENGTH } from '../list/list-query';

/** How each list field type travels in a filter (docs/http-api.md, "Lists"). */
const FILTER_SCHEMA: Record<FieldType, SchemaObject> = {
  integer: { type: 'string', pattern: '^-?\\d+(,-?\\d+)*$' },
  number: { type: 'string', pattern: '^-?\\d+(\\.\\d+)?(,-?\\d+(\\.\\d+)?)*$' },
  boolean: { type: 'string', pattern: '^(0|1|true|false)(,(0|1|true|false))*$' },
  text: { type: 'string' },
  date: { type: 'string', example: '2025-01-31' },
  datetime: { type: 'string', example: '2025-01-31' },
};

const query = (name: string, description: string, schema: SchemaObject): ParameterObject => ({ name, in: 'query', required: false, description, schema });

/** The paging, sorting and searching parameters every list takes (parseListQuery). */
function pagingParameters(definition: ListDefinition<never>): ParameterObject[] {
  const sortable = Object.entries(definition.fields)
    .filter(([, f]) => f.sortable !== false && !isFilterOnly(f))
    .map(([name]) => name);
  return [
    query('page', 'Page number, from 0.', { type: 'integer', minimum: 0, default: 0 }),
    query('pageLength', `Rows per page, 1 to ${MAX_PAGE_LENGTH}.`, { type: 'integer', minimum: 1, maximum: MAX_PAGE_LENGTH, default: DEFAULT_PAGE_LENGTH }),
    query('sort', `Field to sort by; default ${definition.defaultSort.field} ${definition.defaultSort.dir.toLowerCase()}.`, { type: 'string', enum: sortable }),
    query('sortDir', 'asc or desc (asc when sort is given alone).', { type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'] }),
    query('quickFilter', 'Case-insensitive "contains" over the quick-search text fields, at most 100 characters.', { type: 'string', maxLength: 100 }),
    query(
      'fkJoins',
      'Comma-separated relations to load with each row.',
      definition.fkJoins?.length ? { type: 'string', description: `Any of: ${definition.fkJoins.join(', ')}` } : { type: 'string' },
    ),
    query('listIDsFrom', "Start of the listIDs window (default: the page's first row).", { type: 'integer', minimum: 0 }),
    query('listIDsLength', `Length of the listIDs window, up to ${MAX_LIST_IDS_LENGTH}.`, { type: 'integer', minimum: 0, maximum: MAX_LIST_IDS_LENGTH }),
  ];
}

/** The filters one field takes: the value, Not, and GEQ/LEQ (numbers, dates) or Lower (text). */
function fieldFilters(name: string, field: ListField): ParameterObject[] {
  const schema = FILTER_SCHEMA[field.type];
  const each = `${field.type}${field.type === 'text' ? ` of at most ${field.maxLength ?? 255} characters` : ''}`;
  const filters = [
    query(name, `${name} equals one of these comma-separated values (each ${each}).`, schema),
    query(`${name}Not`, `${name} equals none of these comma-separated values (each ${each}).`, schema),
  ];
  if (field.type === 'text') filters.push(query(`${name}Lower`, `${name} equals this, ignoring case.`, { type: 'string' }));
  if (field.type !== 'text' && field.type !== 'boolean') {
    filters.push(query(`${name}GEQ`, `${name} is at least this.`, FILTER_SCHEMA[field.type]));
    filters.push(query(`${name}LEQ`, `${name} is at most this.`, FILTER_SCHEMA[field.type]));
  }
  return filters;
}

/** Words for a list route's description: the filter vocabulary, which its parameters spell out. */
export const LIST_VOCABULARY =
  'A list (docs/http-api.md, "Lists"): every field filters as `field` (equals one of comma-separated values), ' +
  '`fieldNot`, `fieldGEQ` / `fieldLEQ` (numbers and dates, dates as yyyy-mm-dd) and `fieldLower` (text, ignoring case). ' +
  'A name the list does not know is a 400. With the id field and one id it answers one record as `data` too, or 404.';

/** Query parameters of a list route: paging and sorting, then every filter of every field of its definition. */
export function listParameters(definition: ListDefinition<never>): ParameterObject[] {
  return [...pagingParameters(definition), ...Object.entries(definition.fields).flatMap(([name, field]) => fieldFilters(name, field))];
}
