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
// -- placement lab --
import { labCompare } from './lab-compare.ts';
import { labSweep } from './lab-sweep.ts';
import { labWeights } from './lab-weights.ts';
// -- end placement lab --
import type { Experiment } from './types.ts';

const all = [ballsMaxload, ballsGrid, ballsGrowth, ballsHistogram, supermarketT, supermarketTable, herdStale, chashSweep, chashRing, chashRemap];

// -- placement lab --
all.push(labCompare as never, labSweep as never, labWeights as never);
// -- end placement lab --

/**
 * Experiment id -> experiment. Nothing else lives here. Each experiment is typed by its own
 * params; the registry hands out the common shape, and resolveParams has checked every value
 * against the experiment's own specs before run() sees it.
 */
export const registry: Record<string, Experiment> = Object.fromEntries(all.map((e) => [e.id, e as unknown as Experiment]));
