import type { SchemaObject } from '@nestjs/swagger';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { readOnlyFieldsOf } from '../http/read-only-fields';

// class-transformer keeps its @Type() metadata here and exports no path with typings for it
// (the way @nestjs/mapped-types reads it too).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as typeof import('class-transformer/types/storage');

type Schemas = Record<string, SchemaObject>;
// A class-validator target or a class-transformer type is any constructor.
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type BodyClass = Function;

/**
 * Schema keywords for the class-validator rules the DTOs use (dto-fields.ts), by constraint
 * name. Read at run time from the validation metadata, so the document describes exactly the
 * rules strictValidationPipe applies, with or without the @nestjs/swagger compiler plugin.
 */
const KEYWORDS: Record<string, (constraints: unknown[]) => SchemaObject> = {
  isString: () => ({ type: 'string' }),
  isInt: () => ({ type: 'integer' }),
  isNumber: () => ({ type: 'number' }),
  isBoolean: () => ({ type: 'boolean' }),
  isArray: () => ({ type: 'array' }),
  isNotEmpty: () => ({ minLength: 1 }),
  maxLength: ([n]) => ({ maxLength: n as number }),
  minLength: ([n]) => ({ minLength: n as number }),
  min: ([n]) => ({ minimum: n as number }),
  max: ([n]) => ({ maximum: n as number }),
  isIn: ([values]) => ({ enum: values as unknown[] }),
  matches: ([pattern]) => ({ pattern: pattern instanceof RegExp ? pattern.source : String(pattern) }),
  arrayMaxSize: ([n]) => ({ maxItems: n as number }),
  arrayMinSize: ([n]) => ({ minItems: n as number }),
  // An object of names -> one of the values (a supplier template's header -> field mappings).
  textMap: ([values, min, max]) => ({
    type: 'object',
    additionalProperties: { type: 'string', enum: values as unknown[] },
    minProperties: min as number,
    maxProperties: max as number,
  }),
};

/** The JSON type of an enum's values; for none, an id's integer or else text. */
function typeOfValues(values: unknown[], property: string): SchemaObject['type'] {
  if (!values.length) return /ID$/.test(property) ? 'integer' : 'string';
  if (values.every((value) => Number.isInteger(value))) return 'integer';
  if (values.every((value) => typeof value === 'number')) return 'number';
  return 'string';
}

/** minLength only means something for text: isNotEmpty on a number is just "required". */
const TEXT_ONLY = new Set(['minLength', 'maxLength', 'pattern']);

function merge(into: SchemaObject, extra: SchemaObject): void {
  for (const [key, value] of Object.entries(extra)) (into as Record<string, unknown>)[key] = value;
}

/** The message a rule gives when broken, as users read it ('Name must be at most 100 characters'). */
function messageOf(rule: ValidationMetadata, property: string): string | undefined {
  if (typeof rule.message === 'function') return undefined;
  // ValidateBy rules (plainText, decimalPlaces, calendarDay) keep their message in the constraint class.
  const constraint = rule.constraintCls && new (rule.constraintCls as new () => { defaultMessage?: (args: unknown) => string })();
  const message = rule.message ?? constraint?.defaultMessage?.({ property, constraints: rule.constraints, value: undefined, targetName: '', object: {} });
  // class-validator's own defaults name their placeholders ('$property must not be less than $constraint1').
  return message?.replace(/\$property/g, property).replace(/\$constraint(\d)/g, (_, n: string) => String(rule.constraints?.[Number(n) - 1]));
}

/**
 * Collects JSON schemas (OpenAPI 3.0 flavour) of body classes and the nested classes they
 * validate, named by class, into `schemas` (components.schemas).
 */
export class DtoSchemas {
  readonly schemas: Schemas = {};
  private readonly names = new Map<BodyClass, string>();

  /** A $ref to the class's schema, built on first use. */
  refTo(type: BodyClass): { $ref: string } {
    return { $ref: `#/components/schemas/${this.nameOf(type)}` };
  }

  private nameOf(type: BodyClass): string {
    const known = this.names.get(type);
    if (known) return known;
    let name = type.name || 'Body';
    for (let n = 2; Object.hasOwn(this.schemas, name); n++) name = `${type.name}${n}`;
    this.names.set(type, name);
    this.schemas[name] = {}; // reserved before the walk, so a class nesting itself ends in a $ref
    this.schemas[name] = this.build(type);
    return name;
  }

  private build(type: BodyClass): SchemaObject {
    const rules = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);
    const byProperty = new Map<string, ValidationMetadata[]>();
    for (const rule of rules) byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);

    const properties: Record<string, SchemaObject | { $ref: string }> = {};
    const required: string[] = [];
    for (const [property, propertyRules] of byProperty) {
      const optional = propertyRules.some((r) => r.type === ValidationTypes.CONDITIONAL_VALIDATION && r.name === 'isOptional');
      if (!optional) required.push(property);
      properties[property] = this.propertySchema(type, property, propertyRules);
    }
    const ignored = readOnlyFieldsOf(type).filter((name) => !Object.hasOwn(properties, name));
    for (const name of ignored) {
      properties[name] = { readOnly: true, description: 'Accepted and ignored: the server owns it (docs/http-api.md, "Round trips")' };
    }
    return {
      type: 'object',
      properties,
      ...(required.length ? { required } : {}),
      // strictValidationPipe: a name the class does not declare is a 400 'Unknown field ...'.
      additionalProperties: false,
    };
  }

  private propertySchema(type: BodyClass, property: string, rules: ValidationMetadata[]): SchemaObject | { $ref: string } {
    const own: SchemaObject = {};
    const items: SchemaObject = {};
    const messages = new Set<string>();
    let nested: { $ref: string } | undefined;
    for (const rule of rules) {
      const message = messageOf(rule, property);
      if (message && rule.type !== ValidationTypes.WHITELIST && rule.type !== ValidationTypes.NESTED_VALIDATION) messages.add(message);
      if (rule.type === ValidationTypes.NESTED_VALIDATION) {
        const nestedType = defaultMetadataStorage.findTypeMetadata(type, property)?.typeFunction();
        if (nestedType) nested = this.refTo(nestedType);
        continue;
      }
      const keywords = rule.name ? KEYWORDS[rule.name]?.(rule.constraints ?? []) : undefined;
      if (keywords) merge(rule.each ? items : own, keywords);
    }
    for (const schema of [own, items]) {
      if (schema.type !== 'string') for (const key of TEXT_ONLY) delete (schema as Record<string, unknown>)[key];
    }
    // OpenAPI 3.0 writes "may be null" as nullable (OneOf(..., optional) allows null).
    // 3.0 also wants the type beside nullable: the type of the other values, or of an id when
    // null is the only one (a list with nothing to choose from yet).
    if (own.enum?.includes(null)) {
      own.nullable = true;
      own.type ??= typeOfValues(
        own.enum.filter((value) => value !== null),
        property,
      );
    }
    if (own.type === 'array') own.items = nested ?? items;
    else if (nested) return messages.size ? { allOf: [nested], description: [...messages].join('. ') } : nested;
    if (messages.size) own.description = [...messages].join('. ');
    return own;
  }
}
