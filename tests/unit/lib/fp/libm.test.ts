import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exp, log } from '../../../../src/lib/fp/libm.ts';

/** |a − b| in units in the last place of b. */
const ulps = (a: number, b: number) => Math.abs(a - b) / 2 ** (Math.floor(Math.log2(Math.abs(b))) - 52);

describe('portable log and exp', () => {
  it('log is within 4 ulps of Math.log for any positive double', () => {
    fc.assert(
      fc.property(fc.double({ min: 5e-324, max: Number.MAX_VALUE, noNaN: true }), (x) => {
        const want = Math.log(x);
        if (want === 0) expect(log(x)).toBe(0);
        else expect(ulps(log(x), want)).toBeLessThanOrEqual(4);
      }),
      { numRuns: 20_000 },
    );
  });

  it('exp is within 2 ulps of Math.exp over the normal range', () => {
    fc.assert(
      fc.property(fc.double({ min: -708, max: 709, noNaN: true }), (x) => {
        expect(ulps(exp(x), Math.exp(x))).toBeLessThanOrEqual(2);
      }),
      { numRuns: 20_000 },
    );
  });

  it('is exact where the answer is, and keeps the edge cases', () => {
    expect(log(1)).toBe(0);
    expect(exp(0)).toBe(1);
    expect(log(2)).toBe(Math.LN2);
    expect(log(0)).toBe(-Infinity);
    expect(log(-1)).toBeNaN();
    expect(log(Infinity)).toBe(Infinity);
    expect(exp(-1000)).toBe(0);
    expect(exp(1000)).toBe(Infinity);
    expect(exp(NaN)).toBeNaN();
  });
});
