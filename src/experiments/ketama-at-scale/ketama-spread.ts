import { cvFormula, maxOverMean, SCHEMES, slicedPasses } from '../../lib/ketama/index.ts';
import { coefficientOfVariation } from '../../lib/stats/dispersion.ts';
import type { Scheme } from '../../lib/ketama/index.ts';
import type { Experiment, Params, ResultKind } from '../shared/types.ts';
import { meteredShares, sharesUnits, SLICE_BYTES, SLICED_FROM } from './ketama-work.ts';
import { meter } from '../shared/meter.ts';
import { RADIX_FROM } from '../../lib/hashing/ring.ts';

export interface KetamaSpreadParams extends Record<string, number | string | readonly number[]> {
  nodes: number;
  points: number;
  scheme: string;
  rings: number;
  seed: number;
}

export interface KetamaSpreadPoint {
  k: number;
  /** Root mean square of the CV over the rings (its square is unbiased for the formula's square). */
  cv: number;
  /**
   * The same rings with each collided hash given to one of its servers at random instead of the
   * lowest index: root mean square over the rings. Equal to cv until points collide.
   */
  cvRandomTie: number;
  /** The lowest and highest CV among the rings. */
  cvMin: number;
  cvMax: number;
  formula: number;
  /** Busiest server's share over the mean, averaged over the rings. */
  maxOverMean: number;
}

export interface KetamaSpreadData {
  nodes: number;
  rings: number;
  scheme: string;
  series: KetamaSpreadPoint[];
}

/**
 * Points per server the figure measures, clipped at `points`, which always joins it. Past 10 000
 * it steps by about sqrt(10), up to the article's 100 000 (2048 servers x 100 000 is 2 x 10^8
 * points, counted in slices: ketama-work.ts).
 */
const GRID = [1, 2, 5, 10, 20, 50, 100, 160, 200, 500, 1000, 2000, 5000, 10_000, 30_000, 100_000];

export function spreadGrid(points: number): number[] {
  const grid = GRID.filter((k) => k < points);
  return [...grid, points];
}

/**
 * What one ring costs, in ns of CPU on the build machine (measured in Node 24 at 100 to 2048
 * servers; the constant that turns it into seconds is calibrated in cost.ts). A ring built whole
 * costs WHOLE a point, sorting included (SMALL more below RADIX_FROM points, where the native
 * sort does it); counted in slices, each pass makes every point again
 * (MAKE), the passes that keep a slice's points scatter them (SCATTER), and the kept points are
 * sorted and counted bucket by bucket (BUCKET). Each server costs PER_SERVER a pass (its name, its
 * chain's start) and each ring PER_RING. libketama's MD5 makes a point about a hundred times
 * slower than nginx's chain, in slices too.
 */
const WHOLE: Record<Scheme, number> = { nginx: 60, libketama: 450, random: 50 };
const SMALL = 40;
const MAKE: Record<Scheme, number> = { nginx: 5, libketama: 400, random: 5 };
const PER_SERVER: Record<Scheme, number> = { nginx: 2000, libketama: 3000, random: 900 };
const SCATTER = 5;
const BUCKET = 50;
const PER_RING = 100_000;

/** One ring of n servers x k points, in ns (see WHOLE): the model behind cost.ts' estimate for this cell. */
export function ringWork(scheme: Scheme, n: number, k: number): number {
  const m = n * k;
  if (m <= SLICED_FROM) return PER_RING + n * PER_SERVER[scheme] + m * (WHOLE[scheme] + (m < RADIX_FROM ? SMALL : 0));
  const passes = slicedPasses(m, SLICE_BYTES);
  return PER_RING + passes * n * PER_SERVER[scheme] + m * (passes * MAKE[scheme] + (passes - 1) * SCATTER + BUCKET);
}

/** The run's cost in ns on the build machine: every ring at every k of the grid. */
export function spreadWork(p: Params): number {
  const scheme = (SCHEMES as readonly string[]).includes(String(p.scheme)) ? (p.scheme as Scheme) : 'nginx';
  const n = Number(p.nodes);
  return Number(p.rings) * spreadGrid(Number(p.points)).reduce((s, k) => s + ringWork(scheme, n, k), 0);
}

const units = (p: KetamaSpreadParams): number => p.rings * spreadGrid(p.points).reduce((s, k) => s + sharesUnits(p.nodes * k), 0);

/**
 * How evenly N servers with k points each share the ring, measured on real rings (exact arc
 * lengths, no sampled keys) against the Beta formula sqrt((N-1)/(Nk+1)). Ring r of a run names
 * its servers with seed + r, so the rings are independent layouts. A hash that several servers'
 * points share goes to the lowest server index, as on this site's ring (cv); cv.random_tie
 * measures the same rings with it given to one of them at random. At 2 x 10^8 points about 2% of
 * the points collide, and the first rule takes them, systematically, from the servers listed
 * last: past about 30 000 points a server at 2048 servers that bias outgrows the spread. The time bound is the cost model's
 * (cost.ts, from spreadWork); memory stays under 256 MB for the slices at any size allowed.
 */
export const ketamaSpread: Experiment<KetamaSpreadParams, KetamaSpreadData, 'ketama-spread'> = {
  id: 'ketama.spread',
  summary: 'spread of load against points per server on nginx, libketama and random rings, with the exact formula',
  figures: ['ketama-spread'],
  cost: {
    // Every ring at every k of the grid, in ns on the build machine (spreadWork, ketama-spread.ts:
    // whole rings a point each, sliced ones a pass each, libketama's MD5 at its own cost).
    work: (p) => spreadWork(p),
    knob: 'points',
    // ketama.spread: its work is counted in ns of this machine's CPU already (spreadWork), so this
    // should come out near 1e-9 (npm run calibrate: 8.85e-10).
    secondsPerUnit: 8.85e-10,
    // The check reaches a ring counted in slices (1000 x 5000 points, past SLICED_FROM) beside the whole ones below it.
    probes: { calibrate: { nodes: '200', points: '160', rings: '20' }, check: { nodes: '1000', points: '5000', rings: '1' } },
    // 1000 servers x 3 rings x (1 ... 1000 points): about 6 million ring points.
    slow: { nodes: '1000', points: '1000', rings: '3' },
  },
  primary: ['points', 'nodes', 'scheme'],
  params: {
    nodes: { kind: 'int', default: 100, min: 2, max: 4096 },
    points: { kind: 'int', default: 160, min: 1, max: 100_000 },
    scheme: { kind: 'choice', default: 'nginx', options: SCHEMES },
    // 50 rings: the prose's 7.9% at 160 points is this cell's default run.
    rings: { kind: 'int', default: 50, min: 1, max: 200 },
    seed: { kind: 'int', default: 0, min: 0, max: 50_000 },
  },
  resultKind(key): ResultKind {
    return key === 'max_over_mean' ? 'decimal' : 'percent';
  },
  async run(p, ctx) {
    const bar = meter(units(p), ctx);
    const scheme = p.scheme as Scheme;
    const series: KetamaSpreadPoint[] = [];
    for (const k of spreadGrid(p.points)) {
      let sumSq = 0;
      let sumSqRandom = 0;
      let sumMax = 0;
      let cvMin = Infinity;
      let cvMax = 0;
      for (let r = 0; r < p.rings; r++) {
        const { lowest: shares, random } = await meteredShares(scheme, p.nodes, k, p.seed + r, bar);
        const cv = coefficientOfVariation(shares);
        const cvRandom = coefficientOfVariation(random);
        sumSq += cv * cv;
        sumSqRandom += cvRandom * cvRandom;
        sumMax += maxOverMean(shares);
        cvMin = Math.min(cvMin, cv);
        cvMax = Math.max(cvMax, cv);
      }
      series.push({ k, cv: Math.sqrt(sumSq / p.rings), cvRandomTie: Math.sqrt(sumSqRandom / p.rings), cvMin, cvMax, formula: cvFormula(p.nodes, k), maxOverMean: sumMax / p.rings });
    }
    const last = series[series.length - 1];
    const data: KetamaSpreadData = { nodes: p.nodes, rings: p.rings, scheme: p.scheme, series };
    return { results: { cv: last.cv, 'cv.random_tie': last.cvRandomTie, 'cv.formula': last.formula, max_over_mean: last.maxOverMean }, data };
  },
};
