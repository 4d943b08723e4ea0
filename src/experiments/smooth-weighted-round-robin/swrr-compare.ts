import { makeRng } from '../../lib/random/index.ts';
import { nearestRank } from '../../lib/stats/quantile.ts';
import { arrivalTimes, burstRoundRobin, completionTimes, counts, exponential, longestRun, pick, pickBurst, pickRoundRobin, roundRobin, swrr } from '../../lib/swrr/index.ts';
import { meter } from '../shared/meter.ts';
import { checkSomeWeight, sumOf, weightsSpec } from './swrr-common.ts';
import type { Experiment } from '../shared/types.ts';

export interface SwrrCompareParams extends Record<string, number | string | readonly number[]> {
  weights: readonly number[];
  shown: number;
  load: number;
  items: number;
  arrivals: string;
  service: string;
  seed: number;
}

export type Scheme = 'rr' | 'wrr' | 'swrr';
export const SCHEMES: readonly Scheme[] = ['rr', 'wrr', 'swrr'];

export interface SchemeData {
  id: Scheme;
  /** The first `shown` picks. */
  shown: number[];
  /** Each node's share of all `items` picks. */
  shares: number[];
  longestRun: number;
  mean: number;
  p50: number;
  p95: number;
  max: number;
  /** The distribution of time to completion: (time, share of items done within it), thinned to at most 121 points. */
  cdf: { t: number; p: number }[];
}

export interface SwrrCompareData {
  weights: number[];
  load: number;
  schemes: SchemeData[];
}

/** Items per chunk between pauses. */
const CHUNK = 100_000;

function summarise(times: Float64Array): Pick<SchemeData, 'mean' | 'p50' | 'p95' | 'max' | 'cdf'> {
  const sorted = Float64Array.from(times).sort();
  const n = sorted.length;
  const cdf: { t: number; p: number }[] = [];
  const steps = Math.min(120, n - 1);
  for (let j = 0; j <= steps; j++) {
    const k = Math.round((j / steps) * (n - 1));
    cdf.push({ t: sorted[k], p: (k + 1) / n });
  }
  return { mean: sumOf(sorted) / n, p50: nearestRank(sorted, 0.5), p95: nearestRank(sorted, 0.95), max: sorted[n - 1], cdf };
}

/**
 * Round robin, burst WRR and SWRR on the same weights: the order of picks, how long one node is
 * picked back to back, each node's share, and a small queue per person. Items arrive (evenly or
 * as a Poisson stream), go to whoever the scheme picks, and wait their turn; each person serves
 * at a speed in proportion to their weight (fixed or exponential service times). The same
 * arrivals and service draws are used for every scheme.
 */
export const swrrCompare: Experiment<SwrrCompareParams, SwrrCompareData, 'swrr-compare'> = {
  id: 'swrr.compare',
  summary: 'round robin, burst WRR and SWRR through a small queue per backend',
  figures: ['swrr-compare'],
  cost: {
    // Items or requests dispatched.
    // Poisson arrivals and exponential service each draw a random number per item.
    work: (p) => 3 * p.items * (p.arrivals === 'poisson' ? 1.5 : 1) * (p.service === 'exponential' ? 1.5 : 1),
    knob: 'items',
    secondsPerUnit: 7.89e-8,
    probes: { calibrate: { items: '2000000' }, check: { items: '500000', arrivals: 'poisson', service: 'exponential' } },
    // 2 x 10^6 items x 3 schemes, in chunks of 10^5 (only text parameters here: the test types them).
    slow: { items: '2000000' },
  },
  primary: ['weights', 'load'],
  params: {
    weights: weightsSpec([2, 1], 8, 50),
    shown: { kind: 'int', default: 12, min: 2, max: 60 },
    load: { kind: 'number', default: 0.9, min: 0.1, max: 0.99 },
    items: { kind: 'int', default: 3_000, min: 100, max: 2_000_000 },
    arrivals: { kind: 'choice', default: 'even', options: ['even', 'poisson'] },
    service: { kind: 'choice', default: 'fixed', options: ['fixed', 'exponential'] },
    seed: { kind: 'int', default: 1, min: 0, max: 1_000_000_000 },
  },
  check: (p) => checkSomeWeight(p.weights),
  resultKind(key) {
    if (key.endsWith('.run')) return 'int';
    if (key.includes('share')) return 'percent';
    return 'decimal';
  },
  async run(p, ctx) {
    const { weights, items } = p;
    const rng = makeRng('fast', p.seed);
    const bar = meter(items * SCHEMES.length, ctx);
    await bar.advance(0);
    const arrivals = arrivalTimes(items, p.arrivals === 'poisson' ? 'poisson' : 'even', rng);
    // One service draw per item, in units of the mean, shared by the three schemes.
    const draws = new Float64Array(items);
    for (let k = 0; k < items; k++) draws[k] = p.service === 'exponential' ? exponential(rng, 1) : 1;
    const schemes: SchemeData[] = [];
    for (const id of SCHEMES) {
      const next = id === 'rr' ? ((s) => () => pickRoundRobin(s))(roundRobin(weights)) : id === 'wrr' ? ((s) => () => pickBurst(s))(burstRoundRobin(weights)) : ((s) => () => pick(s))(swrr(weights));
      const seq = new Int32Array(items);
      const times = new Float64Array(items);
      const free = new Float64Array(weights.length);
      for (let start = 0; start < items; start += CHUNK) {
        const end = Math.min(items, start + CHUNK);
        for (let k = start; k < end; k++) seq[k] = next();
        let k = start;
        times.set(completionTimes(seq.subarray(start, end), arrivals.subarray(start, end), weights, p.load, (mean) => mean * draws[k++], free), start);
        await bar.advance(end - start);
      }
      const c = counts(seq, weights.length);
      schemes.push({ id, shown: Array.from(seq.subarray(0, p.shown)), shares: c.map((x) => x / items), longestRun: longestRun(seq), ...summarise(times) });
    }
    const results: Record<string, number | string> = { 'weight.share': Math.max(...weights) / sumOf(weights) };
    for (const s of schemes) {
      results[`${s.id}.run`] = s.longestRun;
      results[`${s.id}.share`] = s.shares[weights.indexOf(Math.max(...weights))];
      results[`${s.id}.mean`] = s.mean;
      results[`${s.id}.p95`] = s.p95;
    }
    const data: SwrrCompareData = { weights: [...weights], load: p.load, schemes };
    return { results, data };
  },
};
