import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { median, nearestRank, nearestRanks, nearestRanksOf, quantile, select } from '../../../../src/lib/stats/quantile.ts';

describe('median', () => {
  it('is the middle value of an odd count and the mean of the two middle ones of an even count, unsorted input', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median(new Float64Array([10, 20]))).toBe(15);
  });
  it('is NaN for no values, and leaves its input unsorted', () => {
    expect(median([])).toBeNaN();
    const xs = [3, 1, 2];
    median(xs);
    expect(xs).toEqual([3, 1, 2]);
  });
});

describe('quantile', () => {
  it('interpolates between order statistics at (n − 1)·p (R type 7)', () => {
    const xs = [40, 10, 30, 20];
    expect(quantile(xs, 0)).toBe(10);
    expect(quantile(xs, 1)).toBe(40);
    expect(quantile(xs, 0.5)).toBe(25);
    expect(quantile(xs, 0.25)).toBe(17.5);
  });
});

describe('nearestRank', () => {
  it('is the smallest value with at least a fraction p of the values at or below it', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 60 }), fc.double({ min: 0.001, max: 1, noNaN: true }), (xs, p) => {
        const sorted = Float64Array.from(xs).sort();
        const v = nearestRank(sorted, p);
        const atOrBelow = (x: number) => xs.filter((y) => y <= x).length / xs.length;
        expect(xs).toContain(v);
        expect(atOrBelow(v)).toBeGreaterThanOrEqual(p - 1e-12);
        for (const smaller of xs.filter((y) => y < v)) expect(atOrBelow(smaller)).toBeLessThan(p);
      }),
    );
  });
  it('gives the 95th of 100 values as the p95', () => {
    const sorted = Float64Array.from({ length: 100 }, (_, i) => i + 1);
    expect(nearestRank(sorted, 0.95)).toBe(95);
    expect(nearestRank(sorted, 0.5)).toBe(50);
  });
});

describe('nearestRanksOf', () => {
  it('reads nearestRank of a sorted copy for each p, leaves its input as it was, and gives NaN for none', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 60 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 5 }), (xs, ps) => {
        const before = [...xs];
        const sorted = Float64Array.from(xs).sort();
        expect(nearestRanksOf(xs, ps)).toEqual(ps.map((p) => nearestRank(sorted, p)));
        expect(xs).toEqual(before);
      }),
    );
    expect(nearestRanksOf([], [0.5, 0.99])).toEqual([NaN, NaN]);
    expect(nearestRanksOf([3, 1, 2], [0, 1])).toEqual([1, 3]);
  });
});

describe('nearestRanks', () => {
  it('reads the values nearestRank reads from a full sort, and the largest, for any values and ranks', () => {
    fc.assert(
      fc.property(
        // Few distinct values too, so ties meet the pivot.
        fc.array(fc.oneof(fc.double({ noNaN: true }), fc.integer({ min: 0, max: 3 })), { minLength: 1, maxLength: 400 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 5 }),
        (xs, ps) => {
          const sorted = Float64Array.from(xs).sort();
          const values = Float64Array.from(xs);
          const { ranks, max } = nearestRanks(values, values.length, ps);
          // Equal as numbers: -0 and +0 compare equal, so either may be read where a sort (which
          // puts -0 first) reads the other (fast-check found [-0, 0]).
          const expected = ps.map((p) => nearestRank(sorted, p));
          expect(ranks.every((r, k) => r === expected[k]), `${ranks} against ${expected}`).toBe(true);
          expect(max === sorted[sorted.length - 1], `max ${max} against ${sorted[sorted.length - 1]}`).toBe(true);
          expect(Float64Array.from(values).sort()).toEqual(sorted);
        },
      ),
      { numRuns: 300 },
    );
  });
  it('select puts the k-th smallest at k, smaller before and larger after, however few partition rounds it may use before it sorts the rest', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double({ noNaN: true }), fc.integer({ min: 0, max: 3 })), { minLength: 1, maxLength: 300 }),
        fc.nat(),
        fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
        (xs, pick, rounds) => {
          const a = Float64Array.from(xs);
          const k = pick % a.length;
          select(a, k, 0, a.length - 1, rounds);
          const sorted = Float64Array.from(xs).sort();
          if (a[k] !== sorted[k]) throw new Error(`rounds ${rounds}: a[${k}] = ${a[k]}, the sort's is ${sorted[k]}`);
          for (let j = 0; j < a.length; j++) {
            if (j < k ? a[j] > a[k] : j > k && a[j] < a[k]) throw new Error(`rounds ${rounds}: a[${j}] = ${a[j]} on the wrong side of a[${k}] = ${a[k]}`);
          }
          expect(Float64Array.from(a).sort()).toEqual(sorted);
        },
      ),
      { numRuns: 300 },
    );
  });
  it('reads only the first `count` values, and gives NaN for none', () => {
    const values = Float64Array.of(3, 1, 2, -100, 100);
    expect(nearestRanks(values, 3, [0.5, 1])).toEqual({ ranks: [2, 3], max: 3 });
    expect(Array.from(values.subarray(3))).toEqual([-100, 100]);
    expect(nearestRanks(values, 0, [0.5])).toEqual({ ranks: [NaN], max: NaN });
  });
});
