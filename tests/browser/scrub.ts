/**
 * The hand along an axis (issue 28): on ketama's spread figure, whose x axis is the points per
 * server, a drag across the plot sets `points` to the value under the pointer; the field and the
 * URL follow and the cell runs. The chart says that its slider does the same from the keyboard;
 * axe finds nothing in the cell after it.
 */
import { axeViolations } from './lib/axe.ts';
import { note, options, test } from './lib/fixtures.ts';
import { assert, url, withPage } from './lib/helpers.ts';

const CELL = '[data-cell="spread"]';
const PATH = '/en/ketama-at-scale/';

interface Scrub {
  param: string;
  type: 'linear' | 'log';
  domain: [number, number];
  range: [number, number];
  y: [number, number];
}

test(`the axis scrub: a drag along ketama's spread sets points in the field and the URL, and the cell runs; axe 0 (${PATH})`, async ({ suite: s }) => {
  await withPage(s, {}, async (page) => {
    await page.goto(url(s, PATH));
    await page.locator(CELL).scrollIntoViewIfNeeded();
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLElement).dataset.ready === 'true', CELL);
    const chart = page.locator(`${CELL} .figure-plot svg[data-scrub]:visible`).first();
    const scrub = JSON.parse((await chart.getAttribute('data-scrub'))!) as Scrub;
    assert(scrub.param === 'points' && scrub.type === 'log', `the chart's scrub is ${JSON.stringify(scrub)}`);
    // Its description names the slider that does the same.
    const hint = await chart.evaluate((svg) => document.getElementById(svg.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
    assert(/slider/.test(hint), `the chart's description does not name the slider: "${hint}"`);
    const box = (await chart.boundingBox())!;
    const vb = await chart.evaluate((svg) => (svg as SVGSVGElement).viewBox.baseVal.width || svg.getBoundingClientRect().width);
    const k = box.width / vb;
    const xOf = (v: number) => box.x + k * (scrub.range[0] + ((scrub.range[1] - scrub.range[0]) * Math.log(v / scrub.domain[0])) / Math.log(scrub.domain[1] / scrub.domain[0]));
    const y = box.y + k * ((scrub.y[0] + scrub.y[1]) / 2);
    await page.mouse.move(xOf(50), y);
    await page.mouse.down();
    for (let i = 1; i <= 6; i++) await page.mouse.move(xOf(50 - i * 5), y);
    assert(await page.locator('.axis-scrub-marker:visible').isVisible(), 'no marker while the pointer is down');
    await page.mouse.up();
    const points = await page.locator(`${CELL} [name="points"]`).inputValue();
    assert(Number(points) >= 15 && Number(points) <= 30, `after a drag to about 20 the field reads ${points}`);
    await page.waitForFunction(
      ([sel, p]) => (document.querySelector(sel) as HTMLElement).dataset.state === 'done' && new URL(location.href).searchParams.get('spread.points') === p,
      [CELL, points] as const,
      { timeout: 30_000 },
    );
    assert((await page.locator(CELL).getAttribute('data-source')) === 'live', 'the numbers are not marked as the reader’s');
    assert(await page.locator('.axis-scrub-marker').isHidden(), 'the marker stays after the pointer is up');
    const violations = await axeViolations(page, CELL);
    assert(violations.length === 0, `axe after the drag:\n${violations.join('\n')}`);
    note(`points = ${points} after the drag`);
  });
});

test(`the axis scrub: a click on the supermarket curve sets λ to the value under it, in Korean too, while a finger's tap only reads a mark; axe 0 (/power-of-two-choices/)`, options(90_000), async ({ suite: s }) => {
  const cell = '[data-cell="supermarket"]';
  await withPage(s, { hasTouch: true }, async (page) => {
    await page.goto(url(s, '/power-of-two-choices/'));
    await page.locator(cell).scrollIntoViewIfNeeded();
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLElement).dataset.ready === 'true', cell);
    const chart = page.locator(`${cell} .figure-plot svg[data-scrub]:visible`).first();
    const scrub = JSON.parse((await chart.getAttribute('data-scrub'))!) as Scrub;
    assert(scrub.param === 'lambda' && scrub.type === 'linear', `the chart's scrub is ${JSON.stringify(scrub)}`);
    const hint = await chart.evaluate((svg) => document.getElementById(svg.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
    assert(/슬라이더/.test(hint), `the chart's description does not name the slider: "${hint}"`);
    const box = (await chart.boundingBox())!;
    const vb = await chart.evaluate((svg) => (svg as SVGSVGElement).viewBox.baseVal.width || svg.getBoundingClientRect().width);
    const k = box.width / vb;
    const x = box.x + k * (scrub.range[0] + ((scrub.range[1] - scrub.range[0]) * (0.5 - scrub.domain[0])) / (scrub.domain[1] - scrub.domain[0]));
    const y = box.y + k * ((scrub.y[0] + scrub.y[1]) / 2);
    // A finger's tap reads a mark (tips.ts) and leaves λ as it is; only a drag sets it.
    const before = await page.locator(`${cell} [name="lambda"]`).inputValue();
    await page.touchscreen.tap(x - k * 0.2 * (scrub.range[1] - scrub.range[0]), y);
    await page.waitForTimeout(300);
    const tapped = await page.locator(`${cell} [name="lambda"]`).inputValue();
    assert(tapped === before, `a finger's tap changed λ from ${before} to ${tapped}`);
    await page.mouse.click(x, y);
    const lambda = await page.locator(`${cell} [name="lambda"]`).inputValue();
    assert(lambda === '0.5', `after a tap at λ = 0.5 the field reads ${lambda}`);
    await page.waitForFunction(
      (sel) => (document.querySelector(sel) as HTMLElement).dataset.state === 'done' && new URL(location.href).searchParams.get('supermarket.lambda') === '0.5',
      cell,
      { timeout: 60_000 },
    );
    const violations = await axeViolations(page, cell);
    assert(violations.length === 0, `axe after the tap:\n${violations.join('\n')}`);
  });
});
