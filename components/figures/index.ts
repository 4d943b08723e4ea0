import { binGrid } from './bin-grid.ts';
import { chashRemapFigure } from './chash-remap.ts';
import { chashRingFigure } from './chash-ring.ts';
import { chashSweepFigure } from './chash-sweep.ts';
import { loadHistogram } from './load-histogram.ts';
import { maxLoadGrowth } from './max-load-growth.ts';
import { herdStaleFigure } from './herd-stale.ts';
import { supermarketTFigure } from './supermarket-t.ts';
import { supermarketTableFigure } from './supermarket-table.ts';
// -- placement lab --
import { labCompareFigure } from './lab-compare.ts';
import { labSweepFigure } from './lab-sweep.ts';
import { labWeightsFigure } from './lab-weights.ts';
// -- end placement lab --
import type { FigureModule } from './types.ts';

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
  // -- placement lab --
  'lab-compare': labCompareFigure,
  'lab-sweep': labSweepFigure,
  'lab-weights': labWeightsFigure,
  // -- end placement lab --
};
