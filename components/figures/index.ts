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
import { ketamaLayoutFigure } from './ketama-layout.ts';
import { ketamaLookupFigure } from './ketama-lookup.ts';
import { ketamaMigrationFigure } from './ketama-migration.ts';
import { ketamaSpreadFigure } from './ketama-spread.ts';
// -- /ketama --
// -- placement lab --
import { labCompareFigure } from './lab-compare.ts';
import { labSweepFigure } from './lab-sweep.ts';
import { labWeightsFigure } from './lab-weights.ts';
// -- end placement lab --
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
import type { FigureModule } from './types.ts';
import type { DataOf, ExperimentId, FiguresOf } from '../../src/experiments/registry.ts';
// -- end mols --
// -- flow --
import { flowLatencyFigure } from './flow-latency.ts';
// -- end flow --

/** Figure id -> figure module, each typed by the data it draws. A cell names its figure by id. */
export const figures = {
  'load-histogram': loadHistogram,
  'bin-grid': binGrid,
  'max-load-growth': maxLoadGrowth,
  'supermarket-t': supermarketTFigure,
  'supermarket-table': supermarketTableFigure,
  'herd-stale': herdStaleFigure,
  'chash-sweep': chashSweepFigure,
  'chash-ring': chashRingFigure,
  'chash-remap': chashRemapFigure,
  'ketama-spread': ketamaSpreadFigure,
  'ketama-collisions': ketamaCollisionsFigure,
  'ketama-migration': ketamaMigrationFigure,
  'ketama-lookup': ketamaLookupFigure,
  'ketama-layout': ketamaLayoutFigure,
  'swrr-trace': swrrTraceFigure,
  'swrr-compare': swrrCompareFigure,
  'swrr-warmup': swrrWarmupFigure,
  'swrr-pods': swrrPodsFigure,
  'swrr-failure': swrrFailureFigure,
  'mols-squares': molsSquaresFigure,
  'mols-failover': molsFailoverFigure,
  'mols-churn': molsChurnFigure,
  'mols-even': molsEvenFigure,
  'mols-speed': molsSpeedFigure,
  'mols-dynamic': molsDynamicFigure,
  'lab-compare': labCompareFigure,
  'lab-sweep': labSweepFigure,
  'lab-weights': labWeightsFigure,
  'flow-latency': flowLatencyFigure,
};

export type FigureId = keyof typeof figures;

/** The data a figure draws. */
export type FigureData<F extends FigureId> = (typeof figures)[F] extends FigureModule<infer D> ? D : never;

/** The figures that can draw data of type D. */
export type Drawing<D> = { [F in FigureId]: [D] extends [FigureData<F>] ? F : never }[FigureId];

/**
 * The experiments whose declared figures (their definition's `figures`) include one that cannot
 * draw their data: none, or the line below does not compile and names them.
 */
type Mispaired = { [E in ExperimentId]: [FiguresOf<E>] extends [Drawing<DataOf<E>>] ? never : E }[ExperimentId];
const pairingsChecked: [Mispaired] extends [never] ? true : { 'these experiments declare a figure that cannot draw their data': Mispaired } = true;
void pairingsChecked;

/** A figure by its id (a page's data-figure, checked against its experiment at build: pairing.ts). */
export function figureById(id: string): FigureModule<unknown> {
  if (!Object.hasOwn(figures, id)) throw new Error(`no figure "${id}"`);
  return figures[id as FigureId];
}
