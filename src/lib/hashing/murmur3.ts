/**
 * MurmurHash3 x86_32 (Austin Appleby, public domain): the "fast hash" option. Chosen over FNV-1a
 * because its final mix avalanches, so names that differ only in a trailing counter
 * ("node#1", "node#2") still land far apart on the ring. `length`: hash only the first bytes (a
 * reused buffer, filled by `TextEncoder.encodeInto`, saves an allocation per key).
 */
export function murmur3(bytes: Uint8Array, seed = 0, length = bytes.length): number {
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  const tail = length & ~3;
  let h = seed >>> 0;
  for (let i = 0; i < tail; i += 4) {
    let k = bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  let k = 0;
  switch (length & 3) {
    case 3:
      k ^= bytes[tail + 2] << 16;
    // falls through
    case 2:
      k ^= bytes[tail + 1] << 8;
    // falls through
    case 1:
      k ^= bytes[tail];
      k = Math.imul(k, c1);
      k = (k << 15) | (k >>> 17);
      k = Math.imul(k, c2);
      h ^= k;
  }
  return fmix32(h ^ length);
}

/** murmur3's 32-bit finaliser: every input bit reaches every output bit. */
export function fmix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
