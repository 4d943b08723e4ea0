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
import type { DataOf, ExperimentId } from '../../src/experiments/registry.ts';
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
type Drawing<D> = { [F in FigureId]: [D] extends [FigureData<F>] ? F : never }[FigureId];

/** Experiment id -> the figures that can draw its data. */
export type FigureTable = { readonly [E in ExperimentId]?: readonly Drawing<DataOf<E>>[] };

/**
 * Which figures may draw each experiment's output: the compiler checks every pairing against the
 * experiment's data type, and a cell that pairs anything else fails the build (see figureFor).
 */
export const figuresFor = {
  'balls.maxload': ['load-histogram'],
  'balls.histogram': ['load-histogram'],
  'balls.grid': ['bin-grid'],
  'balls.growth': ['max-load-growth'],
  'supermarket.t': ['supermarket-t'],
  'supermarket.table': ['supermarket-table'],
  'herd.stale': ['herd-stale'],
  'chash.sweep': ['chash-sweep'],
  'chash.ring': ['chash-ring'],
  'chash.remap': ['chash-remap'],
  'ketama.spread': ['ketama-spread'],
  'ketama.collisions': ['ketama-collisions'],
  'ketama.migration': ['ketama-migration'],
  'ketama.lookup': ['ketama-lookup'],
  'swrr.trace': ['swrr-trace'],
  'swrr.compare': ['swrr-compare'],
  'swrr.warmup': ['swrr-warmup'],
  'swrr.pods': ['swrr-pods'],
  'swrr.failure': ['swrr-failure'],
  'mols.squares': ['mols-squares'],
  'mols.failover': ['mols-failover'],
  'mols.churn': ['mols-churn'],
  'mols.even': ['mols-even'],
  'mols.speed': ['mols-speed'],
  'mols.dynamic': ['mols-dynamic'],
  'lab.compare': ['lab-compare'],
  'lab.sweep': ['lab-sweep'],
  'lab.weights': ['lab-weights'],
  'flow.sim': ['flow-latency'],
  'flow.compare': ['flow-latency'],
} as const satisfies FigureTable;

/** The figures an experiment may be drawn with ([] for one without a figure or an unknown id). */
export function figuresOf(experiment: string): readonly FigureId[] {
  return Object.hasOwn(figuresFor, experiment) ? figuresFor[experiment as keyof typeof figuresFor] : [];
}

/**
 * The figure for a cell whose ids come from a page: it must be paired with the experiment in
 * figuresFor, so the data it is handed is of the type it draws.
 */
export function figureFor(experiment: string, figure: string): FigureModule<unknown> {
  const allowed = figuresOf(experiment);
  const found = allowed.find((f) => f === figure);
  if (!found) throw new Error(`figure "${figure}" cannot draw experiment "${experiment}" (it can be drawn with: ${allowed.join(', ') || 'none'})`);
  return figures[found];
}
