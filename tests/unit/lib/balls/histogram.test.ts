import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { loadHistogram, maxLoad } from '../../../../src/lib/balls/histogram.ts';
import { placeBalls } from '../../../../src/lib/balls/place.ts';
import { makeRng } from '../../../../src/lib/random/make.ts';

const loads = fc.array(fc.nat(30), { maxLength: 300 }).map((a) => Uint32Array.from(a));

describe('loadHistogram', () => {
  it('counts every bin once and every ball once: sum = n, sum of load * count = balls', () => {
    fc.assert(
      fc.property(
        fc.record({ seed: fc.nat(), n: fc.integer({ min: 1, max: 500 }), d: fc.integer({ min: 1, max: 4 }), balls: fc.nat(2000) }),
        ({ seed, n, d, balls }) => {
          const bins = new Uint32Array(n);
          placeBalls(bins, balls, d, makeRng('fast', seed));
          const h = loadHistogram(bins);
          expect(h.reduce((a, b) => a + b, 0)).toBe(n);
          expect(h.reduce((a, count, load) => a + load * count, 0)).toBe(balls);
        },
      ),
    );
  });

  it('has length maxLoad + 1, with the top entry non-zero', () => {
    fc.assert(
      fc.property(loads, (bins) => {
        const h = loadHistogram(bins);
        expect(h).toHaveLength(maxLoad(bins) + 1);
        if (bins.length > 0) expect(h[h.length - 1]).toBeGreaterThan(0);
      }),
    );
  });

  it('of [0, 2, 2, 5] is [1, 0, 2, 0, 0, 1]', () => {
    expect(loadHistogram(Uint32Array.from([0, 2, 2, 5]))).toEqual([1, 0, 2, 0, 0, 1]);
  });
});

describe('maxLoad', () => {
  it('is the largest load, and 0 for no bins', () => {
    fc.assert(
      fc.property(loads, (bins) => {
        expect(maxLoad(bins)).toBe(bins.length === 0 ? 0 : Math.max(...bins));
      }),
    );
    expect(maxLoad(Uint32Array.from([3, 9, 1]))).toBe(9);
  });
});
