// Fixed offsets in the kernel's linear memory. The module has no allocator (runtime stub, no
// objects): the JavaScript side owns everything from DYNAMIC up and grows memory through `ensure`.
// The static data the compiler lays out (none of ours) must end below MT: `heapBase` lets the
// loader check that and fall back to TypeScript if it ever does not.

/** MT19937 state: 624 words, then the index of the next word (mti). */
export const MT: usize = 16384;
/** xoshiro128** state: s0, s1, s2, s3. */
export const XO: usize = 19456;
/** MT19937's current block, tempered: the outputs nextMt hands out. 624 words. */
export const TEMPERED: usize = 45056;
/** The block of candidate bins drawn ahead of placing them: BLOCK words. */
export const CAND: usize = 20480;
export const BLOCK: i32 = 4096;
/** The CRC-32 table: 256 words. */
export const CRC: usize = 36864;
/** MD5's last block or two of a name, padded (assembly/md5.ts): 128 bytes. */
export const MD5_BLOCK: usize = 38912;
/** Eight names' padded blocks, transposed for md5Lanes (assembly/md5-lanes.ts): 512 bytes. */
export const MD5_LANES: usize = 39168;
/** A group of ring lookups in flight: GROUP key hashes, then GROUP search positions. */
export const LOOKUPS: usize = 40960;
export const GROUP: u32 = 16;
/** The ziggurat's tables for exponential draws (src/lib/flow/exponential.ts): 256 u32, 256 f64, 256 f64. */
export const ZIG_KE: usize = 49152;
export const ZIG_WE: usize = 50176;
export const ZIG_FE: usize = 52224;
/** The flow simulator's scalars (f64 slots) and, 512 bytes in, its two streams' states. */
export const FLOW: usize = 57344;
/** Bins, rings and key batches start here (page 1). */
export const DYNAMIC: usize = 65536;

/** Where the compiler's static data ends: must be at most MT. */
export function heapBase(): usize {
  return __heap_base;
}

/** The offsets above, for the JavaScript side (a function each: no exported globals to unwrap). */
export function mtState(): usize {
  return MT;
}
export function xoState(): usize {
  return XO;
}
export function dynamicBase(): usize {
  return DYNAMIC;
}
export function flowBlock(): usize {
  return FLOW;
}
export function zigguratTables(): usize {
  return ZIG_KE;
}

/** Grows memory to hold at least `bytes` bytes; false if the engine refuses. */
export function ensure(bytes: usize): bool {
  // In 64 bits: at 65 536 pages (4 GiB) the size in bytes is 2^32, which a usize would wrap to 0.
  const have = <u64>memory.size() << 16;
  if (<u64>bytes <= have) return true;
  return memory.grow(<i32>((<u64>bytes - have + 0xffff) >> 16)) >= 0;
}
