import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import { isDateParam } from '../list/list-query';
import { withArticle } from './wording';

/**
 * Field decorators shared by every body DTO, so each rule and its message is written once.
 * Strings are trimmed; numbers must arrive as JSON numbers (no implicit conversion).
 */
const trim = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

export const MAX_ID = 2_147_483_647;

/**
 * Characters no text field may hold: control characters other than tab and line breaks,
 * U+FFFE/U+FFFF, and halves of a surrogate pair. The databases store a lone surrogate as
 * '\uFFFD' (SQLite as three of them), so what was saved is not what was sent, and the others
 * make the Excel exports invalid XML that Excel refuses to open.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const INVALID_CHARACTER = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Invisible format characters with no use in a name or a note: the bidirectional embeddings,
 * overrides and isolates (U+202A-U+202E, U+2066-U+2069), the direction marks (U+200E, U+200F,
 * U+061C), zero-width space, word joiner and invisible operators (U+200B, U+2060-U+2064) and a
 * stray byte order mark (U+FEFF). They can make 'Store 1\u202Elaer' display as another name.
 * Zero-width joiners (U+200C, U+200D) stay: emoji and some scripts need them.
 */
const INVISIBLE_FORMAT = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

function codePoint(character: string): string {
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Text a person typed: no control characters (INVALID_CHARACTER), no invisible format characters (INVISIBLE_FORMAT). */
export function PlainText(label: string) {
  return ValidateBy({
    name: 'plainText',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || !(INVALID_CHARACTER.test(value) || INVISIBLE_FORMAT.test(value)),
      defaultMessage: (args) => {
        const format = typeof args?.value === 'string' ? INVISIBLE_FORMAT.exec(args.value) : null;
        return format
          ? `${label} may not contain invisible direction or format characters (${codePoint(format[0])})`
          : `${label} may not contain control characters`;
      },
    },
  });
}

export function RequiredText(label: string, maxLength = 100) {
  return applyDecorators(
    trim,
    IsString({ message: `${label} must be text` }),
    IsNotEmpty({ message: `${label} is required` }),
    MaxLength(maxLength, { message: `${label} must be at most ${maxLength} characters` }),
    PlainText(label),
  );
}

export function OptionalText(label: string, maxLength = 255, pattern?: RegExp, patternMessage?: string) {
  const rules = [
    trim,
    IsOptional(),
    IsString({ message: `${label} must be text` }),
    MaxLength(maxLength, { message: `${label} must be at most ${maxLength} characters` }),
    PlainText(label),
  ];
  if (pattern)
    rules.push(
      ValidateIf((_o, v) => v !== '' && v != null),
      Matches(pattern, { message: patternMessage ?? `${label} is not valid` }),
    );
  return applyDecorators(...rules);
}

/**
 * A field a PUT may leave out but not clear: absent keeps the stored value, and null is checked
 * like any other value (so 'Rota date is required'), where IsOptional would let null through to a
 * NOT NULL column.
 */
export function Omissible() {
  return ValidateIf((_object, value) => value !== undefined);
}

export function WholeNumber(label: string, min: number, max: number, optional = true) {
  return applyDecorators(
    ...(optional ? [IsOptional()] : []),
    IsInt({ message: `${label} must be a whole number` }),
    Min(min, { message: `${label} must be at least ${min}` }),
    Max(max, { message: `${label} must be at most ${max}` }),
  );
}

export function ReferenceID(label: string, optional = false) {
  const message = `Choose ${withArticle(label)}`;
  return applyDecorators(...(optional ? [IsOptional()] : [IsNotEmpty({ message })]), IsInt({ message }), Min(1, { message }), Max(MAX_ID, { message }));
}

export function Flag(label: string) {
  return applyDecorators(IsOptional(), IsBoolean({ message: `${label} must be true or false` }));
}

/** The record's own id may travel in the body (the dialog sends its form); the URL decides. */
export function IgnoredID() {
  return applyDecorators(IsOptional(), IsInt(), Min(0), Max(MAX_ID));
}

export const MAX_MONEY = 99_999_999.99;

/** Decimals of a number as written, also for 1e-7 (class-validator's maxDecimalPlaces throws on it). */
export function decimalPlaces(value: number): number {
  if (Number.isInteger(value)) return 0;
  const [mantissa, exponent] = value.toExponential().split('e');
  return Math.max(0, (mantissa.split('.')[1] ?? '').length - Number(exponent));
}

/** A finite JSON number with at most `places` decimals. */
function DecimalPlaces(places: number, message: string) {
  return applyDecorators(
    IsNumber({ allowNaN: false, allowInfinity: false }, { message }),
    ValidateBy({
      name: 'decimalPlaces',
      validator: {
        validate: (value: unknown) => typeof value === 'number' && Number.isFinite(value) && decimalPlaces(value) <= places,
        defaultMessage: () => message,
      },
    }),
  );
}

/** Pounds (or a ratio): a JSON number with at most two decimals (spec 01 section 5). */
export function Money(label: string, optional = true, max = MAX_MONEY) {
  return applyDecorators(
    ...(optional ? [IsOptional()] : []),
    DecimalPlaces(2, `${label} must be a number with at most 2 decimals`),
    Min(0, { message: `${label} must be at least 0` }),
    Max(max, { message: `${label} must be at most ${max}` }),
  );
}

/**
 * A number with at most `places` decimals between min and max (e.g. a metric's multiplier
 * or success value), as a JSON number.
 */
export function DecimalNumber(label: string, places: number, min: number, max: number, optional = true) {
  return applyDecorators(
    ...(optional ? [IsOptional()] : []),
    DecimalPlaces(places, `${label} must be a number with at most ${places} decimals`),
    Min(min, { message: `${label} must be at least ${min}` }),
    Max(max, { message: `${label} must be at most ${max}` }),
  );
}

/** One of a fixed list of names ('text', 'single', 'multi'); null is allowed when optional. */
export function OneOf(label: string, values: readonly string[], optional = false) {
  const message = `${label} must be one of ${values.join(', ')}`;
  return applyDecorators(...(optional ? [IsOptional()] : [IsNotEmpty({ message })]), IsString({ message }), IsIn([...values], { message }));
}

/**
 * A list of record ids (e.g. the stores a record applies to) as JSON numbers ('5' is refused);
 * that they exist is checked by the service.
 */
export function ReferenceIDs(label: string, maxItems = 10_000) {
  const message = `${label} must be a list of ids`;
  return applyDecorators(
    IsOptional(),
    IsArray({ message }),
    ArrayMaxSize(maxItems, { message: `${label} may hold at most ${maxItems} ids` }),
    IsInt({ each: true, message }),
    Min(1, { each: true, message }),
    Max(MAX_ID, { each: true, message }),
  );
}

/**
 * A day (a rate card's fromDate, a sale's date): 'yyyy-mm-dd', optionally with a time as the
 * list's date filters take it (the record's own 'yyyy-mm-ddT00:00:00.000Z' too), stored as the
 * day; a real calendar day from 1900 on. Anything else is left as sent, for the rules to refuse.
 */
export function Day(label: string) {
  const message = `${label} must be a date yyyy-mm-dd`;
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' && isDateParam(value) ? value.slice(0, 10) : value)),
    IsNotEmpty({ message: `${label} is required` }),
    IsString({ message }),
    Matches(/^(19|[2-9]\d)\d{2}-\d{2}-\d{2}$/, { message }),
    ValidateBy({ name: 'calendarDay', validator: { validate: (v: unknown) => typeof v === 'string' && isDateParam(v), defaultMessage: () => message } }),
  );
}
