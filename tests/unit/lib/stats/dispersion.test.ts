import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chiSquare, coefficientOfVariation } from '../../../../src/lib/stats/dispersion.ts';

describe('coefficientOfVariation', () => {
  it('is the population standard deviation over the mean', () => {
    // mean 5, squared deviations 9 + 1 + 1 + 9 = 20, population variance 5
    expect(coefficientOfVariation([2, 4, 6, 8])).toBe(Math.sqrt(5) / 5);
    expect(coefficientOfVariation(new Uint32Array([7, 7, 7]))).toBe(0);
  });
  it('gives the same bits when the caller passes the mean of integer counts', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1_000_000), { minLength: 1, maxLength: 50 }), (xs) => {
        const total = xs.reduce((s, x) => s + x, 0);
        fc.pre(total > 0);
        expect(coefficientOfVariation(xs, total / xs.length)).toBe(coefficientOfVariation(xs));
      }),
    );
  });
  it('does not change when every value is scaled', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 2, maxLength: 30 }), fc.integer({ min: 2, max: 64 }), (xs, k) => {
        expect(coefficientOfVariation(xs.map((x) => x * k))).toBeCloseTo(coefficientOfVariation(xs), 12);
      }),
    );
  });
});

describe('chiSquare', () => {
  it('is Σ (observed − expected)² / expected against an even split', () => {
    expect(chiSquare([5, 5, 5, 5])).toBe(0);
    // expected 10: (4 + 4 + 0) / 10
    expect(chiSquare([12, 8, 10])).toBeCloseTo(0.8, 15);
  });
});
