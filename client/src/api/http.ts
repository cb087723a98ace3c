import { deleteToken, getToken } from './token';
import type { ValidationResult } from './types';
import { textOf } from '../format/format';

/**
 * Every call to the server goes through here: it sends the session token and
 * JSON content type, and turns a non-2xx answer into an ApiError.
 *
 * A 403 means "this session may not do this" (bad or expired token, inactive
 * user, outside login hours, or an area the profile does not grant). The spec
 * answers every 403 the same way: forget the token and reload, which shows
 * the login page.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(describeError(status, body));
    this.name = 'ApiError';
  }

  /** The server's validation result, when the answer carries one (400, 429). */
  get validationResult(): ValidationResult | undefined {
    const body = this.body as { validationResult?: ValidationResult } | null;
    return body?.validationResult ?? undefined;
  }
}

function describeError(status: number, body: unknown): string {
  const b = body as { validationResult?: ValidationResult; message?: unknown; errorID?: unknown } | null;
  if (b?.validationResult?.failSummary) return b.validationResult.failSummary;
  if (typeof b?.message === 'string') {
    return b.errorID ? `${b.message} (error ${textOf(b.errorID)})` : b.message;
  }
  if (status === 404) return 'Not found';
  if (status === 429) return 'Too many attempts, please wait a minute and try again';
  return `The server answered ${status}`;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

function forgetSessionAndReload(): void {
  deleteToken();
  window.location.reload();
}

/** Sends a request and returns status and parsed body; throws ApiError on non-2xx. */
export async function apiRequest<T>(url: string, options: ApiRequestOptions = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const token = getToken();
  if (token) headers['x-access-token'] = token;

  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });

  if (response.status === 403) {
    forgetSessionAndReload();
    // The page is going away; never settle so no caller shows a stray error.
    return new Promise<never>(() => undefined);
  }

  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = { message: text };
    }
  }
  if (!response.ok) throw new ApiError(response.status, body);
  return { status: response.status, body: body as T };
}

export async function apiGet<T>(url: string, signal?: AbortSignal): Promise<T> {
  return (await apiRequest<T>(url, { signal })).body;
}

/** Builds `/api/{path}?a=1&b=2`, leaving out empty parameters. */
export function apiUrl(path: string, params?: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, String(value));
  }
  const query = search.toString();
  return `/api/${path.replace(/^\//, '')}${query ? `?${query}` : ''}`;
}
