/**
 * npm run bench [-- <scenario> ...]: every scenario, or the ones named (upload, list).
 * Benchmarks never run in CI; README "Benchmarks" has the figures of the last run.
 */
import { listBench } from './list.bench';
import { rateCardUploadBench } from './rate-card-upload.bench';

const SCENARIOS: Record<string, () => Promise<void>> = { upload: rateCardUploadBench, list: listBench };

async function main() {
  const named = process.argv.slice(2);
  const unknown = named.filter((name) => !SCENARIOS[name]);
  if (unknown.length) throw new Error(`Unknown scenario ${unknown.join(', ')}: choose from ${Object.keys(SCENARIOS).join(', ')}`);
  for (const name of named.length ? named : Object.keys(SCENARIOS)) await SCENARIOS[name]();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
