import { describe, expect, it } from 'vitest';
import { makeRng } from '../../../../src/lib/random/make.ts';
import { logFactorial, samplePoisson } from '../../../../src/lib/stats/poisson.ts';

describe('logFactorial', () => {
  it('matches the sum of logs to 1e-10 for k up to 300, across the switch to Stirling at 16', () => {
    let exact = 0;
    for (let k = 0; k <= 300; k++) {
      if (k > 0) exact += Math.log(k);
      expect(Math.abs(logFactorial(k) - exact)).toBeLessThan(1e-10 * Math.max(1, exact));
    }
  });
});

describe('samplePoisson', () => {
  // For each mu: 40 000 draws (seed 5); the sample mean is within 5 standard errors of mu, the
  // sample variance within 5% of mu, and no draw is negative or fractional.
  for (const mu of [0.3, 4, 9.99, 10, 37.5, 1900, 250_000]) {
    it(`has mean and variance mu = ${mu} (Knuth below 10, PTRS from 10)`, () => {
      const rng = makeRng('fast', 5);
      const draws = 40_000;
      let sum = 0;
      let sq = 0;
      let bad = 0;
      for (let i = 0; i < draws; i++) {
        const k = samplePoisson(mu, rng);
        if (!(Number.isInteger(k) && k >= 0)) bad++;
        sum += k;
        sq += k * k;
      }
      expect(bad).toBe(0);
      const m = sum / draws;
      const v = (sq - draws * m * m) / (draws - 1);
      expect(Math.abs(m - mu)).toBeLessThan(5 * Math.sqrt(mu / draws));
      expect(Math.abs(v / mu - 1)).toBeLessThan(0.05);
    });
  }

  it('follows the Poisson(15) probabilities: chi-square over 0..35 below the 0.999 quantile', () => {
    const rng = makeRng('fast', 11);
    const draws = 100_000;
    const counts = new Array<number>(36).fill(0);
    for (let i = 0; i < draws; i++) counts[Math.min(35, samplePoisson(15, rng))]++;
    let chi2 = 0;
    let tail = 1;
    for (let k = 0; k < 35; k++) {
      const p = Math.exp(-15 + k * Math.log(15) - logFactorial(k));
      tail -= p;
      chi2 += (counts[k] - draws * p) ** 2 / (draws * p);
    }
    chi2 += (counts[35] - draws * tail) ** 2 / (draws * tail);
    // 35 degrees of freedom: the 0.999 quantile is 66.6.
    expect(chi2).toBeLessThan(66.6);
  });

  it('gives 0 for mu = 0 and refuses a negative or infinite mu', () => {
    expect(samplePoisson(0, makeRng('fast', 1))).toBe(0);
    expect(() => samplePoisson(-1, makeRng('fast', 1))).toThrow(RangeError);
    expect(() => samplePoisson(Infinity, makeRng('fast', 1))).toThrow(RangeError);
  });
});
