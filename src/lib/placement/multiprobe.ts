import type { Ring } from '../hashing/ring.ts';
import { fmix32 } from '../hashing/murmur3.ts';
import { powi } from '../fp/index.ts';

/**
 * Multi-probe consistent hashing (Appleton & O'Reilly, arXiv:1505.00062): one point per node,
 * but each key is hashed k times; every probe finds its clockwise successor point, and the key
 * goes to the node whose point lies closest after any probe. The paper: a peak-to-average load
 * of 1 + epsilon needs about 1 + 1/epsilon probes, so 21 probes give about 1.05.
 */

/** The paper's example: 21 probes for a peak-to-average ratio of about 1.05. */
export const MULTIPROBE_K = 21;

/** Probe i of a key: the key's hash mixed with the probe number (fmix32 is a bijection). */
export function probeHash(keyHash: number, probe: number): number {
  return fmix32((keyHash + Math.imul(probe, 0x9e3779b9)) >>> 0);
}

/** The node of the closest point after any of the key's `probes` probes; -1 on an empty ring. */
export function multiProbeLookup(ring: Ring, keyHash: number, probes = MULTIPROBE_K): number {
  const hashes = ring.hashes;
  const points = hashes.length;
  if (points === 0) return -1;
  let best = 0;
  let bestDistance = Infinity;
  for (let p = 0; p < probes; p++) {
    const h = probeHash(keyHash, p);
    // The clockwise successor (lookupIndex, inlined: this loop runs 21 times per key).
    let lo = 0;
    let hi = points;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (hashes[mid] < h) lo = mid + 1;
      else hi = mid;
    }
    const i = lo === points ? 0 : lo;
    // Clockwise distance, wrapping past 2^32.
    const d = (hashes[i] - h) >>> 0;
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  }
  return ring.nodes[best];
}

/**
 * Each node's expected share of keys, exactly, for independent uniform probes: what the paper's
 * peak-to-average ratio is about, free of the sampling noise a finite set of keys adds.
 *
 * A probe lands in point j's arc (length a_j, as a fraction of the ring) with its distance to
 * point j uniform on [0, a_j), so P(distance <= t) = F(t) = sum_j min(t, a_j). The key goes to
 * point j when the smallest of k such distances is one that fell in arc j:
 * share_j = integral over [0, a_j) of k (1 - F(t))^(k - 1) dt. F is linear between consecutive
 * sorted arc lengths, so the integral is a sum of differences of (1 - F)^k.
 */
export function multiProbeShares(ring: Ring, probes = MULTIPROBE_K): Float64Array {
  const { hashes, nodes, nodeCount } = ring;
  const points = hashes.length;
  const shares = new Float64Array(nodeCount);
  if (points === 0) return shares;
  const arcs = new Float64Array(points);
  for (let j = 0; j < points; j++) {
    const prev = j === 0 ? hashes[points - 1] : hashes[j - 1];
    arcs[j] = points === 1 ? 1 : (((hashes[j] - prev) >>> 0) || 0) / 4294967296;
  }
  const order = Array.from({ length: points }, (_, j) => j).sort((x, y) => arcs[x] - arcs[y]);
  let below = 0; // sum of the arcs shorter than the current segment
  let lo = 0;
  let cumulative = 0;
  for (let r = 0; r < points; r++) {
    const hi = arcs[order[r]];
    const longer = points - r; // arcs at least as long as this segment's end
    const fLo = below + lo * longer;
    const fHi = below + hi * longer;
    cumulative += (powi(1 - fLo, probes) - powi(Math.max(0, 1 - fHi), probes)) / longer;
    shares[nodes[order[r]]] += cumulative;
    below += hi;
    lo = hi;
  }
  return shares;
}
