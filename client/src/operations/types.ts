/** Shapes of the jobs contract (docs/http-api.md, "Jobs"): GET /api/longRunningOperation. */

export type OperationState = 'waiting' | 'active' | 'completed' | 'failed';

export interface OperationView<R = unknown> {
  operationID: number;
  name: string;
  queue?: string;
  state: OperationState;
  message: string;
  /** 0..100. */
  percentage: number;
  attempts?: number;
  /** The id of what the job made (a rec sheet import's sheet, an auto-reconcile run). */
  resultID: number | null;
  /** The job's answer, once completed (or failed with a report). */
  result?: R;
  /** Why it failed, once failed. */
  error: string | null;
  userName?: string;
  createdDate?: string;
  startedDate?: string | null;
  finishedDate?: string | null;
}

export function isFinished(operation: Pick<OperationView, 'state'> | null | undefined): boolean {
  return operation?.state === 'completed' || operation?.state === 'failed';
}

/** An answer that started a job: `202 { data: operation }`. */
export function operationOf(body: unknown): OperationView | null {
  const data = (body as { data?: unknown } | null)?.data as Partial<OperationView> | undefined;
  if (data && typeof data === 'object' && typeof data.operationID === 'number' && typeof data.state === 'string') {
    return data as OperationView;
  }
  return null;
}
