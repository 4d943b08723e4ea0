/**
 * The runner's self-test (run by tests/unit/browser-runner.test.ts): a deliberately slow browser
 * test that would loop forever is stopped at its timeout, and the test after it sees nothing of
 * it. `SELFTEST_UNOWNED=1` opens the slow test's page outside the harness (nothing closes it when
 * the test is stopped), so the unit test can show that the check catches a test that bleeds.
 * Prints one `SELFTEST {json}` line with what it saw.
 */
import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launch, registered, test, withPage } from './harness.ts';
import type { Suite } from './harness.ts';
import { runTests } from './runner.ts';

const TIMEOUT = 5000;
const ticks: number[] = [];
let stoppedAt = 0;
let browser: Browser | undefined;
let suite: Suite | undefined;

async function loopForever(page: Page): Promise<never> {
  await page.goto('data:text/html,<p>slow</p>');
  for (;;) {
    await page.evaluate(() => document.title);
    ticks.push(Date.now());
    await page.waitForTimeout(20);
  }
}

test(
  'selftest: a slow test',
  async (s) => {
    if (process.env.SELFTEST_UNOWNED) {
      const context = await s.browser.newContext();
      await loopForever(await context.newPage());
    }
    await withPage(s, {}, loopForever);
  },
  TIMEOUT,
  'alone',
);

test(
  'selftest: the next test',
  async (s) => {
    stoppedAt = Date.now();
    const before = ticks.length;
    // Long enough for a loop that is still going to tick many times.
    await withPage(s, {}, async (page) => {
      await page.goto('data:text/html,<p>next</p>');
      await page.waitForTimeout(800);
    });
    const during = ticks.length - before;
    const last = ticks.at(-1) ?? 0;
    console.log(`SELFTEST ${JSON.stringify({ ticks: before, during, lastTickAfterNextStarted: last - stoppedAt })}`);
    if (during > 0) throw new Error(`the slow test ran on into this one: ${during} steps while this test ran`);
  },
  10_000,
  'alone',
);

const chosen = runTests(
  registered(),
  () => suite!,
  { filter: process.argv[2] === '--grep' ? process.argv[3] : undefined },
);
if (chosen.length) {
  before(async () => {
    browser = await launch();
    suite = { browser, origin: 'http://127.0.0.1', lbOrigin: '', pages: [], lbPages: [] };
  });
  after(async () => {
    await browser?.close();
  });
}
