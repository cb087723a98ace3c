import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import { apiGet, apiRequest } from '../api/http';
import { type OperationView, isFinished, operationOf } from './types';

/** Spec 02 §7 and §9: the long-running operation is polled every 500 ms. */
export const OPERATION_POLL_MS = 500;

export function operationUrl(operationID: number): string {
  return `/api/longRunningOperation?operationID=${operationID}`;
}

/**
 * Follows one operation: `GET /api/longRunningOperation?operationID=` every 500 ms until it is
 * completed or failed. `onFinished` is called once per operation when it ends (with its result).
 * Network errors are only logged (spec 02 §8) and polling carries on.
 */
export function useOperation<R = unknown>(
  operationID: number | null | undefined,
  onFinished?: (operation: OperationView<R>) => void,
): { operation: OperationView<R> | undefined; finished: boolean } {
  const { data, error } = useSWR<{ data: OperationView<R> | null }, Error>(
    operationID ? operationUrl(operationID) : null,
    (url: string) => apiGet<{ data: OperationView<R> | null }>(url),
    {
      refreshInterval: (latest) => (latest?.data && isFinished(latest.data) ? 0 : OPERATION_POLL_MS),
      revalidateOnFocus: false,
      dedupingInterval: 0,
      errorRetryInterval: OPERATION_POLL_MS * 2,
    },
  );
  useEffect(() => {
    if (error) console.error('Could not read the operation', error);
  }, [error]);
  const operation = data?.data && data.data.operationID === operationID ? data.data : undefined;
  const finished = isFinished(operation);

  // Called once per operation, with the latest callback.
  const callback = useRef(onFinished);
  callback.current = onFinished;
  const reported = useRef<number | null>(null);
  useEffect(() => {
    if (operation && finished && reported.current !== operation.operationID) {
      reported.current = operation.operationID;
      callback.current?.(operation);
    }
  }, [operation, finished]);

  return { operation, finished };
}

/**
 * Starts a job (`POST`/`PUT` answering `202 { data: operation }`). An endpoint that still answers
 * synchronously gets its body back as `{ body }` instead, so a caller can take both.
 */
export async function startOperation(url: string, method: 'POST' | 'PUT', body?: unknown): Promise<{ operation: OperationView | null; body: unknown }> {
  const answer = await apiRequest<unknown>(url, { method, body });
  return { operation: operationOf(answer.body), body: answer.body };
}
