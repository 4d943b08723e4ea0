import { ballsGrid } from './power-of-two-choices/balls-grid.ts';
import { ballsGrowth } from './power-of-two-choices/balls-growth.ts';
import { ballsHistogram } from './power-of-two-choices/balls-histogram.ts';
import { ballsMaxload } from './power-of-two-choices/balls-maxload.ts';
import { chashRemap } from './consistent-hashing/chash-remap.ts';
import { chashRing } from './consistent-hashing/chash-ring.ts';
import { chashSweep } from './consistent-hashing/chash-sweep.ts';
import { herdStale } from './power-of-two-choices/herd-stale.ts';
import { supermarketTable } from './power-of-two-choices/supermarket-table.ts';
import { supermarketT } from './power-of-two-choices/supermarket-t.ts';
import { ketamaCollisions } from './ketama-at-scale/ketama-collisions.ts';
import { ketamaLookup } from './ketama-at-scale/ketama-lookup.ts';
import { ketamaMemory } from './ketama-at-scale/ketama-memory.ts';
import { ketamaMigration } from './ketama-at-scale/ketama-migration.ts';
import { ketamaSpread } from './ketama-at-scale/ketama-spread.ts';
import { swrrCompare } from './smooth-weighted-round-robin/swrr-compare.ts';
import { swrrFailure } from './smooth-weighted-round-robin/swrr-failure.ts';
import { swrrPods } from './smooth-weighted-round-robin/swrr-pods.ts';
import { swrrTests } from './smooth-weighted-round-robin/swrr-tests.ts';
import { swrrTrace } from './smooth-weighted-round-robin/swrr-trace.ts';
import { swrrWarmup } from './smooth-weighted-round-robin/swrr-warmup.ts';
import { molsChurn } from './mols-relay-routing/mols-churn.ts';
import { molsDynamic } from './mols-relay-routing/mols-dynamic.ts';
import { molsEven } from './mols-relay-routing/mols-even.ts';
import { molsFailover } from './mols-relay-routing/mols-failover.ts';
import { molsSpeed } from './mols-relay-routing/mols-speed.ts';
import { molsSquares } from './mols-relay-routing/mols-squares.ts';
import { labCompare } from './placement-lab/lab-compare.ts';
import { labSweep } from './placement-lab/lab-sweep.ts';
import { labWeights } from './placement-lab/lab-weights.ts';
import { flowCompare } from './flow/flow-compare.ts';
import { flowSim } from './flow/flow-sim.ts';
import { withCostBound } from './shared/cost.ts';
import type { Experiment } from './shared/types.ts';

/**
 * Experiment id -> experiment, each with its own params, data and figure types (components/figures/
 * index.ts checks each experiment's figures against its data). Each experiment's module carries
 * everything about it (specs, run, cost, probes, summary, figures); the tables that read across
 * experiments derive from this one. Nothing else lives here.
 */
export const experiments = {
  'balls.maxload': ballsMaxload,
  'balls.grid': ballsGrid,
  'balls.growth': ballsGrowth,
  'balls.histogram': ballsHistogram,
  'supermarket.t': supermarketT,
  'supermarket.table': supermarketTable,
  'herd.stale': herdStale,
  'chash.sweep': chashSweep,
  'chash.ring': chashRing,
  'chash.remap': chashRemap,
  'ketama.spread': ketamaSpread,
  'ketama.collisions': ketamaCollisions,
  'ketama.memory': ketamaMemory,
  'ketama.migration': ketamaMigration,
  'ketama.lookup': ketamaLookup,
  'swrr.trace': swrrTrace,
  'swrr.compare': swrrCompare,
  'swrr.warmup': swrrWarmup,
  'swrr.pods': swrrPods,
  'swrr.failure': swrrFailure,
  'swrr.tests': swrrTests,
  'mols.squares': molsSquares,
  'mols.failover': molsFailover,
  'mols.churn': molsChurn,
  'mols.even': molsEven,
  'mols.speed': molsSpeed,
  'mols.dynamic': molsDynamic,
  'lab.compare': labCompare,
  'lab.sweep': labSweep,
  'lab.weights': labWeights,
  'flow.sim': flowSim,
  'flow.compare': flowCompare,
};

export type ExperimentId = keyof typeof experiments;

/** The data type behind an experiment's figure. */
export type DataOf<E extends ExperimentId> = (typeof experiments)[E] extends Experiment<infer _P, infer D, infer _F> ? D : never;

/** The figures an experiment declares. */
export type FiguresOf<E extends ExperimentId> = (typeof experiments)[E] extends Experiment<infer _P, infer _D, infer F> ? F : never;

/**
 * The same table by any string, for ids that arrive at run time (a page, a URL, the worker, the
 * terminal): resolveParams checks every value against the experiment's own specs before run()
 * sees it.
 */
export const registry: Readonly<Record<string, Experiment>> = Object.fromEntries(
  Object.entries(experiments).map(([id, exp]) => [id, withCostBound(exp as Experiment)]),
);
