/**
 * Prints a test's notes (fixtures.ts `note`: timings, sizes) under its line of the list reporter,
 * pass or fail.
 */
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class NotesReporter implements Reporter {
  onTestEnd(_test: TestCase, result: TestResult): void {
    for (const a of result.annotations) if (a.type === 'note' && a.description) process.stdout.write(`      # ${a.description}\n`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
