// The two generators of src/lib/random, as the kernels draw from them: MT19937 (mt19937ar.c, as
// CPython runs it) and xoshiro128** 1.1. Their state lives in memory (MT, XO) between calls, where
// the JavaScript side writes and reads it; `loadState` moves it into globals for a call's hot loop
// and `storeState` back.
import { MT, TEMPERED, XO } from './layout';

const N: usize = 624;
const M: usize = 397;

let mti: usize = 0;
let s0: u32 = 0;
let s1: u32 = 0;
let s2: u32 = 0;
let s3: u32 = 0;

export function loadState(): void {
  mti = <usize>load<u32>(MT + (N << 2));
  // The JavaScript side may have written a new state: temper the current block again.
  if (mti < N) temperBlock();
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

const UPPER = i32x4.splat(0x80000000);
const LOWER = i32x4.splat(0x7fffffff);
const MATRIX_A = i32x4.splat(0x9908b0df);
const ONE = i32x4.splat(1);

/** Four state words at kk: next[kk] = far[kk] ^ (y >> 1) ^ (-(y & 1) & MATRIX_A). */
@inline
function twist4(kk: usize, far: usize): void {
  const y = v128.or(v128.and(v128.load(MT + (kk << 2)), UPPER), v128.and(v128.load(MT + ((kk + 1) << 2)), LOWER));
  const odd = i32x4.neg(v128.and(y, ONE));
  v128.store(MT + (kk << 2), v128.xor(v128.xor(v128.load(MT + (far << 2)), i32x4.shr_u(y, 1)), v128.and(odd, MATRIX_A)));
}

@inline
function twist1(kk: usize, far: usize, next: usize): void {
  const y = (load<u32>(MT + (kk << 2)) & 0x80000000) | (load<u32>(MT + (next << 2)) & 0x7fffffff);
  store<u32>(MT + (kk << 2), load<u32>(MT + (far << 2)) ^ (y >> 1) ^ (-(y & 1) & 0x9908b0df));
}

/**
 * mt19937ar.c's refill (src/lib/random/mt19937.ts twist()), four words at a time: each word reads
 * its successor before that is rewritten (the load of four runs ahead of the store) and, past
 * N - M, words already rewritten 227 back, as the scalar loop does.
 */
function twist(): void {
  let kk: usize = 0;
  for (; kk + 4 <= N - M; kk += 4) twist4(kk, kk + M);
  for (; kk < N - M; kk++) twist1(kk, kk + M, kk + 1);
  for (; kk + 4 <= N - 1; kk += 4) twist4(kk, kk + M - N);
  for (; kk < N - 1; kk++) twist1(kk, kk + M - N, kk + 1);
  twist1(N - 1, M - 1, 0);
}

/** The tempered outputs of the current block, four at a time, into TEMPERED. */
function temperBlock(): void {
  const b = i32x4.splat(0x9d2c5680);
  const c = i32x4.splat(0xefc60000);
  for (let kk: usize = 0; kk < N; kk += 4) {
    let y = v128.load(MT + (kk << 2));
    y = v128.xor(y, i32x4.shr_u(y, 11));
    y = v128.xor(y, v128.and(i32x4.shl(y, 7), b));
    y = v128.xor(y, v128.and(i32x4.shl(y, 15), c));
    v128.store(TEMPERED + (kk << 2), v128.xor(y, i32x4.shr_u(y, 18)));
  }
}

/** MT19937's next 32-bit output (genrand_int32). */
@inline
export function nextMt(): u32 {
  if (mti >= N) {
    twist();
    temperBlock();
    mti = 0;
  }
  return load<u32>(TEMPERED + (mti++ << 2));
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
