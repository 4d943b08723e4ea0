import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixedPointTime, tailFractions } from '../../../../src/lib/supermarket/fixed-point.ts';

// algorithms.md §4.1, "Fixed-point T [computed]": rows λ, columns d = 1, 2, 3, 4, 5, 10.
const TABLE: [number, number[]][] = [
  [0.5, [2.0, 1.2657, 1.1252, 1.0625, 1.0313, 1.001]],
  [0.7, [3.3333, 1.6145, 1.3568, 1.2409, 1.1681, 1.0282]],
  [0.8, [5.0, 1.9474, 1.5809, 1.4211, 1.3289, 1.1074]],
  [0.9, [10.0, 2.6141, 2.0279, 1.7778, 1.6329, 1.3487]],
  [0.95, [20.0, 3.383, 2.5351, 2.1864, 1.9888, 1.6023]],
  [0.99, [100.0, 5.432, 3.8578, 3.2412, 2.9017, 2.2354]],
];
const DS = [1, 2, 3, 4, 5, 10];

describe('fixedPointTime', () => {
  for (const [lambda, row] of TABLE) {
    it(`matches the reference table at λ = ${lambda} for d = 1, 2, 3, 4, 5, 10 to four decimals`, () => {
      DS.forEach((d, i) => expect(Math.abs(fixedPointTime(lambda, d) - row[i])).toBeLessThan(5e-5));
    });
  }

  it('is the M/M/1 value 1/(1 − λ) for d = 1', () => {
    fc.assert(fc.property(fc.double({ min: 0.001, max: 0.999, noNaN: true }), (lambda) => {
      expect(fixedPointTime(lambda, 1)).toBeCloseTo(1 / (1 - lambda), 9);
    }));
  });

  it('is (1/λ) Σ s_i (Little’s law) and falls as d grows, never below one service time', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 0.99, noNaN: true }), fc.integer({ min: 1, max: 12 }), (lambda, d) => {
        const s = tailFractions(lambda, d, 1e-300);
        const t = fixedPointTime(lambda, d);
        expect(t).toBeCloseTo(s.reduce((a, b) => a + b, 0) / lambda, 9);
        expect(t).toBeGreaterThanOrEqual(1);
        expect(fixedPointTime(lambda, d + 1)).toBeLessThanOrEqual(t);
      }),
    );
  });

  it('refuses λ outside (0, 1) and d below 1', () => {
    expect(() => fixedPointTime(1, 2)).toThrow(RangeError);
    expect(() => fixedPointTime(0, 2)).toThrow(RangeError);
    expect(() => fixedPointTime(0.5, 0)).toThrow(RangeError);
  });
});

describe('tailFractions', () => {
  it('starts at s_1 = λ (the busy fraction), decreases, and s_2 = λ^(d+1)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 0.99, noNaN: true }), fc.integer({ min: 1, max: 6 }), (lambda, d) => {
        const s = tailFractions(lambda, d, 1e-12);
        expect(s[0]).toBeCloseTo(lambda, 12);
        if (s.length > 1) expect(s[1]).toBeCloseTo(lambda ** (d + 1), 12);
        for (let i = 1; i < s.length; i++) expect(s[i]).toBeLessThan(s[i - 1]);
        expect(s.every((x) => x > 1e-12)).toBe(true);
      }),
    );
  });
});
