import { sum } from '../shared/cost.ts';
import type { SchemeId, SchemeOptions } from '../../lib/placement/scheme.ts';
import { addNode, removeNode } from '../../lib/placement/scheme.ts';
import { checkPoints, labOptions, labParams } from './lab-compare.ts';
import type { LabSchemeParams } from './lab-compare.ts';
import { balance, counts, noiseFloor } from '../../lib/stats/dispersion.ts';
import { checkCommon, hashKeys, lookupAll, moved, nodeNames, parseSchemes, perKeyWork, SCHEMES, timeBuild, timeLookups } from './lab-common.ts';
import { timingNote } from '../shared/timing.ts';
import { meter } from '../shared/meter.ts';
import type { Meter } from '../shared/meter.ts';
import type { Experiment, ResultKind, TimingNote } from '../shared/types.ts';

export interface LabSweepParams extends LabSchemeParams {
  x: string;
  metric: string;
  nodes: number;
}

export type SweepX = 'nodes' | 'V' | 'M' | 'c' | 'probes';
export type SweepMetric = 'maxmean' | 'cv' | 'moved.add' | 'moved.remove' | 'ns' | 'bytes' | 'build';

/** The values swept, log-spaced where the parameter spans decades. M: primes, above N. */
export const GRIDS: Record<SweepX, readonly number[]> = {
  nodes: [2, 5, 10, 20, 50, 100, 200, 500, 1000],
  V: [1, 2, 5, 10, 20, 50, 100, 160, 300, 1000],
  M: [251, 1009, 4099, 16_411, 65_537, 262_147, 655_373],
  c: [1, 1.05, 1.1, 1.25, 1.5, 2, 3],
  probes: [1, 2, 3, 5, 10, 21, 50, 100],
};

/** Which schemes a swept parameter changes; the others are measured once and drawn flat. */
const AFFECTS: Record<SweepX, readonly SchemeId[] | 'all'> = {
  nodes: 'all',
  V: ['ring-nginx', 'ring-ketama', 'bounded'],
  M: ['maglev'],
  c: ['bounded'],
  probes: ['multiprobe'],
};

export interface LabSweepPoint {
  x: number;
  value: number;
}

export interface LabSweepData {
  x: SweepX;
  metric: SweepMetric;
  keys: number;
  nodes: number;
  /** The sampling floor of the CV at each x (only for metric cv). */
  floor: LabSweepPoint[];
  /** The least share that can move at each x (only for the moved metrics). */
  ideal: LabSweepPoint[];
  series: { id: SchemeId; points: LabSweepPoint[] }[];
}

/** The grid for x. Sweeping N, `nodes` is the largest N (joining the grid when it is not on it). */
export function sweepGrid(x: SweepX, nodes: number): number[] {
  if (x === 'nodes') {
    const grid = GRIDS.nodes.filter((v) => v <= nodes);
    return grid.includes(nodes) ? grid : [...grid, nodes];
  }
  return GRIDS[x].filter((v) => x !== 'M' || v > nodes);
}

const affects = (x: SweepX, id: SchemeId): boolean => AFFECTS[x] === 'all' || (AFFECTS[x] as readonly SchemeId[]).includes(id);

/** The node count and scheme options at one value of the sweep. */
function pointAt(p: LabSweepParams, v: number): { n: number; options: SchemeOptions } {
  const x = p.x as SweepX;
  return {
    n: x === 'nodes' ? v : p.nodes,
    options: labOptions({ ...p, V: x === 'V' ? v : p.V, M: x === 'M' ? v : p.M, c: x === 'c' ? v : p.c, probes: x === 'probes' ? v : p.probes }),
  };
}

/** Lookup passes of a sweep, weighted by each scheme's per-key work; unaffected schemes run once. */
function passesOf(metric: string): number {
  return metric.startsWith('moved') ? 2 : metric === 'bytes' || metric === 'build' ? 0 : 1;
}

export function sweepWork(p: LabSweepParams, ids: readonly SchemeId[]): number {
  const x = p.x as SweepX;
  const grid = sweepGrid(x, p.nodes);
  let work = 0;
  for (const id of ids) {
    for (const v of affects(x, id) ? grid : [grid[0]]) {
      const { n, options } = pointAt(p, v);
      work += passesOf(p.metric) * p.keys * perKeyWork(id, n, options.probes);
    }
  }
  return work;
}

/** One point's value, and for a measured time what the page says of it (Output.timing). */
async function measure(id: SchemeId, n: number, options: SchemeOptions, metric: SweepMetric, seed: number, hashes: Uint32Array, m: Meter, work: number): Promise<{ value: number; timing?: TimingNote }> {
  const scheme = SCHEMES[id];
  const names = nodeNames(n + 1, seed);
  const base = scheme.build(names.slice(0, n), undefined, options);
  if (metric === 'bytes') return { value: base.bytes };
  if (metric === 'build') {
    const t = await timeBuild(scheme, names.slice(0, n), options, m);
    return { value: t.perOp, timing: timingNote(t) };
  }
  if (metric === 'ns') {
    const t = await timeLookups(scheme.stateful ? { fresh: () => scheme.build(names.slice(0, n), undefined, options) } : base, hashes, m);
    // The pass the cost model counts: the timed lookups are at least one pass over the keys.
    await m.advance(hashes.length * work);
    return { value: t.perOp * 1e6, timing: timingNote(t) };
  }
  const { owners } = await lookupAll(base, hashes, m, work);
  if (metric === 'maxmean' || metric === 'cv') return { value: balance(counts(owners, n), hashes.length)[metric] };
  const other = metric === 'moved.add' ? addNode(scheme, base, names[n]) : removeNode(scheme, base, n - 1);
  return { value: moved(owners, (await lookupAll(other, hashes, m, work)).owners) };
}

/**
 * One metric of the chosen schemes against N or against one scheme's parameter (V, M, c or
 * probes), on the same keys. A scheme the swept parameter does not change is measured once.
 */
export const labSweep: Experiment<LabSweepParams, LabSweepData, 'lab-sweep'> = {
  id: 'lab.sweep',
  summary: 'one placement metric against N, V, M, c or probes, per scheme',
  figures: ['lab-sweep'],
  cost: {
    work: (p) => {
      const schemes = parseSchemes(String(p.schemes));
      if (!Array.isArray(schemes)) return 0;
      // The key passes (lab-sweep.ts), and the rings built at each point: (N + 1) x V points, sorted.
      const rings = schemes.filter((id) => id.startsWith('ring') || id === 'bounded').length;
      const points = p.x === 'V' ? sum(GRIDS.V) * (p.nodes + 1) : p.x === 'nodes' ? sum(GRIDS.nodes.filter((n) => n <= p.nodes)) * p.V : GRIDS[p.x as keyof typeof GRIDS].length * (p.nodes + 1) * p.V;
      return sweepWork(p, schemes) + 30 * rings * points;
    },
    knob: 'keys',
    secondsPerUnit: 1.43e-8,
    probes: { calibrate: { keys: '40000', nodes: '100' }, check: { keys: '20000', x: 'V', nodes: '50', schemes: 'ring-nginx, ring-ketama' } },
    // 300 000 keys at each of seven node counts up to 200.
    slow: { keys: '300000' },
  },
  primary: ['x', 'metric', 'schemes'],
  params: {
    x: { kind: 'choice', default: 'nodes', options: ['nodes', 'V', 'M', 'c', 'probes'] },
    metric: { kind: 'choice', default: 'cv', options: ['maxmean', 'cv', 'moved.add', 'moved.remove', 'ns', 'bytes', 'build'] },
    nodes: { kind: 'int', default: 200, min: 2, max: 1_000 },
    ...labParams,
    // Seven node counts up to 200 by default: 20 000 keys keep the defaults under a second.
    keys: { ...labParams.keys, default: 20_000, max: 500_000 },
  },
  check(p) {
    const schemes = parseSchemes(p.schemes);
    if (!Array.isArray(schemes)) return schemes;
    const x = p.x as SweepX;
    const grid = sweepGrid(x, p.nodes);
    const n = x === 'nodes' ? grid[grid.length - 1] : p.nodes;
    // M is swept over primes above N, so only a fixed M is checked.
    return checkCommon({ M: x === 'M' ? 65_537 : p.M, nodes: n + 1 }, schemes, sweepWork(p, schemes)) ?? checkPoints((n + 1) * (x === 'V' ? GRIDS.V[GRIDS.V.length - 1] : p.V));
  },
  timed: (key) => key.startsWith('time.'),
  resultKind(key): ResultKind {
    return key === 'points' ? 'int' : 'decimal';
  },
  async run(p, ctx) {
    const x = p.x as SweepX;
    const metric = p.metric as SweepMetric;
    const ids = parseSchemes(p.schemes) as SchemeId[];
    const grid = sweepGrid(x, p.nodes);
    const passes = passesOf(metric);
    const at = (v: number) => pointAt(p, v);
    const m = meter(p.keys + sweepWork(p, ids), ctx);
    const hashes = await hashKeys(p.keys, p.seed, m);
    const series: LabSweepData['series'] = [];
    const last: Record<string, TimingNote | undefined> = {};
    for (const id of ids) {
      const points: LabSweepPoint[] = [];
      let flat: number | null = null;
      for (const v of grid) {
        if (!affects(x, id) && flat !== null) {
          points.push({ x: v, value: flat });
          continue;
        }
        const { n, options } = at(v);
        const { value, timing } = await measure(id, n, options, metric, p.seed, hashes, m, passes * perKeyWork(id, n, options.probes));
        last[id] = timing;
        if (!affects(x, id)) flat = value;
        points.push({ x: v, value });
        if (passes === 0) await m.advance(0);
      }
      series.push({ id, points });
    }
    const ns = grid.map((v) => at(v).n);
    const data: LabSweepData = {
      x,
      metric,
      keys: p.keys,
      nodes: p.nodes,
      floor: metric === 'cv' ? grid.map((v, i) => ({ x: v, value: noiseFloor(ns[i], p.keys) })) : [],
      ideal: metric === 'moved.add' ? grid.map((v, i) => ({ x: v, value: 1 / (ns[i] + 1) })) : metric === 'moved.remove' ? grid.map((v, i) => ({ x: v, value: 1 / ns[i] })) : [],
      series,
    };
    const results: Record<string, number> = { points: grid.length };
    // Lookup and build times are measured, so they go under their own keys.
    const prefix = metric === 'ns' || metric === 'build' ? 'time' : 'at';
    const timing: Record<string, TimingNote> = {};
    for (const s of series) {
      results[`${prefix}.${s.id}`] = s.points[s.points.length - 1].value;
      const t = last[s.id];
      if (t) timing[`${prefix}.${s.id}`] = t;
    }
    return prefix === 'time' ? { results, data, timing } : { results, data };
  },
};
