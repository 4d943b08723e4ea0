import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { chashSweepFigure } from '../../../components/figures/chash-sweep.ts';
import type { ChashSweepData } from '../../../src/experiments/consistent-hashing/chash-sweep.ts';
import { subset } from '../../../src/i18n/index.ts';

const data: ChashSweepData = {
  keys: 1000,
  from: 4,
  to: 5,
  ideal: 0.2,
  series: [
    { v: 1, moved: 0.29, std: 0.88, points: 4, bytes: 24, lookupNs: 40 },
    { v: 10, moved: 0.25, std: 0.19, points: 40, bytes: 240, lookupNs: 50 },
    { v: 100, moved: 0.2, std: 0.09, points: 400, bytes: 2400, lookupNs: 75 },
  ],
};

describe('chash-sweep figure', () => {
  it('draws three panels on one log V axis, the ideal as a rule, and says the lookup times are measured here', () => {
    const { document } = new JSDOM('').window;
    const strings = subset('ko', ['fig.']);
    const node = chashSweepFigure.plot(data, { width: 640, document, locale: 'ko', strings });
    const svgs = Array.from(node.querySelectorAll('svg[aria-label]'));
    expect(svgs.map((s) => s.getAttribute('aria-label'))).toEqual([strings['fig.chash-sweep.moved'], strings['fig.chash-sweep.std'], strings['fig.chash-sweep.cost']]);
    expect(node.querySelectorAll('g[aria-label="line"] path')).toHaveLength(4);
    expect(node.querySelectorAll('g[aria-label="rule"]').length).toBeGreaterThan(0);
    expect(node.textContent).toContain('20%');
    expect(node.textContent).toContain(strings['fig.chash-sweep.note']);
    expect(node.textContent).toContain(strings['fig.chash-sweep.memory']);
    const xLabels = Array.from(svgs[0].querySelectorAll('g[aria-label="x-axis tick label"] text')).map((t) => t.textContent);
    expect(xLabels).toEqual(['1', '2', '5', '10', '20', '50', '100']);
  });

  it('gives a row per V with localised numbers', () => {
    const { document } = new JSDOM('').window;
    const table = chashSweepFigure.table(data, { width: 640, document, locale: 'en', strings: subset('en', ['fig.']) });
    expect(table.columns).toEqual(['V', 'Keys moved', 'Load std ÷ mean', 'Ring memory (bytes)', 'Lookup time (ns, measured)']);
    expect(table.rows[2]).toEqual([100, '20%', '0.09', '2,400', '75']);
  });

  it('folds all its cell’s numbers under it: its panels draw keys moved and the spread at each V', () => {
    expect(chashSweepFigure.resultsShown).toBe(0);
  });
});
