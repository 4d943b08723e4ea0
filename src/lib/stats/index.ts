export { mean, sampleVariance } from './mean.ts';
export { median, nearestRank, nearestRanks, nearestRanksOf, quantile, rankIndex } from './quantile.ts';
export type { Balance, Spread } from './dispersion.ts';
export { balance, chiSquare, coefficientOfVariation, counts, noiseFloor, spread } from './dispersion.ts';
export { studentT975 } from './student-t.ts';
export type { Estimate } from './batch-means.ts';
export { batchMeansInterval, lag1Autocorrelation } from './batch-means.ts';
export { logFactorial, samplePoisson } from './poisson.ts';
