import { describe, it, expect } from 'vitest';
import { makeRng } from '../../../../src/lib/random/make.ts';
import { cpythonRandom } from '../../../../src/lib/random/mt19937.ts';
import { xoshiro128ss } from '../../../../src/lib/random/xoshiro128.ts';

describe('makeRng', () => {
  it("'cpython' is cpythonRandom and 'fast' is xoshiro128ss, for the same seed", () => {
    expect(makeRng('cpython', 7).nextUint32()).toBe(cpythonRandom(7).nextUint32());
    expect(makeRng('cpython', 2n ** 64n + 123n).nextUint32()).toBe(cpythonRandom(2n ** 64n + 123n).nextUint32());
    expect(makeRng('fast', 7).nextUint32()).toBe(xoshiro128ss(7).nextUint32());
    expect(makeRng('fast', 7n).nextUint32()).toBe(xoshiro128ss(7).nextUint32());
  });

  it("'fast' rejects bigint seeds beyond 2^53 - 1 rather than rounding them", () => {
    expect(() => makeRng('fast', 2n ** 53n)).toThrow(RangeError);
  });
});
