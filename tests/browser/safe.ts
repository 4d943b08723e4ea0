/**
 * Sharing safely (notebook contract, section 6), through the browser: a link that asks for
 * seconds of work waits with its estimate; one beyond the bound is refused with a message and
 * runs nothing; inherited property names in a link are unknown names; and the page's
 * Content-Security-Policy holds: nothing the site does violates it, while a script it did not
 * ship is refused. (Every page's shared visit also fails on any console error, which is where
 * Chromium reports a violation.)
 */
import type { Page } from 'playwright-core';
import { test } from './lib/fixtures.ts';
import { assert, Problems, url, withPage } from './lib/helpers.ts';

const P2C = '/en/power-of-two-choices/';
const stateOf = (page: Page, cell: string) => page.locator(`[data-cell="${cell}"]`).getAttribute('data-state');

test('a link asking for seconds of work fills the cell and waits with its estimate; Run then starts it', async ({ suite: s }) => {
  await withPage(s, {}, async (page) => {
    await page.goto(`${url(s, P2C)}?maxload.n=10000000`);
    const cell = page.locator('[data-cell="maxload"]');
    await cell.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-cell="maxload"]')?.dataset.state === 'waiting', null, { timeout: 20_000 });
    const status = (await cell.locator('.cell-status').textContent())?.trim() ?? '';
    assert(/\d/.test(status), `waiting without an estimate: "${status}"`);
    assert((await cell.locator('[name="n"]').inputValue()).replace(/\D/g, '') === '10000000', 'the link did not fill n');
    await page.waitForTimeout(1000);
    assert((await stateOf(page, 'maxload')) === 'waiting' && (await cell.getAttribute('data-source')) === 'build', 'the run started without the reader');
    await cell.locator('button[data-action="run"]').click();
    // Run starts it: running, or already done where the kernel is quick (a reader's run then shows).
    await page.waitForFunction(() => {
      const el = document.querySelector<HTMLElement>('[data-cell="maxload"]');
      return el?.dataset.state === 'running' || (el?.dataset.state === 'done' && el.dataset.source === 'live');
    }, null, { timeout: 20_000 });
    if ((await stateOf(page, 'maxload')) === 'running') await cell.locator('button[data-action="cancel"]').click();
  });
});

test('a link beyond the two-minute bound is refused with a message and runs nothing; inherited names are unknown names', async ({ suite: s }) => {
  const problems = new Problems();
  await withPage(s, {}, async (page, rec) => {
    await page.goto(`${url(s, '/en/mols-relay-routing/')}?speed.candidates=256&speed.calls=5000000&speed.repeats=10`);
    const cell = page.locator('[data-cell="speed"]');
    await cell.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => (document.querySelector('[data-cell="speed"] [role="alert"]')?.textContent ?? '').trim() !== '', null, { timeout: 20_000 }).catch(() => problems.add('speed', 'no message for a refused link'));
    const alert = (await cell.locator('[role="alert"]').textContent())?.trim() ?? '';
    if (!/minute/.test(alert)) problems.add('speed', `the message does not give the cost: "${alert}"`);
    if ((await cell.getAttribute('data-source')) !== 'build') problems.add('speed', 'the refused link ran');
    await page.goto(`${url(s, '/en/consistent-hashing/')}?remap.constructor=1&remap.toString=2&remap.__proto__=3`);
    const remap = page.locator('[data-cell="remap"]');
    await remap.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-cell="remap"]')?.dataset.ready === 'true', null, { timeout: 20_000 }).catch(() => problems.add('remap', 'the cell never became ready'));
    const state = await stateOf(page, 'remap');
    if (state !== 'idle') problems.add('remap', `inherited names started something: data-state="${state}"`);
    if (rec.pageErrors.length) problems.add('remap', rec.pageErrors.join('\n'));
  });
  problems.check();
});

test('the Content-Security-Policy: the site runs a cell and searches with no violation, and a script it did not ship is refused', async ({ suite: s }) => {
  await withPage(s, {}, async (page) => {
    await page.addInitScript(() => {
      const w = window as unknown as { violations: string[] };
      w.violations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(url(s, '/consistent-hashing/'));
    const cell = page.locator('[data-cell="ring"]');
    await cell.scrollIntoViewIfNeeded();
    await cell.locator('button[data-action="run"]').click();
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-cell="ring"]')?.dataset.state === 'done', null, { timeout: 20_000 });
    await page.locator('.search-open').click();
    await page.locator('#search-input').pressSequentially('ring', { delay: 20 });
    await page.waitForFunction(() => document.querySelectorAll('.search-results li').length > 0, null, { timeout: 10_000 });
    const clean = await page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    assert(clean.length === 0, `violations: ${clean.join('; ')}`);
    // The policy is live: an inline script added now is refused and reported.
    await page.evaluate(() => {
      const el = document.createElement('script');
      el.textContent = 'window.injected = true;';
      document.body.append(el);
    });
    await page.waitForTimeout(200);
    const after = await page.evaluate(() => ({ injected: 'injected' in window, violations: (window as unknown as { violations: string[] }).violations }));
    assert(!after.injected && after.violations.some((v) => v.startsWith('script-src')), `an injected inline script ran or was not reported: ${JSON.stringify(after)}`);
  });
});
