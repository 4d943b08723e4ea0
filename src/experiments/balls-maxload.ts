import { placeBalls, loadHistogram, maxLoad } from '../lib/balls/index.ts';
import { makeRng } from '../lib/random/index.ts';
import { abortError, pause } from './pause.ts';
import type { Experiment } from './types.ts';

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

/** Balls per chunk at d = 1; a chunk of work stays near 10 ms so cancel is prompt. */
const CHUNK = 1 << 18;

/**
 * n balls into n bins, each ball to the least loaded of d uniform candidates, exactly as the
 * article's Python program does it; each d runs from a fresh generator with the same seed.
 */
export const ballsMaxload: Experiment<MaxLoadParams> = {
  id: 'balls.maxload',
  params: {
    n: { kind: 'int', default: 100_000, min: 1, max: 10_000_000 },
    choices: { kind: 'int-list', default: [1, 2], min: 1, max: 8, maxItems: 4 },
    seed: { kind: 'int', default: 7, min: 0, max: Number.MAX_SAFE_INTEGER },
    generator: { kind: 'choice', default: 'cpython', options: ['cpython', 'fast'] },
  },
  check(p) {
    const d = Math.max(...p.choices);
    return d > p.n ? { param: 'choices', code: 'd-gt-n', vars: { d, n: p.n }, message: `d = ${d} is larger than n = ${p.n}: a ball cannot have more candidate bins than there are bins` } : null;
  },
  resultKind: () => 'int',
  async run(p, { progress, signal }) {
    const results: Record<string, number> = {};
    const histograms: MaxLoadData['histograms'] = [];
    const work = p.choices.reduce((s, d) => s + d, 0) * p.n;
    let done = 0;
    for (const d of p.choices) {
      const rng = makeRng(p.generator === 'fast' ? 'fast' : 'cpython', p.seed);
      const bins = new Uint32Array(p.n);
      const chunk = Math.max(1, Math.floor(CHUNK / d));
      for (let start = 0; start < p.n; start += chunk) {
        if (signal.aborted) throw abortError();
        const count = Math.min(chunk, p.n - start);
        placeBalls(bins, count, d, rng);
        done += count * d;
        progress(done / work);
        if (start + count < p.n) await pause();
      }
      results[`max.d${d}`] = maxLoad(bins);
      histograms.push({ d, counts: loadHistogram(bins) });
      await pause();
    }
    const data: MaxLoadData = { histograms };
    return { results, data };
  },
};
