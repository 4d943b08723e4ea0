/**
 * The notebook contract, through the browser, on the balls.maxload cell (`maxload`) of the
 * power-of-two-choices chapter in both languages: live runs, cancel, bad input, URL state,
 * share, and the keyboard.
 */
import type { Page } from 'playwright-core';
import { note, options, test } from './lib/fixtures.ts';
import { assert, Problems, resultsOf, runCell, statesOf, url, waitForRunEnd, watchStates, withPage } from './lib/helpers.ts';
import type { Suite } from './lib/helpers.ts';

const CELL = 'maxload';
const CHAPTERS = ['/power-of-two-choices/', '/en/power-of-two-choices/'];
const cellSel = `[data-cell="${CELL}"]`;

async function openCell(s: Suite, page: Page, path: string, query = ''): Promise<void> {
  assert(
    s.pages.some((p) => p.path === path),
    `${path} is not in the sitemap`,
  );
  await page.goto(url(s, path) + query);
  const cell = page.locator(cellSel);
  assert((await cell.count()) === 1, `${path}: expected one ${cellSel}, found ${await cell.count()}`);
  assert((await cell.getAttribute('data-experiment')) === 'balls.maxload', `${path}: ${cellSel} has data-experiment="${await cell.getAttribute('data-experiment')}"`);
  await cell.scrollIntoViewIfNeeded();
}

const control = (page: Page, name: string) => page.locator(`${cellSel} [name="${name}"]`);
const stateOf = (page: Page) => page.locator(cellSel).getAttribute('data-state');

/** Text of whatever the cell uses for status (aria-live region or role=status), alerts excluded. */
async function statusText(page: Page): Promise<string> {
  return page.$$eval(`${cellSel} [aria-live]:not([role="alert"]), ${cellSel} [role="status"]`, (els) => els.map((e) => (e.textContent ?? '').trim()).join(' ').trim());
}

/** Presses Share and waits (up to `ms`) for the cell's status text to change. */
async function pressShare(page: Page, ms = 5000): Promise<{ before: string; after: string }> {
  const before = await statusText(page);
  await page.locator(`${cellSel} button[data-action="share"]`).click();
  const started = Date.now();
  let after = before;
  while (Date.now() - started < ms) {
    after = await statusText(page);
    if (after && after !== before) break;
    await page.waitForTimeout(50);
  }
  return { before, after };
}

/**
 * How long the early-press tests hold the cell's code back: long enough that the page loads and
 * the press lands before it arrives even on a busy machine (they run beside other tests).
 */
const HOLD_MS = 5000;

/**
 * Delays every script requested once `armed` is set (after the page has loaded) by `ms`, so a
 * test can act on a cell while its code is still on the way. Counts held and completed ones.
 */
async function holdBackLateScripts(page: Page, ms: number): Promise<{ armed: boolean; held: number; completed: number }> {
  const state = { armed: false, held: 0, completed: 0 };
  await page.route('**/*', async (route) => {
    const req = route.request();
    const path = new URL(req.url()).pathname;
    // The island chunk is held from the start: another cell nearer the top (Figure 1) may
    // hydrate, and so fetch it, as soon as the page loads.
    if ((state.armed && /\.m?js(\?|$)/.test(path)) || /cell-island[^/]*\.js$/.test(path)) {
      state.held++;
      await new Promise((r) => setTimeout(r, ms));
      await route.continue();
      state.completed++;
      return;
    }
    await route.continue();
  });
  return state;
}

for (const path of CHAPTERS) {
  // One page load for four promises of the cell, in the order a reader meets them: a bad n is
  // refused, n = 10^6 runs to the article's 9 and 4, Share copies a link that carries it, and Share
  // with the clipboard denied says so without throwing.
  test(`balls.maxload on ${path}: a bad n (0, abc, 20000000) marks the control invalid with a message and an alert, does not run, keeps the results; then n = 1000000 from the page runs to max.d1 = 9 and max.d2 = 4, data-source live; Share with the clipboard allowed copies a link that carries maxload.n and says so; Share with the clipboard denied does not throw and the status says so`, async ({ suite: s }) => {
    await withPage(s, {}, async (page, rec, context) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.origin });
      await openCell(s, page, path);
      const p = new Problems();
      // A bad n.
      const before = await resultsOf(page, CELL);
      const n = control(page, 'n');
      const describedText = () =>
        n.evaluate((c) =>
          (c.getAttribute('aria-describedby') ?? '')
            .split(/\s+/)
            .filter(Boolean)
            .map((id) => {
              const el = document.getElementById(id);
              return el ? (el.textContent ?? '').trim() : `<missing #${id}>`;
            })
            .join(' | '),
        );
      const validText = await describedText();
      for (const bad of ['0', 'abc', '20000000']) {
        await n.fill(bad);
        await watchStates(page, CELL);
        await page.locator(`${cellSel} button[data-action="run"]`).click();
        try {
          await page.waitForFunction((sel) => document.querySelector(`${sel} [name="n"]`)?.getAttribute('aria-invalid') === 'true', cellSel, { timeout: 5000 });
        } catch {
          p.add(`n = ${bad}`, `aria-invalid is "${await n.getAttribute('aria-invalid')}", expected "true"`);
        }
        await page.waitForTimeout(400);
        const text = await describedText();
        if (!text || text.includes('<missing')) p.add(`n = ${bad}`, `aria-describedby="${await n.getAttribute('aria-describedby')}" does not point at existing elements with text: ${text}`);
        else if (text === validText) p.add(`n = ${bad}`, `aria-describedby still points only at the hint ("${text}"), no error message`);
        const alert = await page.$$eval(`${cellSel} [role="alert"]`, (els) => els.map((e) => (e.textContent ?? '').trim()).join(' ').trim());
        if (!alert) p.add(`n = ${bad}`, 'no text in a [role="alert"] inside the cell');
        const states = (await statesOf(page, CELL)).map((e) => e.state);
        if (states.includes('running')) p.add(`n = ${bad}`, `the cell ran anyway (states: ${states.join(' → ')})`);
        const after = await resultsOf(page, CELL);
        if (JSON.stringify(after) !== JSON.stringify(before)) p.add(`n = ${bad}`, `results changed: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
        const source = await page.locator(cellSel).getAttribute('data-source');
        if (source !== 'build') p.add(`n = ${bad}`, `data-source became ${source}`);
      }
      // n = 10^6 from the page.
      await n.fill('1000000');
      const started = Date.now();
      const state = await runCell(page, CELL, 60_000);
      note(`n = 10^6 run took ${Date.now() - started} ms`);
      if (state !== 'done') p.add('n = 1000000', `state ended as ${state}, expected done; alert: ${await page.locator(`${cellSel} [role="alert"]`).first().textContent()}`);
      const r = await resultsOf(page, CELL);
      if (r['max.d1'] !== '9') p.add('max.d1', `data-value="${r['max.d1']}", expected 9`);
      if (r['max.d2'] !== '4') p.add('max.d2', `data-value="${r['max.d2']}", expected 4`);
      const source = await page.locator(cellSel).getAttribute('data-source');
      if (source !== 'live') p.add('data-source', `"${source}", expected live`);
      const texts = await page.$$eval(`${cellSel} [data-result="max.d1"], ${cellSel} [data-result="max.d2"]`, (els) => els.map((e) => (e.textContent ?? '').trim()));
      if (texts.length !== 2 || texts.some((t) => !/[49]/.test(t))) p.add('text', `result texts ${JSON.stringify(texts)} do not show 9 and 4`);
      // Share, the clipboard allowed (the clipboard outlives contexts in one browser: start from a known value).
      await page.evaluate(() => navigator.clipboard.writeText('clipboard-before-share'));
      const allowed = await pressShare(page);
      if (!allowed.after || allowed.after === allowed.before) p.add('Share (allowed): status', `status text "${allowed.after}" did not change after Share (before: "${allowed.before}")`);
      const copied = await page.evaluate(() => navigator.clipboard.readText().catch((e: Error) => `<read failed: ${e.message}>`));
      let link: URL | null = null;
      try {
        link = new URL(copied);
      } catch {
        p.add('Share (allowed): clipboard', `holds "${copied}", not a URL`);
      }
      if (link) {
        if (link.searchParams.get(`${CELL}.n`) !== '1000000') p.add('Share (allowed): clipboard', `link ${copied} does not carry ${CELL}.n=1000000`);
        if (link.origin !== s.origin || link.pathname !== path) p.add('Share (allowed): clipboard', `link ${copied} is not for ${path}`);
      }
      note(`status after Share: "${allowed.after}"`);
      // Share, the clipboard denied outright, whatever the headless default.
      await page.evaluate(() => {
        Object.defineProperty(navigator, 'clipboard', {
          configurable: true,
          value: { writeText: () => Promise.reject(new DOMException('denied by the test', 'NotAllowedError')), readText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
        });
      });
      const denied = await pressShare(page);
      if (!denied.after || denied.after === denied.before) p.add('Share (denied): status', `status text "${denied.after}" does not report the failed copy (before: "${denied.before}")`);
      note(`status after a denied Share: "${denied.after}"`);
      if (rec.pageErrors.length) p.add('page', `uncaught: ${rec.pageErrors.map((e) => e.split('\n')[0]).join('; ')}`);
      p.check();
    });
  });

  test(`balls.maxload on ${path}: Cancel during a 10^7 run ends it (cancelled) within 500 ms and keeps the previous results`, options(90_000, 'quiet'), async ({ suite: s }) => {
    await withPage(s, {}, async (page) => {
      await openCell(s, page, path);
      const before = await resultsOf(page, CELL);
      assert(Object.keys(before).length > 0, 'the cell shows no results before the run');
      await control(page, 'n').fill('10000000');
      await watchStates(page, CELL);
      await page.locator(`${cellSel} button[data-action="run"]`).click();
      // Midway: running, a visible progress bar that has moved.
      await page.waitForFunction(
        (sel) => {
          const el = document.querySelector(sel) as HTMLElement;
          const bar = el.querySelector('progress, [role="progressbar"]') as HTMLElement | null;
          if (el.dataset.state !== 'running' || !bar || !bar.checkVisibility()) return false;
          const v = bar instanceof HTMLProgressElement ? bar.value / (bar.max || 1) : Number(bar.getAttribute('aria-valuenow') ?? 0) / Number(bar.getAttribute('aria-valuemax') ?? 1);
          return v > 0.05 && v < 0.9;
        },
        cellSel,
        { timeout: 30_000, polling: 10 },
      );
      const timing = await page.evaluate(async (sel) => {
        const el = document.querySelector(sel) as HTMLElement;
        const cancel = el.querySelector('button[data-action="cancel"]') as HTMLButtonElement;
        const bar = el.querySelector('progress, [role="progressbar"]') as HTMLProgressElement;
        const progress = bar.value;
        const disabled = cancel.disabled;
        const t0 = performance.now();
        cancel.click();
        const t1 = await new Promise<number | null>((ok) => {
          if (el.dataset.state === 'cancelled') return ok(performance.now());
          const obs = new MutationObserver(() => {
            if (el.dataset.state === 'cancelled') {
              obs.disconnect();
              ok(performance.now());
            }
          });
          obs.observe(el, { attributes: true, attributeFilter: ['data-state'] });
          setTimeout(() => {
            obs.disconnect();
            ok(null);
          }, 3000);
        });
        return { progress, disabled, ms: t1 === null ? null : t1 - t0, state: el.dataset.state };
      }, cellSel);
      note(`cancel pressed at progress ${timing.progress.toFixed(2)}; state became cancelled ${timing.ms === null ? 'never (3 s)' : `${timing.ms.toFixed(1)} ms`} after the click`);
      assert(!timing.disabled, 'the Cancel button was disabled while the run was in progress');
      assert(timing.ms !== null, `state did not become cancelled within 3 s of the click (state: ${timing.state})`);
      assert(timing.ms <= 500, `state became cancelled ${timing.ms.toFixed(0)} ms after the click (allowed 500)`);
      // Later replies from the worker must not overwrite the kept results.
      await page.waitForTimeout(1500);
      const after = await resultsOf(page, CELL);
      const state = await stateOf(page);
      assert(state === 'cancelled', `1.5 s after the cancel the state is ${state}`);
      assert(JSON.stringify(after) === JSON.stringify(before), `results changed after cancel: before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`);
    });
  });

  test(`balls.maxload on ${path}: ?maxload.n=1000000 fills n and runs by itself to 9 and 4`, async ({ suite: s }) => {
    await withPage(s, {}, async (page, rec) => {
      await openCell(s, page, path, '?maxload.n=1000000');
      try {
        await page.waitForFunction(
          (sel) => {
            const el = document.querySelector(sel) as HTMLElement;
            return el.dataset.source === 'live' && ['done', 'error', 'cancelled'].includes(el.dataset.state ?? '');
          },
          cellSel,
          { timeout: 60_000, polling: 100 },
        );
      } catch {
        throw new Error(`the cell did not run by itself: data-state=${await stateOf(page)}, data-source=${await page.locator(cellSel).getAttribute('data-source')}, n=${await control(page, 'n').inputValue()}`);
      }
      const p = new Problems();
      const value = await control(page, 'n').inputValue();
      if (value.replace(/[\s,_]/g, '') !== '1000000') p.add('input[name="n"]', `value "${value}", expected 1000000`);
      const state = await stateOf(page);
      if (state !== 'done') p.add('state', `${state}, expected done`);
      const r = await resultsOf(page, CELL);
      if (r['max.d1'] !== '9') p.add('max.d1', `data-value="${r['max.d1']}", expected 9`);
      if (r['max.d2'] !== '4') p.add('max.d2', `data-value="${r['max.d2']}", expected 4`);
      // The numbers came from the WebAssembly kernel, not its TypeScript fallback, and the page says which.
      const path_ = await page.locator(cellSel).getAttribute('data-path');
      if (path_ !== 'kernel') p.add('data-path', `"${path_}", expected "kernel" (the kernel did not run)`);
      const said = (await page.locator(`${cellSel} .cell-status`).textContent().catch(() => '')) ?? '';
      if (!/WebAssembly/.test(said)) p.add('status', `"${said}" does not say the kernel computed it`);
      if (rec.pageErrors.length) p.add('page', `uncaught: ${rec.pageErrors.join('; ')}`);
      p.check();
    });
  });

  // Hydration is the same code in both locales (the island, its chunk, the queued press): the two
  // early presses are tested on the first chapter page only; their status words are the cell's
  // strings, which both locales' visits and the tests above read.
  if (path === CHAPTERS[0]) test(`balls.maxload on ${path}: Run pressed before the cell's code has loaded still runs the cell`, options(90_000), async ({ suite: s }) => {
    await withPage(s, {}, async (page, rec) => {
      const late = await holdBackLateScripts(page, HOLD_MS);
      await openCell(s, page, path);
      late.armed = true;
      await page.locator(cellSel).scrollIntoViewIfNeeded();
      await watchStates(page, CELL);
      const loadedBefore = late.completed;
      await page.locator(`${cellSel} button[data-action="run"]`).click();
      assert(loadedBefore === 0, `setup: ${loadedBefore} held-back script(s) had already loaded before the press; the early press was not tested`);
      const state = await waitForRunEnd(page, CELL, 20_000).catch(() => null);
      assert(late.held > 0, 'setup: no script was loaded after the page load; nothing was held back');
      assert(state === 'done', `the early Run press did not lead to a finished run (states: ${(await statesOf(page, CELL)).map((e) => e.state).join(' → ') || 'none'})`);
      assert(rec.pageErrors.length === 0, `uncaught: ${rec.pageErrors.map((e) => e.split('\n')[0]).join('; ')}`);
    });
  });

  if (path === CHAPTERS[0]) test(`balls.maxload on ${path}: Share pressed before the cell's code has loaded is not lost (the status answers)`, options(90_000), async ({ suite: s }) => {
    await withPage(s, {}, async (page, rec, context) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.origin });
      const late = await holdBackLateScripts(page, HOLD_MS);
      await openCell(s, page, path);
      late.armed = true;
      await page.locator(cellSel).scrollIntoViewIfNeeded();
      const loadedBefore = late.completed;
      const { before, after } = await pressShare(page, HOLD_MS + 4500);
      assert(loadedBefore === 0, `setup: ${loadedBefore} held-back script(s) had already loaded before the press; the early press was not tested`);
      assert(late.held > 0, 'setup: no script was loaded after the page load; nothing was held back');
      assert(rec.pageErrors.length === 0, `uncaught: ${rec.pageErrors.map((e) => e.split('\n')[0]).join('; ')}`);
      assert(after !== '' && after !== before, `a Share press made while the cell's code was loading did nothing: no status text ${(HOLD_MS + 4500) / 1000} s later (the cell's code arrived after ~${HOLD_MS / 1000} s)`);
    });
  });

  test(`keyboard on ${path}: the Run button is reachable by Tab and Enter runs the cell`, async ({ suite: s }) => {
    await withPage(s, {}, async (page) => {
      await page.goto(url(s, path));
      const isRun = () =>
        page.evaluate((sel) => {
          const a = document.activeElement;
          return !!a && a.matches(`${sel} button[data-action="run"]`);
        }, cellSel);
      let tabs = 0;
      while (!(await isRun())) {
        if (++tabs > 400) throw new Error('the Run button was not reached in 400 presses of Tab');
        await page.keyboard.press('Tab');
      }
      note(`Run reached after ${tabs} Tab presses`);
      await watchStates(page, CELL);
      await page.keyboard.press('Enter');
      const state = await waitForRunEnd(page, CELL, 30_000).catch(() => null);
      assert(state !== null, `Enter on Run did not start a run (states: ${(await statesOf(page, CELL)).map((e) => e.state).join(' → ') || 'none'})`);
      assert(state === 'done', `the run ended as ${state}`);
      const source = await page.locator(cellSel).getAttribute('data-source');
      assert(source === 'live', `data-source is ${source} after the run`);
    });
  });
}

// On a phone a field draws no hint (a slider shows the range, a list's default its form), nor its
// label's closing aside ("(comma-separated)"); a screen reader still hears both, and a refused
// value draws the hint again beside the message.
test('balls.maxload on /en/power-of-two-choices/ at 360 px: n\'s range hint and d\'s hint and label aside are not drawn but are read (aria-describedby, the field\'s name); after a refused value the hint is drawn again', async ({ suite: s }) => {
  await withPage(s, { viewport: { width: 360, height: 800 } }, async (page) => {
    await openCell(s, page, '/en/power-of-two-choices/');
    await page.waitForSelector(`${cellSel}[data-ready] .field-slider`);
    const n = control(page, 'n');
    const hint = () =>
      n.evaluate((c) => {
        const el = (c.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)).find((e) => e?.classList.contains('hint'));
        const r = el?.getBoundingClientRect();
        return { text: (el?.textContent ?? '').trim(), drawn: !!r && r.width > 1 && r.height > 1 };
      });
    const p = new Problems();
    const valid = await hint();
    if (!valid.text) p.add('hint', 'n has no hint in its aria-describedby');
    if (valid.drawn) p.add('hint', `drawn at 360 px beside a slider: "${valid.text}"`);
    const d = await control(page, 'choices').evaluate((c) => {
      const hint = document.getElementById((c.getAttribute('aria-describedby') ?? '').split(/\s+/)[0]);
      const aside = document.querySelector(`label[for="${c.id}"] .label-aside`);
      const drawn = (e: Element | null | undefined) => !!e && e.getBoundingClientRect().width > 1 && e.getBoundingClientRect().height > 1;
      return { hint: drawn(hint), aside: (aside?.textContent ?? '').trim(), asideDrawn: drawn(aside) };
    });
    if (d.hint) p.add('d', 'its hint is drawn at 360 px');
    if (d.aside !== '(comma-separated)') p.add('d', `its label's aside is "${d.aside}", expected "(comma-separated)"`);
    if (d.asideDrawn) p.add('d', 'its label\'s aside is drawn at 360 px');
    if ((await page.locator(cellSel).getByLabel('Candidates compared, d (comma-separated)', { exact: true }).count()) !== 1) p.add('d', 'no field is named "Candidates compared, d (comma-separated)": the aside left the name');
    await n.fill('abc');
    await page.locator(`${cellSel} button[data-action="run"]`).click();
    await page.waitForFunction((sel) => document.querySelector(`${sel} [name="n"]`)?.getAttribute('aria-invalid') === 'true', cellSel, { timeout: 5000 });
    if (!(await hint()).drawn) p.add('hint', 'not drawn again after n = abc was refused');
    p.check();
  });
});

// The production policies and the traffic they meet run on the WebAssembly kernel in the page too.
test('flow.compare on /en/power-of-two-choices/: a link with nginx least_conn and random two, Envoy least request and Peak EWMA on lognormal work, bounded queues and a slow server runs on the kernel (data-path)', async ({ suite: s }) => {
  await withPage(s, {}, async (page, rec) => {
    const path = '/en/power-of-two-choices/';
    const sel = '[data-cell="flow"]';
    assert(s.pages.some((p) => p.path === path), `${path} is not in the sitemap`);
    await page.goto(`${url(s, path)}?flow.policies=least_conn,random_two,least_request,peak_ewma&flow.service=lognormal&flow.cv=2&flow.capacity=20&flow.slow=1&flow.requests=20000`);
    const cell = page.locator(sel);
    assert((await cell.getAttribute('data-experiment')) === 'flow.compare', `${sel} has data-experiment="${await cell.getAttribute('data-experiment')}"`);
    await cell.scrollIntoViewIfNeeded();
    await page.waitForFunction((q) => {
      const el = document.querySelector(q) as HTMLElement;
      return el.dataset.source === 'live' && ['done', 'error', 'cancelled'].includes(el.dataset.state ?? '');
    }, sel, { timeout: 60_000, polling: 100 });
    const p = new Problems();
    const state = await cell.getAttribute('data-state');
    if (state !== 'done') p.add('state', `${state}, expected done`);
    const r = await resultsOf(page, 'flow');
    for (const policy of ['least_conn', 'random_two', 'least_request', 'peak_ewma']) if (!(Number(r[`latency.p99.${policy}`]) > 0)) p.add(`latency.p99.${policy}`, `data-value="${r[`latency.p99.${policy}`]}"`);
    const path_ = await cell.getAttribute('data-path');
    if (path_ !== 'kernel') p.add('data-path', `"${path_}", expected "kernel" (the TypeScript computed it)`);
    if (rec.pageErrors.length) p.add('page', `uncaught: ${rec.pageErrors.join('; ')}`);
    p.check();
  });
});
