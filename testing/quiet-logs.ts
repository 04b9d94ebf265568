import { captureDefaultLogs } from '../src/logging/logger';

/** The part of mocha's hook context the hooks read (mocha's own types stay out of the kit). */
export interface TestHookContext {
  currentTest?: { state?: string; fullTitle(): string };
}

/**
 * Mocha hooks that keep the log lines of each test (apps with the default logger, and
 * `createTestApp` ones) and print them to stderr only when the test fails: the runner's output
 * stays readable. Pass them to mocha as root hooks.
 * @example export const mochaHooks = quietLogs();
 */
export function quietLogs(): { beforeEach(): void; afterEach(this: TestHookContext): void } {
  let lines: string[] = [];
  return {
    beforeEach() {
      lines = [];
      captureDefaultLogs((line) => lines.push(line));
    },
    afterEach(this: TestHookContext) {
      captureDefaultLogs(undefined);
      const test = this.currentTest;
      if (test?.state === 'failed' && lines.length > 0)
        process.stderr.write(
          `--- the log of "${test.fullTitle()}" ---\n${lines.join('')}--- end of log ---\n`,
        );
      lines = [];
    },
  };
}
