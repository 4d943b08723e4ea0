import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vnodeRing } from '../../../../src/lib/hashing/points-vnodes.ts';
import { assign, boundedCapacity, boundedLoads } from '../../../../src/lib/placement/bounded.ts';
import { xoshiro128ss } from '../../../../src/lib/random/xoshiro128.ts';

const names = (n: number, salt: number) => Array.from({ length: n }, (_, i) => `${salt}/n${i}`);

describe('consistent hashing with bounded loads', () => {
  it('never puts more than ceil(c m / n) keys on a node, and places every key (any n, c, V, seed)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 20 }), fc.constantFrom(1, 1.1, 1.25, 2), fc.nat(), (n, v, c, seed) => {
        const keys = 2000;
        const state = boundedLoads(vnodeRing(names(n, seed), v), boundedCapacity(keys, c, n));
        const rng = xoshiro128ss(seed);
        const cap = Math.ceil((c * keys) / n);
        for (let i = 0; i < keys; i++) {
          const node = assign(state, rng.nextUint32());
          if (!(node < n)) throw new Error(`key ${i}: node ${node} of ${n}`);
        }
        expect(Math.max(...state.loads)).toBeLessThanOrEqual(cap);
        expect(state.loads.reduce((a, b) => a + b, 0)).toBe(keys);
      }),
      { numRuns: 80 },
    );
  });

  it('the paper’s cap binds: with one point per node and c = 1.25, the fullest of 100 nodes holds exactly 1.25 times the mean', () => {
    const keys = 100_000;
    const state = boundedLoads(vnodeRing(names(100, 0), 1), boundedCapacity(keys, 1.25, 100));
    const rng = xoshiro128ss(1);
    for (let i = 0; i < keys; i++) assign(state, rng.nextUint32());
    expect(Math.max(...state.loads) / (keys / 100)).toBe(1.25);
  });

  it('throws when more keys arrive than the capacities allow', () => {
    const state = boundedLoads(vnodeRing(names(2, 0), 1), boundedCapacity(2, 1, 2));
    assign(state, 1);
    assign(state, 2);
    expect(() => assign(state, 3)).toThrow(RangeError);
  });
});
