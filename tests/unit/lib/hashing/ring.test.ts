import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { buildRing, lookup, lookupIndex, MAX_NODES, RADIX_FROM, ringBytes, sortPoints } from '../../../../src/lib/hashing/ring.ts';
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

describe('sortPoints: counting passes and the native sort agree', () => {
  /** The order by definition: index pairs sorted by (hash, node) with a comparator. */
  const reference = (hashes: Uint32Array, nodes: Uint16Array) => {
    const order = Array.from(hashes, (_, i) => i).sort((a, b) => hashes[a] - hashes[b] || nodes[a] - nodes[b]);
    return { hashes: Uint32Array.from(order, (i) => hashes[i]), nodes: Uint16Array.from(order, (i) => nodes[i]) };
  };
  // Hashes from a narrow range (many equal hashes, so the node order decides), from the whole
  // 32-bit space, or sharing their low or high halves (each counting pass alone decides).
  const hashArb = fc.oneof(
    fc.integer({ min: 0, max: 20 }),
    fc.integer({ min: 0, max: 0xffffffff }),
    fc.integer({ min: 0, max: 0xffff }).map((x) => x * 0x10000 + 7),
    fc.integer({ min: 0, max: 0xffff }).map((x) => 0xabcd0000 + x),
  );
  const pairsArb = fc.array(fc.tuple(hashArb, fc.integer({ min: 0, max: MAX_NODES - 1 })), { maxLength: 300 });

  it('both methods give the comparator’s order on any points (equal hashes, equal pairs, any nodes); the inputs are left as they were', () => {
    fc.assert(
      fc.property(pairsArb, (pairs) => {
        const hashes = Uint32Array.from(pairs, (p) => p[0]);
        const nodes = Uint16Array.from(pairs, (p) => p[1]);
        const [h0, n0] = [hashes.slice(), nodes.slice()];
        const want = reference(hashes, nodes);
        for (const radix of [true, false]) {
          const got = sortPoints(hashes, nodes, radix);
          expect(Array.from(got.hashes)).toEqual(Array.from(want.hashes));
          expect(Array.from(got.nodes)).toEqual(Array.from(want.nodes));
        }
        expect(hashes).toEqual(h0);
        expect(nodes).toEqual(n0);
      }),
      { numRuns: 300 },
    );
  });

  it(`buildRing sorts by counting from ${RADIX_FROM} points on, with the same ring (dedupe too)`, () => {
    const rng = xoshiro128ss(11);
    const count = RADIX_FROM + 12_345;
    // A few thousand distinct hashes over 3000 nodes: every hash collides many times.
    const hashes = Uint32Array.from({ length: count }, () => (rng.nextUint32() % 5000) * 859_433);
    const nodes = Uint16Array.from({ length: count }, () => rng.nextUint32() % 3000);
    const want = reference(hashes, nodes);
    const built = buildRing({ hashes, nodes }, 3000);
    expect(built.hashes).toEqual(want.hashes);
    expect(built.nodes).toEqual(want.nodes);
    const deduped = buildRing({ hashes, nodes }, 3000, { dedupe: true });
    const firsts = Array.from(want.hashes.keys()).filter((i) => i === 0 || want.hashes[i] !== want.hashes[i - 1]);
    expect(Array.from(deduped.hashes)).toEqual(firsts.map((i) => want.hashes[i]));
    expect(Array.from(deduped.nodes)).toEqual(firsts.map((i) => want.nodes[i]));
  });
});
