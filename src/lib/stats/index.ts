export { mean, sampleVariance } from './mean.ts';
export { studentT975 } from './student-t.ts';
export type { Estimate } from './batch-means.ts';
export { batchMeansInterval, lag1Autocorrelation } from './batch-means.ts';
export { logFactorial, samplePoisson } from './poisson.ts';
