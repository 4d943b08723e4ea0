import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { maxLoadGrowth } from '../../../components/figures/max-load-growth.ts';
import type { GrowthData } from '../../../src/experiments/power-of-two-choices/balls-growth.ts';
import { subset } from '../../../src/i18n/index.ts';
import { maxLoadOrder } from '../../../src/lib/balls/index.ts';

// The article's series (seed 7), n = 10^3 ... 10^7.
const article: Record<number, number[]> = { 1: [6, 7, 8, 9, 10], 2: [3, 3, 3, 4, 4], 3: [2, 3, 3, 3, 3] };
const ns = [1e3, 1e4, 1e5, 1e6, 1e7];
const order = Array.from({ length: 37 }, (_, k) => {
  const n = Number((10 ** (2.75 + k / 8)).toPrecision(6));
  return { n, value: maxLoadOrder(n, 1) };
});
const one: GrowthData = { seed: 7, seeds: 1, runs: [1, 2, 3].flatMap((d) => ns.map((n, i) => ({ d, n, maxima: [article[d][i]] }))), order };
// Three seeds: the first is the article's, the others add a spread.
const three: GrowthData = { ...one, seeds: 3, runs: one.runs.map((r) => ({ ...r, maxima: [r.maxima[0], r.maxima[0], r.maxima[0] + (r.d === 1 ? 1 : 0)] })) };

function draw(data: GrowthData, locale: 'ko' | 'en' = 'en') {
  const { document } = new JSDOM('').window;
  const node = maxLoadGrowth.plot(data, { width: 640, document, locale, strings: subset(locale, ['fig.']) });
  const svg = node.tagName.toLowerCase() === 'svg' ? node : node.querySelector('svg[aria-label]')!;
  return { node, svg };
}

describe('max-load-growth figure', () => {
  it('draws one line and one marker per (d, n) through the maxima, with one legend naming each d', () => {
    const { node, svg } = draw(one);
    expect(svg.getAttribute('aria-label')).toMatch(/fullest bin grows with n/);
    const lines = Array.from(svg.querySelectorAll('g[aria-label="line"]')).filter((g) => !g.hasAttribute('stroke-dasharray'));
    expect(lines).toHaveLength(3);
    for (const g of lines) expect(g.querySelector('path')!.getAttribute('d')!.match(/[ML]/g)).toHaveLength(5);
    expect(svg.querySelectorAll('g[aria-label="dot"] > *')).toHaveLength(15);
    expect(node.textContent).toContain('d=1');
    expect(node.textContent).toContain('d=3');
  });

  it('draws the d = 1 order ln n / ln ln n as one dotted line, labelled, across the whole x range', () => {
    const { svg } = draw(one);
    const dotted = svg.querySelectorAll('g[stroke-dasharray]');
    expect(dotted).toHaveLength(1);
    expect(dotted[0].getAttribute('aria-description')).toBe('ln n / ln ln n (the order for d=1)');
    expect(dotted[0].querySelector('path')!.getAttribute('d')!.match(/[ML]/g)).toHaveLength(order.length);
    expect(svg.querySelector('g[aria-label="text"]')!.textContent).toBe('ln n / ln ln n (the order for d=1)');
  });

  it('puts n on a log axis ticked at the decades, written as powers of ten', () => {
    const { svg } = draw(one);
    const ticks = Array.from(svg.querySelectorAll('g[aria-label="x-axis tick label"] text'), (t) => t.textContent);
    expect(ticks).toEqual(['10³', '10⁴', '10⁵', '10⁶', '10⁷']);
    const xs = Array.from(svg.querySelectorAll('g[aria-label="x-axis tick"] path'), (p) => Number(/translate\(([\d.]+)/.exec(p.getAttribute('transform')!)![1]));
    const steps = xs.slice(1).map((x, i) => x - xs[i]);
    for (const s of steps) expect(s).toBeCloseTo(steps[0], 6);
  });

  it('with several seeds, draws how often each maximum came up behind the first seed’s line', () => {
    const { svg } = draw(three);
    const spread = Array.from(svg.querySelectorAll('g[aria-label="dot"]')).filter((g) => g.getAttribute('aria-description')?.includes('3 seeds'));
    expect(spread).toHaveLength(3);
    // d=1 gave two values at each n, d=2 and d=3 one.
    expect(spread.map((g) => g.children.length)).toEqual([10, 5, 5]);
    const radii = Array.from(spread[0].children, (c) => Number(c.getAttribute('r')));
    expect(Math.max(...radii)).toBeGreaterThan(Math.min(...radii));
    expect(draw(one).svg.querySelectorAll('g[aria-label="dot"][aria-description]')).toHaveLength(0);
  });

  it('gives, as its table, the maxima per n and d, with the order beside them', () => {
    const { document } = new JSDOM('').window;
    const table = maxLoadGrowth.table(one, { width: 640, document, locale: 'ko', strings: subset('ko', ['fig.']) });
    expect(table.columns).toEqual(['n', '최대 부하 (d=1)', '최대 부하 (d=2)', '최대 부하 (d=3)', 'ln n / ln ln n']);
    expect(table.rows.map((r) => r.slice(0, 4))).toEqual(ns.map((n, i) => [n, article[1][i], article[2][i], article[3][i]]));
    expect(table.rows.map((r) => r[4])).toEqual(ns.map((n) => Math.round(maxLoadOrder(n, 1) * 100) / 100));
  });

  it('with several seeds, its table adds each d’s tally of maxima', () => {
    const { document } = new JSDOM('').window;
    const table = maxLoadGrowth.table(three, { width: 640, document, locale: 'en', strings: subset('en', ['fig.']) });
    expect(table.columns).toEqual([
      'n',
      'Max load, seed 7 (d=1)', 'Max load, seed 7 (d=2)', 'Max load, seed 7 (d=3)',
      'Max load over 3 seeds: value (count) (d=1)', 'Max load over 3 seeds: value (count) (d=2)', 'Max load over 3 seeds: value (count) (d=3)',
      'ln n / ln ln n',
    ]);
    expect(table.rows[0].slice(0, 7)).toEqual([1000, 6, 3, 2, '6 (2×), 7 (1×)', '3 (3×)', '2 (3×)']);
  });
});
