// The two generators of src/lib/random, as the kernels draw from them: MT19937 (mt19937ar.c, as
// CPython runs it) and xoshiro128** 1.1. Their state lives in memory (MT, XO) between calls, where
// the JavaScript side writes and reads it; `loadState` moves it into globals for a call's hot loop
// and `storeState` back.
import { MT, XO } from './layout';

const N: usize = 624;
const M: usize = 397;

let mti: usize = 0;
let s0: u32 = 0;
let s1: u32 = 0;
let s2: u32 = 0;
let s3: u32 = 0;

export function loadState(): void {
  mti = <usize>load<u32>(MT + (N << 2));
  s0 = load<u32>(XO);
  s1 = load<u32>(XO, 4);
  s2 = load<u32>(XO, 8);
  s3 = load<u32>(XO, 12);
}

export function storeState(): void {
  store<u32>(MT + (N << 2), <u32>mti);
  store<u32>(XO, s0);
  store<u32>(XO, s1, 4);
  store<u32>(XO, s2, 8);
  store<u32>(XO, s3, 12);
}

// mt19937ar.c's refill, as src/lib/random/mt19937.ts twist().
function twist(): void {
  let kk: usize = 0;
  let y: u32;
  for (; kk < N - M; kk++) {
    y = (load<u32>(MT + (kk << 2)) & 0x80000000) | (load<u32>(MT + ((kk + 1) << 2)) & 0x7fffffff);
    store<u32>(MT + (kk << 2), load<u32>(MT + ((kk + M) << 2)) ^ (y >> 1) ^ (-(y & 1) & 0x9908b0df));
  }
  for (; kk < N - 1; kk++) {
    y = (load<u32>(MT + (kk << 2)) & 0x80000000) | (load<u32>(MT + ((kk + 1) << 2)) & 0x7fffffff);
    store<u32>(MT + (kk << 2), load<u32>(MT + ((kk + M - N) << 2)) ^ (y >> 1) ^ (-(y & 1) & 0x9908b0df));
  }
  y = (load<u32>(MT + ((N - 1) << 2)) & 0x80000000) | (load<u32>(MT) & 0x7fffffff);
  store<u32>(MT + ((N - 1) << 2), load<u32>(MT + ((M - 1) << 2)) ^ (y >> 1) ^ (-(y & 1) & 0x9908b0df));
}

/** MT19937's next 32-bit output (genrand_int32). */
@inline
export function nextMt(): u32 {
  if (mti >= N) {
    twist();
    mti = 0;
  }
  let y = load<u32>(MT + (mti << 2));
  mti++;
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680;
  y ^= (y << 15) & 0xefc60000;
  return y ^ (y >> 18);
}

/** xoshiro128**'s next 32-bit output. */
@inline
export function nextXo(): u32 {
  const result = rotl<u32>(s1 * 5, 7) * 9;
  const t = s1 << 9;
  s2 ^= s0;
  s3 ^= s1;
  s1 ^= s2;
  s0 ^= s3;
  s2 ^= t;
  s3 = rotl<u32>(s3, 11);
  return result;
}
