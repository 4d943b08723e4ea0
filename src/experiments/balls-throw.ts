import { placeBalls } from '../lib/balls/index.ts';
import type { Rng } from '../lib/random/index.ts';
import { abortError, pause } from './pause.ts';
import type { RunContext } from './types.ts';

/** Balls per chunk at d = 1; a chunk of work stays near 10 ms so cancel is prompt. */
const CHUNK = 1 << 18;

/** The work of one experiment run, counted in candidate draws, shared by its ball throws. */
export interface Work {
  readonly signal: AbortSignal;
  /** Records `draws` more draws done and reports the fraction of the whole run. */
  advance(draws: number): void;
}

/** `total` is the draws the whole run will make: the sum of n * d over its throws. */
export function work(total: number, { progress, signal }: RunContext): Work {
  let done = 0;
  return {
    signal,
    advance(draws) {
      done += draws;
      progress(done / total);
    },
  };
}

/**
 * Throws bins.length balls into the (zeroed) bins, n balls into n bins, each to the least loaded
 * of d candidates: the article's loop, run a chunk at a time with a yield after each chunk, so a
 * cancel is read within one chunk. Chunking does not change the bins (placeBalls keeps the draw
 * order across calls). Throws an AbortError once the signal has aborted.
 */
export async function throwBalls(bins: Uint32Array, d: number, rng: Rng, w: Work): Promise<void> {
  const n = bins.length;
  const chunk = Math.max(1, Math.floor(CHUNK / d));
  for (let start = 0; start < n; start += chunk) {
    if (w.signal.aborted) throw abortError();
    const count = Math.min(chunk, n - start);
    placeBalls(bins, count, d, rng);
    w.advance(count * d);
    await pause();
  }
}
