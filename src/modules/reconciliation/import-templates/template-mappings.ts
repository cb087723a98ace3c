import { normalizeHeader } from '../../../shared/header-names';
import { REC_SHEET_FIELD_NAMES, REC_SHEET_UPLOAD_FIELDS } from '../../../shared/rec-sheet-upload-fields';

export { normalizeHeader };

/**
 * A supplier template's mappings (issue 24): normalised header name -> rec sheet field. Header
 * names are normalised as the import wizard's normalizeHeader does (lower case, anything but
 * letters and digits as one space, trimmed), so 'Order No.' and 'order no' are one header.
 */
export type TemplateMappings = Record<string, string>;

export const MAX_TEMPLATE_HEADERS = 100;
export const HEADER_MAX = 255;

const labelOf = (field: string) => REC_SHEET_UPLOAD_FIELDS.find((f) => f.field === field)?.label ?? field;

/** Why `value` is not a template's mappings, or null when it is. */
export function mappingsProblem(value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'Mappings must be an object of header names and fields';
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return 'Map at least one header';
  if (entries.length > MAX_TEMPLATE_HEADERS) return `A template may map at most ${MAX_TEMPLATE_HEADERS} headers`;
  const headerOfField = new Map<string, string>();
  const fieldOfHeader = new Map<string, string>();
  for (const [header, field] of entries) {
    const key = normalizeHeader(header);
    if (!key || header.length > HEADER_MAX) return `Header "${header.slice(0, 50)}" must have letters or digits and at most ${HEADER_MAX} characters`;
    if (typeof field !== 'string' || !(REC_SHEET_FIELD_NAMES as readonly string[]).includes(field)) {
      return `Header "${header}" maps to an unknown field: choose one of ${REC_SHEET_FIELD_NAMES.join(', ')}`;
    }
    const before = fieldOfHeader.get(key);
    if (before !== undefined && before !== field) return `Header "${header}" is mapped to two fields`;
    const other = headerOfField.get(field);
    if (other !== undefined && other !== key) return `${labelOf(field)} is mapped from two headers: "${other}" and "${key}"`;
    fieldOfHeader.set(key, field);
    headerOfField.set(field, key);
  }
  return null;
}

/** The mappings with normalised header names, as saved (checked by mappingsProblem first). */
export function normalizeMappings(value: Record<string, string>): TemplateMappings {
  const result: TemplateMappings = {};
  for (const [header, field] of Object.entries(value)) result[normalizeHeader(header)] = field;
  return result;
}

/** The saved JSON text as mappings; anything unreadable counts as none. */
export function parseMappings(text: string | null | undefined): TemplateMappings {
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

/**
 * How many of the template's headers a sheet's headers hold, when they hold all of them (the
 * template is offered), else null. Header names compare normalised, wherever the columns sit.
 */
export function matchedHeaders(mappings: TemplateMappings, headers: readonly string[]): number | null {
  const present = new Set(headers.map(normalizeHeader));
  const wanted = Object.keys(mappings);
  if (wanted.length === 0) return null;
  return wanted.every((header) => present.has(header)) ? wanted.length : null;
}
