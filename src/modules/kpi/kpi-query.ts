import type { AuthUser } from '../../common/auth/auth-user';
import { InvalidInput } from '../../common/http/validation-result';
import { isDateParam } from '../../common/list/list-query';
import { earliestSaleDate } from '../sales';
import type { MetricSplit } from './metric-engine';

/**
 * Reading the /kpi calls' query strings (docs/http-api.md, "KPI"): every name known, every value
 * of its shape, else a 400 naming each bad parameter. Dates must be within the user's months
 * back and not after today: the dashboard never answers figures the sales list would hide.
 */
export class KpiQuery {
  private readonly errors: Record<string, string> = {};

  constructor(
    private readonly query: Record<string, unknown>,
    known: readonly string[],
  ) {
    for (const name of Object.keys(query)) if (!known.includes(name)) this.errors[name.slice(0, 50)] = 'Unknown parameter';
  }

  private text(name: string): string | undefined {
    const value = this.query[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') {
      this.errors[name] = 'Give this parameter once';
      return undefined;
    }
    return value;
  }

  /** A yyyy-mm-dd day not after today and not before the user's months back. */
  date(name: string, user: AuthUser, today: string, options: { required?: boolean; fallback?: string } = {}): string {
    const raw = this.text(name);
    if (raw === undefined || raw === '') {
      if (options.fallback) return options.fallback;
      this.errors[name] = 'Choose a date (yyyy-mm-dd)';
      return today;
    }
    if (!isDateParam(raw)) {
      this.errors[name] = 'Must be a date yyyy-mm-dd';
      return today;
    }
    const day = raw.slice(0, 10);
    const earliest = earliestSaleDate(today, user.salesMonthsBack);
    if (day > today) this.errors[name] = 'This date is in the future';
    else if (earliest && day < earliest) this.errors[name] = `${user.salesMonthsBack} months max restriction: choose a date from ${earliest} on`;
    return day;
  }

  /** A comma list of ids (at most `max`), or none. */
  ids(name: string, max: number, options: { required?: boolean } = {}): number[] | undefined {
    const raw = this.text(name);
    if (raw === undefined || raw === '' || raw === '0') {
      if (options.required) this.errors[name] = 'Choose at least one';
      return undefined;
    }
    const parts = raw.split(',');
    if (!parts.every((p) => /^\d{1,9}$/.test(p) && Number(p) > 0)) {
      this.errors[name] = 'Ids separated by commas';
      return undefined;
    }
    const ids = [...new Set(parts.map(Number))];
    if (ids.length > max) this.errors[name] = `At most ${max}`;
    return ids;
  }

  /** One of `values`, or the fallback when not given. */
  oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T {
    const raw = this.text(name);
    if (raw === undefined || raw === '') return fallback;
    if (!(values as readonly string[]).includes(raw)) {
      this.errors[name] = `One of ${values.join(', ')}`;
      return fallback;
    }
    return raw as T;
  }

  /** A whole number within bounds, or the fallback when not given. */
  integer(name: string, min: number, max: number, fallback: number): number {
    const raw = this.text(name);
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      this.errors[name] = `A whole number from ${min} to ${max}`;
      return fallback;
    }
    return Number(raw);
  }

  /** Text up to `max` characters, or none. */
  words(name: string, max: number): string | undefined {
    const raw = this.text(name);
    if (raw === undefined || raw === '') return undefined;
    if (raw.length > max) this.errors[name] = `At most ${max} characters`;
    return raw.slice(0, max);
  }

  /** The query's other parameters (a top dialog's sales filters), as given. */
  rest(known: readonly string[]): Record<string, string> {
    const rest: Record<string, string> = {};
    for (const [name, value] of Object.entries(this.query)) {
      if (known.includes(name)) continue;
      if (typeof value === 'string') rest[name] = value;
      else this.errors[name.slice(0, 50)] = 'Give this parameter once';
    }
    return rest;
  }

  fail(name: string, message: string): void {
    this.errors[name] = message;
  }

  /** Throws the 400 naming every bad parameter, if any. */
  check(): void {
    if (Object.keys(this.errors).length) throw new InvalidInput(this.errors);
  }
}

export const SPLITS: readonly MetricSplit[] = ['attributableToUserID', 'storeID', 'storeStoreTypeID'];
