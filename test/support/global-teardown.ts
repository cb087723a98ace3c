import { rmSync } from 'node:fs';
import { validationReport } from './answer-validation';
import { RESOURCES, type TestResources } from './global-setup';
import { dropWorkerDatabases } from './test-database';

/**
 * Stops what global-setup.ts started (containers), drops the per-worker databases of a
 * parallel run and removes the temporary directory. The main test database is left for
 * looking into after a failure; the next run drops it.
 */
export default async function globalTeardown(): Promise<void> {
  const resources = (globalThis as Record<string, unknown>)[RESOURCES] as TestResources | undefined;
  if (!resources) return;
  // The browser tests make their calls from the page, not through the validating test client: no report.
  const report = process.env.ANSWER_VALIDATION_REPORT === '1' ? validationReport(resources.dataDir) : null;
  if (report) console.log(`\n${report}`);
  if (process.env.TEST_DB_KIND === 'mysql' && resources.stop.length === 0 && process.env.TEST_DATABASE_URL) {
    await dropWorkerDatabases(process.env.TEST_DATABASE_URL).catch((error) => console.warn(`Teardown: ${String(error)}`));
  }
  for (const stop of resources.stop.reverse()) await stop().catch((error) => console.warn(`Teardown: ${String(error)}`));
  rmSync(resources.dataDir, { recursive: true, force: true });
}
