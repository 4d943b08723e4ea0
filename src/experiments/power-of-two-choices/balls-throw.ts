import { placeBalls } from '../../lib/balls/index.ts';
import type { Rng } from '../../lib/random/index.ts';
import { ballsKernel } from '../../kernels/balls.ts';
import type { Meter } from '../shared/meter.ts';

/** Candidate draws per chunk: a chunk of work stays near 10 ms so cancel is prompt. */
export const CHUNK = 1 << 18;
/** The same on the WebAssembly kernel, which does about twice the draws in that time. */
export const KERNEL_CHUNK = 1 << 19;

/**
 * Throws bins.length balls into the (zeroed) bins, n balls into n bins, each to the least loaded
 * of d candidates: the article's loop, run a chunk at a time with a yield after each chunk, so a
 * cancel is read within one chunk. It runs on the WebAssembly kernel (src/kernels/) when that
 * loads, else on placeBalls; both give the same bins, and chunking does not change them (both
 * keep the draw order across calls). The meter counts candidate draws, n * d per throw; throws an
 * AbortError once the signal has aborted.
 */
export async function throwBalls(bins: Uint32Array, d: number, rng: Rng, w: Meter): Promise<void> {
  const kernel = await ballsKernel(bins, d, rng);
  const n = bins.length;
  const chunk = Math.max(1, Math.floor((kernel ? KERNEL_CHUNK : CHUNK) / d));
  let whole = false;
  try {
    for (let start = 0; start < n; start += chunk) {
      w.check();
      const count = Math.min(chunk, n - start);
      if (kernel) kernel.place(count);
      else placeBalls(bins, count, d, rng);
      await w.advance(count * d);
    }
    whole = true;
  } finally {
    // A cancelled run's bins are not wanted: copying 10^7 of them back would only delay the cancel.
    if (whole) kernel?.finish();
    else kernel?.abandon();
  }
}

/**
 * The cost model's work for n balls into n bins (cost.ts): candidate draws, weighted for the
 * cache: the kernel's u8 bins stay in cache up to about a million, and past that every draw waits
 * on memory; measured on the kernel, a draw at n = 10^7 costs about 2.8 times one at 10^6, which
 * 1 + n / 4e6 follows. CPython's exact stream costs about 1.4 times the fast one.
 */
export const ballDraws = (n: number, choices: readonly number[], generator: string): number => n * (1 + n / 4e6) * choices.reduce((s, d) => s + d, 0) * (generator === 'fast' ? 1 : 1.4);
