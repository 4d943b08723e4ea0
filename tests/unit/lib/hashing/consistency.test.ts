import { describe, it } from 'vitest';
import fc from 'fast-check';
import { lookup } from '../../../../src/lib/hashing/ring.ts';
import type { Ring } from '../../../../src/lib/hashing/ring.ts';
import { nginxRing } from '../../../../src/lib/hashing/points-nginx.ts';
import { ketamaRing } from '../../../../src/lib/hashing/points-ketama.ts';
import { vnodeRing } from '../../../../src/lib/hashing/points-vnodes.ts';
import { xoshiro128ss } from '../../../../src/lib/random/xoshiro128.ts';
import type { Rng } from '../../../../src/lib/random/rng.ts';

// The defining property of consistent hashing, for every point-naming scheme: a membership
// change moves only the keys it must. Node names and key hashes come from a seeded generator.

type Scheme = (names: readonly string[]) => Ring;
const schemes: [string, Scheme][] = [
  ['nginx', (names) => nginxRing(names.map((server) => ({ server })))],
  // Up to 12 equal-weight servers libketama gives each 40 digests whatever N is (its float
  // rounding first bites at N = 61), so adding a server leaves the others' points alone.
  ['ketama', (names) => ketamaRing(names.map((addr) => ({ addr })))],
  ['vnodes x 40', (names) => vnodeRing(names, 40)],
];

function distinctNames(rng: Rng, count: number): string[] {
  const names = new Set<string>();
  while (names.size < count)
    names.add(`10.${rng.below(256)}.${rng.below(256)}.${rng.below(256)}:${1024 + rng.below(60000)}`);
  return [...names];
}

const KEYS = 400;
const params = fc.tuple(fc.maxSafeNat(), fc.integer({ min: 1, max: 12 }));

describe.each(schemes)('a %s ring', (_name, build) => {
  it('adding a node moves keys only onto the new node', () => {
    fc.assert(
      fc.property(params, ([seed, n]) => {
        const rng = xoshiro128ss(seed);
        const names = distinctNames(rng, n + 1);
        const before = build(names.slice(0, n));
        const after = build(names);
        for (let i = 0; i < KEYS; i++) {
          const h = rng.nextUint32();
          const owner = lookup(after, h);
          if (owner !== lookup(before, h) && owner !== n) throw new Error(`key hash ${h} moved from ${lookup(before, h)} to ${owner}, not to the new node ${n}`);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('removing a node moves only the keys that node owned', () => {
    fc.assert(
      fc.property(params, fc.nat(), ([seed, n], pick) => {
        const rng = xoshiro128ss(seed);
        const names = distinctNames(rng, n + 1);
        const gone = pick % names.length;
        const before = build(names);
        const after = build(names.filter((_, i) => i !== gone));
        for (let i = 0; i < KEYS; i++) {
          const h = rng.nextUint32();
          const owner = lookup(before, h);
          if (owner === gone) continue;
          const survivor = lookup(after, h);
          // After removal, indices above the removed node shift down by one.
          if ((survivor < gone ? survivor : survivor + 1) !== owner) throw new Error(`key hash ${h} moved from ${owner} (survivor index ${survivor}) when node ${gone} left`);
        }
      }),
      { numRuns: 40 },
    );
  });
});
