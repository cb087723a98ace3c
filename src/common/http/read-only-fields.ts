import 'reflect-metadata';

/**
 * Round trips (docs/http-api.md, "Round trips"): a record as GET answers it can be sent back
 * with PUT (or copied with POST) unchanged but for the fields the user edits. The answer carries
 * names no body may set: audit fields, lookup names, computed values, joined records. A body
 * class names them with @ReadOnlyFields, and strictValidationPipe drops them before validation,
 * so they are never written and never a 400; a name neither the class nor its read-only list
 * knows is still "Unknown field".
 */
const READ_ONLY = Symbol('readOnlyFields');

/** The audit fields every master record answers with; the server sets them. */
export const AUDIT_FIELD_NAMES = ['createdByUserName', 'createdDate', 'updatedByUserName', 'updatedDate'] as const;

/**
 * Names of the read row that this body ignores (a nested body class declares those of its
 * rows). Inherited by subclasses, added to theirs.
 */
export function ReadOnlyFields(...names: string[]): ClassDecorator {
  return (target) => {
    const inherited = (Reflect.getMetadata(READ_ONLY, target) as readonly string[] | undefined) ?? [];
    Reflect.defineMetadata(READ_ONLY, [...new Set([...inherited, ...names])], target);
  };
}

/** The read-only names of a body class (its own and its ancestors'). */
export function readOnlyFieldsOf(type: unknown): readonly string[] {
  return (typeof type === 'function' && (Reflect.getMetadata(READ_ONLY, type) as string[] | undefined)) || [];
}

/**
 * Deletes, in place, the read-only names of every body instance in `value` (the body and the
 * nested bodies class-transformer built from it). Bodies are at most MAX_JSON_DEPTH deep
 * (json-bodies.ts), so the recursion is bounded.
 */
export function dropReadOnlyFields(value: unknown): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) dropReadOnlyFields(item);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const name of readOnlyFieldsOf(record.constructor)) {
    if (Object.prototype.hasOwnProperty.call(record, name)) delete record[name];
  }
  for (const key of Object.keys(record)) dropReadOnlyFields(record[key]);
}

/** ReadOnlyFields of a master record's body: the audit fields and `names`. */
export function AuditedReadOnlyFields(...names: string[]): ClassDecorator {
  return ReadOnlyFields(...AUDIT_FIELD_NAMES, ...names);
}
