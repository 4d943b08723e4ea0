// MD5 of eight one-block names at once, in two groups of four SIMD lanes (i32x4) stepped side by
// side: the same steps as block() in md5.ts (RFC 1321 section 3.4's constants), so each lane's
// digest is that name's. The two groups' chains do not wait on each other, so one's step runs
// while the other's waits. The padded blocks are laid out transposed at MD5_LANES: word g of
// lane l (l < 4) at MD5_LANES + 16g + 4l, lanes 4 to 7 the same 256 bytes further, so one v128
// load is word g of four names. SIMD is already required (MT19937's refill uses it).
import { MD5_LANES } from './layout';

/** Names hashed a call of md5Lanes. */
export const LANES: u32 = 8;

// @ts-ignore: decorator
@inline
function step4(f: v128, a: v128, b: v128, x: v128, s: i32, t: u32): v128 {
  const sum = i32x4.add(i32x4.add(a, f), i32x4.add(x, i32x4.splat(<i32>t)));
  return i32x4.add(v128.or(i32x4.shl(sum, s), i32x4.shr_u(sum, 32 - s)), b);
}
// F = (b & c) | (~b & d) and G = (d & b) | (~d & c) are bit selections.
// @ts-ignore: decorator
@inline
function F4(b: v128, c: v128, d: v128): v128 {
  return v128.bitselect(c, d, b);
}
// @ts-ignore: decorator
@inline
function G4(b: v128, c: v128, d: v128): v128 {
  return v128.bitselect(b, c, d);
}
// @ts-ignore: decorator
@inline
function H4(b: v128, c: v128, d: v128): v128 {
  return v128.xor(v128.xor(b, c), d);
}
// @ts-ignore: decorator
@inline
function I4(b: v128, c: v128, d: v128): v128 {
  return v128.xor(c, v128.or(b, v128.not(d)));
}

/** Clears the lanes' blocks before they are packed. */
export function clearLanes(): void {
  for (let i: usize = 0; i < 512; i += 16) v128.store(MD5_LANES + i, i32x4.splat(0));
}

/**
 * Packs `length` <= 55 bytes at `bytes` into lane `lane` (< 8), padded: 0x80 after them, the bit
 * length in word 14 (word 15, its high half, stays 0).
 */
export function packLane(lane: usize, bytes: usize, length: usize): void {
  const at = MD5_LANES + ((lane & 4) << 6) + ((lane & 3) << 2);
  for (let i: usize = 0; i < length; i++) store<u8>(at + ((i >> 2) << 4) + (i & 3), load<u8>(bytes + i));
  store<u8>(at + ((length >> 2) << 4) + (length & 3), 0x80);
  store<u32>(at + (14 << 4), <u32>length << 3);
}

/** The eight packed names' digests, as big-endian words: lane l's four words at out + 16l. */
export function md5Lanes(out: usize): void {
  const m = MD5_LANES;
  const a0 = i32x4.splat(0x67452301);
  const b0 = i32x4.splat(<i32>0xefcdab89);
  const c0 = i32x4.splat(<i32>0x98badcfe);
  const d0 = i32x4.splat(0x10325476);
  let a = a0;
  let b = b0;
  let c = c0;
  let d = d0;
  let a2 = a0;
  let b2 = b0;
  let c2 = c0;
  let d2 = d0;
  a = step4(F4(b, c, d), a, b, v128.load(m + 0), 7, 0xd76aa478);
  a2 = step4(F4(b2, c2, d2), a2, b2, v128.load(m + 256), 7, 0xd76aa478);
  d = step4(F4(a, b, c), d, a, v128.load(m + 16), 12, 0xe8c7b756);
  d2 = step4(F4(a2, b2, c2), d2, a2, v128.load(m + 272), 12, 0xe8c7b756);
  c = step4(F4(d, a, b), c, d, v128.load(m + 32), 17, 0x242070db);
  c2 = step4(F4(d2, a2, b2), c2, d2, v128.load(m + 288), 17, 0x242070db);
  b = step4(F4(c, d, a), b, c, v128.load(m + 48), 22, 0xc1bdceee);
  b2 = step4(F4(c2, d2, a2), b2, c2, v128.load(m + 304), 22, 0xc1bdceee);
  a = step4(F4(b, c, d), a, b, v128.load(m + 64), 7, 0xf57c0faf);
  a2 = step4(F4(b2, c2, d2), a2, b2, v128.load(m + 320), 7, 0xf57c0faf);
  d = step4(F4(a, b, c), d, a, v128.load(m + 80), 12, 0x4787c62a);
  d2 = step4(F4(a2, b2, c2), d2, a2, v128.load(m + 336), 12, 0x4787c62a);
  c = step4(F4(d, a, b), c, d, v128.load(m + 96), 17, 0xa8304613);
  c2 = step4(F4(d2, a2, b2), c2, d2, v128.load(m + 352), 17, 0xa8304613);
  b = step4(F4(c, d, a), b, c, v128.load(m + 112), 22, 0xfd469501);
  b2 = step4(F4(c2, d2, a2), b2, c2, v128.load(m + 368), 22, 0xfd469501);
  a = step4(F4(b, c, d), a, b, v128.load(m + 128), 7, 0x698098d8);
  a2 = step4(F4(b2, c2, d2), a2, b2, v128.load(m + 384), 7, 0x698098d8);
  d = step4(F4(a, b, c), d, a, v128.load(m + 144), 12, 0x8b44f7af);
  d2 = step4(F4(a2, b2, c2), d2, a2, v128.load(m + 400), 12, 0x8b44f7af);
  c = step4(F4(d, a, b), c, d, v128.load(m + 160), 17, 0xffff5bb1);
  c2 = step4(F4(d2, a2, b2), c2, d2, v128.load(m + 416), 17, 0xffff5bb1);
  b = step4(F4(c, d, a), b, c, v128.load(m + 176), 22, 0x895cd7be);
  b2 = step4(F4(c2, d2, a2), b2, c2, v128.load(m + 432), 22, 0x895cd7be);
  a = step4(F4(b, c, d), a, b, v128.load(m + 192), 7, 0x6b901122);
  a2 = step4(F4(b2, c2, d2), a2, b2, v128.load(m + 448), 7, 0x6b901122);
  d = step4(F4(a, b, c), d, a, v128.load(m + 208), 12, 0xfd987193);
  d2 = step4(F4(a2, b2, c2), d2, a2, v128.load(m + 464), 12, 0xfd987193);
  c = step4(F4(d, a, b), c, d, v128.load(m + 224), 17, 0xa679438e);
  c2 = step4(F4(d2, a2, b2), c2, d2, v128.load(m + 480), 17, 0xa679438e);
  b = step4(F4(c, d, a), b, c, v128.load(m + 240), 22, 0x49b40821);
  b2 = step4(F4(c2, d2, a2), b2, c2, v128.load(m + 496), 22, 0x49b40821);
  a = step4(G4(b, c, d), a, b, v128.load(m + 16), 5, 0xf61e2562);
  a2 = step4(G4(b2, c2, d2), a2, b2, v128.load(m + 272), 5, 0xf61e2562);
  d = step4(G4(a, b, c), d, a, v128.load(m + 96), 9, 0xc040b340);
  d2 = step4(G4(a2, b2, c2), d2, a2, v128.load(m + 352), 9, 0xc040b340);
  c = step4(G4(d, a, b), c, d, v128.load(m + 176), 14, 0x265e5a51);
  c2 = step4(G4(d2, a2, b2), c2, d2, v128.load(m + 432), 14, 0x265e5a51);
  b = step4(G4(c, d, a), b, c, v128.load(m + 0), 20, 0xe9b6c7aa);
  b2 = step4(G4(c2, d2, a2), b2, c2, v128.load(m + 256), 20, 0xe9b6c7aa);
  a = step4(G4(b, c, d), a, b, v128.load(m + 80), 5, 0xd62f105d);
  a2 = step4(G4(b2, c2, d2), a2, b2, v128.load(m + 336), 5, 0xd62f105d);
  d = step4(G4(a, b, c), d, a, v128.load(m + 160), 9, 0x02441453);
  d2 = step4(G4(a2, b2, c2), d2, a2, v128.load(m + 416), 9, 0x02441453);
  c = step4(G4(d, a, b), c, d, v128.load(m + 240), 14, 0xd8a1e681);
  c2 = step4(G4(d2, a2, b2), c2, d2, v128.load(m + 496), 14, 0xd8a1e681);
  b = step4(G4(c, d, a), b, c, v128.load(m + 64), 20, 0xe7d3fbc8);
  b2 = step4(G4(c2, d2, a2), b2, c2, v128.load(m + 320), 20, 0xe7d3fbc8);
  a = step4(G4(b, c, d), a, b, v128.load(m + 144), 5, 0x21e1cde6);
  a2 = step4(G4(b2, c2, d2), a2, b2, v128.load(m + 400), 5, 0x21e1cde6);
  d = step4(G4(a, b, c), d, a, v128.load(m + 224), 9, 0xc33707d6);
  d2 = step4(G4(a2, b2, c2), d2, a2, v128.load(m + 480), 9, 0xc33707d6);
  c = step4(G4(d, a, b), c, d, v128.load(m + 48), 14, 0xf4d50d87);
  c2 = step4(G4(d2, a2, b2), c2, d2, v128.load(m + 304), 14, 0xf4d50d87);
  b = step4(G4(c, d, a), b, c, v128.load(m + 128), 20, 0x455a14ed);
  b2 = step4(G4(c2, d2, a2), b2, c2, v128.load(m + 384), 20, 0x455a14ed);
  a = step4(G4(b, c, d), a, b, v128.load(m + 208), 5, 0xa9e3e905);
  a2 = step4(G4(b2, c2, d2), a2, b2, v128.load(m + 464), 5, 0xa9e3e905);
  d = step4(G4(a, b, c), d, a, v128.load(m + 32), 9, 0xfcefa3f8);
  d2 = step4(G4(a2, b2, c2), d2, a2, v128.load(m + 288), 9, 0xfcefa3f8);
  c = step4(G4(d, a, b), c, d, v128.load(m + 112), 14, 0x676f02d9);
  c2 = step4(G4(d2, a2, b2), c2, d2, v128.load(m + 368), 14, 0x676f02d9);
  b = step4(G4(c, d, a), b, c, v128.load(m + 192), 20, 0x8d2a4c8a);
  b2 = step4(G4(c2, d2, a2), b2, c2, v128.load(m + 448), 20, 0x8d2a4c8a);
  a = step4(H4(b, c, d), a, b, v128.load(m + 80), 4, 0xfffa3942);
  a2 = step4(H4(b2, c2, d2), a2, b2, v128.load(m + 336), 4, 0xfffa3942);
  d = step4(H4(a, b, c), d, a, v128.load(m + 128), 11, 0x8771f681);
  d2 = step4(H4(a2, b2, c2), d2, a2, v128.load(m + 384), 11, 0x8771f681);
  c = step4(H4(d, a, b), c, d, v128.load(m + 176), 16, 0x6d9d6122);
  c2 = step4(H4(d2, a2, b2), c2, d2, v128.load(m + 432), 16, 0x6d9d6122);
  b = step4(H4(c, d, a), b, c, v128.load(m + 224), 23, 0xfde5380c);
  b2 = step4(H4(c2, d2, a2), b2, c2, v128.load(m + 480), 23, 0xfde5380c);
  a = step4(H4(b, c, d), a, b, v128.load(m + 16), 4, 0xa4beea44);
  a2 = step4(H4(b2, c2, d2), a2, b2, v128.load(m + 272), 4, 0xa4beea44);
  d = step4(H4(a, b, c), d, a, v128.load(m + 64), 11, 0x4bdecfa9);
  d2 = step4(H4(a2, b2, c2), d2, a2, v128.load(m + 320), 11, 0x4bdecfa9);
  c = step4(H4(d, a, b), c, d, v128.load(m + 112), 16, 0xf6bb4b60);
  c2 = step4(H4(d2, a2, b2), c2, d2, v128.load(m + 368), 16, 0xf6bb4b60);
  b = step4(H4(c, d, a), b, c, v128.load(m + 160), 23, 0xbebfbc70);
  b2 = step4(H4(c2, d2, a2), b2, c2, v128.load(m + 416), 23, 0xbebfbc70);
  a = step4(H4(b, c, d), a, b, v128.load(m + 208), 4, 0x289b7ec6);
  a2 = step4(H4(b2, c2, d2), a2, b2, v128.load(m + 464), 4, 0x289b7ec6);
  d = step4(H4(a, b, c), d, a, v128.load(m + 0), 11, 0xeaa127fa);
  d2 = step4(H4(a2, b2, c2), d2, a2, v128.load(m + 256), 11, 0xeaa127fa);
  c = step4(H4(d, a, b), c, d, v128.load(m + 48), 16, 0xd4ef3085);
  c2 = step4(H4(d2, a2, b2), c2, d2, v128.load(m + 304), 16, 0xd4ef3085);
  b = step4(H4(c, d, a), b, c, v128.load(m + 96), 23, 0x04881d05);
  b2 = step4(H4(c2, d2, a2), b2, c2, v128.load(m + 352), 23, 0x04881d05);
  a = step4(H4(b, c, d), a, b, v128.load(m + 144), 4, 0xd9d4d039);
  a2 = step4(H4(b2, c2, d2), a2, b2, v128.load(m + 400), 4, 0xd9d4d039);
  d = step4(H4(a, b, c), d, a, v128.load(m + 192), 11, 0xe6db99e5);
  d2 = step4(H4(a2, b2, c2), d2, a2, v128.load(m + 448), 11, 0xe6db99e5);
  c = step4(H4(d, a, b), c, d, v128.load(m + 240), 16, 0x1fa27cf8);
  c2 = step4(H4(d2, a2, b2), c2, d2, v128.load(m + 496), 16, 0x1fa27cf8);
  b = step4(H4(c, d, a), b, c, v128.load(m + 32), 23, 0xc4ac5665);
  b2 = step4(H4(c2, d2, a2), b2, c2, v128.load(m + 288), 23, 0xc4ac5665);
  a = step4(I4(b, c, d), a, b, v128.load(m + 0), 6, 0xf4292244);
  a2 = step4(I4(b2, c2, d2), a2, b2, v128.load(m + 256), 6, 0xf4292244);
  d = step4(I4(a, b, c), d, a, v128.load(m + 112), 10, 0x432aff97);
  d2 = step4(I4(a2, b2, c2), d2, a2, v128.load(m + 368), 10, 0x432aff97);
  c = step4(I4(d, a, b), c, d, v128.load(m + 224), 15, 0xab9423a7);
  c2 = step4(I4(d2, a2, b2), c2, d2, v128.load(m + 480), 15, 0xab9423a7);
  b = step4(I4(c, d, a), b, c, v128.load(m + 80), 21, 0xfc93a039);
  b2 = step4(I4(c2, d2, a2), b2, c2, v128.load(m + 336), 21, 0xfc93a039);
  a = step4(I4(b, c, d), a, b, v128.load(m + 192), 6, 0x655b59c3);
  a2 = step4(I4(b2, c2, d2), a2, b2, v128.load(m + 448), 6, 0x655b59c3);
  d = step4(I4(a, b, c), d, a, v128.load(m + 48), 10, 0x8f0ccc92);
  d2 = step4(I4(a2, b2, c2), d2, a2, v128.load(m + 304), 10, 0x8f0ccc92);
  c = step4(I4(d, a, b), c, d, v128.load(m + 160), 15, 0xffeff47d);
  c2 = step4(I4(d2, a2, b2), c2, d2, v128.load(m + 416), 15, 0xffeff47d);
  b = step4(I4(c, d, a), b, c, v128.load(m + 16), 21, 0x85845dd1);
  b2 = step4(I4(c2, d2, a2), b2, c2, v128.load(m + 272), 21, 0x85845dd1);
  a = step4(I4(b, c, d), a, b, v128.load(m + 128), 6, 0x6fa87e4f);
  a2 = step4(I4(b2, c2, d2), a2, b2, v128.load(m + 384), 6, 0x6fa87e4f);
  d = step4(I4(a, b, c), d, a, v128.load(m + 240), 10, 0xfe2ce6e0);
  d2 = step4(I4(a2, b2, c2), d2, a2, v128.load(m + 496), 10, 0xfe2ce6e0);
  c = step4(I4(d, a, b), c, d, v128.load(m + 96), 15, 0xa3014314);
  c2 = step4(I4(d2, a2, b2), c2, d2, v128.load(m + 352), 15, 0xa3014314);
  b = step4(I4(c, d, a), b, c, v128.load(m + 208), 21, 0x4e0811a1);
  b2 = step4(I4(c2, d2, a2), b2, c2, v128.load(m + 464), 21, 0x4e0811a1);
  a = step4(I4(b, c, d), a, b, v128.load(m + 64), 6, 0xf7537e82);
  a2 = step4(I4(b2, c2, d2), a2, b2, v128.load(m + 320), 6, 0xf7537e82);
  d = step4(I4(a, b, c), d, a, v128.load(m + 176), 10, 0xbd3af235);
  d2 = step4(I4(a2, b2, c2), d2, a2, v128.load(m + 432), 10, 0xbd3af235);
  c = step4(I4(d, a, b), c, d, v128.load(m + 32), 15, 0x2ad7d2bb);
  c2 = step4(I4(d2, a2, b2), c2, d2, v128.load(m + 288), 15, 0x2ad7d2bb);
  b = step4(I4(c, d, a), b, c, v128.load(m + 144), 21, 0xeb86d391);
  b2 = step4(I4(c2, d2, a2), b2, c2, v128.load(m + 400), 21, 0xeb86d391);
  a = i32x4.add(a, a0);
  b = i32x4.add(b, b0);
  c = i32x4.add(c, c0);
  d = i32x4.add(d, d0);
  a2 = i32x4.add(a2, a0);
  b2 = i32x4.add(b2, b0);
  c2 = i32x4.add(c2, c0);
  d2 = i32x4.add(d2, d0);
  store<u32>(out + 0, bswap<u32>(i32x4.extract_lane(a, 0)));
  store<u32>(out + 4, bswap<u32>(i32x4.extract_lane(b, 0)));
  store<u32>(out + 8, bswap<u32>(i32x4.extract_lane(c, 0)));
  store<u32>(out + 12, bswap<u32>(i32x4.extract_lane(d, 0)));
  store<u32>(out + 16, bswap<u32>(i32x4.extract_lane(a, 1)));
  store<u32>(out + 20, bswap<u32>(i32x4.extract_lane(b, 1)));
  store<u32>(out + 24, bswap<u32>(i32x4.extract_lane(c, 1)));
  store<u32>(out + 28, bswap<u32>(i32x4.extract_lane(d, 1)));
  store<u32>(out + 32, bswap<u32>(i32x4.extract_lane(a, 2)));
  store<u32>(out + 36, bswap<u32>(i32x4.extract_lane(b, 2)));
  store<u32>(out + 40, bswap<u32>(i32x4.extract_lane(c, 2)));
  store<u32>(out + 44, bswap<u32>(i32x4.extract_lane(d, 2)));
  store<u32>(out + 48, bswap<u32>(i32x4.extract_lane(a, 3)));
  store<u32>(out + 52, bswap<u32>(i32x4.extract_lane(b, 3)));
  store<u32>(out + 56, bswap<u32>(i32x4.extract_lane(c, 3)));
  store<u32>(out + 60, bswap<u32>(i32x4.extract_lane(d, 3)));
  store<u32>(out + 64, bswap<u32>(i32x4.extract_lane(a2, 0)));
  store<u32>(out + 68, bswap<u32>(i32x4.extract_lane(b2, 0)));
  store<u32>(out + 72, bswap<u32>(i32x4.extract_lane(c2, 0)));
  store<u32>(out + 76, bswap<u32>(i32x4.extract_lane(d2, 0)));
  store<u32>(out + 80, bswap<u32>(i32x4.extract_lane(a2, 1)));
  store<u32>(out + 84, bswap<u32>(i32x4.extract_lane(b2, 1)));
  store<u32>(out + 88, bswap<u32>(i32x4.extract_lane(c2, 1)));
  store<u32>(out + 92, bswap<u32>(i32x4.extract_lane(d2, 1)));
  store<u32>(out + 96, bswap<u32>(i32x4.extract_lane(a2, 2)));
  store<u32>(out + 100, bswap<u32>(i32x4.extract_lane(b2, 2)));
  store<u32>(out + 104, bswap<u32>(i32x4.extract_lane(c2, 2)));
  store<u32>(out + 108, bswap<u32>(i32x4.extract_lane(d2, 2)));
  store<u32>(out + 112, bswap<u32>(i32x4.extract_lane(a2, 3)));
  store<u32>(out + 116, bswap<u32>(i32x4.extract_lane(b2, 3)));
  store<u32>(out + 120, bswap<u32>(i32x4.extract_lane(c2, 3)));
  store<u32>(out + 124, bswap<u32>(i32x4.extract_lane(d2, 3)));
}
