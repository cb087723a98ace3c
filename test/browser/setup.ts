/**
 * Run before every browser test file. The app runs with motion off (browserTarget.newPage), so
 * a dialog or drop-down is at its final size and place when it appears, and every wait is a wait
 * for a condition (waits.ts): a test passes or fails on what the screen shows, not on timing.
 * Hence no retries: a test that fails once is a bug to look at.
 */
import { REPORT_FAILURE } from './environment';
import { checkConsoleErrors, reportFailure } from './pageWatch';

(globalThis as Record<string, unknown>)[REPORT_FAILURE] = reportFailure;

afterEach(checkConsoleErrors);
