/**
 * The figure as the control, where issue 28 still lacked it: the balls grid's n and d (a drag
 * sideways across the grids moves the side; each panel's title steps its d), SWRR's weights
 * stepped on the trace's key, and a press on the lab's key before the cell's code has come, which
 * is made once it has. Each by pointer and by keyboard, with the field, the URL and the run
 * following, and axe finding nothing in the cell after it. One page load a gesture.
 */
import type { Page } from 'playwright-core';
import { axeViolations } from './lib/axe.ts';
import { note, test } from './lib/fixtures.ts';
import { assert, url, withPage } from './lib/helpers.ts';

interface DragMark {
  param: string;
  type: string;
  at: number;
  range: [number, number];
  y: [number, number];
}

/** Waits until the cell's run has ended as done with `param` = `value` in the address (null: its default, absent). */
async function ranWith(page: Page, cell: string, key: string, value: string | null): Promise<void> {
  await page.waitForFunction(
    ([sel, k, v]) => {
      const root = document.querySelector<HTMLElement>(sel)!;
      return root.dataset.state === 'done' && root.dataset.source === 'live' && new URL(location.href).searchParams.get(k) === v;
    },
    [cell, key, value] as const,
    { timeout: 15_000 },
  );
}

/** The focused element's stepper part and item, as `<item>:<part>` ('' when the focus is elsewhere). */
const focusedStepper = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    const item = a?.closest<HTMLElement>('[data-item]')?.dataset.item;
    return a?.dataset.part && item !== undefined ? `${item}:${a.dataset.part}` : '';
  });

test('the balls grid by hand (Korean): a drag sideways across the grids moves the side, so n, and each panel’s title steps its d by pointer and arrow keys (a d the other grid shows is passed over); the field, the URL and the run follow, the focus stays on the stepper over the redraw; axe 0 (/power-of-two-choices/)', async ({ suite: s }) => {
  const cell = '[data-cell="grid"]';
  await withPage(s, {}, async (page, rec) => {
    const t0 = Date.now();
    await page.goto(url(s, '/power-of-two-choices/'));
    await page.locator(cell).scrollIntoViewIfNeeded();
    await page.waitForFunction((sel) => document.querySelector<HTMLElement>(sel)!.dataset.ready === 'true', cell);
    const chart = page.locator(`${cell} .figure-plot svg[data-scrub]`).first();
    const mark = JSON.parse((await chart.getAttribute('data-scrub'))!) as DragMark;
    assert(mark.param === 'side' && mark.type === 'drag' && mark.at === 30, `the grid's mark is ${JSON.stringify(mark)}`);
    const hint = await chart.evaluate((svg) => document.getElementById(svg.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
    assert(/가로로 끌면/.test(hint) && /슬라이더/.test(hint), `the grid's description does not say the drag and name the slider: "${hint}"`);
    // A drag of a fifth of the chart's width to the right: the side moves by a fifth of its span (5 … 60), 11.
    const box = (await chart.boundingBox())!;
    const k = box.width / (await chart.evaluate((svg) => (svg as SVGSVGElement).viewBox.baseVal.width));
    const x0 = box.x + box.width / 2;
    const y = box.y + k * ((mark.y[0] + mark.y[1]) / 2);
    const dx = (k * (mark.range[1] - mark.range[0])) / 5;
    await page.mouse.move(x0, y);
    await page.mouse.down();
    for (let i = 1; i <= 5; i++) await page.mouse.move(x0 + (dx * i) / 5, y);
    const readout = await page.locator(`${cell} .axis-scrub-marker`).textContent();
    assert(/통 1,681개/.test(readout ?? ''), `the readout while dragging says "${readout}"`);
    await page.mouse.up();
    const side = await page.locator(`${cell} [name="side"]`).inputValue();
    assert(side === '41', `after a drag of a fifth of the width the side reads ${side}, expected 41`);
    await ranWith(page, cell, 'grid.side', '41');
    const redrawn = JSON.parse((await page.locator(`${cell} svg[data-scrub]`).first().getAttribute('data-scrub'))!) as DragMark;
    assert(redrawn.at === 41, `the redrawn grid is drawn at side ${redrawn.at}`);

    // d from the keyboard: the left title's spin button; 2 is the right grid's, so 1 goes to 3.
    const spins = page.locator(`${cell} [role="spinbutton"]:visible`);
    assert((await spins.count()) === 2, `${await spins.count()} spin buttons on the grids' titles, expected 2`);
    const name = await spins.first().getAttribute('aria-label');
    assert(name === '1번째 격자의 후보 수 d', `the first title's spin button is named "${name}"`);
    await spins.first().focus();
    await page.keyboard.press('ArrowRight');
    assert((await page.locator(`${cell} [name="choices"]`).inputValue()) === '3,2', 'ArrowRight on d = 1 beside d = 2 did not write 3,2');
    await ranWith(page, cell, 'grid.choices', '3,2');
    assert((await focusedStepper(page)) === '0:spin', `after the redraw the focus is on "${await focusedStepper(page)}", not the first title's spin button`);
    assert((await spins.first().getAttribute('aria-valuenow')) === '3', 'the redrawn title does not say d = 3');
    // d by pointer: − on the right grid's title.
    await page.locator(`${cell} [data-item="1"] button[data-part="less"]:visible`).click();
    await ranWith(page, cell, 'grid.choices', '3,1');
    const titles = await page.locator(`${cell} .bin-grid-titles:visible`).textContent();
    assert(/d=3/.test(titles ?? '') && /d=1/.test(titles ?? ''), `the titles read "${titles}" after d = 3, 1`);
    const violations = await axeViolations(page, cell);
    assert(violations.length === 0, `axe after the drag and the steps:\n${violations.join('\n')}`);
    assert(rec.pageErrors.length === 0, `uncaught: ${rec.pageErrors.join('; ')}`);
    note(`${Date.now() - t0} ms from the page's load`);
  });
});

test('SWRR’s weights by hand (English): the trace’s key steps each weight by + and − and its spin button’s keys (Home to 0), the field, the URL and the run follow; the last weight above 0 cannot go to 0; axe 0 (/en/smooth-weighted-round-robin/)', async ({ suite: s }) => {
  const cell = '[data-cell="trace"]';
  await withPage(s, {}, async (page, rec) => {
    const t0 = Date.now();
    await page.goto(url(s, '/en/smooth-weighted-round-robin/'));
    await page.locator(cell).scrollIntoViewIfNeeded();
    await page.waitForFunction((sel) => document.querySelector<HTMLElement>(sel)!.dataset.ready === 'true', cell);
    const spins = page.locator(`${cell} [data-list-hand] [role="spinbutton"]:visible`);
    assert((await spins.count()) === 3, `${await spins.count()} weights on the key, expected 3`);
    const names = await spins.evaluateAll((els) => els.map((e) => `${e.getAttribute('aria-label')}=${e.textContent}`));
    assert(names.join('; ') === 'Weight of Cheolsu=5; Weight of Younghee=3; Weight of Minsu=1', `the key's weights: ${names.join('; ')}`);
    const weights = page.locator(`${cell} [name="weights"]`);
    const total = () => page.locator(`${cell} [data-result="total"]`).getAttribute('data-value');
    // + on Minsu's entry.
    await page.locator(`${cell} [data-item="2"] button[data-part="more"]:visible`).click();
    assert((await weights.inputValue()) === '5,3,2', `+ on Minsu wrote "${await weights.inputValue()}"`);
    await ranWith(page, cell, 'trace.weights', '5,3,2');
    assert((await total()) === '10', `the total after 5,3,2 is ${await total()}`);
    // The keyboard: Home takes Cheolsu to 0, then Younghee too; the focus stays on the stepper over each redraw.
    await spins.nth(0).focus();
    await page.keyboard.press('Home');
    await ranWith(page, cell, 'trace.weights', '0,3,2');
    assert((await focusedStepper(page)) === '0:spin', `after the redraw the focus is on "${await focusedStepper(page)}"`);
    await page.keyboard.press('Tab');
    assert((await focusedStepper(page)) === '1:spin', `Tab from Cheolsu's weight went to "${await focusedStepper(page)}", not Younghee's`);
    await page.keyboard.press('Home');
    await ranWith(page, cell, 'trace.weights', '0,0,2');
    // Minsu's 2 goes to 1 and no further: all weights 0 would leave no one to pick.
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await ranWith(page, cell, 'trace.weights', '0,0,1');
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(200);
    assert((await weights.inputValue()) === '0,0,1', `ArrowDown on the last weight above 0 wrote "${await weights.inputValue()}"`);
    assert(await page.locator(`${cell} [data-item="2"] button[data-part="less"]:visible`).isDisabled(), '− on the last weight above 0 is not disabled');
    assert((await page.locator(`${cell} [data-result="sequence"]`).getAttribute('data-value')) === 'CCCCCCCCC', 'with weights 0, 0, 1 the picks are not all Minsu');
    const violations = await axeViolations(page, cell);
    assert(violations.length === 0, `axe after the steps:\n${violations.join('\n')}`);
    assert(rec.pageErrors.length === 0, `uncaught: ${rec.pageErrors.join('; ')}`);
    note(`${Date.now() - t0} ms from the page's load`);
  });
});

test('the lab’s key pressed before the cell’s code has come (English, 360 px): the press shows at once, hydrates the cell and is made once it is ready (the field, the URL and the run follow), and the panel group picked before it stays; then Space on a focused key button keeps the focus on that scheme’s button over the run’s redraw; axe 0 (/en/placement-lab/)', async ({ suite: s }) => {
  const cell = '[data-cell="weights"]';
  await withPage(s, { viewport: { width: 360, height: 800 } }, async (page, rec) => {
    // The island's code is held back until the presses are made.
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let held = 0;
    await page.route(/cell-island[^/]*\.js$/, async (route) => {
      held++;
      await gate;
      await route.continue();
    });
    const t0 = Date.now();
    await page.goto(url(s, '/en/placement-lab/'));
    await page.locator(cell).scrollIntoViewIfNeeded();
    const key = page.locator(`${cell} .scheme-toggle button[data-scheme="jump"]:visible`);
    const before = await key.getAttribute('aria-pressed');
    await page.locator(`${cell} .panel-pick label:visible`).nth(1).click();
    await key.click();
    const early = await page.locator(cell).evaluate((root: HTMLElement) => ({ ready: root.dataset.ready ?? '', hydrating: root.dataset.hydrating ?? '' }));
    assert(early.ready === '' && held > 0, `setup: the cell was ready (${early.ready}) or its code not asked for (${held}) before the press`);
    assert(early.hydrating === 'true', 'the press did not start the cell’s hydration');
    const shown = await key.getAttribute('aria-pressed');
    assert(shown !== before, `the early press does not show on the key (aria-pressed ${before} → ${shown})`);
    release();
    await page.waitForFunction((sel) => {
      const root = document.querySelector<HTMLElement>(sel)!;
      return root.dataset.state === 'done' && root.dataset.source === 'live';
    }, cell, { timeout: 30_000 });
    const field = await page.locator(`${cell} [name="schemes"]`).inputValue();
    const named = field.split(/[\s,]+/).includes('jump');
    assert(named === (shown === 'true'), `after the early press the field reads "${field}", the key says jump is ${shown === 'true' ? 'in' : 'out'}`);
    assert(new URL(page.url()).searchParams.has('weights.schemes'), `the schemes are not in the URL: ${page.url()}`);
    assert((await key.getAttribute('aria-pressed')) === shown, 'after the run the key no longer shows the press');
    const pick = await page.locator(`${cell} .panel-pick:visible input:checked`).getAttribute('value');
    assert(pick === '1', `the panel group picked before the code came is ${pick} after the run, expected 1`);
    // From the keyboard, the cell ready: Space on a focused key button runs the cell, whose redraw
    // replaces the button; the same scheme's button in the new drawing has the focus.
    const ring = page.locator(`${cell} .scheme-toggle button[data-scheme="rendezvous"]:visible`);
    const ringBefore = await ring.getAttribute('aria-pressed');
    await ring.focus();
    await page.locator(cell).evaluate((root: HTMLElement) => root.querySelector('.figure-plot svg')?.setAttribute('data-old', ''));
    await page.keyboard.press('Space');
    await page.waitForFunction((sel) => {
      const root = document.querySelector<HTMLElement>(sel)!;
      return root.dataset.state === 'done' && !root.querySelector('.figure-plot svg[data-old]');
    }, cell, { timeout: 30_000 });
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return { scheme: el?.dataset.scheme ?? el?.tagName ?? 'none', pressed: el?.getAttribute('aria-pressed') ?? '' };
    });
    assert(focused.scheme === 'rendezvous', `after Space on rendezvous's key button and the run's redraw the focus is on ${focused.scheme}, not rendezvous's button`);
    assert(focused.pressed !== ringBefore, `rendezvous's button still reads aria-pressed=${ringBefore} after its press`);
    const violations = await axeViolations(page, cell);
    assert(violations.length === 0, `axe after the early press:\n${violations.join('\n')}`);
    assert(rec.pageErrors.length === 0, `uncaught: ${rec.pageErrors.join('; ')}`);
    note(`${Date.now() - t0} ms from the page's load`);
  });
});
