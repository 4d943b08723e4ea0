import { withCostBound } from './shared/cost.ts';
import type { Experiment } from './shared/types.ts';

/**
 * The folder of each experiment group: one per chapter (the chapter's slug, as in src/claims and
 * src/i18n), and `flow` for the request-flow simulator, which chapters 1 and 5 and the home page
 * all show. An experiment `<group>.<name>` lives in `<folder>/<group>-<name>.ts`
 * (tests/unit/reproduce.test.ts holds every registered id to it).
 */
export const FOLDERS: Readonly<Record<string, string>> = {
  balls: 'power-of-two-choices',
  supermarket: 'power-of-two-choices',
  herd: 'power-of-two-choices',
  chash: 'consistent-hashing',
  ketama: 'ketama-at-scale',
  swrr: 'smooth-weighted-round-robin',
  mols: 'mols-relay-routing',
  lab: 'placement-lab',
  flow: 'flow',
};

/** Where the module of experiment `id` lives, relative to this file; undefined for an id of no known group. */
export function modulePath(id: string): string | undefined {
  const m = /^([a-z]+)\.([a-z]+)$/.exec(id);
  if (!m || !Object.hasOwn(FOLDERS, m[1])) return undefined;
  return `./${FOLDERS[m[1]]}/${m[1]}-${m[2]}.ts`;
}

/**
 * One experiment by its id, loading its own module and nothing else (the terminal's quick start:
 * the registry loads every experiment), from modulePath(id); the experiment comes with the cost
 * bound joined to its check, as in the registry. Undefined for an id that has no such module or
 * experiment.
 */
export async function loadExperiment(id: string): Promise<Experiment | undefined> {
  const path = modulePath(id);
  if (path === undefined) return undefined;
  let mod: Record<string, unknown>;
  try {
    mod = (await import(path)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const found = Object.values(mod).find((v): v is Experiment => typeof v === 'object' && v !== null && (v as { id?: unknown }).id === id && 'run' in v);
  return found ? withCostBound(found) : undefined;
}
