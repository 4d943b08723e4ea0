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
// -- /ketama --
import type { Experiment } from './types.ts';

const all = [ballsMaxload, ballsGrid, ballsGrowth, ballsHistogram, supermarketT, supermarketTable, herdStale, chashSweep, chashRing, chashRemap];
// -- ketama --
const ketama = [ketamaSpread, ketamaCollisions, ketamaMemory, ketamaMigration, ketamaLookup].map((e) => e as unknown as Experiment);
// -- /ketama --

/**
 * Experiment id -> experiment. Nothing else lives here. Each experiment is typed by its own
 * params; the registry hands out the common shape, and resolveParams has checked every value
 * against the experiment's own specs before run() sees it.
 */
export const registry: Record<string, Experiment> = Object.fromEntries([...all.map((e) => e as unknown as Experiment), ...ketama].map((e) => [e.id, e]));
