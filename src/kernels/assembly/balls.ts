// Balls into bins: the same loop as src/lib/balls/place.ts (which stays the reference), with the
// two generators of src/lib/random (MT19937 as CPython runs it, xoshiro128**) and CPython's
// bitmask rejection for "below n". Candidates are drawn a block at a time, then placed, as the
// TypeScript does; the draws do not depend on the bins, so blocks change nothing in the result.
//
// Bins are u8 (10 MB at n = 10^7, where u32 would be 40 MB and miss the cache far more) until a
// bin would pass 255: then `place` stops before that ball, the caller widens the bins to u32
// (`widen`) and calls again; the undone candidates wait in the block, so no draw is lost.
import { loadState, nextMt, nextXo, storeState } from './generators';
import { BLOCK, CAND } from './layout';

/** Next candidate to place and end of the drawn block, as word indices into CAND. */
let pos: i32 = 0;
let end: i32 = 0;

/** Forgets any drawn block: call after loading a generator state. */
export function reset(): void {
  pos = 0;
  end = 0;
}

/** Candidates drawn but not yet placed: the caller must place them before reading the state back. */
export function pending(): i32 {
  return end - pos;
}

/**
 * `count` draws below n into CAND from MT19937 (`mt`) or xoshiro128**, each redrawn until its top
 * bits are below n. Branch-free rejection: every draw is stored at k and k moves on only if it was
 * below n, so a refused draw (up to half of them) costs no mispredicted branch; the next one
 * overwrites it.
 */
function draw(mt: bool, count: i32, n: u32, shift: u32): void {
  loadState();
  let k: i32 = 0;
  if (mt) {
    while (k < count) {
      const r = nextMt() >> shift;
      store<u32>(CAND + (<usize>k << 2), r);
      k += <i32>(r < n);
    }
  } else {
    while (k < count) {
      const r = nextXo() >> shift;
      store<u32>(CAND + (<usize>k << 2), r);
      k += <i32>(r < n);
    }
  }
  storeState();
}

/**
 * Places `want` balls from the drawn block into bins of type T; returns how many it placed, fewer
 * only when T is u8 and the chosen bin already holds 255. A later candidate wins only if strictly
 * less loaded, so ties stay with the earlier draw, as in the article's loop.
 */
@inline
function placeRun<T>(bins: usize, d: i32, want: i32): i32 {
  const sh: usize = alignof<T>();
  const first = CAND + (<usize>pos << 2);
  const stop = first + (<usize>(want * d) << 2);
  let p = first;
  if (d == 1) {
    for (; p < stop; p += 4) {
      const a = bins + (<usize>load<u32>(p) << sh);
      const v = load<T>(a);
      if (sizeof<T>() == 1 && v == <T>255) break;
      store<T>(a, v + 1);
    }
  } else if (d == 2) {
    for (; p < stop; p += 8) {
      const ai = bins + (<usize>load<u32>(p) << sh);
      const aj = bins + (<usize>load<u32>(p, 4) << sh);
      const vi = load<T>(ai);
      const vj = load<T>(aj);
      const later = vj < vi;
      const a = later ? aj : ai;
      const v = later ? vj : vi;
      if (sizeof<T>() == 1 && v == <T>255) break;
      store<T>(a, v + 1);
    }
  } else if (d == 3) {
    for (; p < stop; p += 12) {
      const ai = bins + (<usize>load<u32>(p) << sh);
      const aj = bins + (<usize>load<u32>(p, 4) << sh);
      const al = bins + (<usize>load<u32>(p, 8) << sh);
      const vi = load<T>(ai);
      const vj = load<T>(aj);
      const vl = load<T>(al);
      const later = vj < vi;
      const aij = later ? aj : ai;
      const vij = later ? vj : vi;
      const last = vl < vij;
      const a = last ? al : aij;
      const v = last ? vl : vij;
      if (sizeof<T>() == 1 && v == <T>255) break;
      store<T>(a, v + 1);
    }
  } else {
    const step = <usize>d << 2;
    for (; p < stop; p += step) {
      let a = bins + (<usize>load<u32>(p) << sh);
      let v = load<T>(a);
      for (let c: usize = 4; c < step; c += 4) {
        const b = bins + (<usize>load<u32>(p + c) << sh);
        const w = load<T>(b);
        if (w < v) {
          a = b;
          v = w;
        }
      }
      if (sizeof<T>() == 1 && v == <T>255) break;
      store<T>(a, v + 1);
    }
  }
  const done = <i32>((p - first) >> 2) / d;
  pos += done * d;
  return done;
}

/**
 * Throws up to `count` balls into the n bins at `bins` (u8, or u32 when `wide`), each to the
 * least loaded of d candidates from the generator loaded at MT (`mt` true) or XO. Returns the
 * number placed: less than count only when u8 bins would overflow; widen and call again.
 */
export function place(bins: usize, n: u32, count: i32, d: i32, mt: bool, wide: bool): i32 {
  const shift = <u32>clz<u32>(n);
  const perBlock = max(1, BLOCK / d);
  let placed = 0;
  while (placed < count) {
    if (pos == end) {
      // Never draw past the balls asked for, so the state read back after a call is exact.
      const draws = min(perBlock, count - placed) * d;
      draw(mt, draws, n, shift);
      pos = 0;
      end = draws;
    }
    const want = min((end - pos) / d, count - placed);
    const done = wide ? placeRun<u32>(bins, d, want) : placeRun<u8>(bins, d, want);
    placed += done;
    if (done < want) break;
  }
  return placed;
}

/** Copies n u8 bins at `from` to u32 bins at `to` (the regions must not overlap). */
export function widen(from: usize, to: usize, n: usize): void {
  for (let i: usize = 0; i < n; i++) store<u32>(to + (i << 2), load<u8>(from + i));
}
