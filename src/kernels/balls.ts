import { maxLoad } from '../lib/balls/histogram.ts';
import { isPortable, type PortableRng, type Rng } from '../lib/random/index.ts';
import { kernelInstance, type KernelExports } from './load.ts';

/** Above this many bins the TypeScript runs (the kernel's pointers are 32-bit; 10^7 is the page's most). */
const MAX_BINS = 1 << 28;
const U8_MAX = 255;

/**
 * placeBalls (src/lib/balls/place.ts) on the WebAssembly kernel, for one run: the bins and the
 * generator's state move into the kernel's memory, `place` throws balls a chunk at a time (so a
 * caller can yield between chunks), and `finish` writes the bins and the generator's state back,
 * where the TypeScript would have left them. Bit for bit the same bins and the same stream.
 */
export interface BallsKernel {
  place(count: number): void;
  finish(): void;
  /** Ends the run without writing anything back (it was cancelled: its bins are not wanted). */
  abandon(): void;
}

/** A kernel run over `bins` (any loads) with d choices from `rng`, or null to run TypeScript. */
export async function ballsKernel(bins: Uint32Array, d: number, rng: Rng): Promise<BallsKernel | null> {
  if (!Number.isSafeInteger(d) || d < 1) throw new RangeError(`placeBalls: d must be a positive integer, got ${d}`);
  if (bins.length === 0 || bins.length > MAX_BINS || !isPortable(rng)) return null;
  const k = await kernelInstance();
  return k && k.ensure(k.dynamicBase() + bins.length) ? new Session(k, bins, d, rng) : null;
}

class Session implements BallsKernel {
  private readonly k: KernelExports;
  private readonly bins: Uint32Array;
  private readonly d: number;
  private readonly rng: PortableRng;
  private readonly n: number;
  private readonly mt: boolean;
  /** u8 bins at `narrow`, until a bin passes 255; then u32 bins at `wide`. */
  private readonly narrow: number;
  private readonly wide: number;
  private widened = false;
  private finished = false;

  constructor(k: KernelExports, bins: Uint32Array, d: number, rng: PortableRng) {
    this.k = k;
    this.bins = bins;
    this.d = d;
    this.rng = rng;
    this.n = bins.length;
    this.narrow = k.dynamicBase();
    this.wide = this.narrow + Math.ceil(this.n / 16) * 16;
    const state = rng.saveState();
    this.mt = state.algorithm === 'mt19937';
    new Uint32Array(k.memory.buffer, this.mt ? k.mtState() : k.xoState(), state.words.length).set(state.words);
    k.reset();
    // A fresh instance's memory is zero, which is the common start; other loads are copied in.
    const start = maxLoad(bins);
    if (start >= U8_MAX) this.widen();
    if (start > 0) this.view().set(bins);
  }

  place(count: number): void {
    if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`placeBalls: count must be a non-negative integer, got ${count}`);
    if (this.finished) throw new Error('placeBalls: the kernel run has finished');
    let left = count;
    while (left > 0) {
      // Under 2^31 per call: the kernel counts in i32.
      const ask = Math.min(left, 1 << 30);
      const done = this.k.place(this.widened ? this.wide : this.narrow, this.n, ask, this.d, this.mt ? 1 : 0, this.widened ? 1 : 0);
      left -= done;
      // Fewer than asked: a u8 bin would pass 255. The unplaced ball's draws wait in the kernel.
      if (done < ask) {
        if (this.widened) throw new Error('placeBalls: the kernel stopped on u32 bins');
        this.widen();
      }
    }
  }

  abandon(): void {
    this.finished = true;
  }

  finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.bins.set(this.view());
    const state = this.rng.saveState();
    state.words.set(new Uint32Array(this.k.memory.buffer, this.mt ? this.k.mtState() : this.k.xoState(), state.words.length));
    this.rng.loadState(state);
  }

  private view(): Uint8Array | Uint32Array {
    const buffer = this.k.memory.buffer;
    return this.widened ? new Uint32Array(buffer, this.wide, this.n) : new Uint8Array(buffer, this.narrow, this.n);
  }

  private widen(): void {
    if (!this.k.ensure(this.wide + 4 * this.n)) throw new RangeError(`placeBalls: no memory for ${this.n} u32 bins`);
    this.k.widen(this.narrow, this.wide, this.n);
    this.widened = true;
  }
}
