import { mean, sampleVariance } from './mean.ts';
import { studentT975 } from './student-t.ts';

export interface Estimate {
  /** The mean of the batch means: with equal batches, the mean over the whole window. */
  mean: number;
  /** Half-width of the 95% confidence interval (Student's t on batches − 1 degrees of freedom). */
  halfWidth: number;
  batches: number;
  /** Lag-1 autocorrelation of the batch means: near 0 when the batches are long enough. */
  lag1: number;
}

/** The lag-1 autocorrelation of a series; 0 for a constant one. */
export function lag1Autocorrelation(values: ArrayLike<number>): number {
  const m = mean(values);
  let num = 0;
  let den = 0;
  for (let i = 0; i < values.length; i++) {
    den += (values[i] - m) * (values[i] - m);
    if (i > 0) num += (values[i] - m) * (values[i - 1] - m);
  }
  return den === 0 ? 0 : num / den;
}

/** Beyond this the AR(1) factor (1 + r)/(1 − r) would explode on a handful of batches. */
const MAX_LAG1 = 0.95;

/**
 * The batch-means confidence interval: a correlated series (a queue over time) is cut into a
 * few long batches whose means are treated as a sample. That is honest only while a batch is
 * much longer than the series' correlation time, which fails near λ = 1 (an M/M/1 queue at
 * λ = 0.99 relaxes over some 40 000 service times). So when the batch means are positively
 * correlated at lag 1 (r > 0), their variance is inflated by (1 + r)/(1 − r), the factor for an
 * AR(1) series (a first-order correction; it still understates the error of a series that
 * wanders more slowly than the window, which `lag1` near 1 signals).
 */
export function batchMeansInterval(batchMeans: ArrayLike<number>): Estimate {
  const k = batchMeans.length;
  if (k < 2) throw new RangeError(`batchMeansInterval: need at least two batches, got ${k}`);
  const lag1 = lag1Autocorrelation(batchMeans);
  const r = Math.min(Math.max(lag1, 0), MAX_LAG1);
  return {
    mean: mean(batchMeans),
    halfWidth: studentT975(k - 1) * Math.sqrt(((sampleVariance(batchMeans) / k) * (1 + r)) / (1 - r)),
    batches: k,
    lag1,
  };
}
