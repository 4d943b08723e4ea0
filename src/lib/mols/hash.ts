import { fmix32 } from '../hashing/murmur3.ts';

/** murmur3's finaliser, shared with the ring's key hash. */
export { fmix32 };

/**
 * The identities portal-tunnel hashes: FNV-1a (32-bit) of the UTF-8 name, then murmur3's final
 * mix (fmix32), so that names differing only in a trailing counter spread over all 32 bits.
 */
export function fnv1a32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    // UTF-8 without allocating: the names here are ASCII, but a reader may type anything.
    if (c < 0x80) {
      h = Math.imul(h ^ c, 0x01000193);
      continue;
    }
    if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
      c = 0x10000 + ((c - 0xd800) << 10) + (text.charCodeAt(++i) - 0xdc00);
    }
    const bytes = c < 0x800 ? [0xc0 | (c >> 6), 0x80 | (c & 63)] : c < 0x10000 ? [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)] : [0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)];
    for (const b of bytes) h = Math.imul(h ^ b, 0x01000193);
  }
  return h >>> 0;
}

/** A name's 32-bit identity: fmix32(FNV-1a32(name)), as portal-tunnel hashes relay URLs and client addresses. */
export function identity(name: string): number {
  return fmix32(fnv1a32(name));
}
