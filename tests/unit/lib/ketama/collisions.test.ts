import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { BitmapCounter, countLostSorted, predictedLost } from '../../../../src/lib/ketama/collisions.ts';
import { fillSchemePoints } from '../../../../src/lib/ketama/schemes.ts';
import { xoshiro128ss } from '../../../../src/lib/random/index.ts';

describe('predictedLost', () => {
  it('matches the birthday model the reference quotes: 12, 48 751 and 4 806 119 lost at 2048 x 160, 10k, 100k', () => {
    expect(Math.round(predictedLost(327_680))).toBe(12);
    expect(Math.round(predictedLost(20_480_000))).toBe(48_751);
    expect(Math.abs(predictedLost(204_800_000) - 4_806_119)).toBeLessThan(1);
  });
  it('is continuous where the series hands over to the closed form', () => {
    const m = 1e-3 * 2 ** 32;
    expect(predictedLost(m * (1 - 1e-9)) / predictedLost(m * (1 + 1e-9))).toBeCloseTo(1, 6);
  });
});

describe('counting lost points', () => {
  it('the sorted count and the bitmap count agree, at one pass and at many', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { maxLength: 300 }), fc.integer({ min: 0, max: 40 }), (values, dupes) => {
        const points = Uint32Array.from([...values, ...values.slice(0, dupes)]);
        const expected = points.length - new Set(points).size;
        for (const bytes of [2 ** 10, 2 ** 16]) {
          const counter = new BitmapCounter(bytes);
          for (let p = 0; p < counter.passes; p++) {
            counter.begin(p);
            counter.add(points);
          }
          expect(counter.lost).toBe(expected);
        }
        expect(countLostSorted(points.slice())).toBe(expected);
      }),
      { numRuns: 30 },
    );
  });

  it('random points lose what the birthday model predicts, on average over seeds', () => {
    const m = 2 ** 20;
    let total = 0;
    const seeds = 20;
    for (let s = 0; s < seeds; s++) {
      const rng = xoshiro128ss(s);
      const points = new Uint32Array(m);
      for (let i = 0; i < m; i++) points[i] = rng.nextUint32();
      total += countLostSorted(points);
    }
    // About 128 lost per seed, Poisson-like: the mean over 20 seeds has a standard error near 2.5.
    expect(Math.abs(total / seeds - predictedLost(m))).toBeLessThan(10);
  });

  it('nginx CRC chains collide like random points (N = 512, k = 2000: about 121 expected)', () => {
    const n = 512;
    const k = 2000;
    const points = new Uint32Array(n * k);
    for (let i = 0; i < n; i++) fillSchemePoints('nginx', i, k, 0, points, i * k);
    const lost = countLostSorted(points);
    const expected = predictedLost(n * k);
    // Poisson: 4.5 standard deviations either side.
    expect(Math.abs(lost - expected)).toBeLessThan(4.5 * Math.sqrt(expected));
  });
});
