import type { Rng } from '../random/rng.ts';

// Candidates are drawn a block at a time, then the block is placed. The draws do not depend on
// the bins, so the order of draws (and so every bin) is the same as the one-ball-at-a-time loop;
// but the placing loop then has no generator branches in it, and the CPU can overlap the random
// reads of a 40 MB array across balls. On n = 10^7 that is about 2.5x faster than interleaving.
const BLOCK_DRAWS = 4096;

/**
 * Throws `count` balls into `bins`, each to the least loaded of `d` bins drawn uniformly with
 * replacement, exactly as the article's Python loop does: the first candidate is drawn, then each
 * further one replaces it only if strictly less loaded, so ties stay with the earlier draw. Keeping
 * the draw order is what lets the CPython generator reproduce the article's bins; it also means
 * calling this in chunks gives the same bins as one call.
 */
export function placeBalls(bins: Uint32Array, count: number, d: number, rng: Rng): void {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`placeBalls: count must be a non-negative integer, got ${count}`);
  }
  if (!Number.isSafeInteger(d) || d < 1) {
    throw new RangeError(`placeBalls: d must be a positive integer, got ${d}`);
  }
  const n = bins.length;
  if (count === 0) return;
  if (n === 0) throw new RangeError('placeBalls: there are no bins to throw into');

  const ballsPerBlock = Math.max(1, Math.floor(BLOCK_DRAWS / d));
  const candidates = new Uint32Array(Math.min(count, ballsPerBlock) * d);
  for (let placed = 0; placed < count; ) {
    const balls = Math.min(ballsPerBlock, count - placed);
    const draws = balls * d;
    for (let k = 0; k < draws; k++) candidates[k] = rng.below(n);
    // d = 1, 2 and 3 are what the figures run at n = 10^7, so each has a loop of its own: with
    // no inner loop V8 keeps the candidate in a register (measured 1.3x to 2x faster). Each is the
    // general rule below, written out: a later candidate wins only if strictly less loaded.
    if (d === 1) {
      for (let k = 0; k < draws; k++) bins[candidates[k]]++;
    } else if (d === 2) {
      for (let k = 0; k < draws; k += 2) {
        const i = candidates[k];
        const j = candidates[k + 1];
        bins[bins[j] < bins[i] ? j : i]++;
      }
    } else if (d === 3) {
      for (let k = 0; k < draws; k += 3) {
        const i = candidates[k];
        const j = candidates[k + 1];
        const ij = bins[j] < bins[i] ? j : i;
        const l = candidates[k + 2];
        bins[bins[l] < bins[ij] ? l : ij]++;
      }
    } else {
      for (let k = 0; k < draws; k += d) {
        let i = candidates[k];
        for (let c = 1; c < d; c++) {
          const j = candidates[k + c];
          if (bins[j] < bins[i]) i = j;
        }
        bins[i]++;
      }
    }
    placed += balls;
  }
}
