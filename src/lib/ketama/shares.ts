import type { Ring } from '../hashing/ring.ts';
import { TWO_32 } from '../fp/index.ts';

/**
 * Each server's share of the 32-bit key space, exactly, when points collide: who owns a hash two
 * servers both put on the ring. `lowest` gives it to the lowest server index, as this site's ring
 * does (buildRing sorts ties by index and keeps the first) and as does any build that keeps the
 * first of equal points in the order the servers are listed; `random` gives it to one of the
 * contenders drawn at random (a seeded priority a point), the model in which a collision loses a
 * point at random. Two ways of counting: over a ring already sorted (`contestedShareCounts`, one
 * tie-break), and in passes over slices of the hash space for rings too large to hold
 * (`slicedShareCounts`, both at once). Both give the same counts, to the bit, for the same points.
 */
export const TIE_BREAKS = ['lowest', 'random'] as const;
export type TieBreak = (typeof TIE_BREAKS)[number];

const SPACE = TWO_32;

/** The random tie-break's priority of (hash, node): the contender with the smallest wins. */
export function tiePriority(hash: number, node: number, seed: number): number {
  let x = Math.imul(node + 1, 0x9e3779b1) ^ Math.imul(seed + 1, 0x85ebca6b) ^ hash;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** Does `node` beat `holder` for `hash` under the tie-break? A tie of priorities goes to the lower index. */
function beats(tieBreak: TieBreak, hash: number, node: number, holder: number, seed: number): boolean {
  if (tieBreak === 'lowest' || node === holder) return node < holder;
  const a = tiePriority(hash, node, seed);
  const b = tiePriority(hash, holder, seed);
  return a < b || (a === b && node < holder);
}

/**
 * Share counts of a ring sorted by (hash, node) and not deduped (buildRing without `dedupe`):
 * each run of equal hashes is one point of the winner, which closes the arc from the distinct hash
 * before it. With `lowest` this is shareCounts of the deduped ring.
 */
export function contestedShareCounts(ring: Ring, tieBreak: TieBreak = 'lowest', seed = 0): Float64Array {
  const counts = new Float64Array(ring.nodeCount);
  const { hashes, nodes } = ring;
  const m = hashes.length;
  if (m === 0) return counts;
  // The first run's arc wraps around from the last hash.
  let prev = hashes[m - 1] - SPACE;
  for (let i = 0; i < m; ) {
    const h = hashes[i];
    let winner = nodes[i];
    let j = i + 1;
    for (; j < m && hashes[j] === h; j++) if (tieBreak === 'random' && beats(tieBreak, h, nodes[j], winner, seed)) winner = nodes[j];
    counts[winner] += h - prev;
    prev = h;
    i = j;
  }
  return counts;
}

/** Points a slice bucket holds: the hash's top BUCKET_BITS name the bucket, its low bits and the node share a u32. */
const BUCKET_BITS = 12;
const LOW_BITS = 32 - BUCKET_BITS;
const LOW_MASK = (1 << LOW_BITS) - 1;
const BUCKETS = 1 << BUCKET_BITS;
/** The node index takes the u32's low bits, so the sliced count holds at most this many servers. */
export const SLICED_MAX_NODES = 1 << (32 - LOW_BITS);

export interface SlicedSource {
  /** Servers, 0 ... servers - 1, at most SLICED_MAX_NODES. */
  servers: number;
  /** Points each server puts on the ring. */
  perServer: number;
  /** Writes server i's points into out[0, perServer); called again for every pass, it must give the same points. */
  fill(i: number, out: Uint32Array): void;
}

export interface SlicedOptions {
  /** The random tie-break's seed. */
  seed?: number;
  /** Bytes the slice may hold: 4 a point (the passes are as many as it takes). */
  memoryBytes: number;
  /** Called with the units done (points made, points counted) every CHUNK or so; may throw to stop. */
  tick?: (units: number) => Promise<void>;
  chunk?: number;
}

/** The passes over the points a sliced count makes for m points: one to count, then one a slice (about m / capacity). */
export function slicedPasses(m: number, memoryBytes: number): number {
  return 1 + Math.max(1, Math.ceil(m / Math.floor(memoryBytes / 4)));
}

/** Each server's share under each tie-break. */
export type SharesByTieBreak = Record<TieBreak, Float64Array>;

/**
 * `contestedShareCounts` of the ring of all the source's points under both tie-breaks, without
 * holding the ring. A first pass
 * counts the points in each of 4096 buckets (the hash's top 12 bits); then runs of whole buckets
 * that fit `memoryBytes` are each one slice, and for each slice every point is made again and the
 * slice's points are kept, bucket by bucket, in the order they were made (so the lowest server
 * comes first among equal hashes); each bucket is then sorted in cache and counted
 * (`countBucket`). The passes make every point 1 + slices times: the price of a ring of
 * 2 x 10^8 points in 256 MB.
 */
export async function slicedShareCounts(source: SlicedSource, options: SlicedOptions): Promise<SharesByTieBreak> {
  const { servers: n, perServer: k, fill } = source;
  const seed = options.seed ?? 0;
  const tick = options.tick ?? (async () => {});
  const chunk = options.chunk ?? 1 << 17;
  if (!Number.isInteger(n) || n < 1 || n > SLICED_MAX_NODES) throw new RangeError(`slicedShareCounts: servers must be 1 ... ${SLICED_MAX_NODES}, got ${n}`);
  const shares: SharesByTieBreak = { lowest: new Float64Array(n), random: new Float64Array(n) };
  if (k < 1) return shares;
  const tmp = new Uint32Array(k);
  const serversPerTick = Math.max(1, Math.floor(chunk / k));

  // Pass 0: how many points fall in each bucket.
  const counts = new Float64Array(BUCKETS);
  for (let i = 0; i < n; i++) {
    fill(i, tmp);
    for (let j = 0; j < k; j++) counts[tmp[j] >>> LOW_BITS]++;
    if ((i + 1) % serversPerTick === 0 || i === n - 1) await tick(((i % serversPerTick) + 1) * k);
  }

  // Slices: runs of whole buckets that fit; a bucket bigger than the room is a slice alone.
  const capacity = Math.max(1, Math.floor(options.memoryBytes / 4));
  const slices: [number, number][] = [];
  let biggest = 0;
  for (let b = 0, from = 0, total = 0; b <= BUCKETS; b++) {
    if (b === BUCKETS || (total > 0 && total + counts[b] > capacity)) {
      if (b > from) slices.push([from, b]);
      biggest = Math.max(biggest, total);
      from = b;
      total = 0;
      if (b === BUCKETS) break;
    }
    total += counts[b];
  }
  const buf = new Uint32Array(biggest);
  const start = new Float64Array(BUCKETS + 1);
  let widest = 0;
  for (let b = 0; b < BUCKETS; b++) widest = Math.max(widest, counts[b]);
  const scratch = new Uint32Array(widest);
  const digits = new Int32Array(1 << DIGIT);

  // The last distinct hash before the current bucket, and the ring's first point (its arc wraps).
  let prevHash = -1;
  let firstHash = -1;
  let firstLowest = 0;
  let firstRandom = 0;

  for (const [from, to] of slices) {
    // Where each bucket of the slice starts in buf; pos moves as its points arrive.
    start[from] = 0;
    for (let b = from; b < to; b++) start[b + 1] = start[b] + counts[b];
    const pos = Int32Array.from(start.subarray(from, to));
    const span = to - from;
    for (let i = 0; i < n; i++) {
      fill(i, tmp);
      for (let j = 0; j < k; j++) {
        const h = tmp[j];
        // One unsigned comparison: is the bucket in [from, to)?
        const r = ((h >>> LOW_BITS) - from) >>> 0;
        if (r < span) buf[pos[r]++] = ((h << (32 - LOW_BITS)) | i) >>> 0;
      }
      if ((i + 1) % serversPerTick === 0 || i === n - 1) await tick(((i % serversPerTick) + 1) * k);
    }

    let sinceTick = 0;
    for (let b = from; b < to; b++) {
      const lo = start[b];
      const hi = start[b + 1];
      if (hi === lo) continue;
      const base = b * (LOW_MASK + 1);
      const counted = countBucket(buf, lo, hi, base, prevHash, scratch, digits, shares, seed);
      if (prevHash < 0) {
        firstHash = counted.first;
        firstLowest = counted.firstLowest;
        firstRandom = counted.firstRandom;
      }
      prevHash = counted.last;
      sinceTick += hi - lo;
      if (sinceTick >= chunk) {
        await tick(sinceTick);
        sinceTick = 0;
      }
    }
    if (sinceTick > 0) await tick(sinceTick);
  }
  shares.lowest[firstLowest] += firstHash + SPACE - prevHash;
  shares.random[firstRandom] += firstHash + SPACE - prevHash;
  return shares;
}

/** Radix digits of the 20 low bits a bucket sorts by: two passes of 10 bits. */
const DIGIT = 10;

/**
 * One bucket's points, buf[lo, hi) in the order they were made, into both tie-breaks' shares. The
 * points are sorted by hash with a stable radix sort (two passes of 10 bits through `scratch` and
 * back), so equal hashes keep the order they were made in, lowest server first; each run of one
 * hash is a point of its winner (the run's first, or the least priority), which closes the arc
 * from the distinct hash before it (`prevHash`, the bucket before, for the first run). Returns the
 * bucket's last hash, and its first hash and winners, which the caller needs for the ring's first
 * point (whose arc wraps around; it is left out here when prevHash < 0).
 */
function countBucket(buf: Uint32Array, lo: number, hi: number, base: number, prevHash: number, scratch: Uint32Array, digits: Int32Array, shares: SharesByTieBreak, seed: number): { first: number; firstLowest: number; firstRandom: number; last: number } {
  const shift = 32 - LOW_BITS;
  const nodeMask = SLICED_MAX_NODES - 1;
  const count = hi - lo;
  const radix = 1 << DIGIT;
  // Low digit: buf -> scratch.
  digits.fill(0);
  for (let e = lo; e < hi; e++) digits[(buf[e] >>> shift) & (radix - 1)]++;
  for (let d = 0, sum = 0; d < radix; d++) {
    const c = digits[d];
    digits[d] = sum;
    sum += c;
  }
  for (let e = lo; e < hi; e++) scratch[digits[(buf[e] >>> shift) & (radix - 1)]++] = buf[e];
  // High digit: scratch -> buf.
  digits.fill(0);
  for (let e = 0; e < count; e++) digits[scratch[e] >>> (shift + DIGIT)]++;
  for (let d = 0, sum = lo; d < radix; d++) {
    const c = digits[d];
    digits[d] = sum;
    sum += c;
  }
  for (let e = 0; e < count; e++) buf[digits[scratch[e] >>> (shift + DIGIT)]++] = scratch[e];

  const { lowest, random } = shares;
  let prev = prevHash;
  let first = -1;
  let firstLowest = 0;
  let firstRandom = 0;
  for (let e = lo; e < hi; ) {
    const v = buf[e] >>> shift;
    const h = base + v;
    const low = buf[e] & nodeMask;
    let drawn = low;
    let j = e + 1;
    for (; j < hi && buf[j] >>> shift === v; j++) if (beats('random', h, buf[j] & nodeMask, drawn, seed)) drawn = buf[j] & nodeMask;
    if (first < 0) {
      first = h;
      firstLowest = low;
      firstRandom = drawn;
    }
    if (prev >= 0) {
      lowest[low] += h - prev;
      random[drawn] += h - prev;
    }
    prev = h;
    e = j;
  }
  return { first, firstLowest, firstRandom, last: prev };
}
