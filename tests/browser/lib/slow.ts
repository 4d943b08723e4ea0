import { registry } from '../../../src/experiments/registry.ts';
import type { Given } from '../../../src/experiments/shared/types.ts';

/**
 * A known slow parameter set per experiment (its definition's `cost.slow`), for the Cancel tests
 * (the browser's every-cell test and the unit contract test): long enough to be caught mid-run on
 * this machine, within the spec's bounds, as the text a reader types. `null`: the experiment is
 * instant.
 */
export const SLOW: Readonly<Record<string, Given | null>> = Object.fromEntries(Object.entries(registry).map(([id, exp]) => [id, exp.cost === 'instant' ? null : exp.cost.slow]));
