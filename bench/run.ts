/**
 * npm run bench [-- <scenario> ...]: every scenario, or the ones named (upload, list, xlsx, receipt, sales, kpi, reconciliation, firstLoad).
 * Benchmarks never run in CI; docs/benchmarks.md has the figures of the last runs.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { firstLoadBench } from './first-load.bench';
import { kpiBench } from './kpi.bench';
import { listBench } from './list.bench';
import { rateCardUploadBench } from './rate-card-upload.bench';
import { receiptScanBench } from './receipt-scan.bench';
import { reconciliationBench } from './reconciliation.bench';
import { salesBench } from './sales.bench';

/** The xlsx bomb bench starts its own API process (it forks itself), so it runs as a command. */
function xlsxBombsBench(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(__dirname, 'xlsx-bombs.bench.js')], { stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`xlsx bench exited with ${code}`))));
  });
}

const SCENARIOS: Record<string, () => Promise<void>> = {
  upload: rateCardUploadBench,
  list: listBench,
  xlsx: xlsxBombsBench,
  receipt: receiptScanBench,
  sales: salesBench,
  kpi: kpiBench,
  reconciliation: reconciliationBench,
  firstLoad: firstLoadBench,
};

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
