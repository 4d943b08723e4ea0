/**
 * The suite's own harness (lib/helpers.ts withPage): a page that stops drawing (headless Chromium
 * does so now and then; withPage's comment says how it was seen) is noticed and the test's steps
 * run again in a fresh context; one that stops on both tries fails with what was seen. The stall
 * is made here by a page whose requestAnimationFrame never calls back, probed every 300 ms.
 */
import { expect } from '@playwright/test';
import { test } from './lib/fixtures.ts';
import { url, withPage } from './lib/helpers.ts';
import type { BrowserContext } from 'playwright-core';

const probe = { every: 300, wait: 500 };
const noFrames = (context: BrowserContext) =>
  context.addInitScript(() => {
    window.requestAnimationFrame = () => 0;
  });

test('harness: a page that stops drawing is opened again in a fresh context, once; one that stops twice fails saying so', async ({ suite: s }) => {
  let tries = 0;
  const got = await withPage(s, { frameProbe: probe }, async (page, _rec, context) => {
    tries++;
    if (tries === 1) await noFrames(context);
    await page.goto(url(s, '/'));
    // The first try waits on a frame that never comes, as Playwright's clicks do on such a page.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    return page.evaluate(() => document.documentElement.lang);
  });
  expect(tries).toBe(2);
  expect(got).toBe('ko');

  let again = 0;
  const failed = await withPage(s, { frameProbe: probe }, async (page, _rec, context) => {
    again++;
    await noFrames(context);
    await page.goto(url(s, '/'));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  }).then(
    () => 'passed',
    (e: unknown) => (e instanceof Error ? e.message : String(e)),
  );
  expect(again).toBe(2);
  expect(failed).toMatch(/stopped drawing twice .*no animation frame in two probes/);

  // A page that draws is never taken for one that stopped, however long its steps take.
  let once = 0;
  await withPage(s, { frameProbe: probe }, async (page) => {
    once++;
    await page.goto(url(s, '/'));
    await page.waitForTimeout(2500);
  });
  expect(once).toBe(1);
});
