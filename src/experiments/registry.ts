import { ballsMaxload } from './balls-maxload.ts';
import { ballsGrid } from './balls-grid.ts';
import { ballsGrowth } from './balls-growth.ts';
import { ballsHistogram } from './balls-histogram.ts';
import { supermarketT } from './supermarket-t.ts';
import { supermarketTable } from './supermarket-table.ts';
import { herdStale } from './herd-stale.ts';
import type { Experiment } from './types.ts';

/** Experiment id -> experiment. Nothing else lives here. */
export const registry: Record<string, Experiment> = {
  [ballsMaxload.id]: ballsMaxload as unknown as Experiment,
  [ballsGrid.id]: ballsGrid as unknown as Experiment,
  [ballsGrowth.id]: ballsGrowth as unknown as Experiment,
  [ballsHistogram.id]: ballsHistogram as unknown as Experiment,
  [supermarketT.id]: supermarketT as unknown as Experiment,
  [supermarketTable.id]: supermarketTable as unknown as Experiment,
  [herdStale.id]: herdStale as unknown as Experiment,
};
