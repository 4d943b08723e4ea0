/**
 * The ring answers the hand (issue 28, components/notebook/ring-hand.ts): on chash.ring, a click
 * on a node's point removes that node and a click on an arc adds a node there; the keyboard does
 * the same through the slider under the figure. Each gesture goes through the cell's parameters
 * (the URL names them), reruns the cell and redraws the ring with the arcs that changed owner;
 * axe finds nothing in the cell after it.
 */
import type { Page } from 'playwright-core';
import { axeViolations } from './lib/axe.ts';
import { note, options, test } from './lib/fixtures.ts';
import { assert, url, withPage } from './lib/helpers.ts';

const CELL = '[data-cell="ring"]';
const CONTROL = `${CELL} .ring-hand[role="slider"]`;

interface Hand {
  cx: number;
  cy: number;
  r: number;
  change: string;
  changed: number;
  stops: [number, string, number, ...number[]][];
}

/** The visible ring's SVG, its hand (as the figure wrote it) and its box on the screen. */
async function ring(page: Page): Promise<{ hand: Hand; box: { x: number; y: number; scale: number }; svg: string }> {
  return page.$eval(`${CELL} .figure-plot`, (plot) => {
    const svgs = Array.from(plot.querySelectorAll<SVGSVGElement>('svg[data-ring-hand]'));
    const svg = svgs.find((s) => s.getBoundingClientRect().width > 0)!;
    const rect = svg.getBoundingClientRect();
    const vb = svg.viewBox.baseVal;
    return {
      hand: JSON.parse(svg.getAttribute('data-ring-hand')!) as Hand,
      box: { x: rect.left, y: rect.top, scale: vb && vb.width > 0 ? rect.width / vb.width : 1 },
      svg: svg.outerHTML,
    };
  });
}

/** Where a stop at `deg` degrees sits on the screen. */
const onScreen = (r: Awaited<ReturnType<typeof ring>>, deg: number, radius = r.hand.r) => {
  const a = (deg * Math.PI) / 180;
  return { x: r.box.x + (r.hand.cx + radius * Math.sin(a)) * r.box.scale, y: r.box.y + (r.hand.cy - radius * Math.cos(a)) * r.box.scale };
};

/** Waits for a run after `before` (the figure's markup) to finish; resolves with the URL's ring parameters. */
async function rerun(page: Page, before: string): Promise<Record<string, string>> {
  await page.waitForFunction(
    ([sel, b]) => {
      const el = document.querySelector<HTMLElement>(sel)!;
      return el.dataset.state === 'done' && el.dataset.source === 'live' && el.querySelector('.figure-plot')!.innerHTML !== b;
    },
    [CELL, before] as const,
    { timeout: 20_000 },
  );
  return Object.fromEntries([...new URL(page.url()).searchParams].filter(([k]) => k.startsWith('ring.')));
}

/** The thick outlined arcs (owner changed) the figure draws: Plot lines at stroke width 9. */
const changedArcs = (page: Page) => page.$$eval(`${CELL} .figure-plot svg[data-ring-hand] [stroke-width="9"] path`, (ps) => ps.length);

for (const path of ['/en/consistent-hashing/', '/consistent-hashing/']) {
  test(`the ring by hand: a click on a node's point removes it, a click on an arc adds a node there, and the keyboard does both; moved arcs drawn, the URL follows, axe 0 (${path})`, options(120_000), async ({ suite: s }) => {
    await withPage(s, {}, async (page) => {
      await page.goto(url(s, path));
      await page.locator(CELL).scrollIntoViewIfNeeded();
      await page.locator(CONTROL).waitFor({ timeout: 10_000 });
      await page.waitForFunction((sel) => document.querySelector<HTMLElement>(sel)!.dataset.ready === 'true', CELL);

      // Pointer: n1's first point.
      let r = await ring(page);
      const n1 = r.hand.stops.find((st) => st[1] === 'point' && st[2] === 1)!;
      let at = onScreen(r, n1[0]);
      await page.mouse.click(at.x, at.y);
      let params = await rerun(page, r.svg);
      assert(params['ring.change'] === 'remove-node' && params['ring.leave'] === '1', `a click on n1's point gave ${JSON.stringify(params)}`);
      assert((await page.locator(`${CELL} [name="leave"]`).inputValue()) === '1', 'the leave field does not say 1');
      r = await ring(page);
      assert(r.hand.change === 'remove' && r.hand.changed === 1, `the ring drawn is not n1 leaving: ${r.hand.change} ${r.hand.changed}`);
      assert(!r.hand.stops.some((st) => st[1] === 'point' && st[2] === 1), 'n1 still has points on the ring after');
      assert((await changedArcs(page)) > 0, 'no arc drawn as changed after n1 left');

      // Pointer: the middle of the longest arc.
      const span = (st: Hand['stops'][number]) => ((st[4] ?? 0) - (st[3] ?? 0) + 360) % 360;
      const arc = r.hand.stops.filter((st) => st[1] === 'arc').sort((a, b) => span(b) - span(a))[0];
      at = onScreen(r, arc[0]);
      await page.mouse.click(at.x, at.y);
      params = await rerun(page, r.svg);
      const placed = Number(params['ring.at']);
      assert(params['ring.change'] === 'add-at' && Math.abs(placed - arc[0]) < 2, `a click on the arc at ${arc[0]}° gave ${JSON.stringify(params)}`);
      r = await ring(page);
      assert(r.hand.change === 'add' && r.hand.stops.some((st) => st[1] === 'point' && st[2] === r.hand.changed && Math.abs(st[0] - placed) < 0.01), `the new node has no point at ${placed}°`);
      assert((await changedArcs(page)) > 0, 'no arc drawn as changed after the node joined');
      const caption = (await page.locator(`${CELL} .figure-plot svg[data-ring-hand] text`).allTextContents()).join(' ');
      note(`pointer: ${JSON.stringify(params)}; the ring says "${caption}"`);

      // Keyboard: focus the control, step to a point of n0, Enter removes n0.
      await page.locator(CONTROL).focus();
      let said = '';
      for (let i = 0; i < 80; i++) {
        said = (await page.locator(CONTROL).getAttribute('aria-valuetext')) ?? '';
        if (/^(Point of n0 |.*n0의 점)/.test(said)) break;
        await page.keyboard.press('ArrowRight');
      }
      assert(/n0/.test(said), `the arrow keys never reached a point of n0 (last: "${said}")`);
      assert(await page.locator(`${CELL} .ring-hand-marker`).isVisible(), 'no marker on the ring while the control has the focus');
      r = await ring(page);
      await page.keyboard.press('Enter');
      params = await rerun(page, r.svg);
      assert(params['ring.change'] === 'remove-node' && params['ring.leave'] === undefined, `Enter on n0's point gave ${JSON.stringify(params)}`);
      assert(await page.locator(CONTROL).evaluate((el) => el === document.activeElement), 'the control lost the focus after the run');

      // Keyboard: step to an arc, Enter adds a node there.
      for (let i = 0; i < 4; i++) {
        if ((await page.locator(`${CELL} .ring-hand-marker`).getAttribute('data-kind')) === 'arc') break;
        await page.keyboard.press('ArrowRight');
      }
      const stop = Number(await page.locator(CONTROL).getAttribute('aria-valuenow'));
      r = await ring(page);
      await page.keyboard.press('Enter');
      params = await rerun(page, r.svg);
      assert(params['ring.change'] === 'add-at' && Number(params['ring.at']) === stop, `Enter on the arc at ${stop}° gave ${JSON.stringify(params)}`);
      assert((await changedArcs(page)) > 0, 'no arc drawn as changed after Enter on an arc');
      note(`keyboard: ${JSON.stringify(params)}`);

      const violations = await axeViolations(page, CELL);
      assert(violations.length === 0, `axe after the gestures:\n${violations.join('\n')}`);
    });
  });
}
