// Ring lookups over the 6-byte layout of src/lib/hashing/ring.ts (u32 hashes ascending, u16 node
// beside each), which stays the reference: the first point with hash >= the key's, wrapping to
// point 0. Keys come as hashes, or as the UTF-8 bytes of key strings (TextEncoder's, as the
// TypeScript hashes them) hashed here with the ring's key hash: nginx's CRC-32 (nginxKeyHash) or
// murmur3 x86_32, seed 0 (vnodeKeyHash).
import { CRC, GROUP, LOOKUPS } from './layout';

/** Fills the CRC-32 table (reflected 0xEDB88320), as src/lib/hashing/crc32.ts builds it. */
export function crcInit(): void {
  for (let n: u32 = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >> 1) : c >> 1;
    store<u32>(CRC + (<usize>n << 2), c);
  }
}

/** zlib's crc32 of `length` bytes (src/lib/hashing/crc32.ts). */
function crc32(bytes: usize, length: usize): u32 {
  let c: u32 = 0xffffffff;
  for (let i: usize = 0; i < length; i++) c = load<u32>(CRC + (<usize>((c ^ load<u8>(bytes + i)) & 0xff) << 2)) ^ (c >> 8);
  return c ^ 0xffffffff;
}

/** MurmurHash3 x86_32 with seed 0 (src/lib/hashing/murmur3.ts). */
function murmur3(bytes: usize, length: usize): u32 {
  const c1: u32 = 0xcc9e2d51;
  const c2: u32 = 0x1b873593;
  const tail = length & ~(<usize>3);
  let h: u32 = 0;
  for (let i: usize = 0; i < tail; i += 4) {
    let k = load<u32>(bytes + i);
    k = rotl<u32>(k * c1, 15) * c2;
    h = rotl<u32>(h ^ k, 13) * 5 + 0xe6546b64;
  }
  let k: u32 = 0;
  const rest = length & 3;
  if (rest == 3) k ^= <u32>load<u8>(bytes + tail + 2) << 16;
  if (rest >= 2) k ^= <u32>load<u8>(bytes + tail + 1) << 8;
  if (rest >= 1) {
    k ^= <u32>load<u8>(bytes + tail);
    h ^= rotl<u32>(k * c1, 15) * c2;
  }
  h ^= <u32>length;
  h ^= h >> 16;
  h *= 0x85ebca6b;
  h ^= h >> 13;
  h *= 0xc2b2ae35;
  return h ^ (h >> 16);
}

/** Where the GROUP search positions are kept, after the GROUP lookups (layout.ts LOOKUPS). */
export const BASES: usize = LOOKUPS + (<usize>GROUP << 2);

/**
 * For each of the first g values in LOOKUPS, the position in `sorted` (u32s, ascending, `count`
 * > 0 of them) of the last one below it, or 0 (BASES[i]): one more than that is the lower bound
 * when sorted[BASES[i]] is below the value too. Branch-free and in lockstep: every value takes
 * the same number of halvings, and the g loads of one halving do not wait on each other, so
 * their cache misses overlap. Shared by lookupHashes and md5.ts's lookup128.
 */
@inline
export function searchGroup(sorted: usize, count: u32, g: usize): void {
  for (let i: usize = 0; i < g; i++) store<u32>(BASES + (i << 2), 0);
  let n = count;
  while (n > 1) {
    const half = n >> 1;
    for (let i: usize = 0; i < g; i++) {
      const base = load<u32>(BASES + (i << 2));
      const below = load<u32>(sorted + (<usize>(base + half - 1) << 2)) < load<u32>(LOOKUPS + (i << 2));
      store<u32>(BASES + (i << 2), below ? base + half : base);
    }
    n -= half;
  }
}

/**
 * out[k] = the node owning keyHashes[k], for k < keys, on a ring of `count` > 0 points: the index
 * of the first hash >= the key's, or 0 past the last (`out` may be `keyHashes`). A branch-free
 * lower bound, run for GROUP keys in lockstep: every key takes the same number of halvings, and
 * the GROUP loads of one halving do not wait on each other, so their cache misses overlap.
 */
export function lookupHashes(hashes: usize, nodes: usize, count: u32, keyHashes: usize, keys: u32, out: usize): void {
  const bases = BASES;
  for (let start: u32 = 0; start < keys; start += GROUP) {
    const g = min(GROUP, keys - start);
    const first = <usize>start << 2;
    for (let i: usize = 0; i < g; i++) {
      store<u32>(LOOKUPS + (i << 2), load<u32>(keyHashes + first + (i << 2)));
    }
    searchGroup(hashes, count, g);
    for (let i: usize = 0; i < g; i++) {
      let base = load<u32>(bases + (i << 2));
      base += <u32>(load<u32>(hashes + (<usize>base << 2)) < load<u32>(LOOKUPS + (i << 2)));
      store<u32>(out + first + (i << 2), load<u16>(nodes + (<usize>(base == count ? 0 : base) << 1)));
    }
  }
}

/**
 * out[k] = the node owning key k, whose UTF-8 bytes are [offsets[k], offsets[k + 1]) at `bytes`,
 * on a ring of `count` > 0 points; keys hashed with CRC-32 (`murmur` false) or murmur3. The hashes
 * go into `out` first, then lookupHashes answers them in place.
 */
export function lookupKeys(hashes: usize, nodes: usize, count: u32, bytes: usize, offsets: usize, keys: u32, out: usize, murmur: bool): void {
  let start = <usize>load<u32>(offsets);
  for (let k: u32 = 0; k < keys; k++) {
    const end = <usize>load<u32>(offsets + (<usize>(k + 1) << 2));
    store<u32>(out + (<usize>k << 2), murmur ? murmur3(bytes + start, end - start) : crc32(bytes + start, end - start));
    start = end;
  }
  lookupHashes(hashes, nodes, count, out, keys, out);
}
