import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jumpHash } from '../../../../src/lib/placement/jump.ts';

/** The paper's C++ (Lamping & Veach, Figure 1) with BigInt for the 64-bit key: the reference. */
function jumpBig(key: bigint, buckets: number): number {
  let k = BigInt.asUintN(64, key);
  let b = -1;
  let j = 0;
  while (j < buckets) {
    b = j;
    k = BigInt.asUintN(64, k * 2862933555777941757n + 1n);
    j = Math.floor((b + 1) * (2147483648 / (Number(k >> 33n) + 1)));
  }
  return b;
}

const requireCjs = createRequire(import.meta.url);
const jumphash = requireCjs('jumphash') as (key: number, buckets: number) => number;

const u32 = fc.integer({ min: 0, max: 0xffffffff });

describe('jumpHash', () => {
  it('equals the paper’s algorithm run with BigInt, for any 64-bit key and bucket count', () => {
    fc.assert(
      fc.property(u32, u32, fc.integer({ min: 1, max: 1 << 20 }), (hi, lo, n) => {
        expect(jumpHash(hi, lo, n)).toBe(jumpBig((BigInt(hi) << 32n) | BigInt(lo), n));
      }),
      { numRuns: 2000 },
    );
  });

  it('equals the BigInt reference at the carries: all-ones keys and keys whose low word wraps', () => {
    for (const [hi, lo] of [[0xffffffff, 0xffffffff], [0, 0], [0, 0xffffffff], [0xffffffff, 0], [0x12345678, 0x9abcdef0]]) {
      for (const n of [1, 2, 10, 1000, 2 ** 31 - 1]) expect(jumpHash(hi, lo, n)).toBe(jumpBig((BigInt(hi) << 32n) | BigInt(lo), n));
    }
  });

  it('equals npm jumphash 0.2.2 (bn.js) on integer keys below 2^52', () => {
    // bn.js 2.0.3 reads a JS number into at most two 26-bit words: from 2^52 up it reads it wrong.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 52 - 1 }), fc.integer({ min: 1, max: 65_535 }), (key, n) => {
        expect(jumpHash(Math.floor(key / 2 ** 32), key >>> 0, n)).toBe(jumphash(key, n));
      }),
      { numRuns: 300 },
    );
  });

  it('pins outputs of the reference (npm jumphash and the BigInt port agree on them)', () => {
    const cases: [number, number, number][] = [
      [0, 1, 0],
      [1, 10, 6],
      [256, 1000, 520],
      [123_456_789, 100, 34],
      [4_294_967_295, 65_535, 23_215],
      [2 ** 40 + 7, 1_000_000, 879_593],
    ];
    for (const [key, n, bucket] of cases) {
      expect(jumpHash(Math.floor(key / 2 ** 32), key >>> 0, n)).toBe(bucket);
      expect(jumpBig(BigInt(key), n)).toBe(bucket);
    }
  });

  it('going from n to n + 1 buckets moves keys only into the new bucket', () => {
    fc.assert(
      fc.property(u32, u32, fc.integer({ min: 1, max: 5000 }), (hi, lo, n) => {
        const a = jumpHash(hi, lo, n);
        const b = jumpHash(hi, lo, n + 1);
        expect(b === a || b === n).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('moves 1/(n + 1) of 100 000 keys when a bucket is added, within sampling noise (n = 10, 100)', () => {
    for (const n of [10, 100]) {
      let moved = 0;
      const keys = 100_000;
      for (let i = 0; i < keys; i++) if (jumpHash(i, Math.imul(i, 0x9e3779b9) >>> 0, n) !== jumpHash(i, Math.imul(i, 0x9e3779b9) >>> 0, n + 1)) moved++;
      const p = 1 / (n + 1);
      // Four standard deviations of a binomial proportion.
      expect(Math.abs(moved / keys - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / keys));
    }
  });
});
