/**
 * 32-bit collisions among a ring's points: how many points a ring of M hashes loses when equal
 * hashes collapse into one, counted exactly or predicted from the birthday problem.
 */

import { expm1, log2PowerOfTwo, powi, TWO_32 } from '../fp/index.ts';

const SPACE = TWO_32;

/**
 * The expected number of points lost when M points fall uniformly on 2^32 values: M minus the
 * expected number of distinct values, 2^32 (1 - e^(-M / 2^32)). For small M/2^32 the difference
 * cancels, so the series M^2 / 2^33 - ... is used there instead.
 */
export function predictedLost(m: number): number {
  const x = m / SPACE;
  if (x < 1e-3) return SPACE * (x * x / 2 - powi(x, 3) / 6 + powi(x, 4) / 24);
  return m - SPACE * -expm1(-x);
}

/**
 * Lost points in a set of hashes: sorts them in place and counts each hash equal to the one
 * before it.
 */
export function countLostSorted(hashes: Uint32Array): number {
  hashes.sort();
  let lost = 0;
  for (let i = 1; i < hashes.length; i++) if (hashes[i] === hashes[i - 1]) lost++;
  return lost;
}

/**
 * Counts lost points without holding them: a bitmap of seen hashes over one slice of the 32-bit
 * space at a time. `bitmapBytes` (a power of two, at most 2^29) bounds the memory; the space is
 * covered in 2^29 / bitmapBytes passes, and each pass asks `emit` to produce every point again,
 * handing each to the callback it is given. Exact at any size, with memory fixed in advance.
 */
export class BitmapCounter {
  readonly passes: number;
  private readonly bits: Uint8Array;
  private readonly shift: number;
  private pass = 0;
  lost = 0;

  constructor(bitmapBytes: number) {
    if (Number.isNaN(log2PowerOfTwo(bitmapBytes)) || bitmapBytes > 536870912) {
      throw new RangeError(`BitmapCounter: bitmapBytes must be a power of two up to 2^29, got ${bitmapBytes}`);
    }
    this.bits = new Uint8Array(bitmapBytes);
    this.passes = 536870912 / bitmapBytes; // 2^29 bytes: 2^32 bits
    // A hash belongs to pass (hash >>> shift); inside it, its bit is hash's low bits.
    this.shift = 32 - log2PowerOfTwo(this.passes);
  }

  /** Starts pass p (0 ... passes - 1), clearing the bitmap. */
  begin(p: number): void {
    this.pass = p;
    this.bits.fill(0);
  }

  /** Feeds points[start, end) to the current pass. */
  add(points: Uint32Array, start = 0, end = points.length): void {
    const bits = this.bits;
    const shift = this.shift;
    const pass = this.pass;
    const mask = this.passes === 1 ? 0xffffffff : powi(2, shift) - 1;
    let lost = 0;
    for (let i = start; i < end; i++) {
      const h = points[i];
      if (this.passes > 1 && h >>> shift !== pass) continue;
      const low = (h & mask) >>> 0;
      const byte = low >>> 3;
      const bit = 1 << (low & 7);
      if (bits[byte] & bit) lost++;
      else bits[byte] |= bit;
    }
    this.lost += lost;
  }
}

/**
 * The share of the 32-bit key space whose server depends on how a collision is broken. `ring`
 * must be sorted but not deduped (buildRing without `dedupe`), so equal hashes sit together,
 * lowest node index first. Where a run of equal hashes holds different nodes, the arc that ends
 * at that hash goes to the lowest index under one tie-break (this ring's, and pingora V2's
 * lowest address) and to another node under another (nginx's and pingora V1's unstable sorts
 * may pick any): that arc's keys are the ones two implementations can place differently.
 */
export function tieBreakShare(ring: { hashes: Uint32Array; nodes: Uint16Array }): number {
  const { hashes, nodes } = ring;
  const m = hashes.length;
  if (m === 0) return 0;
  let contested = 0;
  // The distinct hash before hashes[i]; the first run's arc wraps around from the last hash.
  let prev = hashes[m - 1] - SPACE;
  for (let i = 0; i < m; ) {
    let j = i + 1;
    while (j < m && hashes[j] === hashes[i]) j++;
    if (j - i > 1 && nodes[i] !== nodes[j - 1]) contested += hashes[i] - prev;
    prev = hashes[i];
    i = j;
  }
  return contested / SPACE;
}
