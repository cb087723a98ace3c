import { ArgumentMetadata, ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import type { ValidatorOptions } from 'class-validator';
import { dropReadOnlyFields } from './read-only-fields';
import { InvalidInput } from './validation-result';

/**
 * A field that breaks several rules shows one message, chosen by what the user must fix first:
 * a missing value ('Name is required'), then a value of the wrong kind ('Value must be text',
 * 'Stores must be a list of ids'), then everything else (length, range, pattern). The order of
 * `constraints` cannot be used: it follows how the decorators happened to be applied.
 * Names are class-validator's constraint names, as the decorators in dto-fields.ts register them.
 */
const PRESENCE = new Set(['isDefined', 'isNotEmpty', 'arrayNotEmpty']);
const TYPE = new Set([
  'isString',
  'isInt',
  'isNumber',
  'isBoolean',
  'isArray',
  'isObject',
  'isEmail',
  'isDate',
  'isDateString',
  'isISO8601',
  'isEnum',
  'nestedValidation',
]);

function priority(constraint: string): number {
  return PRESENCE.has(constraint) ? 0 : TYPE.has(constraint) ? 1 : 2;
}

/** The message of the most important broken rule (see PRESENCE and TYPE). */
function firstMessage(constraints: Record<string, string>, field: string): string {
  const [key, message] = Object.entries(constraints).reduce((best, entry) => (priority(entry[0]) < priority(best[0]) ? entry : best));
  // whitelistValidation is the "unknown field" constraint: say so plainly.
  return key === 'whitelistValidation' ? `Unknown field ${field}` : message;
}

function collect(errors: ValidationError[], prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints && Object.keys(error.constraints).length) out[field] = firstMessage(error.constraints, field);
    if (error.children?.length) collect(error.children, field, out);
  }
  return out;
}

/** True for keys that name Object.prototype members, and for `prototype`, which class-transformer drops silently. */
function isPrototypeName(key: string): boolean {
  return key in Object.prototype || key === '__proto__' || key === 'prototype';
}

/**
 * Dotted paths of every prototype-named key in a body, nested objects and list items included
 * ('stores.0.constructor'). Walked with an explicit stack, like the depth check in json-bodies.ts.
 */
export function prototypeNamedKeys(body: object): string[] {
  const found: string[] = [];
  const stack: Array<{ node: object; path: string }> = [{ node: body, path: '' }];
  while (stack.length) {
    const { node, path } = stack.pop()!;
    for (const [key, child] of Object.entries(node) as Array<[string, unknown]>) {
      const at = path ? `${path}.${key}` : key;
      if (isPrototypeName(key)) found.push(at);
      else if (child && typeof child === 'object') stack.push({ node: child, path: at });
    }
  }
  return found.sort();
}

/**
 * Keys that name Object.prototype members (toString, constructor, __proto__, ...) slip past the
 * whitelist because the DTO instance "has" them, and `prototype` is dropped before the whitelist
 * sees it; at any depth they are unknown fields like any other.
 */
class StrictValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata) {
    if (metadata.type === 'body' && value && typeof value === 'object') {
      const inherited = prototypeNamedKeys(value);
      if (inherited.length) throw new InvalidInput(Object.fromEntries(inherited.map((k) => [k, `Unknown field ${k}`])));
    }
    return super.transform(value, metadata) as Promise<unknown>;
  }

  /** The built body without the names its class declares read-only (read-only-fields.ts). */
  protected override validate(object: object, validatorOptions?: ValidatorOptions) {
    dropReadOnlyFields(object);
    return super.validate(object, validatorOptions);
  }
}

/** Strict body validation: wrong types and unknown fields are 400 with failMessages by field. */
export function strictValidationPipe(options: ValidationPipeOptions = {}): ValidationPipe {
  return new StrictValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new InvalidInput(collect(errors)),
    ...options,
  });
}
