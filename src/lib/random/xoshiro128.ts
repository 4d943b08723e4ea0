import { bitmaskBelow } from './below.ts';
import { checkState, type PortableRng, type RngState } from './rng.ts';

/**
 * xoshiro128** 1.1 (Blackman and Vigna, prng.di.unimi.it/xoshiro128starstar.c): the "fast"
 * generator, for runs that need not match CPython. 32-bit throughout, so it stays in Math.imul
 * and int32 arithmetic with no allocation per draw.
 *
 * Seeding: the whole seed (any non-negative safe integer, so nothing is folded away) is the state
 * of splitmix64, as Vigna recommends; its first output fills state words 0 and 1 (low word first),
 * its second words 2 and 3. BigInt runs only here, once per generator.
 */
export function xoshiro128ss(seed: number): PortableRng {
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new RangeError(`xoshiro128ss: seed must be a non-negative safe integer, got ${seed}`);
  }
  const mix = splitmix64(BigInt(seed));
  const a = mix();
  const b = mix();
  return xoshiro128ssFromState([
    Number(a & 0xffffffffn),
    Number(a >> 32n),
    Number(b & 0xffffffffn),
    Number(b >> 32n),
  ]);
}

/** The generator started from an explicit state, to compare with the reference C code. */
export function xoshiro128ssFromState(state: readonly [number, number, number, number]): PortableRng {
  return new Xoshiro128ss(state);
}

// A class rather than a closure: its methods live once on the prototype, so a call site that sees
// a fresh generator per run stays monomorphic and V8 inlines the draw (about 10% on placeBalls).
class Xoshiro128ss implements PortableRng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(state: readonly [number, number, number, number]) {
    this.s0 = state[0] | 0;
    this.s1 = state[1] | 0;
    this.s2 = state[2] | 0;
    this.s3 = state[3] | 0;
    // The all-zero state is the one fixed point of the recurrence; splitmix64 is not known to
    // reach it, but a wrong explicit state would otherwise yield zeros forever.
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) {
      throw new RangeError('xoshiro128ss: the state must not be all zero');
    }
  }

  nextUint32(): number {
    const s1 = this.s1;
    const x = Math.imul(s1, 5);
    const result = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
    const s2 = this.s2 ^ this.s0;
    const s3 = this.s3 ^ s1;
    this.s1 = s1 ^ s2;
    this.s0 ^= s3;
    this.s2 = s2 ^ (s1 << 9);
    this.s3 = (s3 << 11) | (s3 >>> 21);
    return result;
  }

  below(n: number): number {
    return bitmaskBelow(this, n);
  }

  saveState(): RngState {
    return { algorithm: 'xoshiro128ss', words: Uint32Array.of(this.s0, this.s1, this.s2, this.s3) };
  }

  loadState(state: RngState): void {
    checkState(state, 'xoshiro128ss', 4);
    const [s0, s1, s2, s3] = state.words;
    if ((s0 | s1 | s2 | s3) === 0) throw new RangeError('loadState: the state must not be all zero');
    // Held as int32, as the constructor does.
    this.s0 = s0 | 0;
    this.s1 = s1 | 0;
    this.s2 = s2 | 0;
    this.s3 = s3 | 0;
  }
}

const MASK_64 = 0xffffffffffffffffn;

function splitmix64(seed: bigint): () => bigint {
  let x = seed & MASK_64;
  return () => {
    x = (x + 0x9e3779b97f4a7c15n) & MASK_64;
    let z = x;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK_64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK_64;
    return z ^ (z >> 31n);
  };
}
