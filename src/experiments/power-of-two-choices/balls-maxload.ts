import { loadHistogram, maxLoad } from '../../lib/balls/index.ts';
import { makeRng } from '../../lib/random/index.ts';
import { ballDraws, throwBalls } from './balls-throw.ts';
import { meter } from '../shared/meter.ts';
import type { Experiment } from '../shared/types.ts';

export interface MaxLoadParams extends Record<string, number | string | readonly number[]> {
  n: number;
  choices: readonly number[];
  seed: number;
  generator: string;
}

export interface MaxLoadData {
  /** One histogram per compared d: counts[load] = how many bins hold that many balls. */
  histograms: { d: number; counts: number[] }[];
}

/**
 * n balls into n bins, each ball to the least loaded of d uniform candidates, exactly as the
 * article's Python program does it; each d runs from a fresh generator with the same seed.
 * A factory, because one run serves several cells that differ only in their default n
 * (`balls.maxload` for the article's program, `balls.histogram` for its Figure 3), each with its
 * own summary and cost constants.
 */
export function maxloadExperiment(
  id: string,
  defaultN: number,
  own: Pick<Experiment<MaxLoadParams, MaxLoadData, 'load-histogram'>, 'summary' | 'cost' | 'say'>,
): Experiment<MaxLoadParams, MaxLoadData, 'load-histogram'> {
  return {
    id,
    ...own,
    figures: ['load-histogram'],
    primary: ['n', 'choices'],
    params: {
      n: { kind: 'int', default: defaultN, min: 1, max: 10_000_000 },
      choices: { kind: 'int-list', default: [1, 2], min: 1, max: 8, maxItems: 4 },
      seed: { kind: 'int', default: 7, min: 0, max: Number.MAX_SAFE_INTEGER },
      generator: { kind: 'choice', default: 'cpython', options: ['cpython', 'fast'] },
    },
    check(p) {
      const d = Math.max(...p.choices);
      return d > p.n ? { param: 'choices', code: 'd-gt-n', vars: { d, n: p.n }, message: `d = ${d} is larger than n = ${p.n}: a ball cannot have more candidate bins than there are bins` } : null;
    },
    resultKind: () => 'int',
    async run(p, ctx) {
      const results: Record<string, number> = {};
      const histograms: MaxLoadData['histograms'] = [];
      const w = meter(p.choices.reduce((s, d) => s + d, 0) * p.n, ctx);
      for (const d of p.choices) {
        const bins = new Uint32Array(p.n);
        await throwBalls(bins, d, makeRng(p.generator === 'fast' ? 'fast' : 'cpython', p.seed), w);
        results[`max.d${d}`] = maxLoad(bins);
        histograms.push({ d, counts: loadHistogram(bins) });
      }
      const data: MaxLoadData = { histograms };
      return { results, data };
    },
  };
}

export const ballsMaxload = maxloadExperiment('balls.maxload', 100_000, {
  summary: "n balls into n bins, each to the least loaded of d candidates: the fullest bin (the article's program)",
  cost: {
    // Balls placed times candidates drawn, weighted for the cache (ballDraws).
    work: (p) => ballDraws(p.n, p.choices, p.generator),
    knob: 'n',
    // balls.*: on the WebAssembly kernel (src/kernels/), the median of three calibrations on a loaded
    // machine; the TypeScript fallback takes about twice as long. balls.growth's calibration (up to
    // 10^7, where the cache weight dominates) came out at 2.29e-9 while its check (10^5 and 10^6, 18
    // short runs) measured about 1.7 times its estimate; 2.95e-9 sits between the two.
    secondsPerUnit: 4.08e-9,
    probes: { calibrate: { n: '5000000', choices: '1,2' }, check: { n: '2000000', choices: '3,4', generator: 'fast' } },
    slow: { n: '10000000' },
  },
});
