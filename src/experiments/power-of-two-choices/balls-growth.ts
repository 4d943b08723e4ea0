import { sum } from '../shared/cost.ts';
import { maxLoad, maxLoadOrder } from '../../lib/balls/index.ts';
import { makeRng } from '../../lib/random/index.ts';
import { ballDraws, throwBalls } from './balls-throw.ts';
import { meter } from '../shared/meter.ts';
import type { CheckFailure, Experiment } from '../shared/types.ts';
import { pow, powi } from '../../lib/fp/index.ts';

export interface GrowthParams extends Record<string, number | string | readonly number[]> {
  from: number;
  to: number;
  choices: readonly number[];
  seed: number;
  seeds: number;
  generator: string;
}

export interface GrowthData {
  /** The seeds run: seed, seed + 1, ..., seed + seeds - 1. */
  seed: number;
  seeds: number;
  /** One row per (d, n), d in the order given, n ascending: maxima[k] is the run with seed + k. */
  runs: { d: number; n: number; maxima: number[] }[];
  /** ln n / ln ln n along the n range (a little past each end), for the dotted d = 1 order line. */
  order: { n: number; value: number }[];
}

/** Points per decade of the order line, and how far (in decades) it runs past the data. */
const ORDER_STEPS = 8;
const ORDER_PAD = 0.25;

/**
 * Figure 2: the maximum load of n balls into n bins at n = 10^from ... 10^to, for each compared d.
 * Each (n, d) starts from a fresh generator with the same seed, as the article's program does,
 * so the first seed's maxima are exactly `balls.maxload`'s. With seeds > 1 each (n, d) is also run
 * for the next seeds, so the article's values can be read as draws from a distribution.
 */
export const ballsGrowth: Experiment<GrowthParams, GrowthData, 'max-load-growth'> = {
  id: 'balls.growth',
  summary: "the fullest bin as n grows by decades, against log n / log log n and log log n / log d (Figure 2)",
  figures: ['max-load-growth'],
  cost: {
    work: (p) => p.seeds * sum(Array.from({ length: p.to - p.from + 1 }, (_, i) => ballDraws(powi(10, p.from + i), p.choices, p.generator))),
    knob: 'to',
    secondsPerUnit: 2.95e-9,
    probes: { calibrate: { from: '3', to: '7', choices: '1,2' }, check: { from: '5', to: '6', choices: '1,2,3', seeds: '3', generator: 'fast' } },
    // The defaults (from 3 to 7, so up to 10^7 balls) take seconds.
    slow: {},
  },
  primary: ['to', 'choices'],
  params: {
    from: { kind: 'int', default: 3, min: 1, max: 7 },
    to: { kind: 'int', default: 7, min: 1, max: 7 },
    choices: { kind: 'int-list', default: [1, 2, 3], min: 1, max: 8, maxItems: 4 },
    seed: { kind: 'int', default: 7, min: 0, max: Number.MAX_SAFE_INTEGER },
    seeds: { kind: 'int', default: 1, min: 1, max: 20 },
    generator: { kind: 'choice', default: 'cpython', options: ['cpython', 'fast'] },
  },
  check(p): CheckFailure | null {
    if (p.from > p.to) {
      return { param: 'to', code: 'to-lt-from', vars: { from: p.from, to: p.to }, message: `to = ${p.to} is below from = ${p.from}: the sweep runs n = 10^from up to 10^to` };
    }
    // Unreachable within today's bounds (n >= 10, d <= 8); kept so a wider bound stays safe.
    const n = powi(10, p.from);
    const d = Math.max(...p.choices);
    if (d > n) return { param: 'choices', code: 'd-gt-n', vars: { d, n }, message: `d = ${d} is larger than n = ${n}: a ball cannot have more candidate bins than there are bins` };
    // Compared this way round so nothing is computed past 2^53, where seed + seeds would round.
    if (p.seeds - 1 > Number.MAX_SAFE_INTEGER - p.seed) {
      return { param: 'seeds', code: 'seeds-past-max', vars: { seed: p.seed, seeds: p.seeds, max: Number.MAX_SAFE_INTEGER }, message: `seeds ${p.seed} ... ${p.seed} + ${p.seeds} - 1 go past the largest seed, ${Number.MAX_SAFE_INTEGER}` };
    }
    return null;
  },
  resultKind: () => 'int',
  async run(p, ctx) {
    const generator = p.generator === 'fast' ? 'fast' : 'cpython';
    const ns: number[] = [];
    for (let e = p.from; e <= p.to; e++) ns.push(powi(10, e));
    const w = meter(p.seeds * p.choices.reduce((s, d) => s + d, 0) * ns.reduce((s, n) => s + n, 0), ctx);
    // One buffer for every run: the 10^7 bins are 40 MB, allocated once, not once per run.
    const buffer = new Uint32Array(ns[ns.length - 1]);
    const results: Record<string, number> = {};
    const runs: GrowthData['runs'] = [];
    for (const d of p.choices) {
      for (const n of ns) {
        const maxima: number[] = [];
        for (let k = 0; k < p.seeds; k++) {
          const bins = buffer.subarray(0, n);
          bins.fill(0);
          await throwBalls(bins, d, makeRng(generator, p.seed + k), w);
          maxima.push(maxLoad(bins));
        }
        results[`max.d${d}.n${n}`] = maxima[0];
        runs.push({ d, n, maxima });
      }
    }
    const order: GrowthData['order'] = [];
    const steps = Math.round((p.to - p.from + 2 * ORDER_PAD) * ORDER_STEPS);
    for (let k = 0; k <= steps; k++) {
      // Rounded, so the data stays byte-identical even if two engines' pow differ in the last bit.
      const n = Number(pow(10, p.from - ORDER_PAD + k / ORDER_STEPS).toPrecision(6));
      order.push({ n, value: Number(maxLoadOrder(n, 1).toPrecision(6)) });
    }
    const data: GrowthData = { seed: p.seed, seeds: p.seeds, runs, order };
    return { results, data };
  },
};
