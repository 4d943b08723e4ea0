import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { supermarketTFigure } from '../../../components/figures/supermarket-t.ts';
import type { SupermarketTData } from '../../../src/experiments/power-of-two-choices/supermarket-t.ts';
import { subset } from '../../../src/i18n/index.ts';

const data: SupermarketTData = {
  n: 1000,
  lambda: 0.5,
  curves: [
    { d: 1, points: [{ lambda: 0.1, t: 1.111 }, { lambda: 0.5, t: 2 }, { lambda: 0.9, t: 10 }] },
    { d: 2, points: [{ lambda: 0.1, t: 1.01 }, { lambda: 0.5, t: 1.2657 }, { lambda: 0.9, t: 2.6141 }] },
  ],
  sims: [
    { d: 1, lambda: 0.5, fixedPoint: 2, mean: 2.01, halfWidth: 0.02 },
    { d: 1, lambda: 0.9, fixedPoint: 10, mean: 10.2, halfWidth: 0.3 },
    { d: 2, lambda: 0.5, fixedPoint: 1.2657, mean: 1.27, halfWidth: 0.01 },
    { d: 2, lambda: 0.9, fixedPoint: 2.6141, mean: 2.63, halfWidth: 0.04 },
  ],
};

describe('supermarket-t figure', () => {
  it('draws a line per d, a marker and an interval per simulation, a legend and a labelled log axis', () => {
    const { document } = new JSDOM('').window;
    const node = supermarketTFigure.plot(data, { width: 640, document, locale: 'en', strings: subset('en', ['fig.']) });
    const svg = node.tagName.toLowerCase() === 'svg' ? node : node.querySelector('svg[aria-label]')!;
    expect(svg.getAttribute('aria-label')).toMatch(/mean time in system against the arrival rate/i);
    expect(svg.querySelectorAll('g[aria-label="line"] path')).toHaveLength(2);
    expect(svg.querySelectorAll('g[aria-label="dot"] > *')).toHaveLength(4);
    // one rule for the cell's λ, one per simulation
    expect(svg.querySelectorAll('g[aria-label="rule"] line')).toHaveLength(1 + 4);
    expect(node.textContent).toContain('d=2');
    const yLabels = Array.from(svg.querySelectorAll('g[aria-label="y-axis tick label"] text')).map((t) => t.textContent);
    expect(yLabels).toEqual(['1', '2', '5', '10']);
  });

  it('gives the fixed point and the simulation with its interval per λ and d, in the page’s language', () => {
    const { document } = new JSDOM('').window;
    const table = supermarketTFigure.table(data, { width: 640, document, locale: 'ko', strings: subset('ko', ['fig.']) });
    expect(table.columns).toEqual(['λ', '고정점 (d=1)', '시뮬레이션 ± 95% 구간 (d=1)', '고정점 (d=2)', '시뮬레이션 ± 95% 구간 (d=2)']);
    expect(table.rows).toEqual([
      [0.5, 2, '2.01 ± 0.02', 1.2657, '1.27 ± 0.01'],
      [0.9, 10, '10.2 ± 0.3', 2.6141, '2.63 ± 0.04'],
    ]);
  });
});
