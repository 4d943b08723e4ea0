import { describe, it, expect } from 'vitest';
import { buildRing } from '../../../../src/lib/hashing/ring.ts';
import { cvFormula, maxOverMean, shareCounts } from '../../../../src/lib/ketama/spread.ts';
import { coefficientOfVariation } from '../../../../src/lib/stats/dispersion.ts';
import { schemeRing } from '../../../../src/lib/ketama/schemes.ts';
import type { Scheme } from '../../../../src/lib/ketama/schemes.ts';

describe('shareCounts', () => {
  it('gives each node the arcs its points close, the wrap-around arc to point 0', () => {
    const ring = buildRing({ hashes: Uint32Array.of(100, 2 ** 31, 2 ** 32 - 1), nodes: Uint16Array.of(0, 1, 0) }, 3);
    const shares = shareCounts(ring);
    expect(Array.from(shares)).toEqual([101 + (2 ** 32 - 1 - 2 ** 31), 2 ** 31 - 100, 0]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(2 ** 32);
  });
});

describe('cvFormula', () => {
  it('is 99.0% at N = 100, k = 1 and 7.87% at k = 160 (algorithms.md 2.2)', () => {
    expect(cvFormula(100, 1)).toBeCloseTo(Math.sqrt(99 / 101), 12);
    expect(cvFormula(100, 1)).toBeCloseTo(0.99, 3);
    expect(cvFormula(100, 160)).toBeCloseTo(0.0787, 4);
    expect(cvFormula(100, 16)).toBeCloseTo(0.249, 3);
  });
  it('is 0 for one node and about 1/sqrt(k) for many', () => {
    expect(cvFormula(1, 5)).toBe(0);
    expect(cvFormula(1e6, 400)).toBeCloseTo(0.05, 4);
  });
});

describe('the spread formula against simulation over seeds', () => {
  // Shares sum to exactly 1, so the population CV^2 over N shares has expectation N^2 Var(share),
  // which is the formula squared: the mean of CV^2 over seeds must approach cvFormula^2.
  const meanCv2 = (scheme: Scheme, n: number, k: number, seeds: number): number => {
    let sum = 0;
    for (let s = 0; s < seeds; s++) sum += coefficientOfVariation(shareCounts(schemeRing(scheme, n, k, s))) ** 2;
    return sum / seeds;
  };
  it.each([
    ['random', 100, 1, 400, 0.08],
    ['random', 100, 160, 60, 0.06],
    ['random', 20, 10, 300, 0.06],
    // CRC-32 is affine over GF(2): the first points of 100 similar names are not independent
    // draws, and the mean CV^2 lands about 15% above the formula (measured: 1.16x over these 400).
    ['nginx', 100, 1, 400, 0.25],
    ['nginx', 100, 160, 60, 0.06],
    ['libketama', 50, 40, 100, 0.06],
  ] as const)('%s, N = %i, k = %i: mean CV^2 over %i seeds is within %f of the formula', (scheme, n, k, seeds, rel) => {
    const f2 = cvFormula(n, k) ** 2;
    expect(Math.abs(meanCv2(scheme, n, k, seeds) / f2 - 1)).toBeLessThan(rel);
  });

  it('one ring at k = 1 can be far off, but max/mean shrinks as k grows', () => {
    const one = shareCounts(schemeRing('nginx', 100, 1));
    const many = shareCounts(schemeRing('nginx', 100, 1000));
    expect(maxOverMean(one)).toBeGreaterThan(3);
    expect(maxOverMean(many)).toBeLessThan(1.15);
  });
});
