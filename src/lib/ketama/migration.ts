import type { Ring } from '../hashing/ring.ts';

/**
 * Moving a fleet from one ring to another: which keys change server, the share of the hash
 * space that changes hands, and a gradual rollout in which a stable hash of each request picks
 * the ring it uses.
 */

const SPACE = 4294967296; // 2^32

/**
 * The fraction of the 32-bit key space whose node differs between two rings over the same
 * nodes, exactly: both rings cut the circle at their points, and each piece between two
 * consecutive cuts has one owner in each ring.
 */
export function movedSpace(a: Ring, b: Ring): number {
  const ha = a.hashes;
  const hb = b.hashes;
  if (ha.length === 0 || hb.length === 0) return ha.length === hb.length ? 0 : 1;
  let i = 0;
  let j = 0;
  let prev = 0;
  let moved = 0;
  // Walk the cuts in order; the piece (prev, cut] belongs to the first point >= cut in each ring.
  while (i < ha.length || j < hb.length) {
    const cut = Math.min(i < ha.length ? ha[i] : SPACE, j < hb.length ? hb[j] : SPACE);
    const ownerA = a.nodes[i < ha.length ? i : 0];
    const ownerB = b.nodes[j < hb.length ? j : 0];
    const width = cut - prev + (prev === 0 && i === 0 && j === 0 ? 1 : 0);
    if (ownerA !== ownerB) moved += width;
    prev = cut;
    if (i < ha.length && ha[i] === cut) i++;
    if (j < hb.length && hb[j] === cut) j++;
  }
  // Above the last cut both rings wrap to their point 0.
  if (a.nodes[0] !== b.nodes[0]) moved += SPACE - 1 - prev;
  return moved / SPACE;
}

/**
 * The share of keys that move when every server's chain is cut from k1 points to its first k2
 * (k2 <= k1): a key keeps its server when its nearest point survives (chance k2/k1), and
 * otherwise lands on an unrelated point, of its old server with chance about 1/N.
 */
export function predictedMoved(n: number, k1: number, k2: number): number {
  return (1 - Math.min(k1, k2) / Math.max(k1, k2)) * (1 - 1 / n);
}

/**
 * Rollout: a request takes the new ring when its decision hash (a hash of the request that is
 * independent of the key hash the rings use) falls below p x 2^32. The same request always
 * decides the same way for a given p, and raising p only adds requests to the new ring, so
 * lowering p again returns exactly the requests that the raise moved.
 */
export function usesNewRing(decisionHash: number, p: number): boolean {
  return decisionHash < p * SPACE;
}
