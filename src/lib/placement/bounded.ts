import type { Ring } from '../hashing/ring.ts';
import { lookupIndex } from '../hashing/ring.ts';

/**
 * Consistent hashing with bounded loads (Mirrokni, Thorup & Zadimoghaddam, SODA 2018,
 * arXiv:1608.01350): every node takes at most ceil(c * m / n) of the m keys, and a key whose
 * ring owner is full walks clockwise to the first node with room. c = 1 + epsilon; brpc and
 * liblb default to 1.25, HAProxy's hash-balance-factor writes it as a percentage (125).
 *
 * The placement has state: each assignment fills a node. `assign` is one key arriving.
 */

export interface BoundedLoads {
  readonly ring: Ring;
  /** Keys each node may hold. */
  readonly capacity: Uint32Array;
  /** Keys each node holds now. */
  readonly loads: Uint32Array;
}

/**
 * Capacities for `keys` keys at balance factor c: ceil(c * keys * w_i / W), which is
 * ceil(c * keys / n) at equal weights. They sum to at least c * keys > keys, so every key fits.
 */
export function boundedCapacity(keys: number, c: number, nodeCount: number, weights?: readonly number[]): Uint32Array {
  if (!(c >= 1)) throw new RangeError(`boundedCapacity: c must be >= 1, got ${c}`);
  const total = weights ? weights.reduce((a, b) => a + b, 0) : nodeCount;
  const cap = new Uint32Array(nodeCount);
  for (let i = 0; i < nodeCount; i++) cap[i] = Math.ceil((c * keys * (weights ? weights[i] : 1)) / total);
  return cap;
}

export function boundedLoads(ring: Ring, capacity: Uint32Array): BoundedLoads {
  if (capacity.length !== ring.nodeCount) throw new RangeError('boundedLoads: one capacity per node');
  return { ring, capacity, loads: new Uint32Array(ring.nodeCount) };
}

/**
 * Places one key: the first node clockwise from keyHash whose load is below its capacity.
 * Throws when every node is full (more keys than the capacities were made for).
 */
export function assign(state: BoundedLoads, keyHash: number): number {
  const { ring, capacity, loads } = state;
  const points = ring.hashes.length;
  let i = lookupIndex(ring, keyHash);
  if (i < 0) throw new RangeError('assign: empty ring');
  for (let walked = 0; walked < points; walked++) {
    const node = ring.nodes[i];
    if (loads[node] < capacity[node]) {
      loads[node]++;
      return node;
    }
    i = i + 1 === points ? 0 : i + 1;
  }
  throw new RangeError('assign: every node is at capacity');
}
