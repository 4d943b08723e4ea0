import { ballsGrid } from './balls-grid.ts';
import { ballsGrowth } from './balls-growth.ts';
import { ballsHistogram } from './balls-histogram.ts';
import { ballsMaxload } from './balls-maxload.ts';
import { chashRemap } from './chash-remap.ts';
import { chashRing } from './chash-ring.ts';
import { chashSweep } from './chash-sweep.ts';
import { herdStale } from './herd-stale.ts';
import { supermarketTable } from './supermarket-table.ts';
import { supermarketT } from './supermarket-t.ts';
// -- ketama --
import { ketamaCollisions } from './ketama-collisions.ts';
import { ketamaLookup } from './ketama-lookup.ts';
import { ketamaMemory } from './ketama-memory.ts';
import { ketamaMigration } from './ketama-migration.ts';
import { ketamaSpread } from './ketama-spread.ts';
// -- swrr --
import { swrrCompare } from './swrr-compare.ts';
import { swrrFailure } from './swrr-failure.ts';
import { swrrPods } from './swrr-pods.ts';
import { swrrTests } from './swrr-tests.ts';
import { swrrTrace } from './swrr-trace.ts';
import { swrrWarmup } from './swrr-warmup.ts';
// -- end swrr --
// -- mols --
import { molsChurn } from './mols-churn.ts';
import { molsDynamic } from './mols-dynamic.ts';
import { molsEven } from './mols-even.ts';
import { molsFailover } from './mols-failover.ts';
import { molsSpeed } from './mols-speed.ts';
import { molsSquares } from './mols-squares.ts';
// -- end mols --
// -- placement lab --
import { labCompare } from './lab-compare.ts';
import { labSweep } from './lab-sweep.ts';
import { labWeights } from './lab-weights.ts';
// -- end placement lab --
// -- flow --
import { flowCompare } from './flow-compare.ts';
import { flowSim } from './flow-sim.ts';
// -- end flow --
import type { Experiment } from './types.ts';

const all = [
  ballsMaxload,
  ballsGrid,
  ballsGrowth,
  ballsHistogram,
  supermarketT,
  supermarketTable,
  herdStale,
  chashSweep,
  chashRing,
  chashRemap,
  // -- ketama --
  ketamaSpread,
  ketamaCollisions,
  ketamaMemory,
  ketamaMigration,
  ketamaLookup,
  // -- swrr --
  swrrTrace,
  swrrCompare,
  swrrWarmup,
  swrrPods,
  swrrFailure,
  swrrTests,
  // -- mols --
  molsSquares,
  molsFailover,
  molsChurn,
  molsEven,
  molsSpeed,
  molsDynamic,
  // -- placement lab --
  labCompare,
  labSweep,
  labWeights,
  // -- flow --
  flowSim,
  flowCompare,
];

/**
 * Experiment id -> experiment. Nothing else lives here. Each experiment is typed by its own
 * params; the registry hands out the common shape, and resolveParams has checked every value
 * against the experiment's own specs before run() sees it.
 */
export const registry: Record<string, Experiment> = Object.fromEntries(all.map((e) => [e.id, e as unknown as Experiment]));
