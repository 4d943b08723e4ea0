import { md5BigEndian } from './md5.ts';
import { murmur3 } from './murmur3.ts';
import { buildRing, lookup } from './ring.ts';
import type { Ring } from './ring.ts';
import { buildRing128, lookup128, mod128 } from './ring128.ts';
import type { Ring128 } from './ring128.ts';
import { utf8 } from './utf8.ts';

/**
 * Consistent hashing as the textbook sets it up, on names: a key's name and every ring point's
 * name (`n<node>#<v>`) are hashed, by murmur3 to 32 bits or by MD5 read as one 128-bit big-endian
 * integer; a key goes to its hash mod N, or to the first point at or after it on a ring. A hash
 * family holds one key's hash at a time, so a loop over the keys hashes each name once for every
 * placement it compares.
 */

const encoder = new TextEncoder();
const scratch = new Uint8Array(256);

/** The UTF-8 bytes of a name in the reused scratch buffer (a longer name gets its own array). */
function encode(text: string): { bytes: Uint8Array; length: number } {
  if (text.length * 3 > scratch.length) {
    const bytes = utf8(text);
    return { bytes, length: bytes.length };
  }
  return { bytes: scratch, length: encoder.encodeInto(text, scratch).written };
}

/** The 32-bit murmur3 (seed 0) of a name's UTF-8. */
export function murmurName(text: string): number {
  const { bytes, length } = encode(text);
  return murmur3(bytes, 0, length);
}

/**
 * Key i's name: `key<i>` at salt 0 (the article's keys), `key-<salt>-<i>` otherwise. Node n's
 * point v: `n<n>#<v>` at salt 0 (the article's), `<salt>/n<n>#<v>` otherwise: a salt changes the
 * ring's layout as well as the keys, since a different layout is what other node names would give.
 */
export const keyPrefix = (salt: number): string => (salt === 0 ? 'key' : `key-${salt}-`);
export const keyName = (salt: number, i: number): string => `${keyPrefix(salt)}${i}`;
export const pointName = (salt: number, n: number, v: number): string => (salt === 0 ? `n${n}#${v}` : `${salt}/n${n}#${v}`);

/** The murmur3 ring of `vnodes` named points per node: 32-bit points, collisions deduped. */
export function namedRing(nodeCount: number, vnodes: number, salt = 0): Ring {
  const hashes = new Uint32Array(nodeCount * vnodes);
  const nodes = new Uint16Array(nodeCount * vnodes);
  for (let n = 0; n < nodeCount; n++) {
    for (let v = 0; v < vnodes; v++) {
      hashes[n * vnodes + v] = murmurName(pointName(salt, n, v));
      nodes[n * vnodes + v] = n;
    }
  }
  return buildRing({ hashes, nodes }, nodeCount, { dedupe: true });
}

/**
 * md5BigEndian of each name's UTF-8: name k's digest as four words, most significant first, at
 * 4k … 4k + 3. The reference for the WebAssembly kernel's batches (src/kernels/md5.ts).
 */
export function md5Names(names: readonly string[]): Uint32Array {
  const words = new Uint32Array(4 * names.length);
  names.forEach((name, k) => {
    const { bytes, length } = encode(name);
    md5BigEndian(bytes, length, words, 4 * k);
  });
  return words;
}

/**
 * The MD5 ring of `vnodes` named points per node: points ordered by the whole 128-bit digest.
 * `digests` hashes the point names as md5Names does (the WebAssembly kernel's, say).
 */
export function namedRing128(nodeCount: number, vnodes: number, salt = 0, digests: (names: readonly string[]) => Uint32Array = md5Names): Ring128 {
  const names: string[] = [];
  const nodes = new Uint16Array(nodeCount * vnodes);
  for (let n = 0; n < nodeCount; n++) {
    for (let v = 0; v < vnodes; v++) {
      names.push(pointName(salt, n, v));
      nodes[n * vnodes + v] = n;
    }
  }
  return buildRing128(digests(names), nodes, nodeCount);
}

/**
 * One hash family for a whole run: how a key's name is hashed (the hash is held until the next
 * key), and where that hash goes under mod N and on a ring of the family's own kind.
 */
export interface HashFamily<R> {
  key(text: string): void;
  mod(n: number): number;
  ring(nodeCount: number, vnodes: number, salt: number): R;
  on(ring: R): number;
}

/** murmur3 to 32 bits: mod N of the hash, rings of 32-bit points. */
export function murmurFamily(): HashFamily<Ring> {
  let h = 0;
  return {
    key: (text) => void (h = murmurName(text)),
    mod: (n) => h % n,
    ring: namedRing,
    on: (ring) => lookup(ring, h),
  };
}

/** MD5 read as a 128-bit big-endian integer: mod N of the whole integer, ring order by the whole digest. */
export function md5Family(): HashFamily<Ring128> {
  const w = new Uint32Array(4);
  return {
    key: (text) => {
      const { bytes, length } = encode(text);
      md5BigEndian(bytes, length, w);
    },
    mod: (n) => mod128(w, 0, n),
    ring: namedRing128,
    on: (ring) => lookup128(ring, w),
  };
}
