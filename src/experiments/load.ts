import { withCostBound } from './cost.ts';
import type { Experiment } from './types.ts';

/**
 * One experiment by its id, loading its own module and nothing else (the terminal's quick start:
 * the registry loads every experiment). The module of `<group>.<name>` is `<group>-<name>.ts`
 * beside this file (tests/unit/reproduce.test.ts holds every registered id to it); the experiment
 * comes with the cost bound joined to its check, as in the registry. Undefined for an id that has
 * no such module or experiment.
 */
export async function loadExperiment(id: string): Promise<Experiment | undefined> {
  if (!/^[a-z]+\.[a-z]+$/.test(id)) return undefined;
  let mod: Record<string, unknown>;
  try {
    mod = (await import(`./${id.replace('.', '-')}.ts`)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const found = Object.values(mod).find((v): v is Experiment => typeof v === 'object' && v !== null && (v as { id?: unknown }).id === id && 'run' in v);
  return found ? withCostBound(found) : undefined;
}
