/**
 * Jump consistent hash (Lamping & Veach, arXiv:1406.2294): a 64-bit key to a bucket in
 * [0, buckets) with no memory. The paper's C++:
 *
 *   while (j < num_buckets) { b = j; key = key * 2862933555777941757ULL + 1;
 *                             j = (b + 1) * (double(1LL << 31) / double((key >> 33) + 1)); }
 *
 * JavaScript has no uint64, and BigInt allocates on every step, so the key is carried as two
 * uint32 halves and the 64-bit multiply is done in 16-bit limbs (every partial product is exact
 * in a double). The division keeps the paper's grouping, (b + 1) * (2^31 / (x + 1)), so the
 * result is the C++ result bit for bit; tests check it against a BigInt port and npm jumphash.
 */

// 2862933555777941757 = 0x27BB2EE6_87B0B0FD
const C_HI = 0x27bb2ee6;
const C_LO = 0x87b0b0fd;
const C_LO0 = C_LO & 0xffff;
const C_LO1 = C_LO >>> 16;

/** The bucket of the 64-bit key hi * 2^32 + lo, for 1 <= buckets <= 2^31 - 1. */
export function jumpHash(hi: number, lo: number, buckets: number): number {
  let kHi = hi >>> 0;
  let kLo = lo >>> 0;
  let b = -1;
  let j = 0;
  while (j < buckets) {
    b = j;
    // (kHi:kLo) * (C_HI:C_LO) mod 2^64: the full 64-bit product of the low words, plus the
    // low 32 bits of the two cross products in the high word.
    const a0 = kLo & 0xffff;
    const a1 = kLo >>> 16;
    const p00 = a0 * C_LO0;
    const p01 = a0 * C_LO1;
    const p10 = a1 * C_LO0;
    const mid = (p00 >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
    const hiLo = a1 * C_LO1 + (p01 >>> 16) + (p10 >>> 16) + Math.floor(mid / 65536);
    let newLo = (((mid & 0xffff) << 16) | (p00 & 0xffff)) >>> 0;
    let newHi = (hiLo + Math.imul(kLo, C_HI) + Math.imul(kHi, C_LO)) >>> 0;
    // + 1, carrying into the high word.
    newLo = (newLo + 1) >>> 0;
    if (newLo === 0) newHi = (newHi + 1) >>> 0;
    kHi = newHi;
    kLo = newLo;
    // key >> 33 is the high word shifted by one.
    j = Math.floor((b + 1) * (2147483648 / ((kHi >>> 1) + 1)));
  }
  return b;
}
