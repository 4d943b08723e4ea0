import { fmix32 } from './murmur3.ts';

const OFFSET = 0x811c9dc5;
const PRIME = 0x01000193;

/**
 * FNV-1a, 32-bit, of the string's UTF-8 bytes, encoded as TextEncoder encodes them (a lone
 * surrogate becomes U+FFFD, EF BF BD) but without allocating: the names hashed here are short
 * and many, and a reader may type anything.
 */
export function fnv1a32(text: string): number {
  let h = OFFSET;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      h = Math.imul(h ^ c, PRIME);
    } else if (c < 0x800) {
      h = Math.imul(h ^ (0xc0 | (c >> 6)), PRIME);
      h = Math.imul(h ^ (0x80 | (c & 63)), PRIME);
    } else {
      if ((c & 0xfc00) === 0xd800 && i + 1 < n && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        c = 0x10000 + ((c - 0xd800) << 10) + (text.charCodeAt(++i) - 0xdc00);
        h = Math.imul(h ^ (0xf0 | (c >> 18)), PRIME);
        h = Math.imul(h ^ (0x80 | ((c >> 12) & 63)), PRIME);
      } else {
        if ((c & 0xf800) === 0xd800) c = 0xfffd; // a surrogate without its pair
        h = Math.imul(h ^ (0xe0 | (c >> 12)), PRIME);
      }
      h = Math.imul(h ^ (0x80 | ((c >> 6) & 63)), PRIME);
      h = Math.imul(h ^ (0x80 | (c & 63)), PRIME);
    }
  }
  return h >>> 0;
}

/**
 * A name's 32-bit identity as portal-tunnel hashes relay URLs and client addresses: FNV-1a (32-bit)
 * of the UTF-8 name, then murmur3's final mix (fmix32), so that names differing only in a trailing
 * counter spread over all 32 bits.
 */
export function identity(name: string): number {
  return fmix32(fnv1a32(name));
}
