import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addNode, DEFAULT_OPTIONS, removeNode } from '../../../../src/lib/placement/scheme.ts';
import type { Scheme, SchemeOptions } from '../../../../src/lib/placement/scheme.ts';
import { boundedScheme, jumpScheme, ketamaScheme, maglevScheme, modNScheme, multiProbeScheme, nginxScheme, rendezvousScheme } from '../../../../src/lib/placement/schemes.ts';
import { xoshiro128ss } from '../../../../src/lib/random/xoshiro128.ts';

const KEYS = 300;
// Small rings and tables keep a property run fast; the promises do not depend on size.
const options: SchemeOptions = { ...DEFAULT_OPTIONS, V: 8, M: 1009, keys: KEYS };

const all: Scheme[] = [modNScheme, nginxScheme, ketamaScheme, rendezvousScheme, jumpScheme, maglevScheme, boundedScheme, multiProbeScheme];
/** Schemes that promise minimal disruption: a change moves only the keys it must. */
const minimal: Scheme[] = [nginxScheme, ketamaScheme, rendezvousScheme, jumpScheme, multiProbeScheme];

const names = (seed: number, n: number) => Array.from({ length: n }, (_, i) => `${seed % 997}/10.1.${i >> 8}.${i & 255}:80`);
const keyHashes = (seed: number) => {
  const rng = xoshiro128ss(seed);
  return Array.from({ length: KEYS }, () => rng.nextUint32());
};
const arbitrary = fc.tuple(fc.maxSafeNat(), fc.integer({ min: 1, max: 30 }), fc.option(fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 31, maxLength: 31 })));

describe.each(all.map((s) => [s.id, s] as const))('%s', (_id, scheme) => {
  it('always returns a live node, with or without weights (many seeds)', () => {
    fc.assert(
      fc.property(arbitrary, ([seed, n, w]) => {
        const p = scheme.build(names(seed, n), w?.slice(0, n) ?? undefined, options);
        // Checked plainly per key (an expect per key costs more than the lookup); the first
        // bad answer fails the property with the key.
        for (const h of keyHashes(seed)) {
          const node = p.lookup(h);
          if (!(Number.isInteger(node) && node >= 0 && node < n)) throw new Error(`key hash ${h}: node ${node}, not one of 0..${n - 1}`);
        }
        expect(p.bytes).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 40 },
    );
  });
});

describe.each(minimal.map((s) => [s.id, s] as const))('%s keeps its promise of minimal disruption', (_id, scheme) => {
  it('adding a node moves keys only onto it; removing the last moves only its keys (many seeds)', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.integer({ min: 1, max: 12 }), (seed, n) => {
        // libketama's digest count per server is 40 for every N up to 60 (V = 160), so its
        // points stay put when a server joins; at V = 8 that holds for these N as well.
        const base = scheme.build(names(seed, n), undefined, options);
        const grown = addNode(scheme, base, names(seed, n + 1)[n]);
        const shrunk = n > 1 ? removeNode(scheme, base, n - 1) : null;
        for (const h of keyHashes(seed)) {
          const before = base.lookup(h);
          const after = grown.lookup(h);
          if (after !== before && after !== n) throw new Error(`key hash ${h}: moved from ${before} to ${after} when node ${n} joined`);
          if (shrunk && before !== n - 1 && shrunk.lookup(h) !== before) throw new Error(`key hash ${h}: moved from ${before} to ${shrunk.lookup(h)} when node ${n - 1} left`);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('addNode and removeNode', () => {
  it('keep weights aligned with the node list', () => {
    const p = nginxScheme.build(['a:1', 'b:1'], [1, 3], options);
    const q = addNode(nginxScheme, p, 'c:1', 2);
    expect(q.nodes).toEqual(['a:1', 'b:1', 'c:1']);
    expect(q.weights).toEqual([1, 3, 2]);
    expect(removeNode(nginxScheme, q, 1).weights).toEqual([1, 2]);
    expect(addNode(nginxScheme, nginxScheme.build(['a:1'], undefined, options), 'b:1', 2).weights).toEqual([1, 2]);
  });
});
