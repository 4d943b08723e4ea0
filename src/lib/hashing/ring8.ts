import { lookupIndex } from './ring.ts';
import type { Ring } from './ring.ts';

/**
 * The 8-byte point beside ring.ts's 6-byte one: u32 hash + u32 node index, the size of
 * pingora-ketama's V1 `Point { node: u32, hash: u32 }`, where Rust's alignment rule rounds a
 * struct up to a multiple of its largest field. Here both layouts are two parallel typed arrays,
 * so the only difference between them is the width of the node index: the hashes a lookup
 * searches are the same array in both.
 */
export interface Ring8 {
  readonly hashes: Uint32Array;
  readonly nodes: Uint32Array;
  readonly nodeCount: number;
}

/** The same ring with 4-byte node indices; the hashes are shared unless `copy` is set. */
export function toRing8(ring: Ring, copy = false): Ring8 {
  return { hashes: copy ? ring.hashes.slice() : ring.hashes, nodes: Uint32Array.from(ring.nodes), nodeCount: ring.nodeCount };
}

/** The node owning keyHash on an 8-byte ring, or -1 when empty: the same search as lookup(). */
export function lookup8(ring: Ring8, keyHash: number): number {
  const i = lookupIndex(ring, keyHash);
  return i < 0 ? -1 : ring.nodes[i];
}

/** Bytes held by the points, read from the typed arrays themselves. */
export function ring8Bytes(ring: Ring8): number {
  return ring.hashes.byteLength + ring.nodes.byteLength;
}
