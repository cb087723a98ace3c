import { Injectable, PipeTransform } from '@nestjs/common';
import { InvalidInput } from './validation-result';

/**
 * The body of an action that takes none (auto reconcile, undo of a run, unreconcile, a board
 * ticket): absent or `{}`. Anything else is a 400 naming what was sent, never silently ignored.
 */
@Injectable()
export class NoBodyPipe implements PipeTransform<unknown, void> {
  transform(value: unknown): void {
    if (value === undefined || value === null) return;
    if (typeof value !== 'object' || Array.isArray(value)) throw new InvalidInput({ body: 'This call takes no body' });
    const fields = Object.keys(value);
    if (fields.length) throw new InvalidInput(Object.fromEntries(fields.slice(0, 20).map((f) => [f.slice(0, 40), `Unknown field ${f.slice(0, 40)}`])));
  }
}
