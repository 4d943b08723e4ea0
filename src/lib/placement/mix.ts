/**
 * MurmurHash3's 32-bit finaliser (fmix32): a bijection on uint32 that avalanches, so a key's
 * hash plus a probe number gives independent-looking probe hashes without rehashing the key.
 */
export function fmix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
