import { binGrid } from './bin-grid.ts';
import { chashRemapFigure } from './chash-remap.ts';
import { chashRingFigure } from './chash-ring.ts';
import { chashSweepFigure } from './chash-sweep.ts';
import { loadHistogram } from './load-histogram.ts';
import { maxLoadGrowth } from './max-load-growth.ts';
import { herdStaleFigure } from './herd-stale.ts';
import { supermarketTFigure } from './supermarket-t.ts';
import { supermarketTableFigure } from './supermarket-table.ts';
// -- ketama --
import { ketamaCollisionsFigure } from './ketama-collisions.ts';
import { ketamaLookupFigure } from './ketama-lookup.ts';
import { ketamaMigrationFigure } from './ketama-migration.ts';
import { ketamaSpreadFigure } from './ketama-spread.ts';
// -- /ketama --
// -- placement lab --
import { labCompareFigure } from './lab-compare.ts';
import { labSweepFigure } from './lab-sweep.ts';
import { labWeightsFigure } from './lab-weights.ts';
// -- end placement lab --
import type { FigureModule } from './types.ts';
// -- swrr --
import { swrrCompareFigure } from './swrr-compare.ts';
import { swrrFailureFigure } from './swrr-failure.ts';
import { swrrPodsFigure } from './swrr-pods.ts';
import { swrrTraceFigure } from './swrr-trace.ts';
import { swrrWarmupFigure } from './swrr-warmup.ts';
// -- end swrr --
// -- mols --
import { molsChurnFigure } from './mols-churn.ts';
import { molsDynamicFigure } from './mols-dynamic.ts';
import { molsEvenFigure } from './mols-even.ts';
import { molsFailoverFigure } from './mols-failover.ts';
import { molsSpeedFigure } from './mols-speed.ts';
import { molsSquaresFigure } from './mols-squares.ts';
// -- end mols --
// -- flow --
import { flowLatencyFigure } from './flow-latency.ts';
// -- end flow --

/** Figure id -> figure module. An experiment's cell names its figure by id. */
export const figures: Record<string, FigureModule<never>> = {
  'load-histogram': loadHistogram,
  'bin-grid': binGrid,
  'max-load-growth': maxLoadGrowth,
  'supermarket-t': supermarketTFigure,
  'supermarket-table': supermarketTableFigure,
  'herd-stale': herdStaleFigure,
  'chash-sweep': chashSweepFigure,
  'chash-ring': chashRingFigure,
  'chash-remap': chashRemapFigure,
  // -- ketama --
  'ketama-spread': ketamaSpreadFigure,
  'ketama-collisions': ketamaCollisionsFigure,
  'ketama-migration': ketamaMigrationFigure,
  'ketama-lookup': ketamaLookupFigure,
  // -- /ketama --
  // -- swrr --
  'swrr-trace': swrrTraceFigure,
  'swrr-compare': swrrCompareFigure,
  'swrr-warmup': swrrWarmupFigure,
  'swrr-pods': swrrPodsFigure,
  'swrr-failure': swrrFailureFigure,
  // -- end swrr --
  // -- mols --
  'mols-squares': molsSquaresFigure,
  'mols-failover': molsFailoverFigure,
  'mols-churn': molsChurnFigure,
  'mols-even': molsEvenFigure,
  'mols-speed': molsSpeedFigure,
  'mols-dynamic': molsDynamicFigure,
  // -- end mols --
  // -- placement lab --
  'lab-compare': labCompareFigure,
  'lab-sweep': labSweepFigure,
  'lab-weights': labWeightsFigure,
  // -- end placement lab --
  // -- flow --
  'flow-latency': flowLatencyFigure,
  // -- end flow --
};
