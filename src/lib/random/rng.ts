/**
 * A seeded source of uniform integers. Every function that draws takes one of these;
 * nothing in the library reads Math.random or the clock.
 */
export interface Rng {
  /** A uniform integer in [0, 2^32). */
  nextUint32(): number;
  /** A uniform integer in [0, n), for an integer 1 <= n <= 2^32 - 1. */
  below(n: number): number;
}

/**
 * A generator's whole state as 32-bit words, so that another implementation of the same generator
 * (the WebAssembly kernels in src/kernels/) can continue its stream and hand it back.
 * mt19937: the 624 state words, then the index of the next one; xoshiro128ss: s0, s1, s2, s3.
 */
export interface RngState {
  readonly algorithm: 'mt19937' | 'xoshiro128ss';
  readonly words: Uint32Array;
}

/** A generator whose state can be read out and written back. */
export interface PortableRng extends Rng {
  saveState(): RngState;
  /** Continues from `state`, which must come from the same algorithm. */
  loadState(state: RngState): void;
}

export function isPortable(rng: Rng): rng is PortableRng {
  return typeof (rng as Partial<PortableRng>).saveState === 'function' && typeof (rng as Partial<PortableRng>).loadState === 'function';
}

export function checkState(state: RngState, algorithm: RngState['algorithm'], words: number): void {
  if (state.algorithm !== algorithm || state.words.length !== words) {
    throw new RangeError(`loadState: expected ${words} words of ${algorithm}, got ${state.words.length} of ${state.algorithm}`);
  }
}
