import { ballsMaxload } from './balls-maxload.ts';
import type { Experiment } from './types.ts';

/** Experiment id -> experiment. Nothing else lives here. */
export const registry: Record<string, Experiment> = {
  [ballsMaxload.id]: ballsMaxload as unknown as Experiment,
};
