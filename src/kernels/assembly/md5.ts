// MD5 (RFC 1321) of many short names, each read as one 128-bit big-endian integer (four u32
// words, most significant first): md5BigEndian of src/lib/hashing/md5.ts, which stays the
// reference. Then the 128-bit ring of src/lib/hashing/ring128.ts (lookup128) and the integer
// modulo N (mod128) over a batch of such digests, for chash.remap.
import { GROUP, LOOKUPS, MD5_BLOCK } from './layout';
import { clearLanes, LANES, md5Lanes, packLane } from './md5-lanes';
import { BASES, searchGroup } from './ring';

// One MD5 step: a + f + x + t, rotated left by s, plus b. The 64 steps are written out below with
// RFC 1321's constants (section 3.4) in place; wasm's memory is little-endian, as MD5's words are.
// @ts-ignore: decorator
@inline
function step(f: u32, a: u32, b: u32, x: u32, s: u32, t: u32): u32 {
  return rotl<u32>(a + f + x + t, s) + b;
}
// @ts-ignore: decorator
@inline
function F(b: u32, c: u32, d: u32): u32 {
  return (b & c) | (~b & d);
}
// @ts-ignore: decorator
@inline
function G(b: u32, c: u32, d: u32): u32 {
  return (d & b) | (~d & c);
}
// @ts-ignore: decorator
@inline
function H(b: u32, c: u32, d: u32): u32 {
  return b ^ c ^ d;
}
// @ts-ignore: decorator
@inline
function I(b: u32, c: u32, d: u32): u32 {
  return c ^ (b | ~d);
}
// @ts-ignore: decorator
@inline
function X(m: usize, g: usize): u32 {
  return load<u32>(m + (g << 2));
}

/** The digest state A, B, C, D between blocks. */
let A: u32 = 0;
let B: u32 = 0;
let C: u32 = 0;
let D: u32 = 0;

/** Folds the 64-byte block at `m` into A, B, C, D. */
function block(m: usize): void {
  let a = A;
  let b = B;
  let c = C;
  let d = D;
  a = step(F(b, c, d), a, b, X(m, 0), 7, 0xd76aa478); d = step(F(a, b, c), d, a, X(m, 1), 12, 0xe8c7b756);
  c = step(F(d, a, b), c, d, X(m, 2), 17, 0x242070db); b = step(F(c, d, a), b, c, X(m, 3), 22, 0xc1bdceee);
  a = step(F(b, c, d), a, b, X(m, 4), 7, 0xf57c0faf); d = step(F(a, b, c), d, a, X(m, 5), 12, 0x4787c62a);
  c = step(F(d, a, b), c, d, X(m, 6), 17, 0xa8304613); b = step(F(c, d, a), b, c, X(m, 7), 22, 0xfd469501);
  a = step(F(b, c, d), a, b, X(m, 8), 7, 0x698098d8); d = step(F(a, b, c), d, a, X(m, 9), 12, 0x8b44f7af);
  c = step(F(d, a, b), c, d, X(m, 10), 17, 0xffff5bb1); b = step(F(c, d, a), b, c, X(m, 11), 22, 0x895cd7be);
  a = step(F(b, c, d), a, b, X(m, 12), 7, 0x6b901122); d = step(F(a, b, c), d, a, X(m, 13), 12, 0xfd987193);
  c = step(F(d, a, b), c, d, X(m, 14), 17, 0xa679438e); b = step(F(c, d, a), b, c, X(m, 15), 22, 0x49b40821);

  a = step(G(b, c, d), a, b, X(m, 1), 5, 0xf61e2562); d = step(G(a, b, c), d, a, X(m, 6), 9, 0xc040b340);
  c = step(G(d, a, b), c, d, X(m, 11), 14, 0x265e5a51); b = step(G(c, d, a), b, c, X(m, 0), 20, 0xe9b6c7aa);
  a = step(G(b, c, d), a, b, X(m, 5), 5, 0xd62f105d); d = step(G(a, b, c), d, a, X(m, 10), 9, 0x02441453);
  c = step(G(d, a, b), c, d, X(m, 15), 14, 0xd8a1e681); b = step(G(c, d, a), b, c, X(m, 4), 20, 0xe7d3fbc8);
  a = step(G(b, c, d), a, b, X(m, 9), 5, 0x21e1cde6); d = step(G(a, b, c), d, a, X(m, 14), 9, 0xc33707d6);
  c = step(G(d, a, b), c, d, X(m, 3), 14, 0xf4d50d87); b = step(G(c, d, a), b, c, X(m, 8), 20, 0x455a14ed);
  a = step(G(b, c, d), a, b, X(m, 13), 5, 0xa9e3e905); d = step(G(a, b, c), d, a, X(m, 2), 9, 0xfcefa3f8);
  c = step(G(d, a, b), c, d, X(m, 7), 14, 0x676f02d9); b = step(G(c, d, a), b, c, X(m, 12), 20, 0x8d2a4c8a);

  a = step(H(b, c, d), a, b, X(m, 5), 4, 0xfffa3942); d = step(H(a, b, c), d, a, X(m, 8), 11, 0x8771f681);
  c = step(H(d, a, b), c, d, X(m, 11), 16, 0x6d9d6122); b = step(H(c, d, a), b, c, X(m, 14), 23, 0xfde5380c);
  a = step(H(b, c, d), a, b, X(m, 1), 4, 0xa4beea44); d = step(H(a, b, c), d, a, X(m, 4), 11, 0x4bdecfa9);
  c = step(H(d, a, b), c, d, X(m, 7), 16, 0xf6bb4b60); b = step(H(c, d, a), b, c, X(m, 10), 23, 0xbebfbc70);
  a = step(H(b, c, d), a, b, X(m, 13), 4, 0x289b7ec6); d = step(H(a, b, c), d, a, X(m, 0), 11, 0xeaa127fa);
  c = step(H(d, a, b), c, d, X(m, 3), 16, 0xd4ef3085); b = step(H(c, d, a), b, c, X(m, 6), 23, 0x04881d05);
  a = step(H(b, c, d), a, b, X(m, 9), 4, 0xd9d4d039); d = step(H(a, b, c), d, a, X(m, 12), 11, 0xe6db99e5);
  c = step(H(d, a, b), c, d, X(m, 15), 16, 0x1fa27cf8); b = step(H(c, d, a), b, c, X(m, 2), 23, 0xc4ac5665);

  a = step(I(b, c, d), a, b, X(m, 0), 6, 0xf4292244); d = step(I(a, b, c), d, a, X(m, 7), 10, 0x432aff97);
  c = step(I(d, a, b), c, d, X(m, 14), 15, 0xab9423a7); b = step(I(c, d, a), b, c, X(m, 5), 21, 0xfc93a039);
  a = step(I(b, c, d), a, b, X(m, 12), 6, 0x655b59c3); d = step(I(a, b, c), d, a, X(m, 3), 10, 0x8f0ccc92);
  c = step(I(d, a, b), c, d, X(m, 10), 15, 0xffeff47d); b = step(I(c, d, a), b, c, X(m, 1), 21, 0x85845dd1);
  a = step(I(b, c, d), a, b, X(m, 8), 6, 0x6fa87e4f); d = step(I(a, b, c), d, a, X(m, 15), 10, 0xfe2ce6e0);
  c = step(I(d, a, b), c, d, X(m, 6), 15, 0xa3014314); b = step(I(c, d, a), b, c, X(m, 13), 21, 0x4e0811a1);
  a = step(I(b, c, d), a, b, X(m, 4), 6, 0xf7537e82); d = step(I(a, b, c), d, a, X(m, 11), 10, 0xbd3af235);
  c = step(I(d, a, b), c, d, X(m, 2), 15, 0x2ad7d2bb); b = step(I(c, d, a), b, c, X(m, 9), 21, 0xeb86d391);
  A += a;
  B += b;
  C += c;
  D += d;
}

/**
 * MD5 of `length` bytes at `bytes`, written as four big-endian u32 words at `out`: the whole
 * blocks straight from memory, the rest padded (0x80, zeros, the bit length as a 64-bit
 * little-endian integer) in the MD5_BLOCK scratch, one block or two.
 */
function md5(bytes: usize, length: usize, out: usize): void {
  A = 0x67452301;
  B = 0xefcdab89;
  C = 0x98badcfe;
  D = 0x10325476;
  const whole = length & ~(<usize>63);
  for (let at: usize = 0; at < whole; at += 64) block(bytes + at);
  const rest = length - whole;
  const tail: usize = rest < 56 ? 64 : 128;
  // Word and byte stores, not memory.fill and memory.copy: for a name of a few bytes these beat
  // the engines' bulk-memory calls.
  for (let i: usize = 0; i < tail; i += 8) store<u64>(MD5_BLOCK + i, 0);
  for (let i: usize = 0; i < rest; i++) store<u8>(MD5_BLOCK + i, load<u8>(bytes + whole + i));
  store<u8>(MD5_BLOCK + rest, 0x80);
  store<u64>(MD5_BLOCK + tail - 8, <u64>length << 3);
  block(MD5_BLOCK);
  if (tail == 128) block(MD5_BLOCK + 64);
  store<u32>(out, bswap<u32>(A));
  store<u32>(out + 4, bswap<u32>(B));
  store<u32>(out + 8, bswap<u32>(C));
  store<u32>(out + 12, bswap<u32>(D));
}

/**
 * The digests of `count` names, name k's UTF-8 at [offsets[k], offsets[k + 1]) from `bytes`, as
 * md5BigEndian writes them: name k's four words at out + 16k.
 */
export function md5Names(bytes: usize, offsets: usize, count: u32, out: usize): void {
  let k: u32 = 0;
  // LANES at a time on SIMD lanes while each fits one block (55 bytes), as chash.remap's names
  // do; a longer one goes alone, then the next LANES.
  while (k + LANES <= count) {
    const o = offsets + (<usize>k << 2);
    let fits = true;
    for (let l: usize = 0; l < LANES; l++) fits &= load<u32>(o + (l << 2) + 4) - load<u32>(o + (l << 2)) <= 55;
    if (!fits) {
      md5(bytes + load<u32>(o), load<u32>(o + 4) - load<u32>(o), out + (<usize>k << 4));
      k++;
      continue;
    }
    clearLanes();
    for (let l: usize = 0; l < LANES; l++) packLane(l, bytes + load<u32>(o + (l << 2)), load<u32>(o + (l << 2) + 4) - load<u32>(o + (l << 2)));
    md5Lanes(out + (<usize>k << 4));
    k += LANES;
  }
  for (; k < count; k++) {
    const start = <usize>load<u32>(offsets + (<usize>k << 2));
    md5(bytes + start, <usize>load<u32>(offsets + (<usize>(k + 1) << 2)) - start, out + (<usize>k << 4));
  }
}

/**
 * The digests of `count` numbered names: name k is the `prefixLength` bytes at `name` followed by
 * the decimal digits of first + k (String(first + k): no sign, no leading zeros), as chash.remap
 * names its keys; written as md5Names writes them. The names are spelled at `name`, which has
 * room for the prefix and ten digits.
 */
export function md5Numbered(name: usize, prefixLength: u32, first: u32, count: u32, out: usize): void {
  // LANES at a time on SIMD lanes when every name fits one block (55 bytes with ten digits).
  let k: u32 = 0;
  if (prefixLength + 10 <= 55) {
    for (; k + LANES <= count; k += LANES) {
      clearLanes();
      for (let l: u32 = 0; l < LANES; l++) packLane(l, name, spell(name, prefixLength, first + k + l));
      md5Lanes(out + (<usize>k << 4));
    }
  }
  for (; k < count; k++) md5(name, spell(name, prefixLength, first + k), out + (<usize>k << 4));
}

/** Writes i's decimal digits after the prefix at `name`; returns the name's length. */
function spell(name: usize, prefixLength: u32, i: u32): usize {
  const digits = name + <usize>prefixLength;
  let length: usize = 1;
  for (let rest = i / 10; rest > 0; rest /= 10) length++;
  for (let at = length; at > 0; at--) {
    store<u8>(digits + at - 1, 48 + i % 10);
    i /= 10;
  }
  return <usize>prefixLength + length;
}

/**
 * out[k] = the 128-bit digest k (four words at digests + 16k) modulo n, for k < count: mod128,
 * exact in 64 bits (each remainder is below n < 2^32, so r · 2^32 + word fits).
 */
export function mod128(digests: usize, count: u32, n: u32, out: usize): void {
  const m = <u64>n;
  for (let k: u32 = 0; k < count; k++) {
    const d = digests + (<usize>k << 4);
    let r: u64 = <u64>load<u32>(d) % m;
    r = ((r << 32) | <u64>load<u32>(d + 4)) % m;
    r = ((r << 32) | <u64>load<u32>(d + 8)) % m;
    r = ((r << 32) | <u64>load<u32>(d + 12)) % m;
    store<u32>(out + (<usize>k << 2), <u32>r);
  }
}

/**
 * out[k] = the node owning digest k on a ring of `points` > 0 points (lookup128): the first point
 * at or after it by its first word (`prefix`, ascending), then past the points that share that
 * word but are smaller in the rest (`words`: four a point), wrapping to point 0. The search on the
 * first words is ring.ts's searchGroup, as lookupHashes's: branch-free, GROUP keys in lockstep.
 */
export function lookup128(prefix: usize, words: usize, nodes: usize, points: u32, digests: usize, count: u32, out: usize): void {
  const bases = BASES;
  for (let start: u32 = 0; start < count; start += GROUP) {
    const g = min(GROUP, count - start);
    const first = digests + (<usize>start << 4);
    for (let i: usize = 0; i < g; i++) {
      store<u32>(LOOKUPS + (i << 2), load<u32>(first + (i << 4)));
    }
    searchGroup(prefix, points, g);
    for (let i: usize = 0; i < g; i++) {
      const k0 = load<u32>(LOOKUPS + (i << 2));
      const d = first + (i << 4);
      let lo = load<u32>(bases + (i << 2));
      lo += <u32>(load<u32>(prefix + (<usize>lo << 2)) < k0);
      while (lo < points && load<u32>(prefix + (<usize>lo << 2)) == k0 && below(words + (<usize>lo << 4), d)) lo++;
      store<u32>(out + (<usize>(start + <u32>i) << 2), load<u16>(nodes + (<usize>(lo == points ? 0 : lo) << 1)));
    }
  }
}

/** Whether the 128-bit value at a is below the one at b (compare128 < 0). */
function below(a: usize, b: usize): bool {
  for (let i: usize = 0; i < 16; i += 4) {
    const x = load<u32>(a + i);
    const y = load<u32>(b + i);
    if (x != y) return x < y;
  }
  return false;
}
