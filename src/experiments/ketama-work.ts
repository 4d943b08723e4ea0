import { fillSchemeRange, schemeRingOf } from '../lib/ketama/index.ts';
import type { Ring, RingPoints } from '../lib/hashing/index.ts';
import type { Scheme } from '../lib/ketama/index.ts';
import type { Meter } from './meter.ts';
import type { CheckFailure } from './types.ts';

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
