/**
 * The browser suite (tests/browser/) on @playwright/test: `npm run test:browser` after
 * `npm run build` (and `npm run build:lb`, made by the project `subpath-build` when missing).
 * Debian's Chromium (/usr/bin/chromium) through launchOptions.executablePath: Playwright never
 * downloads a browser. The global setup (tests/browser/lib/global-setup.ts) waits for Chromium,
 * serves dist/ to every worker and makes the directory the page visits are recorded in.
 *
 * Projects, on two workers (the machine's two cores):
 * - `visits`: every page's visit (tests/browser/page-visits.ts), one test a page, beside
 * - `browser`: the tests that read no visit, and `subpath-build`: dist-lb/ when it is stale;
 * - then `after-visits` (tests tagged @after-visits: they read the visits' records) and `subpath`
 *   (tests whose names say /lb/ or sub-path: they need dist-lb/).
 * With LB_PERF=1 (`npm run test:perf`) only the tests that measure time: `quiet` (@quiet), then
 * `alone` (@alone), one at a time on one worker, so that nothing runs beside them.
 */
import { defineConfig } from '@playwright/test';
import type { Project } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './tests/browser/lib/helpers.ts';

const perf = process.env.LB_PERF === '1';
const SUBPATH = /\/lb\/|sub-path/;
/** The helpers and the two setup files are not tests of the main projects. */
const NOT_TESTS = ['lib/**', 'page-visits.ts', 'subpath-build.ts'];

const projects: Project[] = perf
  ? [
      { name: 'quiet', grep: /@quiet/, testIgnore: NOT_TESTS },
      { name: 'alone', grep: /@alone/, testIgnore: NOT_TESTS },
    ]
  : [
      { name: 'subpath-build', testMatch: 'subpath-build.ts' },
      { name: 'visits', testMatch: 'page-visits.ts' },
      { name: 'browser', testIgnore: NOT_TESTS, grepInvert: [/@after-visits|@quiet|@alone/, SUBPATH] },
      { name: 'after-visits', testIgnore: NOT_TESTS, grep: /@after-visits/, dependencies: ['visits'] },
      { name: 'subpath', testIgnore: NOT_TESTS, grep: SUBPATH, grepInvert: /@quiet|@alone/, dependencies: ['subpath-build'] },
    ];

export default defineConfig({
  testDir: 'tests/browser',
  testMatch: '*.ts',
  testIgnore: 'lib/**',
  outputDir: 'test-results/browser',
  fullyParallel: true,
  workers: perf ? 1 : 2,
  // A test's own timeout comes with options(timeout) (tests/browser/lib/fixtures.ts).
  timeout: 90_000,
  reporter: [['list'], ['./tests/browser/lib/notes-reporter.ts']],
  globalSetup: './tests/browser/lib/global-setup.ts',
  use: {
    headless: true,
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'off',
    video: 'off',
  },
  projects,
});
