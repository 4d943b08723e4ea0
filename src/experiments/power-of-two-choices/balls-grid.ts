import { maxLoad } from '../../lib/balls/index.ts';
import { makeRng } from '../../lib/random/index.ts';
import { throwBalls } from './balls-throw.ts';
import { meter } from '../shared/meter.ts';
import type { Experiment } from '../shared/types.ts';

export interface GridParams extends Record<string, number | string | readonly number[]> {
  side: number;
  choices: readonly number[];
  seed: number;
  generator: string;
}

export interface GridData {
  side: number;
  /** One grid per compared d, in the order given: loads[row * side + col] is bin row * side + col. */
  grids: { d: number; loads: number[] }[];
}

/**
 * Figure 1: side² balls into side² bins laid out as a side x side grid, once per compared d, each
 * from a fresh generator with the same seed. The layout is only a way to see all bins at once:
 * the bins are the article's list, in order, row by row.
 */
export const ballsGrid: Experiment<GridParams, GridData, 'bin-grid'> = {
  id: 'balls.grid',
  summary: 'side² balls into a side x side grid of bins, once per d (Figure 1)',
  figures: ['bin-grid'],
  // side ≤ 60: at most 3600 balls, always done within a frame or two.
  cost: 'instant',
  primary: ['side', 'choices'],
  params: {
    side: { kind: 'int', default: 30, min: 5, max: 60 },
    choices: { kind: 'int-list', default: [1, 2], min: 1, max: 8, maxItems: 4 },
    seed: { kind: 'int', default: 7, min: 0, max: Number.MAX_SAFE_INTEGER },
    generator: { kind: 'choice', default: 'cpython', options: ['cpython', 'fast'] },
  },
  check(p) {
    // Unreachable within today's bounds (side >= 5, d <= 8); kept so a wider bound stays safe.
    const n = p.side * p.side;
    const d = Math.max(...p.choices);
    return d > n ? { param: 'choices', code: 'd-gt-n', vars: { d, n }, message: `d = ${d} is larger than n = ${n}: a ball cannot have more candidate bins than there are bins` } : null;
  },
  resultKind: () => 'int',
  say: {
    // Which grid is which, left to right: the article's pair, one grid, two, or more.
    sides(p) {
      const c = p.choices;
      const vars = { d: { count: c[0] }, a: { count: c[0] }, b: { count: c[c.length - 1] }, list: { param: 'choices' }, count: { count: c.length } };
      const which = c.length === 1 ? 'one' : c.length > 2 ? 'many' : c[0] === 1 && c[1] === 2 ? 'pair' : 'two';
      return { case: which, vars };
    },
  },
  async run(p, ctx) {
    const n = p.side * p.side;
    const results: Record<string, number> = {};
    const grids: GridData['grids'] = [];
    const w = meter(p.choices.reduce((s, d) => s + d, 0) * n, ctx);
    for (const d of p.choices) {
      const bins = new Uint32Array(n);
      await throwBalls(bins, d, makeRng(p.generator === 'fast' ? 'fast' : 'cpython', p.seed), w);
      results[`max.d${d}`] = maxLoad(bins);
      grids.push({ d, loads: Array.from(bins) });
    }
    const data: GridData = { side: p.side, grids };
    return { results, data };
  },
};
