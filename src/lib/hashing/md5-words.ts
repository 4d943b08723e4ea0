import { md5 } from './md5.ts';
import { utf8 } from './utf8.ts';

/** Word i (0 … 3) of an MD5 digest read little-endian, as libketama and nginx read the digest. */
export function md5WordLE(digest: Uint8Array, i: number): number {
  const o = 4 * i;
  return (digest[o] | (digest[o + 1] << 8) | (digest[o + 2] << 16) | (digest[o + 3] << 24)) >>> 0;
}

/** The first four bytes of MD5(UTF-8 of text), little-endian: ketama_hashi's key hash. */
export function md5FirstWordLE(text: string): number {
  return md5WordLE(md5(utf8(text)), 0);
}
