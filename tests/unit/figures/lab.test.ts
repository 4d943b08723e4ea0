import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { labCompareFigure } from '../../../components/figures/lab-compare.ts';
import { LAB_SCHEMES } from '../../../components/figures/lab-panels.ts';
import { labSweepFigure } from '../../../components/figures/lab-sweep.ts';
import { labWeightsFigure } from '../../../components/figures/lab-weights.ts';
import type { LabCompareData } from '../../../src/experiments/placement-lab/lab-compare.ts';
import type { LabSweepData } from '../../../src/experiments/placement-lab/lab-sweep.ts';
import type { LabWeightsData } from '../../../src/experiments/placement-lab/lab-weights.ts';
import { SCHEME_IDS } from '../../../src/experiments/placement-lab/lab-common.ts';
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

  it('on a phone a lab figure shows its panels a group at a time: radio buttons over the panels, the first checked, each panel in one group (compare: one measure each; sweep and weights: two schemes each)', () => {
    for (const locale of ['ko', 'en'] as const) {
      const c = ctx(locale);
      const compareNode = labCompareFigure.plot(compare, c);
      const radios = Array.from(compareNode.querySelectorAll<HTMLInputElement>('fieldset.panel-pick input[type="radio"]'));
      expect(radios.map((r) => r.value)).toEqual(['0', '1', '2', '3', '4', '5', '6']);
      expect(radios.filter((r) => r.checked).map((r) => r.value)).toEqual(['0']);
      expect(new Set(radios.map((r) => r.name)).size).toBe(1);
      // Every segment is named (its label's text) and the set has a legend.
      for (const r of radios) expect(r.closest('label')!.textContent!.trim()).not.toBe('');
      expect(compareNode.querySelector('fieldset.panel-pick > legend')!.textContent).not.toBe('');
      expect(Array.from(compareNode.querySelectorAll('svg[aria-label]')).map((s) => s.getAttribute('data-group'))).toEqual(['0', '1', '2', '3', '4', '5', '6']);
      // The first shown panel holds the tab stop.
      expect(compareNode.querySelector('[data-group="0"]')!.getAttribute('tabindex')).toBe('0');
      const three = { ...sweep, series: [...sweep.series, { id: 'maglev' as const, points: sweep.series[0].points }] };
      const sweepNode = labSweepFigure.plot(three, c);
      expect(Array.from(sweepNode.querySelectorAll('svg[aria-label]')).map((s) => s.getAttribute('data-group'))).toEqual(['0', '0', '1']);
      expect(sweepNode.querySelectorAll('.panel-pick input')).toHaveLength(2);
      expect(sweepNode.querySelector('.panel-pick label')!.textContent).toBe(locale === 'en' ? 'jump · nginx ring' : '점프 · nginx 링');
      const weightsNode = labWeightsFigure.plot(weights, ctx(locale, 300));
      // One group (two schemes): nothing to pick.
      expect(weightsNode.querySelector('.panel-pick')).toBeNull();
    }
  });

  it('the key of a lab figure is the schemes’ toggle: a button per scheme of the lab, in its order, pressed when the run has it, with the scheme’s colour', () => {
    expect(LAB_SCHEMES).toEqual(SCHEME_IDS);
    for (const locale of ['ko', 'en'] as const) {
      for (const node of [labCompareFigure.plot(compare, ctx(locale)), labSweepFigure.plot(sweep, ctx(locale)), labWeightsFigure.plot(weights, ctx(locale))]) {
        const group = node.querySelector('.scheme-toggle[role="group"]')!;
        expect(group.getAttribute('aria-label')).toBe(locale === 'en' ? 'Schemes in the run' : '실행할 방식');
        const buttons = Array.from(group.querySelectorAll('button'));
        expect(buttons.map((b) => b.dataset.scheme)).toEqual(SCHEME_IDS);
        for (const b of buttons) {
          expect(b.getAttribute('type')).toBe('button');
          expect(b.textContent!.trim()).not.toBe('');
          expect(b.querySelector('.scheme-swatch')!.getAttribute('style')).toMatch(/^--swatch:#/);
        }
        const pressed = buttons.filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.dataset.scheme);
        expect(pressed.length).toBeGreaterThan(0);
        expect(buttons.every((b) => ['true', 'false'].includes(b.getAttribute('aria-pressed')!))).toBe(true);
      }
      const pressed = (node: Element) => Array.from(node.querySelectorAll('.scheme-toggle button[aria-pressed="true"]')).map((b) => (b as HTMLElement).dataset.scheme);
      expect(pressed(labCompareFigure.plot(compare, ctx(locale)))).toEqual(['mod-n', 'jump', 'maglev']);
      expect(pressed(labSweepFigure.plot(sweep, ctx(locale)))).toEqual(['ring-nginx', 'jump']);
      expect(pressed(labWeightsFigure.plot(weights, ctx(locale)))).toEqual(['jump', 'maglev']);
    }
  });

  it('the lab figures fold all their cell’s numbers (their panels draw them)', () => {
    for (const f of [labCompareFigure, labSweepFigure, labWeightsFigure]) expect(f.resultsShown).toBe(0);
  });
});
