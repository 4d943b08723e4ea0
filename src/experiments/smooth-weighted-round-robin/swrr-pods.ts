import { makeRng } from '../../lib/random/index.ts';
import { counts, longestRun, pick, pods, podsPick, swrr, type Warmup } from '../../lib/swrr/index.ts';
import { meter } from '../shared/meter.ts';
import { checkSomeWeight, sumOf, weightsSpec } from './swrr-common.ts';
import type { Experiment } from '../shared/types.ts';

export interface SwrrPodsParams extends Record<string, number | string | readonly number[]> {
  weights: readonly number[];
  pods: number;
  front: string;
  warmup: string;
  requests: number;
  seed: number;
}

export interface SwrrPodsData {
  weights: number[];
  pods: number;
  /** The first picks, as the nodes see them: through the pods, and from one shared instance. */
  podsHead: number[];
  sharedHead: number[];
  podsShares: number[];
  sharedShares: number[];
}

const HEAD = 36;
const CHUNK = 100_000;

/**
 * M instances (pods), each with its own SWRR state and no shared store, started together, behind
 * a front that hands requests to them in turn or at random; against one instance shared by all.
 * Shares over all requests, and the longest run of one node in the stream the nodes receive.
 */
export const swrrPods: Experiment<SwrrPodsParams, SwrrPodsData, 'swrr-pods'> = {
  id: 'swrr.pods',
  summary: 'independent pods with their own SWRR state against one shared instance',
  figures: ['swrr-pods'],
  cost: {
    work: (p) => p.requests * (1 + p.pods / 8),
    knob: 'requests',
    secondsPerUnit: 2.26e-8,
    probes: { calibrate: { requests: '8000000' }, check: { requests: '3000000', pods: '16', front: 'random' } },
    // 10^7 requests through 64 pods, and through one shared instance, in chunks of 10^5.
    slow: { requests: '10000000', pods: '64' },
  },
  primary: ['pods', 'weights', 'warmup'],
  params: {
    weights: weightsSpec([5, 3, 1]),
    pods: { kind: 'int', default: 3, min: 1, max: 64 },
    front: { kind: 'choice', default: 'round-robin', options: ['round-robin', 'random'] },
    warmup: { kind: 'choice', default: 'none', options: ['none', 'article', 'cycle'] },
    requests: { kind: 'int', default: 900, min: 10, max: 10_000_000 },
    seed: { kind: 'int', default: 1, min: 0, max: 1_000_000_000 },
  },
  check: (p) => checkSomeWeight(p.weights),
  resultKind: (key) => (key.endsWith('.run') ? 'int' : 'percent'),
  async run(p, ctx) {
    const { weights, requests } = p;
    const rng = makeRng('fast', p.seed);
    const front = pods(weights, p.pods, p.front === 'random' ? 'random' : 'round-robin', p.warmup as Warmup, rng);
    const one = swrr(weights);
    const seq = new Int32Array(requests);
    const shared = new Int32Array(requests);
    const bar = meter(requests, ctx);
    for (let start = 0; start < requests; start += CHUNK) {
      const end = Math.min(requests, start + CHUNK);
      for (let r = start; r < end; r++) {
        seq[r] = podsPick(front, rng);
        shared[r] = pick(one);
      }
      await bar.advance(end - start);
    }
    const total = sumOf(weights);
    const heavy = weights.indexOf(Math.max(...weights));
    const podsShares = counts(seq, weights.length).map((c) => c / requests);
    const sharedShares = counts(shared, weights.length).map((c) => c / requests);
    const data: SwrrPodsData = {
      weights: [...weights],
      pods: p.pods,
      podsHead: Array.from(seq.subarray(0, HEAD)),
      sharedHead: Array.from(shared.subarray(0, HEAD)),
      podsShares,
      sharedShares,
    };
    return {
      results: {
        'pods.run': longestRun(seq),
        'shared.run': longestRun(shared),
        'pods.share': podsShares[heavy],
        'shared.share': sharedShares[heavy],
        'weight.share': weights[heavy] / total,
      },
      data,
    };
  },
};
