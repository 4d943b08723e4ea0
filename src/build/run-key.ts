import { fnv1a32 } from '../lib/hashing/fnv1a.ts';
import { formatParam } from '../experiments/shared/params.ts';
import type { ParamValue } from '../experiments/shared/types.ts';

/**
 * Which run a number comes from: the experiment and all its parameters, defaults filled in, by
 * name. The build's memo keeps a run under this key; a Value or a Claim follows a cell on its page
 * when its run is the cell's build run (same key), or when it names the cell (`cell="<id>"`).
 * Pure (no node:*): the page computes it too, to tell its reader's run from the build's.
 */
export function runKey(experiment: string, params: Record<string, ParamValue>): string {
  const names = Object.keys(params).sort();
  return `${experiment}?${names.map((n) => `${n}=${formatParam(params[n])}`).join('&')}`;
}

/** A run's key as a short tag for the page's markup (FNV-1a, 32 bits, of its UTF-8): `data-run` on prose numbers and claims. */
export function runTag(experiment: string, params: Record<string, ParamValue>): string {
  return fnv1a32(runKey(experiment, params)).toString(16).padStart(8, '0');
}
