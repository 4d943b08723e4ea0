/**
 * The animated request-flow view (components/flow/), on chapter 5's three panels (rr, swrr, p2c
 * on servers of speeds 5, 3 and 1): one page load per locale for the behaviour and axe, and one
 * ten-second play, alone, for long tasks.
 */
import type { Locator, Page } from 'playwright-core';
import { assert, note, settle, test, url, withPage } from './harness.ts';
import type { Locale, Suite } from './harness.ts';
import { axeViolations } from './axe.ts';

const PATHS: Record<Locale, string> = { ko: '/smooth-weighted-round-robin/', en: '/en/smooth-weighted-round-robin/' };
const VIEW = 'lb-flow[data-flow="speeds"]';
const LONG_TASK_MS = 50;
const PLAY_MS = 10_000;

/** A fingerprint of what the panels show now: frames advance when it changes. */
function pixels(view: Locator): Promise<string> {
  return view.evaluate((root) =>
    [...root.querySelectorAll('canvas')]
      .map((c) => {
        const s = c.toDataURL();
        // Sampled: the whole data URL is long, and a change anywhere moves many characters.
        let h = 0;
        for (let i = 0; i < s.length; i += 7) h = (h * 31 + s.charCodeAt(i)) | 0;
        return `${s.length}:${h}`;
      })
      .join(' '),
  );
}

/** Whether the panels change over `ms` of waiting. */
async function moves(page: Page, view: Locator, ms = 400): Promise<boolean> {
  const before = await pixels(view);
  await page.waitForTimeout(ms);
  return (await pixels(view)) !== before;
}

const playing = (view: Locator) => view.getAttribute('data-playing');

/** Loads the page, brings the view into view and waits for its island (its panels' canvases). */
async function openView(s: Suite, page: Page, locale: Locale): Promise<Locator> {
  await page.goto(url(s, PATHS[locale]));
  await settle(page, 0);
  const view = page.locator(VIEW);
  assert((await view.count()) === 1, `${PATHS[locale]} has no ${VIEW}`);
  await view.scrollIntoViewIfNeeded();
  await view.locator('canvas').nth(2).waitFor({ timeout: 10_000 });
  return view;
}

for (const locale of ['ko', 'en'] as const) {
  // Korean on a phone's width, English on a wide screen: the settings fold away on the phone.
  const narrow = locale === 'ko';
  test(`flow view (${locale}, ${narrow ? '360' : '1280'} px): under reduced motion it steps and shows the candidates; Play animates, off screen it pauses; the settings are ${narrow ? 'folded' : 'open'}; axe clean`, async (s) => {
    await withPage(s, { reducedMotion: 'reduce', ...(narrow ? { viewport: { width: 360, height: 740 } } : {}) }, async (page, rec) => {
      const view = await openView(s, page, locale);
      const folded = await view.locator('details.flow-settings').evaluate((d) => !(d as HTMLDetailsElement).open);
      assert(folded === narrow, `the settings should be ${narrow ? 'folded at 360 px (nine fields between Play and the panels)' : 'open at 1280 px'}, found ${folded ? 'folded' : 'open'}`);
      const decisions = view.locator('.flow-decision');
      // Reduced motion: nothing starts by itself, and the view opens in step mode on the first request.
      await decisions.nth(2).filter({ hasText: /\S/ }).waitFor({ timeout: 5000 });
      await page.waitForTimeout(300);
      assert((await playing(view)) === 'false', `under reduced motion the view plays by itself (data-playing=${await playing(view)})`);
      assert(!(await moves(page, view)), 'under reduced motion the panels change without the reader');

      // Step mode: each press moves one request; p2c's text names its two candidates, with loads.
      const live = view.locator('[aria-live="polite"]');
      const firstLive = await live.textContent();
      await view.locator('button[data-action="step"]').click();
      await page.waitForFunction(([sel, was]) => document.querySelector(`${sel} [aria-live="polite"]`)?.textContent !== was, [VIEW, firstLive] as const, { timeout: 5000 });
      const texts = await decisions.allTextContents();
      assert(texts.length === 3 && texts.every((t) => t.trim() !== ''), `after Step, each panel should say where the request went: ${JSON.stringify(texts)}`);
      const p2c = texts[2];
      const candidates = p2c.match(/\d+(?=번 서버 \(보고된)|(?<=server )\d+(?= \(reported)/g) ?? [];
      assert(candidates.length === 2, `p2c's step text should name its two sampled servers with their loads: ${p2c}`);
      const chosen = (/(\d+)번 서버로 보냈습니다/.exec(p2c) ?? /to server (\d+)/.exec(p2c))?.[1];
      assert(chosen !== undefined && candidates.includes(chosen), `p2c sent the request to a server it did not sample: ${p2c}`);
      const said = (await live.textContent()) ?? '';
      assert(said.includes(p2c.trim()), `the live summary does not carry the step: ${said}`);

      const violations = await axeViolations(page, VIEW);

      // Play: the reader asks for motion, and the frames advance.
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await view.locator('button[data-action="play"]').click();
      await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLElement).dataset.playing === 'true', VIEW, { timeout: 5000 });
      assert(await moves(page, view), 'Play: data-playing="true" but the panels do not change');

      // Scrolled off screen, it stops drawing; back on screen, it goes on.
      await page.evaluate(() => scrollTo(0, 0));
      await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLElement).dataset.playing === 'false', VIEW, { timeout: 5000 });
      assert(!(await moves(page, view)), 'off screen: data-playing="false" but the panels still change');
      await view.scrollIntoViewIfNeeded();
      await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLElement).dataset.playing === 'true', VIEW, { timeout: 5000 });

      const errors = [...rec.pageErrors, ...rec.consoleErrors];
      assert(errors.length === 0, `errors on the page: ${errors.join('; ')}`);
      assert(violations.length === 0, `axe on the view:\n${violations.join('\n')}`);
    });
  }, 60_000);
}

test(`flow view: plays by itself on screen, with no main-thread task over ${LONG_TASK_MS} ms in ${PLAY_MS / 1000} s of play (/en/smooth-weighted-round-robin/)`, async (s) => {
  await withPage(s, {}, async (page) => {
    const types = await page.evaluate(() => PerformanceObserver.supportedEntryTypes);
    assert(types.includes('longtask'), `this Chromium cannot observe long tasks (supported: ${types.join(', ')})`);
    const view = await openView(s, page, 'en');
    // Without reduced motion it starts by itself once on screen.
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLElement).dataset.playing === 'true', VIEW, { timeout: 5000 });
    // Let the cells near the view hydrate first: their loading is not the view's work.
    await page.waitForTimeout(1000);
    const result = await page.evaluate(
      ([sel, ms]) =>
        new Promise<{ tasks: { start: number; duration: number }[]; frames: number; playing: boolean }>((ok) => {
          const tasks: { start: number; duration: number }[] = [];
          const po = new PerformanceObserver((l) => {
            for (const e of l.getEntries()) tasks.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) });
          });
          po.observe({ type: 'longtask' });
          let frames = 0;
          const count = () => {
            frames++;
            if (performance.now() < end) requestAnimationFrame(count);
          };
          const end = performance.now() + ms;
          requestAnimationFrame(count);
          setTimeout(() => {
            for (const e of po.takeRecords()) tasks.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) });
            po.disconnect();
            ok({ tasks, frames, playing: (document.querySelector(sel) as HTMLElement).dataset.playing === 'true' });
          }, ms);
        }),
      [VIEW, PLAY_MS] as const,
    );
    note(`${PLAY_MS / 1000} s of play: ${result.frames} frames; long tasks: ${result.tasks.map((t) => `${t.duration} ms at ${t.start}`).join(', ') || 'none'}`);
    assert(result.playing, 'the view stopped playing during the measurement');
    assert(await moves(page, view), 'the panels do not change while playing');
    const over = result.tasks.filter((t) => t.duration > LONG_TASK_MS);
    assert(over.length === 0, `${over.length} main-thread task(s) over ${LONG_TASK_MS} ms during play: ${over.map((t) => `${t.duration} ms at ${t.start} ms`).join(', ')}`);
  });
}, 60_000, 'alone');
