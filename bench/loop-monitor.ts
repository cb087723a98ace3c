/**
 * Preloaded into a bench's API process (node --require): every 200 ms it appends the longest
 * event-loop delay of the window to LOOP_MONITOR_FILE (one JSON line: at, maxMs), so a bench can
 * tell how long a job running in the process held the loop. Nothing else.
 */
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_MONITOR_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  setInterval(() => {
    appendFileSync(file, `${JSON.stringify({ at: Date.now(), maxMs: histogram.max / 1e6 })}\n`);
    histogram.reset();
  }, 200).unref();
}
