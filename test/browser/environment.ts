import type { Circus } from '@jest/types';
import { TestEnvironment } from 'jest-environment-node';

/** Set by setup.ts: pageWatch.reportFailure, in the tests' own module registry. */
export const REPORT_FAILURE = '__browserReportFailure';

/**
 * Jest's node environment, plus: when a browser test fails (its body, or a hook around it), the
 * screenshots and console of its open pages are added to its failure, taken at the moment it
 * failed, before any afterEach closes a page. jest-circus awaits this handler.
 */
export default class BrowserTestEnvironment extends TestEnvironment {
  async handleTestEvent(event: Circus.Event): Promise<void> {
    if (event.name !== 'test_fn_failure' && event.name !== 'hook_failure') return;
    const test = event.test;
    const report = this.global[REPORT_FAILURE] as ((name: string) => Promise<string>) | undefined;
    if (!test || !report) return;
    const text = await report(fullName(test));
    if (!text) return;
    const attachment = new Error(text);
    attachment.stack = text;
    test.errors.push(attachment);
  }
}

function fullName(test: Circus.TestEntry): string {
  const names = [test.name];
  for (let block: Circus.DescribeBlock | undefined = test.parent; block && block.name !== 'ROOT_DESCRIBE_BLOCK'; block = block.parent)
    names.unshift(block.name);
  return names.join(' ');
}
