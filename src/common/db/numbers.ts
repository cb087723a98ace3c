import type { ValueTransformer } from 'typeorm';

/**
 * mysql2 returns DECIMAL and aggregates as strings, SQLite as numbers. Everything read
 * from the database goes through these two, so the API always answers JSON numbers.
 */
/**
 * A value read from a driver, a row or a request as text, exactly as String() writes it (drivers
 * give strings, numbers, bigints and Dates); typed so the lint's no-base-to-string is satisfied
 * without a cast at every call.
 */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : `${value as string | number | bigint | boolean | null | undefined}`;
}

export function toNumber(value: unknown): number {
  if (value === null || value === undefined || value === '') return 0;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

/** Money is computed in integer pence and rounded to 2 dp on the way out. */
export function toMoney(value: unknown): number {
  return Math.round(toNumber(value) * 100) / 100;
}

export const moneyTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => (value == null ? value : toMoney(value).toFixed(2)),
  from: (value: unknown) => (value == null ? value : toMoney(value)),
};

/**
 * DECIMAL columns with `places` decimals that are not money (e.g. a metric's multiplier):
 * read as JSON numbers on both engines, rounded to the column's scale on the way in and out.
 */
export function decimalTransformer(places: number): ValueTransformer {
  const factor = 10 ** places;
  const round = (value: unknown) => Math.round(toNumber(value) * factor) / factor;
  return {
    to: (value: number | null | undefined) => (value == null ? value : round(value).toFixed(places)),
    from: (value: unknown) => (value == null ? value : round(value)),
  };
}
