import { readFileSync } from 'node:fs';

/** The ball runs of tests/vectors/cpython-balls.json, written by tests/vectors/cpython_balls.py. */
export interface BallRun {
  seed: number;
  n: number;
  d: number;
  maxLoad: number;
  histogram?: number[];
  bins?: number[];
}

export interface CpythonVectors {
  python: string;
  /** n = 1 ... 10^5, d = 1, 2, 3, seeds 0 and 7, some with histograms. */
  balls: BallRun[];
  /** Figure 1: n = 900; the full bins for seed 7. */
  grid: BallRun[];
  /** Figures 2 and 3: n = 10^3 ... 10^7, d = 1, 2, 3, seed 7, with histograms. */
  growth: BallRun[];
}

export const vectors = JSON.parse(readFileSync(new URL('../../vectors/cpython-balls.json', import.meta.url), 'utf8')) as CpythonVectors;
