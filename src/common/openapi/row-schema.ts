import type { SchemaObject } from '@nestjs/swagger';
import type { DataSource, EntityMetadata } from 'typeorm';
import { isFilterOnly, type FieldType, type ListDefinition, type ListField } from '../list/list-definition';
import { ROW_EXTRAS } from './row-extras';

type Schemas = Record<string, SchemaObject>;
type Ref = { $ref: string };

/** How each list field type is answered in a row (docs/http-api.md, "Lists"). */
const ROW_TYPE: Record<FieldType, SchemaObject> = {
  integer: { type: 'integer' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  text: { type: 'string' },
  date: { type: 'string', format: 'date-time', description: 'A day, answered as yyyy-mm-ddT00:00:00.000Z.' },
  datetime: { type: 'string', format: 'date-time' },
};

const ref = (name: string): Ref => ({ $ref: `#/components/schemas/${name}` });

/** 'rotaLine' -> 'RotaLine' */
const pascal = (alias: string) => alias.charAt(0).toUpperCase() + alias.slice(1);

/**
 * The record schemas of the lists, built from their definitions: one row schema per definition
 * (its fields by name and type, as the list engine answers them), the page of rows a list route
 * answers, and the `{ validationResult, data }` a record's save answers. Named after the
 * definition's alias ('Store', 'StoreList', 'StoreAnswer') into components.schemas.
 */
export class RowSchemas {
  readonly schemas: Schemas = {};
  private readonly names = new Map<ListDefinition<never>, string>();

  constructor(
    /** The app's data source, to say which columns may be null; without it every field may be. */
    private readonly dataSource: DataSource | null,
    /** The envelopes the answers extend (ListAnswer, Answer). */
    private readonly envelopes: Schemas,
  ) {}

  /** GET <plural>: a page of these rows (and `data`, the record, when the id filter names one id). */
  listAnswer(definition: ListDefinition<never>): Ref {
    const name = `${this.rowName(definition)}List`;
    if (!this.schemas[name]) {
      const base = this.envelopes.ListAnswer;
      const row = ref(this.rowName(definition));
      this.schemas[name] = {
        ...base,
        description: `A page of ${definition.label} rows; with the id filter and one id, that ${definition.label} as data too.`,
        properties: {
          ...base.properties,
          listData: { type: 'array', items: row, description: "The page's rows." },
          data: { allOf: [row], description: `Only when the id filter (${definition.idField}) names one id: that ${definition.label}.` },
        },
      };
    }
    return ref(name);
  }

  /** A save (POST, PUT): the record as saved, read back as the list answers it. */
  recordAnswer(definition: ListDefinition<never>): Ref {
    const name = `${this.rowName(definition)}Answer`;
    if (!this.schemas[name]) {
      const base = this.envelopes.Answer;
      this.schemas[name] = {
        type: 'object',
        required: ['validationResult', 'data'],
        properties: {
          validationResult: base.properties!.validationResult,
          data: { allOf: [ref(this.rowName(definition))], description: `The ${definition.label} as saved.` },
        },
      };
    }
    return ref(name);
  }

  /** A delete: the id of what was deleted (docs/decisions.md, "A delete answers the id"). */
  deleteAnswer(): Ref {
    const name = 'DeleteAnswer';
    if (!this.schemas[name]) {
      this.schemas[name] = {
        type: 'object',
        required: ['validationResult', 'data'],
        properties: {
          validationResult: this.envelopes.Answer.properties!.validationResult,
          data: { type: 'object', required: ['id'], properties: { id: { type: 'integer', description: "The deleted record's id." } } },
        },
      };
    }
    return ref(name);
  }

  /** The row's schema name, built on first use; two lists sharing an alias get 'Sale' and 'Sale2'. */
  private rowName(definition: ListDefinition<never>): string {
    const known = this.names.get(definition);
    if (known) return known;
    const base = pascal(definition.alias);
    let name = base;
    for (let n = 2; Object.hasOwn(this.schemas, name) || Object.hasOwn(this.envelopes, name); n++) name = `${base}${n}`;
    this.names.set(definition, name);
    this.schemas[name] = this.rowSchema(definition, name);
    return name;
  }

  private rowSchema(definition: ListDefinition<never>, schemaName: string): SchemaObject {
    const properties: Record<string, SchemaObject> = {};
    for (const [name, field] of Object.entries(definition.fields)) {
      // A filter that is not a column of the row (a sale's analysis values): no property.
      if (isFilterOnly(field)) continue;
      properties[name] = this.fieldSchema(definition, field);
    }
    Object.assign(properties, ROW_EXTRAS[schemaName]);
    // The relations fkJoins loads (a dotted one nests in its first relation).
    for (const join of definition.fkJoins ?? []) {
      const relation = join.split('.')[0];
      properties[relation] ??= { description: `With fkJoins=${join}: the related record (or records).` };
    }
    const figures = [definition.figures?.revenue?.length ? 'revenue' : '', definition.figures?.commission?.length ? 'commission' : ''].filter(Boolean);
    // Every list field is in every row, but the figures a profile may not see (left out for it)
    // and the filter-only keys.
    const hidable = new Set([...(definition.figures?.revenue ?? []), ...(definition.figures?.commission ?? [])].map((path) => path.split('.')[0]));
    const required = Object.entries(definition.fields)
      .filter(([name, field]) => !isFilterOnly(field) && field.inRow !== false && !hidable.has(name))
      .map(([name]) => name);
    return {
      type: 'object',
      description:
        `A ${definition.label} as lists and records answer it: its list fields (each also a filter), ` +
        'and the names and relations a row carries beside them (fkJoins).' +
        (figures.length ? ` Its ${figures.join(' and ')} figures are left out for an access profile that does not show them.` : ''),
      required,
      properties,
      additionalProperties: false,
    };
  }

  private fieldSchema(definition: ListDefinition<never>, field: ListField): SchemaObject {
    const schema: SchemaObject = { ...ROW_TYPE[field.type] };
    if (field.type === 'text' && field.maxLength) schema.maxLength = field.maxLength;
    if (field.values) schema.enum = [...field.values];
    if (field.excel) schema.title = field.excel;
    if (!field.notNull && this.mayBeNull(definition, field.column)) {
      schema.nullable = true;
      // An enum lists null too where the field may be null (JSON Schema checks enum apart from type).
      if (schema.enum) schema.enum.push(null);
    }
    return schema;
  }

  /**
   * Whether a field's column may be null: its entity column's nullability, through the lookups
   * (a lookup whose relation may be missing leaves its names null). Unknown columns may be.
   */
  private mayBeNull(definition: ListDefinition<never>, column: string): boolean {
    if (!this.dataSource) return true;
    const dot = column.lastIndexOf('.');
    if (dot < 0) return true;
    const holder = this.aliasEntity(definition, column.slice(0, dot), 0);
    if (!holder) return true;
    const found = holder.metadata.findColumnWithPropertyPath(column.slice(dot + 1));
    return !found || found.isNullable || holder.nullable;
  }

  private aliasEntity(definition: ListDefinition<never>, alias: string, depth: number): { metadata: EntityMetadata; nullable: boolean } | null {
    if (alias === definition.alias)
      return this.dataSource!.hasMetadata(definition.entity) ? { metadata: this.dataSource!.getMetadata(definition.entity), nullable: false } : null;
    const path = definition.lookups?.[alias];
    if (!path || depth > 5) return null;
    const dot = path.lastIndexOf('.');
    const parent = this.aliasEntity(definition, path.slice(0, dot), depth + 1);
    const relation = parent?.metadata.findRelationWithPropertyPath(path.slice(dot + 1));
    if (!parent || !relation) return null;
    return { metadata: relation.inverseEntityMetadata, nullable: parent.nullable || relation.isNullable };
  }
}
