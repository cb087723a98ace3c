import type { Response } from 'supertest';
import { expectStatus, type Client, type Row } from './api';

/** Polls GET /longRunningOperation?operationID= (as the client does, a little faster) until the job has finished. */
export async function finishedOperation(client: Client, operationID: number, timeoutMs = 120_000): Promise<Row> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const data = expectStatus(await client.get(`/api/longRunningOperation?operationID=${operationID}`), 200).body.data as Row;
    if (data.state === 'completed' || data.state === 'failed') return data;
    if (Date.now() > deadline) throw new Error(`Operation ${operationID} still ${data.state} after ${timeoutMs} ms: ${data.message}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * An upload call that queues a job, seen as its synchronous answer was before jobs: a 400 at the
 * call stays as it is; a queued job's result becomes the body, with 200 when its validationResult
 * passed and 400 when it failed. A job that failed outright throws.
 */
export async function uploadAnswer(client: Client, call: Promise<Response>): Promise<{ status: number; body: Row; text: string }> {
  const res = await call;
  if (res.status !== 202) return res;
  const operation = await finishedOperation(client, res.body.data.operationID);
  if (operation.state !== 'completed') throw new Error(`Operation ${operation.operationID} failed: ${operation.error}`);
  const body = operation.result as Row;
  const status = (body.validationResult as { fail?: boolean })?.fail ? 400 : 200;
  return { status, body, text: JSON.stringify(body) };
}
