import { buildRing } from '../../lib/hashing/ring.ts';
import { contestedShareCounts, fillSchemePoints, fillSchemeRange, schemeRingOf, slicedPasses, slicedShareCounts } from '../../lib/ketama/index.ts';
import type { Ring, RingPoints } from '../../lib/hashing/index.ts';
import type { Scheme, SharesByTieBreak } from '../../lib/ketama/index.ts';
import type { Meter } from '../shared/meter.ts';
import type { CheckFailure } from '../shared/types.ts';

/** Points made between two yields: a few milliseconds of CRC-32 or sorting. */
export const CHUNK_POINTS = 1 << 17;

/**
 * `schemeRing`'s points, unsorted, made in slices of about CHUNK_POINTS with the meter advanced (a
 * unit a point) between them: millions of points move the progress bar while they are made, and a
 * cancel lands within a slice instead of after them all.
 */
export async function meteredPoints(scheme: Scheme, n: number, k: number, seed: number, bar: Meter): Promise<RingPoints> {
  const hashes = new Uint32Array(n * k);
  const nodes = new Uint16Array(n * k);
  const step = Math.max(1, Math.floor(CHUNK_POINTS / Math.max(1, k)));
  for (let from = 0; from < n; from += step) {
    const to = Math.min(n, from + step);
    fillSchemeRange(scheme, from, to, k, seed, hashes, nodes);
    await bar.advance((to - from) * k);
  }
  return { hashes, nodes };
}

/** `schemeRing` with its points made by `meteredPoints`: the same ring, the bar moving. */
export async function meteredSchemeRing(scheme: Scheme, n: number, k: number, seed: number, bar: Meter): Promise<Ring> {
  const { hashes, nodes } = await meteredPoints(scheme, n, k, seed, bar);
  return schemeRingOf(hashes, nodes, n);
}

/**
 * Rings of up to this many points are built whole and sorted; larger ones are counted in slices of
 * the hash space (slicedShareCounts), so that no ring, up to 4096 servers x 100 000 points, holds
 * more than SLICE_BYTES for its points.
 */
export const SLICED_FROM = 1 << 22;
/** What a sliced count may hold, as the collisions cell's bitmap: 256 MB. */
export const SLICE_BYTES = 256 * 1048576;

/** The meter's units for one ring's shares: each point made (once whole, 1 + slices times sliced), and counted once. */
export function sharesUnits(m: number): number {
  return m <= SLICED_FROM ? 2 * m : (slicedPasses(m, SLICE_BYTES) + 1) * m;
}

/**
 * Each server's share of the 32-bit key space under both tie-breaks (`lowest` is shareCounts of
 * `schemeRing`'s ring, exactly; `random` gives each collided hash to one of its servers drawn from
 * the ring's seed): from the whole ring up to SLICED_FROM points, in slices beyond. Advances the
 * meter by sharesUnits(n k).
 */
export async function meteredShares(scheme: Scheme, n: number, k: number, seed: number, bar: Meter): Promise<SharesByTieBreak> {
  const m = n * k;
  if (m <= SLICED_FROM) {
    const ring = buildRing(await meteredPoints(scheme, n, k, seed, bar), n);
    const shares = { lowest: contestedShareCounts(ring, 'lowest'), random: contestedShareCounts(ring, 'random', seed) };
    await bar.advance(m);
    return shares;
  }
  return slicedShareCounts(
    { servers: n, perServer: k, fill: (i, out) => fillSchemePoints(scheme, i, k, seed, out, 0) },
    { seed, memoryBytes: SLICE_BYTES, chunk: CHUNK_POINTS, tick: (units) => bar.advance(units) },
  );
}

/** The check every ketama cell makes: too many ring points for one run, with what to lower. */
export function pointLimit(param: string, points: number, limit: number, what: string, lower: string): CheckFailure | null {
  if (points <= limit) return null;
  return {
    param,
    code: 'too-many-points',
    vars: { points, limit },
    message: `${what} is ${points} ring points; at most ${limit} are allowed. Lower ${lower}.`,
  };
}
