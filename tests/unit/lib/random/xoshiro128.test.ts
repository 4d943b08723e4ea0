import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { xoshiro128ss, xoshiro128ssFromState } from '../../../../src/lib/random/xoshiro128.ts';
import type { Rng } from '../../../../src/lib/random/rng.ts';
import { chiSquare } from '../../../../src/lib/stats/dispersion.ts';

const take = (rng: Rng, count: number): number[] => Array.from({ length: count }, () => rng.nextUint32());

describe('xoshiro128ss', () => {
  // Both pins were printed by Blackman and Vigna's xoshiro128starstar.c (and, for the seeded
  // ones, their splitmix64.c) compiled with gcc, so a change to either the core or the seeding shows.
  it('from state (1, 2, 3, 4) gives the reference C sequence', () => {
    expect(take(xoshiro128ssFromState([1, 2, 3, 4]), 8)).toEqual([
      11520, 0, 5927040, 70819200, 2031721883, 1637235492, 1287239034, 3734860849,
    ]);
  });

  it('seed 42 gives the pinned first outputs', () => {
    expect(take(xoshiro128ss(42), 8)).toEqual([
      1776835114, 4165204688, 17111135, 2317295270, 2792088233, 2554630222, 2940343271, 2244566231,
    ]);
  });

  it('seeds 0 and 2^53 - 1 give the pinned first outputs', () => {
    expect(take(xoshiro128ss(0), 4)).toEqual([3737715805, 2584255861, 2876756834, 3286328325]);
    expect(take(xoshiro128ss(Number.MAX_SAFE_INTEGER), 4)).toEqual([1233166643, 1287031142, 661813442, 2960669951]);
  });

  it('seeds that agree in their low 32 bits still give different streams', () => {
    expect(take(xoshiro128ss(5), 4)).not.toEqual(take(xoshiro128ss(5 + 2 ** 32), 4));
  });

  it('nextUint32 is an integer in [0, 2^32)', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), (seed) => {
        for (const x of take(xoshiro128ss(seed), 16)) {
          expect(Number.isInteger(x) && x >= 0 && x < 2 ** 32).toBe(true);
        }
      }),
    );
  });

  it('below(n) is always an integer in [0, n)', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.integer({ min: 1, max: 2 ** 32 - 1 }), (seed, n) => {
        const rng = xoshiro128ss(seed);
        for (let i = 0; i < 16; i++) {
          const r = rng.below(n);
          expect(Number.isInteger(r) && r >= 0 && r < n).toBe(true);
        }
      }),
    );
  });

  it('below(n) is the top bit_length(n) bits of the first output under n', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 2 ** 32 - 1 }), (seed, n) => {
        const raw = xoshiro128ss(seed);
        const k = 32 - Math.clz32(n);
        let expected = raw.nextUint32() >>> (32 - k);
        while (expected >= n) expected = raw.nextUint32() >>> (32 - k);
        expect(xoshiro128ss(seed).below(n)).toBe(expected);
      }),
    );
  });

  // Thresholds sit at p ~ 1e-6 for the degrees of freedom, so only a real bias fails them.
  it('below(10) spreads 10^5 draws evenly over the ten values (chi-square, 9 dof, < 46)', () => {
    for (const seed of [1, 2, 3]) {
      const rng = xoshiro128ss(seed);
      const counts = new Array<number>(10).fill(0);
      for (let i = 0; i < 100_000; i++) counts[rng.below(10)]++;
      expect(chiSquare(counts)).toBeLessThan(46);
    }
  });

  it('below(3 * 2^30) hits each third equally often, which a reduction modulo n would not', () => {
    const n = 3 * 2 ** 30;
    const rng = xoshiro128ss(7);
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) counts[Math.floor(rng.below(n) / 2 ** 30)]++;
    expect(chiSquare(counts)).toBeLessThan(27.6);
  });

  it('the top byte of nextUint32 is uniform over 2^20 draws (chi-square, 255 dof, < 380)', () => {
    const rng = xoshiro128ss(11);
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 2 ** 20; i++) counts[rng.nextUint32() >>> 24]++;
    expect(chiSquare(counts)).toBeLessThan(380);
  });

  it('rejects seeds, states and n it cannot honour', () => {
    for (const seed of [-1, 1.5, 2 ** 53, Number.NaN]) expect(() => xoshiro128ss(seed)).toThrow(RangeError);
    expect(() => xoshiro128ssFromState([0, 0, 0, 0])).toThrow(RangeError);
    const rng = xoshiro128ss(0);
    for (const n of [0, -1, 2.5, 2 ** 32]) expect(() => rng.below(n)).toThrow(RangeError);
  });
});
