import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { supermarketTableFigure } from '../../../components/figures/supermarket-table.ts';
import type { SupermarketTableData } from '../../../src/experiments/power-of-two-choices/supermarket-table.ts';
import { subset } from '../../../src/i18n/index.ts';

const data: SupermarketTableData = {
  n: 100,
  seeds: 1,
  rows: [
    { lambda: 0.99, d: 2, fixedPoint: 5.432, mean: 6.1, halfWidth: 0.3, means: [6.1] },
    { lambda: 0.95, d: 2, fixedPoint: 3.383, mean: 3.49, halfWidth: 0.04, means: [3.49] },
  ],
};

describe('supermarket-table figure', () => {
  it('puts the fixed point and the simulation side by side, one row per case, with a legend', () => {
    const { document } = new JSDOM('').window;
    const node = supermarketTableFigure.plot(data, { width: 640, document, locale: 'en', strings: subset('en', ['fig.']) });
    const svg = node.tagName.toLowerCase() === 'svg' ? node : node.querySelector('svg[aria-label]')!;
    expect(svg.getAttribute('aria-label')).toMatch(/fixed point and from a simulation/i);
    expect(svg.querySelectorAll('g[aria-label="dot"] > *')).toHaveLength(4);
    expect(node.textContent).toContain('Simulation (n = 100)');
    expect(node.textContent).toContain('λ = 0.95, d = 2');
  });

  it('lists each case with fixed point, simulation and half-width', () => {
    const { document } = new JSDOM('').window;
    const table = supermarketTableFigure.table(data, { width: 640, document, locale: 'en', strings: subset('en', ['fig.']) });
    expect(table.columns).toEqual(['Case', 'Fixed point', 'Simulated (n = 100)', '95% interval (±)']);
    expect(table.rows).toEqual([
      ['λ = 0.99, d = 2', 5.432, 6.1, 0.3],
      ['λ = 0.95, d = 2', 3.383, 3.49, 0.04],
    ]);
  });

  it('says over how many seeds the simulated value is a mean, in both languages, when it is more than one', () => {
    const { document } = new JSDOM('').window;
    const five = { ...data, seeds: 5 };
    const en = supermarketTableFigure.table(five, { width: 640, document, locale: 'en', strings: subset('en', ['fig.']) });
    expect(en.columns[2]).toBe('Simulated (n = 100, mean of 5 seeds)');
    const node = supermarketTableFigure.plot(five, { width: 640, document, locale: 'ko', strings: subset('ko', ['fig.']) });
    expect(node.textContent).toContain('시뮬레이션 (n = 100, 시드 5개의 평균)');
  });
});
