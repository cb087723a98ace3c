import { Injectable, PipeTransform } from '@nestjs/common';
import { InvalidInput } from './validation-result';
import { MAX_ID } from './dto-fields';

/** A path id IdPipe accepts: digits only, 1..MAX_ID. */
export function isPathId(value: string): boolean {
  return /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_ID;
}

/** Path ids: digits only, within the database's integer range; anything else is a 400. */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!isPathId(value)) {
      throw new InvalidInput({ id: 'The id must be a positive whole number' });
    }
    return Number(value);
  }
}
