import { binGrid } from './bin-grid.ts';
import { chashRemapFigure } from './chash-remap.ts';
import { chashRingFigure } from './chash-ring.ts';
import { chashSweepFigure } from './chash-sweep.ts';
import { loadHistogram } from './load-histogram.ts';
import { maxLoadGrowth } from './max-load-growth.ts';
import { herdStaleFigure } from './herd-stale.ts';
import { supermarketTFigure } from './supermarket-t.ts';
import { supermarketTableFigure } from './supermarket-table.ts';
import type { FigureModule } from './types.ts';
// -- mols --
import { molsChurnFigure } from './mols-churn.ts';
import { molsDynamicFigure } from './mols-dynamic.ts';
import { molsEvenFigure } from './mols-even.ts';
import { molsFailoverFigure } from './mols-failover.ts';
import { molsSpeedFigure } from './mols-speed.ts';
import { molsSquaresFigure } from './mols-squares.ts';
// -- end mols --

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
  // -- mols --
  'mols-squares': molsSquaresFigure,
  'mols-failover': molsFailoverFigure,
  'mols-churn': molsChurnFigure,
  'mols-even': molsEvenFigure,
  'mols-speed': molsSpeedFigure,
  'mols-dynamic': molsDynamicFigure,
  // -- end mols --
};
