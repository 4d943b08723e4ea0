import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { labCompareFigure } from '../../../components/figures/lab-compare.ts';
import { labSweepFigure } from '../../../components/figures/lab-sweep.ts';
import { labWeightsFigure } from '../../../components/figures/lab-weights.ts';
import type { LabCompareData } from '../../../src/experiments/placement-lab/lab-compare.ts';
import type { LabSweepData } from '../../../src/experiments/placement-lab/lab-sweep.ts';
import type { LabWeightsData } from '../../../src/experiments/placement-lab/lab-weights.ts';
import { subset } from '../../../src/i18n/index.ts';

const row = (id: LabCompareData['rows'][number]['id'], maxmean: number, cv: number, movedAdd: number, bytes: number) => ({
  id,
  maxmean,
  minmean: 0.9,
  cv,
  exactMaxmean: null,
  exactSpread: null,
  movedAdd,
  movedRemove: movedAdd,
  ns: 100,
  bytes,
  buildMs: 1,
});
const compare: LabCompareData = { nodes: 100, keys: 50_000, noise: 0.0445, idealAdd: 1 / 101, idealRemove: 0.01, rows: [row('mod-n', 1.1, 0.045, 0.99, 0), row('jump', 1.1, 0.044, 0.0099, 0), row('maglev', 1.1, 0.046, 0.016, 131_074)] };

const sweep: LabSweepData = {
  x: 'nodes',
  metric: 'cv',
  keys: 20_000,
  nodes: 100,
  floor: [10, 100].map((x) => ({ x, value: Math.sqrt((x - 1) / 20_000) })),
  ideal: [],
  series: [
    { id: 'jump', points: [{ x: 10, value: 0.02 }, { x: 100, value: 0.07 }] },
    { id: 'ring-nginx', points: [{ x: 10, value: 0.1 }, { x: 100, value: 0.12 }] },
  ],
};

const weights: LabWeightsData = {
  weights: [1, 3],
  targets: [0.25, 0.75],
  keys: 1000,
  noise: 0.05,
  rows: [
    { id: 'jump', how: 'emulated', shares: [0.26, 0.74], maxError: 0.04 },
    { id: 'maglev', how: 'native', shares: [0.25, 0.75], maxError: 0 },
  ],
};

const ctx = (locale: 'ko' | 'en', width = 640) => ({ width, document: new JSDOM('').window.document, locale, strings: subset(locale, ['fig.']) });

describe('lab figures', () => {
  it('lab-compare: a panel per measure, a bar per scheme, the floors as dashed rules; a row per scheme and one for the floor', () => {
    const c = ctx('en');
    const node = labCompareFigure.plot(compare, c);
    const svgs = node.querySelectorAll('svg[aria-label]');
    expect(svgs).toHaveLength(7);
    expect(svgs[0].querySelectorAll('rect').length).toBeGreaterThanOrEqual(3);
    expect(node.textContent).toContain('jump');
    expect(node.textContent).toContain('50,000 keys');
    const table = labCompareFigure.table(compare, c);
    expect(table.rows).toHaveLength(4);
    expect(table.rows[1].slice(0, 4)).toEqual(['jump', '1.1', '4.4%', '0.99%']);
  });

  it('lab-sweep: a panel per scheme on shared axes, the sampling floor drawn in each', () => {
    const node = labSweepFigure.plot(sweep, ctx('ko'));
    expect(node.querySelectorAll('svg[aria-label]')).toHaveLength(2);
    expect(node.querySelectorAll('path[stroke-dasharray]').length + node.querySelectorAll('g[stroke-dasharray] path').length).toBeGreaterThanOrEqual(2);
    const table = labSweepFigure.table(sweep, ctx('en'));
    expect(table.columns).toEqual(['Nodes, N (log scale)', 'Jump', 'Ring, nginx CRC-32', 'Expected sampling floor']);
    expect(table.rows[1][1]).toBe('7%');
  });

  it('lab-weights: a panel per scheme, says which weights the lab built, a row per node', () => {
    const c = ctx('en', 360);
    const node = labWeightsFigure.plot(weights, c);
    expect(node.querySelectorAll('svg[aria-label]')).toHaveLength(2);
    expect(node.textContent).toContain('Jump*');
    expect(node.textContent).toContain('the lab builds them');
    const table = labWeightsFigure.table(weights, c);
    expect(table.rows).toEqual([
      ['#1 (w=1)', '25%', '26%', '25%'],
      ['#2 (w=3)', '75%', '74%', '75%'],
    ]);
  });
});
