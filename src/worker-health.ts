import { statSync } from 'node:fs';

/**
 * A container health check for the worker (docker/compose.yml): exits 0 when the worker touched
 * WORKER_HEARTBEAT_FILE within the last three beats (it does so only while it reaches Redis),
 * 1 otherwise. It starts no app and opens no connection.
 */
const file = process.env.WORKER_HEARTBEAT_FILE;
const beatMs = Number(process.env.WORKER_HEARTBEAT_MS) || 5000;
try {
  if (!file) throw new Error('WORKER_HEARTBEAT_FILE is not set');
  const ageMs = Date.now() - statSync(file).mtimeMs;
  if (ageMs > 3 * beatMs) throw new Error(`The worker's last beat was ${Math.round(ageMs / 1000)} s ago`);
  process.exit(0);
} catch (error) {
  process.stderr.write(`${JSON.stringify({ level: 50, msg: 'Worker health check failed', error: (error as Error).message })}\n`);
  process.exit(1);
}
