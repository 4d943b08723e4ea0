import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { chashRemapFigure } from '../../../components/figures/chash-remap.ts';
import type { ChashRemapData } from '../../../src/experiments/consistent-hashing/chash-remap.ts';
import { subset } from '../../../src/i18n/index.ts';

const load = (min: number, max: number, std: number) => ({ min, max, std });
const data = (salts: number[]): ChashRemapData => ({
  keys: 100_000,
  from: 4,
  to: 5,
  vnodes: 100,
  salts,
  ideal: 0.2,
  meanBefore: 25_000,
  meanAfter: 20_000,
  settings: [
    { id: 'mod', points: 0, moved: salts.map((_, i) => 0.8 + i / 1000), before: salts.map(() => load(24_900, 25_100, 90)), after: salts.map(() => load(19_900, 20_100, 80)) },
    { id: 'ring1', points: 1, moved: salts.map((_, i) => 0.2 + i / 1000), before: salts.map(() => load(4_800, 47_200, 15_261)), after: salts.map(() => load(3_000, 40_000, 12_000)) },
    { id: 'ring', points: 100, moved: salts.map((_, i) => 0.187 + i / 1000), before: salts.map(() => load(23_248, 27_856, 1_727)), after: salts.map(() => load(17_840, 23_933, 2_110)) },
  ],
});

describe('chash-remap figure', () => {
  it('draws the three settings side by side: a bar each for keys moved and a load range each', () => {
    const { document } = new JSDOM('').window;
    const node = chashRemapFigure.plot(data([0]), { width: 640, document, locale: 'en', strings: subset('en', ['fig.']) });
    const svgs = node.querySelectorAll('svg[aria-label]');
    expect(svgs.length).toBe(2);
    expect(svgs[0].getAttribute('aria-label')).toMatch(/share of keys that move/i);
    expect(svgs[0].querySelectorAll('g[aria-label="bar"] > rect').length).toBe(3);
    expect(svgs[1].querySelectorAll('g[aria-label="rule"] > line').length).toBeGreaterThanOrEqual(3);
    for (const label of ['mod N', 'Ring, 1 point per node', 'Ring, 100 points per node']) expect(node.textContent).toContain(label);
    expect(node.textContent).toContain('20.0%');
    expect(svgs[0].querySelectorAll('g[aria-label="dot"]').length).toBe(0);
  });

  it('adds a dot per salt in spread mode', () => {
    const { document } = new JSDOM('').window;
    const node = chashRemapFigure.plot(data([0, 1, 2, 3, 4]), { width: 640, document, locale: 'ko', strings: subset('ko', ['fig.']) });
    const svgs = node.querySelectorAll('svg[aria-label]');
    expect(svgs[0].querySelectorAll('g[aria-label="dot"] > *').length).toBe(15);
    expect(node.textContent).toContain('링, 노드당 점 100개');
  });

  it('gives the same numbers as a table, one row per setting', () => {
    const { document } = new JSDOM('').window;
    const table = chashRemapFigure.table(data([0]), { width: 640, document, locale: 'en', strings: subset('en', ['fig.']) });
    expect(table.rows).toHaveLength(3);
    expect(table.columns[1]).toBe('Keys moved (4 → 5)');
    expect(table.rows[1]).toEqual(['Ring, 1 point per node', '20.0%', '20.0%', 4_800, 47_200, '15,261', 3_000, 40_000, '12,000']);
    const spread = chashRemapFigure.table(data([0, 1, 2]), { width: 640, document, locale: 'en', strings: subset('en', ['fig.']) });
    expect(spread.columns).toHaveLength(11);
    expect(spread.rows[2][9]).toBe('18.7% – 18.9%');
  });
});
