import { cvFormula, maxOverMean, SCHEMES, shareCounts } from '../lib/ketama/index.ts';
import { coefficientOfVariation } from '../lib/stats/dispersion.ts';
import type { Scheme } from '../lib/ketama/index.ts';
import type { Experiment, ResultKind } from './types.ts';
import { meteredSchemeRing, pointLimit } from './ketama-work.ts';
import { meter } from './meter.ts';

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

/** Points per server the figure measures, clipped at `points`, which always joins it. */
const GRID = [1, 2, 5, 10, 20, 50, 100, 160, 200, 500, 1000, 2000, 5000, 10_000];
/** Ring points made in one run, over every k and ring: about a second of work. */
const MAX_WORK = 8_000_000;

export function spreadGrid(points: number): number[] {
  const grid = GRID.filter((k) => k < points);
  return [...grid, points];
}

const work = (p: KetamaSpreadParams): number => p.nodes * p.rings * spreadGrid(p.points).reduce((a, b) => a + b, 0);

/**
 * How evenly N servers with k points each share the ring, measured on real rings (exact arc
 * lengths, no sampled keys) against the Beta formula sqrt((N-1)/(Nk+1)). Ring r of a run names
 * its servers with seed + r, so the rings are independent layouts.
 */
export const ketamaSpread: Experiment<KetamaSpreadParams, KetamaSpreadData> = {
  id: 'ketama.spread',
  params: {
    nodes: { kind: 'int', default: 100, min: 2, max: 4096 },
    points: { kind: 'int', default: 160, min: 1, max: 10_000 },
    scheme: { kind: 'choice', default: 'nginx', options: SCHEMES },
    rings: { kind: 'int', default: 8, min: 1, max: 200 },
    seed: { kind: 'int', default: 0, min: 0, max: 50_000 },
  },
  check(p) {
    return pointLimit('points', work(p), MAX_WORK, 'nodes × rings × (the points per server measured, up to points)', 'the points, the nodes or the rings');
  },
  resultKind(key): ResultKind {
    return key === 'max_over_mean' ? 'decimal' : 'percent';
  },
  async run(p, ctx) {
    const bar = meter(work(p), ctx);
    const scheme = p.scheme as Scheme;
    const series: KetamaSpreadPoint[] = [];
    for (const k of spreadGrid(p.points)) {
      let sumSq = 0;
      let sumMax = 0;
      let cvMin = Infinity;
      let cvMax = 0;
      for (let r = 0; r < p.rings; r++) {
        const shares = shareCounts(await meteredSchemeRing(scheme, p.nodes, k, p.seed + r, bar));
        const cv = coefficientOfVariation(shares);
        sumSq += cv * cv;
        sumMax += maxOverMean(shares);
        cvMin = Math.min(cvMin, cv);
        cvMax = Math.max(cvMax, cv);
      }
      series.push({ k, cv: Math.sqrt(sumSq / p.rings), cvMin, cvMax, formula: cvFormula(p.nodes, k), maxOverMean: sumMax / p.rings });
    }
    const last = series[series.length - 1];
    const data: KetamaSpreadData = { nodes: p.nodes, rings: p.rings, scheme: p.scheme, series };
    return { results: { cv: last.cv, 'cv.formula': last.formula, max_over_mean: last.maxOverMean }, data };
  },
};
