/**
 * A uniform integer in [0, n) from 32-bit draws, as CPython's _randbelow_with_getrandbits does
 * it: k = n.bit_length(), redraw the top k bits until they are below n. Redrawing rather than
 * reducing keeps it unbiased, and keeps an exact port in step with CPython's stream; on average
 * it takes fewer than two draws.
 */
export function bitmaskBelow(rng: { nextUint32(): number }, n: number): number {
  // `n >>> 0 === n` admits exactly the integers in [0, 2^32).
  if (n >>> 0 !== n || n === 0) {
    throw new RangeError(`below: n must be an integer in [1, 2^32 - 1], got ${n}`);
  }
  const shift = Math.clz32(n);
  let r = rng.nextUint32() >>> shift;
  while (r >= n) r = rng.nextUint32() >>> shift;
  return r;
}
