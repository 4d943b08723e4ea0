import { identity } from './fnv1a.ts';
import { fmix32 } from './murmur3.ts';
import { log } from '../fp/index.ts';

/**
 * Rendezvous (highest random weight) hashing. Every (key, node) pair gets a pseudo-random
 * u in (0, 1); the key goes to the node with the highest score.
 *
 * Weighted, by the logarithmic method (Schindelhauer and Schomaker): score = −w / ln(u). Then
 * −ln(u)/w is exponential with rate w, the smallest of them wins, and P(node wins) = w / Σw. The
 * HRW pull request the article cites returned −1/(w·ln u), which makes P(win) ∝ 1/w: a heavier
 * node wins less. Unweighted (all w equal) the order is that of u itself.
 */

/** A 32-bit hash of the pair (key, node) from their 32-bit identities: two rounds of fmix32. */
export function pairHash(key: number, node: number): number {
  const c = fmix32((node ^ 0x5bd1e995) >>> 0);
  return fmix32((fmix32((key ^ c) >>> 0) + c) >>> 0);
}

/** A 32-bit hash as a uniform number strictly inside (0, 1). */
export function unit(h: number): number {
  return (h + 0.5) / 4294967296;
}

export function weightedScore(u: number, weight: number): number {
  return -weight / log(u);
}

/** The index of the winning node for one key (nodes by identity, weights alongside, or all 1). */
export function rendezvousPick(key: number, nodes: ArrayLike<number>, weights?: ArrayLike<number>): number {
  let best = -1;
  let bestScore = -Infinity;
  for (let j = 0; j < nodes.length; j++) {
    const h = pairHash(key, nodes[j]);
    const s = weights ? weightedScore(unit(h), weights[j]) : h;
    if (s > bestScore) {
      bestScore = s;
      best = j;
    }
  }
  return best;
}

/** All node indices, best first (ties, which need equal 32-bit hashes, go to the lower index). */
export function rendezvousRank(key: number, nodes: ArrayLike<number>, weights?: ArrayLike<number>): number[] {
  const score = Array.from({ length: nodes.length }, (_, j) => {
    const h = pairHash(key, nodes[j]);
    return weights ? weightedScore(unit(h), weights[j]) : h;
  });
  return score.map((_, j) => j).sort((x, y) => score[y] - score[x] || x - y);
}

/** As the Go code does it: hash the text "<client>::<relay>" for every relay, then take the highest. */
export function rendezvousPickText(client: string, relays: readonly string[]): number {
  let best = -1;
  let bestScore = -1;
  for (let j = 0; j < relays.length; j++) {
    const s = identity(`${client}::${relays[j]}`);
    if (s > bestScore) {
      bestScore = s;
      best = j;
    }
  }
  return best;
}
