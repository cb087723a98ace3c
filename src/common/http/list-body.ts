import { ArrayMaxSize, IsArray, ValidateNested } from 'class-validator';
import { Type as TransformTo } from 'class-transformer';
import type { Type } from '@nestjs/common';
import { strictValidationPipe } from './validation.pipe';
import { InvalidInput } from './validation-result';

export interface ListBodyOptions {
  /** The list's name in failMessages: 'dailyStats' gives 'dailyStats' for the list and 'dailyStats.3.footfall' for a row's field. */
  name: string;
  /** One item, in messages ('day': "at most 31 days"). */
  noun: string;
  minItems?: number;
  maxItems: number;
}

/**
 * A body that is a JSON list of records (a grid saved whole: a month of targets or of daily
 * stats). Each item is validated like any body (unknown fields, types, read-only names dropped),
 * and failures are keyed like the nested lists of other bodies ('discountStores.0.enabled'), so a
 * grid can show them on its rows. Call it after the route's own checks (the store), so a store
 * outside the profile is a 403 whatever the body.
 */
export function listBodyReader<T extends object>(itemType: Type<T>, options: ListBodyOptions): (value: unknown) => Promise<T[]> {
  const { name, noun, minItems = 0, maxItems } = options;
  const count = (n: number) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  // Validated as one property of a wrapper named like the list, so keys come out as `${name}.3.field`.
  class ListBody {
    @IsArray()
    @ArrayMaxSize(maxItems)
    @ValidateNested({ each: true })
    @TransformTo(() => itemType)
    [name]: T[];
  }
  const pipe = strictValidationPipe({ expectedType: ListBody });
  return async (value: unknown) => {
    if (!Array.isArray(value)) throw new InvalidInput({ [name]: `The body must be a list of ${noun}s` });
    if (value.length < minItems) throw new InvalidInput({ [name]: `The list must hold at least ${count(minItems)}` });
    if (value.length > maxItems) throw new InvalidInput({ [name]: `The list may hold at most ${count(maxItems)}` });
    // class-validator walks a list inside the list as more rows, and a number has no fields: refused first.
    const notRecords = value.flatMap((item, index) => (item !== null && typeof item === 'object' && !Array.isArray(item) ? [] : [index]));
    if (notRecords.length)
      throw new InvalidInput(Object.fromEntries(notRecords.map((index) => [`${name}.${index}`, `Item ${index + 1} of the list must be a record`])));
    const body = (await pipe.transform({ [name]: value }, { type: 'body', metatype: ListBody })) as Record<string, T[]>;
    return body[name];
  };
}
