import { bitmaskBelow } from './below.ts';
import { checkState, type PortableRng, type RngState } from './rng.ts';
import { TWO_53 } from '../fp/index.ts';

/**
 * CPython's `random.Random(seed)` for integer seeds: the reference MT19937 (Matsumoto and
 * Nishimura, mt19937ar.c, as vendored in CPython's Modules/_randommodule.c), seeded the way
 * `random_seed` does it, with CPython's `getrandbits`, `random` and `randrange(n)` on top. The
 * point is byte-exactness: the same seed gives the article's Python program the same bins here.
 */
export interface CpythonRandom extends PortableRng {
  /** `getrandbits(k)` for 1 <= k <= 32. */
  getrandbits(k: number): number;
  /** `random()`: a double in [0, 1) with 53 random bits. */
  random(): number;
}

const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;
const TWO_POW_32 = 4294967296;

export function cpythonRandom(seed: number | bigint): CpythonRandom {
  return new Mt19937(seedKey(seed));
}

// A class rather than a closure, so a call site that sees a fresh generator per run stays
// monomorphic and V8 inlines the draw.
class Mt19937 implements CpythonRandom {
  private readonly mt = new Uint32Array(N);
  private mti = N;

  constructor(key: readonly number[]) {
    initByArray(this.mt, key);
  }

  nextUint32(): number {
    if (this.mti >= N) {
      twist(this.mt);
      this.mti = 0;
    }
    let y = this.mt[this.mti++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  getrandbits(k: number): number {
    if (!Number.isInteger(k) || k < 1 || k > 32) {
      throw new RangeError(`getrandbits: k must be an integer in [1, 32], got ${k}`);
    }
    return this.nextUint32() >>> (32 - k);
  }

  random(): number {
    // Same evaluation order as CPython's random_random: a is drawn before b.
    const a = this.nextUint32() >>> 5;
    const b = this.nextUint32() >>> 6;
    return (a * 67108864 + b) / TWO_53;
  }

  below(n: number): number {
    return bitmaskBelow(this, n);
  }

  saveState(): RngState {
    const words = new Uint32Array(N + 1);
    words.set(this.mt);
    words[N] = this.mti;
    return { algorithm: 'mt19937', words };
  }

  loadState(state: RngState): void {
    checkState(state, 'mt19937', N + 1);
    if (state.words[N] > N) throw new RangeError(`loadState: index ${state.words[N]} past ${N}`);
    this.mt.set(state.words.subarray(0, N));
    this.mti = state.words[N];
  }
}

/**
 * CPython seeds with the 32-bit words of abs(seed), least significant first, and at least one
 * word, so 0 gives [0] and 2^32 gives [0, 1]. Negative seeds are folded by abs, as CPython does.
 */
function seedKey(seed: number | bigint): number[] {
  if (typeof seed === 'number') {
    if (!Number.isSafeInteger(seed)) {
      throw new RangeError(`cpythonRandom: a number seed must be a safe integer, got ${seed}; pass a bigint`);
    }
    const abs = Math.abs(seed);
    const high = Math.floor(abs / TWO_POW_32);
    return high === 0 ? [abs >>> 0] : [abs >>> 0, high];
  }
  let rest = seed < 0n ? -seed : seed;
  const key: number[] = [];
  do {
    key.push(Number(rest & 0xffffffffn));
    rest >>= 32n;
  } while (rest > 0n);
  return key;
}

// Stores into the Uint32Array reduce modulo 2^32, which is the C code's unsigned overflow.
function initGenrand(mt: Uint32Array, s: number): void {
  mt[0] = s;
  for (let i = 1; i < N; i++) {
    const prev = mt[i - 1];
    mt[i] = Math.imul(1812433253, prev ^ (prev >>> 30)) + i;
  }
}

function initByArray(mt: Uint32Array, key: readonly number[]): void {
  initGenrand(mt, 19650218);
  let i = 1;
  let j = 0;
  for (let k = Math.max(N, key.length); k > 0; k--) {
    const prev = mt[i - 1];
    mt[i] = ((mt[i] ^ Math.imul(prev ^ (prev >>> 30), 1664525)) >>> 0) + key[j] + j;
    i++;
    j++;
    if (i >= N) {
      mt[0] = mt[N - 1];
      i = 1;
    }
    if (j >= key.length) j = 0;
  }
  for (let k = N - 1; k > 0; k--) {
    const prev = mt[i - 1];
    mt[i] = ((mt[i] ^ Math.imul(prev ^ (prev >>> 30), 1566083941)) >>> 0) - i;
    i++;
    if (i >= N) {
      mt[0] = mt[N - 1];
      i = 1;
    }
  }
  // MSB is 1, assuring a non-zero initial array (mt19937ar.c).
  mt[0] = 0x80000000;
}

function twist(mt: Uint32Array): void {
  let kk = 0;
  let y: number;
  for (; kk < N - M; kk++) {
    y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
    mt[kk] = mt[kk + M] ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
  }
  for (; kk < N - 1; kk++) {
    y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
    mt[kk] = mt[kk + (M - N)] ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
  }
  y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
  mt[N - 1] = mt[M - 1] ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
}
