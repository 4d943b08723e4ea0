/**
 * A ring ordered by full 128-bit hashes: each point is four 32-bit words, most significant first
 * (an MD5 digest read as one big-endian integer, as Python's `int(md5(s).hexdigest(), 16)` reads
 * it). Points are sorted by the whole value, so two points that share their first 32 bits still
 * keep the order of their digests, and a key goes to the first point at or after its value.
 */

export interface Ring128 {
  /** The first word of each point, ascending: the binary search runs on it. */
  readonly prefix: Uint32Array;
  /** All four words of point i at 4i … 4i + 3, in ring order. */
  readonly words: Uint32Array;
  /** nodes[i] owns point i. */
  readonly nodes: Uint16Array;
  readonly nodeCount: number;
}

/** Sign of a − b for the 128-bit values at a[ai …] and b[bi …]. */
export function compare128(a: ArrayLike<number>, ai: number, b: ArrayLike<number>, bi: number): number {
  for (let k = 0; k < 4; k++) {
    const x = a[ai + k];
    const y = b[bi + k];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** The 128-bit value at w[o …] modulo n (n < 2^21 keeps every step exact in a double). */
export function mod128(w: ArrayLike<number>, o: number, n: number): number {
  let r = 0;
  for (let k = 0; k < 4; k++) r = (r * 4_294_967_296 + w[o + k]) % n;
  return r;
}

/** Sorts points (words: 4 per point, unsorted; nodes[i] owns point i) into a ring. Equal values keep the lower node first. */
export function buildRing128(words: Uint32Array, nodes: Uint16Array, nodeCount: number): Ring128 {
  const count = nodes.length;
  if (words.length !== 4 * count) throw new RangeError(`buildRing128: ${words.length} words for ${count} points`);
  const order = Array.from({ length: count }, (_, i) => i);
  order.sort((i, j) => compare128(words, 4 * i, words, 4 * j) || nodes[i] - nodes[j]);
  const sortedWords = new Uint32Array(4 * count);
  const sortedNodes = new Uint16Array(count);
  const prefix = new Uint32Array(count);
  order.forEach((p, i) => {
    sortedWords.set(words.subarray(4 * p, 4 * p + 4), 4 * i);
    sortedNodes[i] = nodes[p];
    prefix[i] = words[4 * p];
  });
  return { prefix, words: sortedWords, nodes: sortedNodes, nodeCount };
}

/** The node owning the 128-bit key at key[o …]: the first point at or after it, wrapping; -1 on an empty ring. */
export function lookup128(ring: Ring128, key: ArrayLike<number>, o = 0): number {
  const { prefix, words } = ring;
  const n = prefix.length;
  if (n === 0) return -1;
  const k0 = key[o];
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (prefix[mid] < k0) lo = mid + 1;
    else hi = mid;
  }
  // Points that share the key's first word are ordered by the rest of their digits.
  while (lo < n && prefix[lo] === k0 && compare128(words, 4 * lo, key, o) < 0) lo++;
  return ring.nodes[lo === n ? 0 : lo];
}
