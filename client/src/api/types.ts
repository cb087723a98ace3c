/**
 * Shapes of the HTTP contract (docs/http-api.md). What an answer holds comes from the OpenAPI
 * document's generated types (schema.d.ts, `npm run api:types`); the envelopes here are generic
 * over the rows of the list a screen shows (its resource's columns).
 */
import type { components } from './schema';

type Schemas = components['schemas'];

export type Row = Record<string, unknown>;

export type ValidationResult = Schemas['ValidationResult'];
export type ListIdEntry = Schemas['ListID'];
export type PageInfo = Schemas['ListPage'];

export interface ListResponse<T = Row> {
  listData: T[];
  listIDs: ListIdEntry[];
  page: PageInfo;
}

export interface RecordResponse<T = Row> extends ListResponse<T> {
  data: T;
  validationResult: ValidationResult;
}

export interface SaveResponse<T = Row> {
  validationResult: ValidationResult;
  data: T;
  /** A fresh session token, when the save ended the user's own sessions (their password changed). */
  token?: string;
}

export interface DataResponse<T> {
  data: T;
}

/** The signed-in user, `GET /api/user/me` -> `{ data }` (spec 01 §3 "Me"). */
export type Me = Schemas['Me'];
