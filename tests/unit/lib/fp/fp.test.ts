import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ceilLog2, expm1, log2PowerOfTwo, pow, powi, TWO_32, TWO_53 } from '../../../../src/lib/fp/index.ts';

/** |a − b| in units in the last place of b. */
const ulps = (a: number, b: number) => (a === b ? 0 : Math.abs(a - b) / 2 ** (Math.floor(Math.log2(Math.abs(b))) - 52));

describe('portable powers', () => {
  it('powi is the product by repeated squaring, so its double is fixed by + − × ÷ alone', () => {
    // The engines' own 0.99 ** 3 is 0.970299 in V8 and 0.9702989999999999 in Firefox and WebKit;
    // powi is (0.99 · 0.99) · 0.99 wherever it runs.
    expect(powi(0.99, 3)).toBe(0.99 * (0.99 * 0.99));
    expect(powi(0.99, 3)).toBe(0.9702989999999999);
    expect(powi(10, 22)).toBe(1e22);
    expect(powi(2, 32)).toBe(TWO_32);
    expect(powi(2, 53)).toBe(TWO_53);
    expect(powi(2, -3)).toBe(0.125);
    expect(powi(0.5, 2 ** 40)).toBe(0);
    expect(powi(7, 0)).toBe(1);
    expect(() => powi(2, 0.5)).toThrow(RangeError);
  });

  it('powi and pow stay within a few ulps of Math.pow', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-3, max: 1, noNaN: true }), fc.integer({ min: 0, max: 64 }), (x, n) => {
        const want = Math.pow(x, n);
        if (want < 1e-300) return;
        if (ulps(powi(x, n), want) > 64) throw new Error(`powi(${x}, ${n}) = ${powi(x, n)}, Math.pow ${want}`);
      }),
      { numRuns: 5_000 },
    );
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 100, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true }), (x, y) => {
        const want = Math.pow(x, y);
        if (Math.abs(pow(x, y) - want) > 1e-13 * want) throw new Error(`pow(${x}, ${y}) = ${pow(x, y)}, Math.pow ${want}`);
      }),
      { numRuns: 5_000 },
    );
  });

  it('expm1 keeps its precision near 0 and agrees with Math.expm1 elsewhere', () => {
    fc.assert(
      fc.property(fc.double({ min: -700, max: 700, noNaN: true }), (x) => {
        const want = Math.expm1(x);
        if (want === 0) {
          if (!Object.is(expm1(x), want)) throw new Error(`expm1(${x}) = ${expm1(x)}, Math.expm1 ${want}`);
          return;
        }
        if (ulps(expm1(x), want) > 8) throw new Error(`expm1(${x}) = ${expm1(x)}, Math.expm1 ${want}`);
      }),
      { numRuns: 10_000 },
    );
    expect(expm1(1e-20)).toBe(1e-20);
  });

  it('counts bits for powers of two and ceilings of log2', () => {
    for (let k = 0; k <= 31; k++) expect(log2PowerOfTwo(2 ** k)).toBe(k);
    expect(log2PowerOfTwo(3)).toBeNaN();
    expect(log2PowerOfTwo(0)).toBeNaN();
    for (const n of [1, 2, 3, 4, 5, 1023, 1024, 1025, 2 ** 31, 2 ** 31 + 1, 2 ** 32]) expect(ceilLog2(n), String(n)).toBe(Math.ceil(Math.log2(n)));
  });
});
