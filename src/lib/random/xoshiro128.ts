import type { Rng } from './rng.ts';

/**
 * xoshiro128** 1.1 (Blackman and Vigna, prng.di.unimi.it/xoshiro128starstar.c): the "fast"
 * generator, for runs that need not match CPython. 32-bit throughout, so it stays in Math.imul
 * and int32 arithmetic with no allocation per draw.
 *
 * Seeding: the whole seed (any non-negative safe integer, so nothing is folded away) is the state
 * of splitmix64, as Vigna recommends; its first output fills state words 0 and 1 (low word first),
 * its second words 2 and 3. BigInt runs only here, once per generator.
 */
export function xoshiro128ss(seed: number): Rng {
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
export function xoshiro128ssFromState(state: readonly [number, number, number, number]): Rng {
  let [s0, s1, s2, s3] = state.map((word) => word | 0);
  // The all-zero state is the one fixed point of the recurrence; splitmix64 is not known to
  // reach it, but a wrong explicit state would otherwise yield zeros forever.
  if ((s0 | s1 | s2 | s3) === 0) throw new RangeError('xoshiro128ss: the state must not be all zero');

  function nextUint32(): number {
    const x = Math.imul(s1, 5);
    const result = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    return result;
  }

  return {
    nextUint32,
    below(n: number): number {
      // `n >>> 0 === n` admits exactly the integers in [0, 2^32).
      if (n >>> 0 !== n || n === 0) {
        throw new RangeError(`below: n must be an integer in [1, 2^32 - 1], got ${n}`);
      }
      // Bitmask rejection on bit_length(n) top bits, as CPython's randrange: unbiased, and on
      // average fewer than two draws. The top bits are the generator's strongest.
      const shift = Math.clz32(n);
      let r = nextUint32() >>> shift;
      while (r >= n) r = nextUint32() >>> shift;
      return r;
    },
  };
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
