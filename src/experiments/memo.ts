import { formatParam } from './params.ts';
import { resolve, runExperiment } from './run.ts';
import type { Output, ParamValue, Params } from './types.ts';

/**
 * Build-time memo: a page's cells, its claims and the other locale's page often ask for the
 * same run, and a run is a pure function of its parameters, so it is computed once per build.
 */
const cache = new Map<string, Promise<{ params: Params; output: Output }>>();

export function runOnce(id: string, given: Record<string, string | ParamValue> = {}) {
  // Keyed by the resolved parameters, so a cell and a claim that name the same run in different
  // words (defaults left out or spelled out) share it.
  const r = resolve(id, given);
  const key = r.ok ? `${id}?${Object.entries(r.params).map(([k, v]) => `${k}=${formatParam(v)}`).sort().join('&')}` : `${id}?${JSON.stringify(Object.entries(given).sort())}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = runExperiment(id, given);
    cache.set(key, hit);
  }
  return hit;
}
