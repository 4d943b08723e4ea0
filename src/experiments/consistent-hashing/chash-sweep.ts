import { sum } from '../shared/cost.ts';
import { ringLookups } from '../../kernels/ring.ts';
import { lookup, ringBytes, vnodeKeyHash, vnodeRing } from '../../lib/hashing/index.ts';
import { coefficientOfVariation } from '../../lib/stats/dispersion.ts';
import { meter } from '../shared/meter.ts';
import type { Experiment, ResultKind, TimingNote } from '../shared/types.ts';
import { SAMPLES } from '../../lib/timing/index.ts';
import { timed, timingNote } from '../shared/timing.ts';

export interface ChashSweepParams extends Record<string, number | string | readonly number[]> {
  keys: number;
  from: number;
  to: number;
  maxV: number;
  salt: number;
}

export interface ChashSweepPoint {
  /** Virtual nodes per node. */
  v: number;
  /** Fraction of keys whose node differs between the `from` and the `to` ring. */
  moved: number;
  /** Standard deviation of the keys per node on the `from` ring, divided by their mean. */
  std: number;
  /** Points on the `from` ring (after deduping collided hashes) and the bytes they hold. */
  points: number;
  bytes: number;
  /** Measured on the machine that ran it: varies from run to run and machine to machine. */
  lookupNs: number;
}

export interface ChashSweepData {
  keys: number;
  from: number;
  to: number;
  /** The least any scheme can move: 1 - min(from, to) / max(from, to). */
  ideal: number;
  series: ChashSweepPoint[];
}

/** Virtual nodes per node, log-spaced; clipped by maxV, which joins the grid when it is not on it. */
const GRID = [1, 2, 3, 5, 10, 20, 30, 50, 100, 200, 300, 500, 1000];
/** The V the headline moved, std and bytes results are read at (or maxV when smaller). */
const HEADLINE_V = 100;
/** Keys mapped between two yields, so a cancel is read within a few milliseconds. */
const CHUNK = 1 << 14;
/** Lookups timed at each V: enough to span several ms, above a browser's coarsened clock. */
const LOOKUPS = 200_000;

export function sweepGrid(maxV: number): number[] {
  const grid = GRID.filter((v) => v <= maxV);
  return grid.includes(maxV) ? grid : [...grid, maxV];
}

/** Node i of every ring is `node-i`, so the `from` ring's nodes are the first of the `to` ring's. */
const names = (count: number): string[] => Array.from({ length: count }, (_, i) => `node-${i}`);

/**
 * Consistent hashing with V virtual nodes per node, for V from 1 to maxV: the share of keys that
 * move when the ring grows from `from` to `to` nodes, how unevenly the `from` ring spreads them,
 * the ring's memory, and the measured time of one lookup. Everything but the lookup time is a
 * pure function of the parameters.
 */
export const chashSweep: Experiment<ChashSweepParams, ChashSweepData, 'chash-sweep'> = {
  id: 'chash.sweep',
  summary: 'points per node against balance, ring memory and lookup time',
  figures: ['chash-sweep'],
  cost: {
    work: (p) => {
      const grid = [1, 2, 3, 5, 10, 20, 30, 50, 100, 200, 300, 500, 1000].filter((v) => v <= p.maxV);
      // Each point on the grid: a pass over the keys, and two rings built and sorted.
      return sum(grid.map((v) => p.keys + 10 * (p.from + p.to) * v));
    },
    knob: 'keys',
    secondsPerUnit: 3.13e-7,
    probes: { calibrate: { keys: '50000', maxV: '300' }, check: { keys: '20000', maxV: '1000', from: '10', to: '12' } },
    slow: { keys: '500000' },
  },
  primary: ['maxV', 'from', 'to'],
  params: {
    keys: { kind: 'int', default: 50_000, min: 1000, max: 500_000 },
    from: { kind: 'int', default: 4, min: 1, max: 1000 },
    to: { kind: 'int', default: 5, min: 1, max: 1000 },
    maxV: { kind: 'int', default: 1000, min: 1, max: 1000 },
    salt: { kind: 'int', default: 0, min: 0, max: Number.MAX_SAFE_INTEGER },
  },
  timed: (key) => key.startsWith('lookup.ns.'),
  resultKind(key): ResultKind {
    if (key.startsWith('moved.')) return 'percent';
    if (key.startsWith('bytes.')) return 'int';
    return 'decimal';
  },
  async run(p, ctx) {
    const grid = sweepGrid(p.maxV);
    const fromNames = names(p.from);
    const toNames = names(p.to);
    // Work in key lookups: two per key and the timed ones at each V, plus the ring points built.
    const stepWork = (v: number) => 2 * p.keys + LOOKUPS + (p.from + p.to) * v;
    const total = grid.reduce((s, v) => s + stepWork(v), p.keys);
    const bar = meter(total, ctx);
    const hashes = new Uint32Array(p.keys);
    for (let start = 0; start < p.keys; start += CHUNK) {
      const end = Math.min(p.keys, start + CHUNK);
      for (let i = start; i < end; i++) hashes[i] = vnodeKeyHash(`key-${p.salt}-${i}`);
      await bar.advance(end - start);
    }

    const series: ChashSweepPoint[] = [];
    const notes = new Map<number, TimingNote>();
    for (const v of grid) {
      const fromRing = vnodeRing(fromNames, v);
      const toRing = vnodeRing(toNames, v);
      await bar.advance((p.from + p.to) * v);
      const counts = new Uint32Array(p.from);
      let moved = 0;
      // On the WebAssembly kernel when it loads (src/kernels/ring.ts), a chunk of keys a call.
      const onFrom = await ringLookups(fromRing);
      const onTo = await ringLookups(toRing);
      for (let start = 0; start < p.keys; start += CHUNK) {
        const chunk = hashes.subarray(start, Math.min(p.keys, start + CHUNK));
        const a = onFrom(chunk);
        const b = onTo(chunk);
        for (let i = 0; i < chunk.length; i++) {
          counts[a[i]]++;
          if (a[i] !== b[i]) moved++;
        }
        await bar.advance(2 * chunk.length);
      }
      // Timed on the keys already looked up (so lookup is warm), cycling through them: at least
      // LOOKUPS in all, each reading long enough for the clock (src/lib/timing).
      let sink = 0;
      let k = 0;
      const t = await timed(
        (ops) => {
          for (let i = 0; i < ops; i++) {
            sink += lookup(fromRing, hashes[k]);
            k = k + 1 === p.keys ? 0 : k + 1;
          }
          // The sum is read so the timed loop cannot be dropped as dead code.
          if (sink < 0) throw new Error('unreachable');
        },
        { minOps: LOOKUPS / SAMPLES, between: () => bar.advance(0) },
      );
      notes.set(v, timingNote(t));
      series.push({ v, moved: moved / p.keys, std: coefficientOfVariation(counts, p.keys / counts.length), points: fromRing.hashes.length, bytes: ringBytes(fromRing), lookupNs: t.perOp * 1e6 });
      await bar.advance(LOOKUPS);
    }

    const at = (v: number) => series.find((s) => s.v === v)!;
    const head = at(Math.min(HEADLINE_V, p.maxV));
    const first = series[0];
    const last = series[series.length - 1];
    const results: Record<string, number> = {
      [`moved.v${first.v}`]: first.moved,
      [`moved.v${head.v}`]: head.moved,
      [`std.v${first.v}`]: first.std,
      [`std.v${head.v}`]: head.std,
      [`bytes.v${head.v}`]: head.bytes,
      'bytes.per.point': head.points ? head.bytes / head.points : 0,
      [`lookup.ns.v${first.v}`]: first.lookupNs,
      [`lookup.ns.v${last.v}`]: last.lookupNs,
    };
    const data: ChashSweepData = { keys: p.keys, from: p.from, to: p.to, ideal: 1 - Math.min(p.from, p.to) / Math.max(p.from, p.to), series };
    const timing = { [`lookup.ns.v${first.v}`]: notes.get(first.v)!, [`lookup.ns.v${last.v}`]: notes.get(last.v)! };
    return { results, data, timing };
  },
};
