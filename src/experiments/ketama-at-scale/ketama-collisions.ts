import { sum } from '../shared/cost.ts';
import { buildRing } from '../../lib/hashing/ring.ts';
import { BitmapCounter, cvFormula, fillSchemePoints, predictedLost, tieBreakShare } from '../../lib/ketama/index.ts';
import type { Said, Experiment, ResultKind } from '../shared/types.ts';
import { CHUNK_POINTS, meteredPoints, pointLimit } from './ketama-work.ts';
import { meter } from '../shared/meter.ts';

export interface KetamaCollisionsParams extends Record<string, number | string | readonly number[]> {
  nodes: number;
  exact: number;
  seed: number;
}

export type CountMethod = 'ring' | 'bitmap' | 'predicted';

export interface KetamaCollisionsRow {
  k: number;
  /** Points on the ring before collisions: nodes x k. */
  m: number;
  /** Points lost to 32-bit collisions: counted, or the prediction when method is 'predicted'. */
  lost: number;
  predicted: number;
  method: CountMethod;
  /** CV from the formula with the surviving points over the CV with all of them, minus 1. */
  inflation: number;
  /** Share of the key space whose server depends on the collision tie-break; null where not measured. */
  tiebreak: number | null;
}

export interface KetamaCollisionsData {
  nodes: number;
  rows: KetamaCollisionsRow[];
}

/** The page never holds more than this for counting: the sorted copy, or the bitmap. */
export const MEMORY_LIMIT = 256 * 1048576;
/**
 * Up to this many points the whole ring is built (20 bytes a point while sorting, and a few
 * hundred milliseconds of sorting the worker cannot interrupt); the default k = 1000 at 2048
 * servers just fits.
 */
const RING_LIMIT = 2_100_000;
/** Points counted in one run: 2048 servers x 100 000 points and the smaller k, with room to spare. */
const MAX_COUNTED = 300_000_000;
/** Points per server on the figure's log axis. */
export const COLLISION_GRID = [10, 100, 160, 1000, 10_000, 100_000];

/**
 * How many of N x k nginx ring points (CRC-32 chains) fall on a hash another point already has,
 * for k from 10 to 100 000, against the birthday prediction. Every k up to `exact` is counted:
 * up to RING_LIMIT points by building the ring (which also measures the keys that depend on the
 * tie-break), beyond that with a 256 MB bitmap over half the 32-bit space at a time (two passes,
 * the points made twice, in chunks a cancel can stop). Above `exact` the cell uses the
 * prediction, and says so. The page never holds more than 256 MB for counting; the terminal
 * twin may set exact to 100 000 and count 2048 x 100 000 points in about half a minute.
 */
export const ketamaCollisions: Experiment<KetamaCollisionsParams, KetamaCollisionsData, 'ketama-collisions'> = {
  id: 'ketama.collisions',
  summary: '32-bit point collisions at 2048 servers: counted exactly, then the birthday prediction',
  figures: ['ketama-collisions'],
  cost: {
    // Ring points built and measured.
    work: (p) => sum([10, 100, 160, 1000, 10_000, 100_000].filter((k) => k <= p.exact).map((k) => p.nodes * k)),
    knob: 'exact',
    // ketama.collisions: rings now sort by counting from 65 536 points on (hashing/ring.ts), about
    // half the time of the native sort's 1.38e-7; recalibrated (7.37, 6.84, 6.89e-8), the median of three.
    secondsPerUnit: 6.89e-8,
    probes: { calibrate: { nodes: '2048', exact: '1000' }, check: { nodes: '500', exact: '5000' } },
    // Counting k up to 10 000 exactly at 2048 servers: 20 million points through the bitmap, twice.
    slow: { exact: '10000' },
  },
  primary: ['nodes', 'exact'],
  params: {
    nodes: { kind: 'int', default: 2048, min: 2, max: 65_536 },
    exact: { kind: 'int', default: 1000, min: 10, max: 100_000 },
    seed: { kind: 'int', default: 0, min: 0, max: 50_000 },
  },
  check(p) {
    const points = COLLISION_GRID.filter((k) => k <= p.exact).reduce((s, k) => s + p.nodes * k, 0);
    return pointLimit('exact', points, MAX_COUNTED, `counting every k up to ${p.exact} exactly`, 'exact or the nodes');
  },
  resultKind(key): ResultKind {
    if (key.includes('.ppm.')) return 'decimal';
    if (key.startsWith('lost.') || key === 'exact.points') return 'int';
    return 'percent';
  },
  say: {
    // The keys whose server depends on the tie-break, on the largest ring counted exactly; none when no ring is.
    ppm(_p, r): Said {
      const k = Object.keys(r).map((key) => /^tiebreak\.ppm\.k(\d+)$/.exec(key)?.[1]).find((x) => x !== undefined);
      if (k === undefined) return { case: 'none', vars: {} };
      return { case: 'at', vars: { k: { count: Number(k) }, tiebreak: { result: `tiebreak.ppm.k${k}` }, lost: { result: `lost.ppm.k${k}` } } };
    },
  },
  async run(p, ctx) {
    const plan = COLLISION_GRID.map((k) => {
      const m = p.nodes * k;
      const method: CountMethod = k > p.exact ? 'predicted' : m <= RING_LIMIT ? 'ring' : 'bitmap';
      return { k, m, method };
    });
    const total = plan.reduce((s, r) => s + (r.method === 'predicted' ? 0 : r.method === 'bitmap' ? 4 * r.m : 2 * r.m), 0);
    const bar = meter(total, ctx);
    const rows: KetamaCollisionsRow[] = [];
    for (const { k, m, method } of plan) {
      let lost = predictedLost(m);
      let tiebreak: number | null = null;
      if (method !== 'predicted') {
        // Points are made in slabs of whole servers, so a cancel is read every CHUNK_POINTS.
        if (method === 'ring') {
          // Sorted with ties kept, lowest server index first: count repeats and contested arcs.
          const ring = buildRing(await meteredPoints('nginx', p.nodes, k, p.seed, bar), p.nodes);
          lost = 0;
          for (let i = 1; i < m; i++) if (ring.hashes[i] === ring.hashes[i - 1]) lost++;
          tiebreak = tieBreakShare(ring);
          await bar.advance(m);
        } else {
          const perSlab = Math.max(1, Math.floor(CHUNK_POINTS / k));
          const slab = new Uint32Array(perSlab * k);
          const counter = new BitmapCounter(MEMORY_LIMIT);
          for (let pass = 0; pass < counter.passes; pass++) {
            counter.begin(pass);
            for (let first = 0; first < p.nodes; first += perSlab) {
              const count = Math.min(perSlab, p.nodes - first);
              for (let j = 0; j < count; j++) fillSchemePoints('nginx', first + j, k, p.seed, slab, j * k);
              counter.add(slab, 0, count * k);
              await bar.advance((count * k * 4) / counter.passes);
            }
          }
          lost = counter.lost;
        }
      }
      const survivors = m - lost;
      const inflation = cvFormula(p.nodes, survivors / p.nodes) / cvFormula(p.nodes, k) - 1;
      rows.push({ k, m, lost, predicted: predictedLost(m), method, inflation, tiebreak });
    }
    const results: Record<string, number> = {};
    for (const r of rows) results[`lost.k${r.k}`] = Math.round(r.lost);
    const exactRows = rows.filter((r) => r.method !== 'predicted');
    const top = rows[rows.length - 1];
    results['exact.points'] = exactRows.length ? exactRows[exactRows.length - 1].k : 0;
    results['fraction.max'] = top.lost / top.m;
    results['predicted.max'] = top.predicted / top.m;
    results['inflation.max'] = top.inflation;
    const contested = rows.filter((r) => r.tiebreak !== null);
    // In parts per million: at these sizes a percentage would round to 0.
    const last = contested.at(-1);
    if (last) {
      results[`lost.ppm.k${last.k}`] = (last.lost / last.m) * 1e6;
      results[`tiebreak.ppm.k${last.k}`] = last.tiebreak! * 1e6;
    }
    const data: KetamaCollisionsData = { nodes: p.nodes, rows };
    return { results, data };
  },
};
