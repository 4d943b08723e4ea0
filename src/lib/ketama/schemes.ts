import { fillKetamaPoints } from '../hashing/points-ketama.ts';
import { buildRing } from '../hashing/ring.ts';
import type { Ring } from '../hashing/ring.ts';
import { xoshiro128ss } from '../random/index.ts';
import { fillNginxChain } from './chain.ts';

/**
 * The three ways the chapter puts k points per server on a ring: nginx's CRC-32 chain (pingora's
 * too), libketama's MD5 digests (four points each), or uniform random points (the model the
 * formula assumes).
 */
export const SCHEMES = ['nginx', 'libketama', 'random'] as const;
export type Scheme = (typeof SCHEMES)[number];

/**
 * Server i of a synthetic fleet: 10.a.b.c:port, distinct for i < 2^24. `seed` moves every server
 * to another port, which renames the fleet: a fresh layout for the hashing schemes.
 */
export function serverName(i: number, seed = 0): string {
  return `10.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255}:${8000 + (seed % 57_000)}`;
}

/** Writes server i's k points into out[offset, offset + k). */
export function fillSchemePoints(scheme: Scheme, i: number, k: number, seed: number, out: Uint32Array, offset: number): void {
  if (scheme === 'nginx') {
    // fillNginxPoints' chain, by its affine form (chain.ts): the same points, faster.
    fillNginxChain(serverName(i, seed), k, out, offset);
  } else if (scheme === 'libketama') {
    // Whole digests of four points; a k that is not a multiple of 4 keeps the first k.
    const digests = Math.ceil(k / 4);
    const tmp = new Uint32Array(4 * digests);
    fillKetamaPoints(serverName(i, seed), digests, tmp);
    out.set(tmp.subarray(0, k), offset);
  } else {
    // One stream per (seed, server), so server i's points do not depend on N.
    const rng = xoshiro128ss(seed * 65_536 + i);
    for (let j = 0; j < k; j++) out[offset + j] = rng.nextUint32();
  }
}

/**
 * Servers [from, to) of `schemeRing`'s points, written where it writes them: a run can make a
 * large ring's points in slices, with a yield between them, and sort them with `schemeRingOf`.
 */
export function fillSchemeRange(scheme: Scheme, from: number, to: number, k: number, seed: number, hashes: Uint32Array, nodes: Uint16Array): void {
  for (let i = from; i < to; i++) {
    fillSchemePoints(scheme, i, k, seed, hashes, i * k);
    nodes.fill(i, i * k, (i + 1) * k);
  }
}

/** The ring of n servers' points (all of them filled by `fillSchemeRange`). */
export function schemeRingOf(hashes: Uint32Array, nodes: Uint16Array, n: number): Ring {
  return buildRing({ hashes, nodes }, n, { dedupe: true });
}

/** N servers x k points, sorted into a ring (collided hashes deduped, lowest index keeping them). */
export function schemeRing(scheme: Scheme, n: number, k: number, seed = 0): Ring {
  const hashes = new Uint32Array(n * k);
  const nodes = new Uint16Array(n * k);
  fillSchemeRange(scheme, 0, n, k, seed, hashes, nodes);
  return schemeRingOf(hashes, nodes, n);
}
