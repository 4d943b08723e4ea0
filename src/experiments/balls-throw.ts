import { placeBalls } from '../lib/balls/index.ts';
import type { Rng } from '../lib/random/index.ts';
import type { Meter } from './meter.ts';

/** Balls per chunk at d = 1; a chunk of work stays near 10 ms so cancel is prompt. */
const CHUNK = 1 << 18;

/**
 * Throws bins.length balls into the (zeroed) bins, n balls into n bins, each to the least loaded
 * of d candidates: the article's loop, run a chunk at a time with a yield after each chunk, so a
 * cancel is read within one chunk. Chunking does not change the bins (placeBalls keeps the draw
 * order across calls). The meter counts candidate draws, n * d per throw; throws an AbortError
 * once the signal has aborted.
 */
export async function throwBalls(bins: Uint32Array, d: number, rng: Rng, w: Meter): Promise<void> {
  const n = bins.length;
  const chunk = Math.max(1, Math.floor(CHUNK / d));
  for (let start = 0; start < n; start += chunk) {
    w.check();
    const count = Math.min(chunk, n - start);
    placeBalls(bins, count, d, rng);
    await w.advance(count * d);
  }
}
