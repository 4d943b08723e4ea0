export { mean, sampleVariance } from './mean.ts';
export { median, nearestRank, nearestRanks, quantile } from './quantile.ts';
export { chiSquare, coefficientOfVariation } from './dispersion.ts';
export { studentT975 } from './student-t.ts';
export type { Estimate } from './batch-means.ts';
export { batchMeansInterval, lag1Autocorrelation } from './batch-means.ts';
export { logFactorial, samplePoisson } from './poisson.ts';
