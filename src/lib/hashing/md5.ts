/**
 * MD5 (RFC 1321) of a byte array, in pure TypeScript so the same code runs at build time and in
 * the page (Web Crypto has no MD5). Only libketama-compatible rings need it; speed is secondary.
 */

// Per-round left-rotation amounts, RFC 1321 section 3.4.
const S = [
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 4,
  11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
];

// T[i] = floor(2^32 · |sin(i + 1)|), RFC 1321 section 3.4, written out: Math.sin is not the same in
// every engine, and MD5 must be.
const T = Int32Array.from([
  0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
  0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
  0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
  0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
  0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
  0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
  0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
  0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
], (x) => x | 0);

/** One 64-byte block, reused for the short names the experiments hash (up to 55 bytes: one block). */
const block = new Uint8Array(64);
const blockView = new DataView(block.buffer);

/**
 * MD5 of bytes[0 … length) into `state` as the four little-endian words A, B, C, D (the digest's
 * bytes 0–3, 4–7, …). Allocates nothing for inputs of up to 55 bytes.
 */
export function md5Words(bytes: Uint8Array, length: number, state: Int32Array): void {
  // Padding: 0x80, zeros to 56 mod 64, then the bit length as a 64-bit little-endian integer.
  const short = length <= 55;
  const padded = short ? block : new Uint8Array((((length + 8) >>> 6) + 1) << 6);
  if (short) padded.fill(0);
  padded.set(length === bytes.length ? bytes : bytes.subarray(0, length));
  padded[length] = 0x80;
  const view = short ? blockView : new DataView(padded.buffer);
  view.setUint32(padded.length - 8, (length << 3) >>> 0, true);
  view.setUint32(padded.length - 4, Math.floor(length / 536870912), true);

  let a0 = 0x67452301;
  let b0 = 0xefcdab89 | 0;
  let c0 = 0x98badcfe | 0;
  let d0 = 0x10325476;
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let j = 0; j < 16; j++) m[j] = view.getInt32(offset + 4 * j, true);
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) & 15;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) & 15;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) & 15;
      }
      const sum = (a + f + T[i] + m[g]) | 0;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << S[i]) | (sum >>> (32 - S[i])))) | 0;
    }
    a0 = (a0 + a) | 0;
    b0 = (b0 + b) | 0;
    c0 = (c0 + c) | 0;
    d0 = (d0 + d) | 0;
  }
  state[0] = a0;
  state[1] = b0;
  state[2] = c0;
  state[3] = d0;
}
const m = new Int32Array(16);
const words = new Int32Array(4);

/** The 16-byte MD5 digest of a byte array. */
export function md5(bytes: Uint8Array): Uint8Array {
  md5Words(bytes, bytes.length, words);
  const digest = new Uint8Array(16);
  const out = new DataView(digest.buffer);
  for (let i = 0; i < 4; i++) out.setInt32(4 * i, words[i], true);
  return digest;
}

const bswap = (x: number): number => (((x & 0xff) << 24) | ((x & 0xff00) << 8) | ((x >>> 8) & 0xff00) | (x >>> 24)) >>> 0;

/**
 * MD5 of bytes[0 … length) as one 128-bit big-endian integer, written as four unsigned 32-bit
 * words, most significant first, to out[offset …]: the digest Python's
 * `int(hashlib.md5(s).hexdigest(), 16)` reads.
 */
export function md5BigEndian(bytes: Uint8Array, length: number, out: Uint32Array, offset = 0): void {
  md5Words(bytes, length, words);
  for (let i = 0; i < 4; i++) out[offset + i] = bswap(words[i]);
}
