import { makeRng } from '../../lib/random/index.ts';
import { picks, swrr, warmupSkips, type Warmup } from '../../lib/swrr/index.ts';
import { meter } from '../shared/meter.ts';
import { checkSomeWeight, sumOf, weightsSpec } from './swrr-common.ts';
import type { Experiment } from '../shared/types.ts';

export interface SwrrWarmupParams extends Record<string, number | string | readonly number[]> {
  weights: readonly number[];
  restarts: number;
  window: number;
  seed: number;
}

export const WARMUPS: readonly Warmup[] = ['none', 'article', 'cycle'];

export interface SwrrWarmupData {
  weights: number[];
  window: number;
  restarts: number;
  /** Per warm-up: each node's share of the first `window` picks after a restart, over all restarts. */
  shares: Record<Warmup, number[]>;
}

const CHUNK = 50_000;

/**
 * Many instances restarting: each starts from all-zero current weights, skips a random number of
 * picks (none; fewer than the number of nodes, as the article does; or fewer than the total
 * weight, a uniform point in the cycle), then serves `window` picks. Since the state after k
 * picks is the k-th state of one fixed cycle, a restart is read off one precomputed cycle.
 */
export const swrrWarmup: Experiment<SwrrWarmupParams, SwrrWarmupData, 'swrr-warmup'> = {
  id: 'swrr.warmup',
  summary: 'restarting instances: what the first picks after a restart do, with and without warm-up',
  figures: ['swrr-warmup'],
  cost: {
    work: (p) => (p.restarts * p.weights.length * (1 + p.window)) / 2,
    knob: 'restarts',
    secondsPerUnit: 1.33e-8,
    probes: { calibrate: { restarts: '4000000' }, check: { restarts: '1000000', window: '4', weights: '5,3,1,2' } },
    // 2 x 10^7 restarts x 3 warm-ups, in chunks of 5 x 10^4.
    slow: { restarts: '20000000' },
  },
  primary: ['weights', 'restarts', 'window'],
  params: {
    weights: weightsSpec([5, 3, 1]),
    restarts: { kind: 'int', default: 10_000, min: 1, max: 20_000_000 },
    window: { kind: 'int', default: 1, min: 1, max: 100 },
    seed: { kind: 'int', default: 1, min: 0, max: 1_000_000_000 },
  },
  check(p) {
    const bad = checkSomeWeight(p.weights);
    if (bad) return bad;
    const work = p.restarts * p.window;
    return work > 200_000_000
      ? { param: 'restarts', code: 'too-many-picks', vars: { millions: Math.ceil(work / 1e6), limit: 200 }, message: `restarts × window is ${Math.ceil(work / 1e6)} million picks; at most 200 million are allowed` }
      : null;
  },
  resultKind: (key) => (key.endsWith('.share') ? 'percent' : 'int'),
  async run(p, ctx) {
    const { weights, window, restarts } = p;
    const total = sumOf(weights);
    const cycle = picks(swrr(weights), total);
    const rng = makeRng('fast', p.seed);
    const probe = swrr(weights);
    const shares = {} as Record<Warmup, number[]>;
    const bar = meter(restarts * WARMUPS.length, ctx);
    for (const w of WARMUPS) {
      const tally = new Float64Array(weights.length);
      for (let start = 0; start < restarts; start += CHUNK) {
        const end = Math.min(restarts, start + CHUNK);
        for (let r = start; r < end; r++) {
          const skip = warmupSkips(w, probe, rng);
          for (let j = 0; j < window; j++) tally[cycle[(skip + j) % total]]++;
        }
        await bar.advance(end - start);
      }
      shares[w] = Array.from(tally, (t) => t / (restarts * window));
    }
    const heavy = weights.indexOf(Math.max(...weights));
    const data: SwrrWarmupData = { weights: [...weights], window, restarts, shares };
    return {
      results: {
        'none.share': shares.none[heavy],
        'article.share': shares.article[heavy],
        'cycle.share': shares.cycle[heavy],
        'weight.share': weights[heavy] / total,
      },
      data,
    };
  },
};
