import { useCallback, useEffect, useRef } from 'react';
import useSWR, { type SWRConfiguration, preload, useSWRConfig } from 'swr';
import { apiGet, apiRequest, apiUrl, isAbortError } from './http';
import type { DataResponse, ListResponse, Me, RecordResponse, Row } from './types';

/**
 * SWR over apiGet where a newer request from the same hook cancels the older
 * one (AbortController). Lists and pickers change their key with every filter
 * or keystroke, and an old, slow answer must not be downloaded for nothing.
 * (Requests are not aborted on unmount: SWR shares a request between every
 * hook with the same key, and the answer is still worth caching.)
 */
export function useAbortableSWR<T>(url: string | null, config?: SWRConfiguration<T>) {
  const controllerRef = useRef<{ key: string; controller: AbortController } | null>(null);
  const fetcher = useCallback((key: string) => {
    const previous = controllerRef.current;
    if (previous && previous.key !== key) previous.controller.abort();
    const controller = new AbortController();
    controllerRef.current = { key, controller };
    return apiGet<T>(key, controller.signal);
  }, []);

  const result = useSWR<T, Error>(url, fetcher, config);
  // Spec: list fetch errors are only logged; an aborted request is not an error.
  useEffect(() => {
    if (result.error && !isAbortError(result.error)) console.error(`GET ${url} failed`, result.error);
  }, [result.error, url]);
  return result;
}

/** A page of a list: `GET /api/{plural}?…` with the query from tableQuery. */
export function useList<T = Row>(listPath: string | null, query: URLSearchParams | Record<string, string>) {
  const search = new URLSearchParams(query).toString();
  const url = listPath === null ? null : `/api/${listPath}${search ? `?${search}` : ''}`;
  return useAbortableSWR<ListResponse<T>>(url, { keepPreviousData: true });
}

/** The address (and cache key) of one record; its id comes first, so `deleted` above matches it whatever follows. */
export function recordKey(listPath: string, idField: string, id: number, extra?: Record<string, string>): string {
  return apiUrl(listPath, { [idField]: id, ...extra });
}

/**
 * One record: the list path filtered on its id (`GET /api/stores?storeID=3`),
 * with extra parameters such as the relations to join (`fkJoins`).
 */
export function useRecord<T = Row>(listPath: string, idField: string, id: number | null, extra?: Record<string, string>) {
  const url = id ? recordKey(listPath, idField, id, extra) : null;
  const result = useSWR<RecordResponse<T>, Error>(url, (key: string) => apiGet<RecordResponse<T>>(key), {
    revalidateOnFocus: false,
  });
  useEffect(() => {
    // Spec 01 §8: 'Error loading data' is only logged and the spinner stops.
    if (result.error) console.error('Error loading data', result.error);
  }, [result.error]);
  return result;
}

export const ME_URL = '/api/user/me';

const fetchMe = (key: string) => apiGet<DataResponse<Me>>(key);

/**
 * Asks for the signed-in user at boot, before React has drawn anything: useMe would only ask once
 * the app's first render is committed, and every screen waits for the answer (issue 26).
 */
export function preloadMe(): void {
  void preload(ME_URL, fetchMe);
}

const preferenceUrl = (group: string, name: string) => `/api/user/userPreference/${encodeURIComponent(group)}/${encodeURIComponent(name)}`;

/** A saved preference's value; null when none is saved, or when it cannot be read (the screen then uses its default). */
async function fetchPreference(url: string): Promise<string | null> {
  try {
    const body = await apiGet<{ data?: { value?: string | null } | null }>(url);
    return body?.data?.value ?? null;
  } catch (error) {
    console.error(`Could not read preference ${url}`, error);
    return null;
  }
}

/**
 * Asks for a preference at boot, beside /api/user/me, when the first screen waits for it before
 * drawing (the landing's card users decide its URL): one round trip fewer before it paints (issue 26).
 */
export function preloadPreference(group: string, name: string): void {
  void preload(preferenceUrl(group, name), fetchPreference);
}

/** The signed-in user with the access profile that decides what is shown. */
export function useMe() {
  const { data, error, isLoading, mutate } = useSWR<DataResponse<Me>, Error>(ME_URL, fetchMe, {
    revalidateOnFocus: false,
  });
  return { me: data?.data, error, isLoading, mutate };
}

/** `GET /api/appName` -> `{ data }`, shown when no logo has been uploaded. */
export function useAppName(): string | undefined {
  const { data } = useSWR<DataResponse<string>, Error>('/api/appName', (key: string) => apiGet(key), {
    revalidateOnFocus: false,
  });
  return data?.data;
}

/**
 * Refreshes every cached list and record of one resource, e.g. after a save. `deleted` is the
 * key of a record just deleted (useRecord's, without its extra parameters): it is dropped from
 * the cache, not asked for again, as the server would only answer that it is not found.
 */
export function useRefreshResource() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (listPath: string, deleted?: string) => {
      const ofResource = (key: unknown): key is string => typeof key === 'string' && (key === `/api/${listPath}` || key.startsWith(`/api/${listPath}?`));
      const isDeleted = (key: string) => deleted !== undefined && (key === deleted || key.startsWith(`${deleted}&`));
      if (deleted !== undefined) await mutate((key) => ofResource(key) && isDeleted(key), undefined, { revalidate: false });
      return mutate((key) => ofResource(key) && !isDeleted(key));
    },
    [mutate],
  );
}

/**
 * A per-user preference, `GET/PUT /api/user/userPreference/{group}/{name}`
 * with `{ value }`. A missing or failing preference reads as undefined and is
 * only logged (spec 01 §8), so the screen falls back to its default.
 */
export function usePreference(group: string, name: string) {
  const url = preferenceUrl(group, name);
  const { data, isLoading, mutate } = useSWR<string | null, Error>(url, fetchPreference, { revalidateOnFocus: false });

  const save = useCallback(
    async (value: string) => {
      await mutate(value, { revalidate: false });
      try {
        await apiRequest(url, { method: 'PUT', body: { value } });
      } catch (error) {
        console.error(`Could not save preference ${group}/${name}`, error);
      }
    },
    [group, name, url, mutate],
  );

  return { value: data ?? null, isLoading, save };
}
