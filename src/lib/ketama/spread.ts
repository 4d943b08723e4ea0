import type { Ring } from '../hashing/ring.ts';

/**
 * How evenly a ring spreads the hash space over its nodes. A node's share is the total length of
 * the arcs its points close: point i owns (hashes[i-1], hashes[i]], and point 0 also owns the
 * wrap-around arc above the last point, because a lookup takes the first point >= the key's hash.
 */

const SPACE = 4294967296; // 2^32

/**
 * Each node's number of 32-bit key hashes, exactly: the shares sum to 2^32. A node without a
 * point (all its points lost to collisions) owns 0.
 */
export function shareCounts(ring: Ring): Float64Array {
  const counts = new Float64Array(ring.nodeCount);
  const { hashes, nodes } = ring;
  const m = hashes.length;
  if (m === 0) return counts;
  counts[nodes[0]] += hashes[0] + SPACE - hashes[m - 1];
  for (let i = 1; i < m; i++) counts[nodes[i]] += hashes[i] - hashes[i - 1];
  return counts;
}

/** The busiest node's share over the mean share. */
export function maxOverMean(values: ArrayLike<number>): number {
  let sum = 0;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    sum += values[i];
    if (values[i] > max) max = values[i];
  }
  return max / (sum / values.length);
}

/**
 * The exact CV of one node's share when N nodes each place k points uniformly at random on a
 * continuous ring. The N·k arcs are Dirichlet(1, ..., 1); a node's share is the sum of k of them,
 * Beta(k, (N-1)k), whose mean is 1/N and whose variance is (N-1) / (N^2 (Nk + 1)). So
 * CV = sqrt((N - 1) / (Nk + 1)), about 1/sqrt(k) when N is large.
 */
export function cvFormula(n: number, k: number): number {
  return Math.sqrt((n - 1) / (n * k + 1));
}
