/**
 * Browser tests drive a real Chromium on a shared two-core CI machine, where an
 * animation or a slow first paint can occasionally outlast a wait. Each test may
 * run once more; the first failure is printed in full, so a flaky screen shows up
 * in the CI log instead of hiding behind the retry. Tests therefore arrange their
 * own starting state and name what they create per attempt (see `attemptName`).
 */
jest.retryTimes(1, { logErrorsBeforeRetry: true });
