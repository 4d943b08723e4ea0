import type { CheckFailure } from './types.ts';

/** Points made between two yields: a few milliseconds of CRC-32 or sorting. */
export const CHUNK_POINTS = 1 << 17;

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
