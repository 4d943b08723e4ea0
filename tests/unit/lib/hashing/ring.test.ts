import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { buildRing, lookup, lookupIndex, MAX_NODES, ringBytes } from '../../../../src/lib/hashing/ring.ts';
import type { Ring } from '../../../../src/lib/hashing/ring.ts';
import { xoshiro128ss } from '../../../../src/lib/random/xoshiro128.ts';

const ring = (points: [number, number][], nodeCount: number, dedupe = false): Ring =>
  buildRing(
    { hashes: Uint32Array.from(points, (p) => p[0]), nodes: Uint16Array.from(points, (p) => p[1]) },
    nodeCount,
    { dedupe },
  );

/** The definition, point by point: the smallest hash >= key (lowest node on a tie), else the smallest hash. */
function bruteForce(points: readonly [number, number][], keyHash: number): number {
  const better = (a: [number, number], b: [number, number]): boolean => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  let successor: [number, number] | undefined;
  let first: [number, number] | undefined;
  for (const p of points) {
    if (!first || better(p, first)) first = p;
    if (p[0] >= keyHash && (!successor || better(p, successor))) successor = p;
  }
  return (successor ?? first)?.[1] ?? -1;
}

const pointsArb = (maxHash: number) =>
  fc.integer({ min: 1, max: 8 }).chain((nodeCount) =>
    fc.tuple(
      fc.constant(nodeCount),
      fc.array(fc.tuple(fc.integer({ min: 0, max: maxHash }), fc.integer({ min: 0, max: nodeCount - 1 })), {
        minLength: 1,
        maxLength: 40,
      }),
    ),
  );

describe('buildRing', () => {
  it('sorts points by hash, breaking ties by node index, lowest first', () => {
    const r = ring(
      [
        [30, 2],
        [10, 1],
        [30, 0],
        [20, 2],
        [10, 0],
      ],
      3,
    );
    expect(Array.from(r.hashes)).toEqual([10, 10, 20, 30, 30]);
    expect(Array.from(r.nodes)).toEqual([0, 1, 2, 0, 2]);
  });

  it('with dedupe keeps one point per hash, the lowest node index', () => {
    const r = ring(
      [
        [30, 2],
        [10, 1],
        [30, 0],
        [20, 2],
        [10, 0],
      ],
      3,
      true,
    );
    expect(Array.from(r.hashes)).toEqual([10, 20, 30]);
    expect(Array.from(r.nodes)).toEqual([0, 2, 0]);
  });

  it('keeps the full uint32 range and node indices up to 65 535 exact', () => {
    const r = ring(
      [
        [2 ** 32 - 1, MAX_NODES - 1],
        [0, 0],
        [2 ** 32 - 1, 7],
      ],
      MAX_NODES,
    );
    expect(Array.from(r.hashes)).toEqual([0, 2 ** 32 - 1, 2 ** 32 - 1]);
    expect(Array.from(r.nodes)).toEqual([0, 7, MAX_NODES - 1]);
  });

  it('rejects a node index outside [0, nodeCount) and more than 65 536 nodes', () => {
    expect(() => ring([[1, 3]], 3)).toThrow(RangeError);
    expect(() => ring([], MAX_NODES + 1)).toThrow(RangeError);
  });

  it('ringBytes is 6 bytes a point, pingora V2 layout', () => {
    const r = ring(
      [
        [1, 0],
        [2, 1],
        [3, 0],
      ],
      2,
    );
    expect(ringBytes(r)).toBe(18);
  });
});

describe('lookup', () => {
  const r = ring(
    [
      [100, 0],
      [200, 1],
      [300, 2],
    ],
    3,
  );

  it('takes the first point with hash >= key, and wraps past the last point to the first', () => {
    expect([0, 100, 101, 200, 250, 300, 301, 2 ** 32 - 1].map((h) => lookup(r, h))).toEqual([0, 0, 1, 1, 2, 2, 0, 0]);
    expect(lookupIndex(r, 301)).toBe(0);
  });

  it('returns -1 on an empty ring', () => {
    expect(lookup(ring([], 0), 5)).toBe(-1);
  });

  it('agrees with a brute-force scan on small rings, collisions included', () => {
    fc.assert(
      fc.property(
        pointsArb(60),
        fc.boolean(),
        fc.array(fc.integer({ min: 0, max: 70 }), { maxLength: 30 }),
        ([n, pts], dedupe, keys) => {
          const built = ring(pts, n, dedupe);
          for (const k of keys) expect(lookup(built, k)).toBe(bruteForce(pts, k));
        },
      ),
    );
  });

  it('agrees with a brute-force scan over the full hash range, for keys from a seeded generator', () => {
    fc.assert(
      fc.property(pointsArb(2 ** 32 - 1), fc.maxSafeNat(), ([n, pts], seed) => {
        const built = ring(pts, n);
        const rng = xoshiro128ss(seed);
        for (let i = 0; i < 50; i++) {
          const k = rng.nextUint32();
          expect(lookup(built, k)).toBe(bruteForce(pts, k));
        }
      }),
    );
  });

  it('always returns a live node index, < nodeCount', () => {
    fc.assert(
      fc.property(pointsArb(2 ** 32 - 1), fc.maxSafeNat(), ([n, pts], seed) => {
        const built = ring(pts, n, true);
        const rng = xoshiro128ss(seed);
        for (let i = 0; i < 50; i++) {
          const node = lookup(built, rng.nextUint32());
          expect(node >= 0 && node < n).toBe(true);
        }
      }),
    );
  });
});
