import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { BitmapCounter, countLostSorted, predictedLost, tieBreakShare } from '../../../../src/lib/ketama/collisions.ts';
import { buildRing } from '../../../../src/lib/hashing/ring.ts';
import { movedSpace } from '../../../../src/lib/ketama/migration.ts';
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

describe('tieBreakShare', () => {
  it('equals the space two rings with opposite tie-breaks place differently', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 4 })), { minLength: 1, maxLength: 60 }), fc.integer({ min: 0, max: 30 }), (points, dupes) => {
        // Plant collisions: copy some hashes to another node.
        const all = [...points, ...points.slice(0, dupes).map(([h, n]) => [h, (n + 1) % 5] as [number, number])];
        const hashes = Uint32Array.from(all.map(([h]) => h));
        const low = buildRing({ hashes, nodes: Uint16Array.from(all.map(([, n]) => n)) }, 5);
        // Mirroring the node numbers makes the highest original index win every tie.
        const high = buildRing({ hashes, nodes: Uint16Array.from(all.map(([, n]) => 4 - n)) }, 5);
        const highBack = { ...high, nodes: high.nodes.map((n) => 4 - n) };
        expect(tieBreakShare(low)).toBeCloseTo(movedSpace(low, highBack), 12);
      }),
      { numRuns: 200 },
    );
  });
  it('is 0 without collisions', () => {
    expect(tieBreakShare(buildRing({ hashes: Uint32Array.of(5, 9, 1), nodes: Uint16Array.of(0, 1, 2) }, 3))).toBe(0);
  });
});
