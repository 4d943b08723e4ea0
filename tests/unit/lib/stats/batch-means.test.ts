import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchMeansInterval, lag1Autocorrelation } from '../../../../src/lib/stats/batch-means.ts';
import { mean, sampleVariance } from '../../../../src/lib/stats/mean.ts';

describe('mean and sampleVariance', () => {
  it('of 1, 2, 3, 4 are 2.5 and 5/3', () => {
    expect(mean([1, 2, 3, 4])).toBe(2.5);
    expect(sampleVariance([1, 2, 3, 4])).toBeCloseTo(5 / 3, 12);
  });
});

describe('batchMeansInterval', () => {
  it('for uncorrelated batches is the plain t interval: mean ± t(k−1) s/√k', () => {
    // Alternating around 10: lag-1 autocorrelation is negative, so no inflation applies.
    const batches = [9, 11, 9, 11, 9, 11, 9, 11];
    const e = batchMeansInterval(batches);
    expect(e.mean).toBe(10);
    expect(e.lag1).toBeLessThan(0);
    expect(e.halfWidth).toBeCloseTo(2.365 * Math.sqrt(sampleVariance(batches) / 8), 12);
  });

  it('widens the interval by √((1 + r)/(1 − r)) when the batches are positively correlated', () => {
    const batches = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const r = lag1Autocorrelation(batches);
    expect(r).toBeGreaterThan(0.5);
    const plain = 2.262 * Math.sqrt(sampleVariance(batches) / 10);
    expect(batchMeansInterval(batches).halfWidth).toBeCloseTo(plain * Math.sqrt((1 + r) / (1 - r)), 12);
  });

  it('contains the mean of the batches and is never narrower than the plain interval', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e3, max: 1e3, noNaN: true }), { minLength: 2, maxLength: 40 }), (batches) => {
        const e = batchMeansInterval(batches);
        expect(e.mean).toBeCloseTo(mean(batches), 9);
        expect(e.halfWidth).toBeGreaterThanOrEqual(0);
        const plain = batches.length > 1 ? Math.sqrt(sampleVariance(batches) / batches.length) : 0;
        expect(e.halfWidth + 1e-9).toBeGreaterThanOrEqual(plain);
      }),
    );
  });

  it('refuses fewer than two batches', () => {
    expect(() => batchMeansInterval([1])).toThrow(RangeError);
  });
});
