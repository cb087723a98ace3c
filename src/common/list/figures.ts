import type { AuthUser } from '../auth/auth-user';
import { InvalidInput } from '../http/validation-result';
import type { ListQuery } from './list-query';

/**
 * Revenue and commission visibility (spec 01 section 3: the access profile's showRevenue and
 * showCommission; docs/http-api.md, "Revenue and commission figures"). A profile without the
 * flag never receives that kind of figure: not in lists, records, exports, nor in any other
 * answer. Every answer that carries figures declares where they are and goes through here.
 */
export type FigureKind = 'revenue' | 'commission';

/**
 * Where an answer's rows carry figures, as property paths of a row ('revenue'); a path through
 * a list applies to each item ('rateCardLineStores.commission': every store cell of a line).
 */
export interface Figures {
  revenue?: readonly string[];
  commission?: readonly string[];
}

const KINDS: readonly FigureKind[] = ['revenue', 'commission'];

/** Whether `user` may see figures of `kind`. No user means an internal read: everything. */
export function seesFigures(user: Pick<AuthUser, 'showRevenue' | 'showCommission'> | undefined, kind: FigureKind): boolean {
  if (!user) return true;
  return kind === 'revenue' ? user.showRevenue : user.showCommission;
}

/** The paths of `figures` that `user` may not see. */
export function hiddenFigurePaths(figures: Figures | undefined, user: Pick<AuthUser, 'showRevenue' | 'showCommission'> | undefined): string[] {
  if (!figures) return [];
  return KINDS.filter((kind) => !seesFigures(user, kind)).flatMap((kind) => figures[kind] ?? []);
}

function removePath(value: unknown, path: readonly string[]): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) removePath(item, path);
    return;
  }
  const record = value as Record<string, unknown>;
  const [head, ...rest] = path;
  if (!Object.prototype.hasOwnProperty.call(record, head)) return;
  if (rest.length === 0) delete record[head];
  else removePath(record[head], rest);
}

/**
 * Removes, in place, the figures `user` may not see from `rows` (objects or lists of them) and
 * returns them. The one place figures are taken out: the list engine calls it for every list,
 * record and export, and other answers (the rate card compare) for theirs.
 */
export function removeHiddenFigures<R>(rows: R, figures: Figures | undefined, user: Pick<AuthUser, 'showRevenue' | 'showCommission'> | undefined): R {
  for (const path of hiddenFigurePaths(figures, user)) removePath(rows, path.split('.'));
  return rows;
}

/**
 * A filter or sort on a figure the user may not see is a 400 (never 403: that would end the
 * session), so no one can learn a hidden figure by bisecting filters or ordering by it. The
 * client never offers them: it hides those columns.
 */
export function refuseHiddenFigureQuery(figures: Figures | undefined, q: Pick<ListQuery, 'sort' | 'filters'>, user: AuthUser): void {
  const hidden = new Set(hiddenFigurePaths(figures, user));
  if (hidden.size === 0) return;
  const errors: Record<string, string> = {};
  const message = (field: string) => `${field[0].toUpperCase()}${field.slice(1)} is not shown to your access profile`;
  if (hidden.has(q.sort)) errors.sort = `Cannot sort by ${q.sort}: ${message(q.sort).toLowerCase()}`;
  for (const filter of q.filters) if (hidden.has(filter.field)) errors[filter.param] = message(filter.field);
  if (Object.keys(errors).length) throw new InvalidInput(errors);
}
