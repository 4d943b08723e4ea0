import { lookup, lookup8, ringBytes, ring8Bytes, toRing8 } from '../../lib/hashing/index.ts';
import { xoshiro128ss } from '../../lib/random/index.ts';
import type { Experiment, ResultKind } from '../shared/types.ts';
import { meteredSchemeRing, pointLimit } from './ketama-work.ts';
import { meter } from '../shared/meter.ts';
import { SAMPLES } from '../../lib/timing/index.ts';
import { timedEach, timingNote } from '../shared/timing.ts';

export interface KetamaMemoryParams extends Record<string, number | string | readonly number[]> {
  nodes: number;
  points: number;
  rings: number;
  lookups: number;
}

/** What one byte of a point holds. */
export type LayoutField = 'hash' | 'node' | 'padding';

/** One point layout, byte by byte: its fields in memory order, and the first point's bytes as the arrays hold them. */
export interface PointLayout {
  /** Bytes a point (read from the arrays: the ring's bytes over its points). */
  bytes: number;
  /** The ring's bytes in this layout. */
  total: number;
  /** The fields in memory order, with their sizes in bytes (from the arrays' element sizes). */
  fields: { field: LayoutField; bytes: number }[];
  /** The ring's first point (its lowest hash), byte by byte, as the typed arrays store it. */
  first: number[];
}

export interface KetamaMemoryData {
  points: number;
  /** The first point's server index. */
  node: number;
  layouts: [PointLayout, PointLayout];
}

/** The bytes of element i of a typed array, in the order memory holds them. */
const bytesOf = (a: Uint16Array | Uint32Array, i: number): number[] => Array.from(new Uint8Array(a.buffer, a.byteOffset + i * a.BYTES_PER_ELEMENT, a.BYTES_PER_ELEMENT));

/** One ring's points: its sort, which nothing can interrupt, stays well under a second. */
const MAX_POINTS = 4_000_000;

/**
 * The two point layouts as real typed arrays: u32 hash + u16 node (6 bytes) and u32 hash + u32
 * node (8 bytes). Their byte lengths are read from the arrays; the lookup times are measured
 * (they vary between runs and machines). `rings` multiplies one ring's bytes by the number of
 * feature rings a fleet keeps, each over the same servers.
 */
export const ketamaMemory: Experiment<KetamaMemoryParams, KetamaMemoryData, 'ketama-layout'> = {
  id: 'ketama.memory',
  summary: "the 6- and 8-byte point layouts: bytes per point and timed lookups",
  figures: ['ketama-layout'],
  cost: {
    work: (p) => p.rings * p.nodes * p.points + 2 * p.lookups,
    knob: 'lookups',
    secondsPerUnit: 1.81e-7,
    probes: { calibrate: { nodes: '1000', points: '160', lookups: '2000000' }, check: { nodes: '200', points: '1000', rings: '2', lookups: '500000' } },
    // A 4-million-point ring in both layouts and a million timed lookups on each (cache misses: seconds).
    slow: { nodes: '4000', points: '1000', lookups: '1000000' },
  },
  primary: ['nodes', 'points'],
  // The two layouts as rows of one table: on a phone, four short rows in place of eight tiles.
  resultTable: {
    series: ['6', '8'],
    measures: ['bytes.per.point', 'bytes', 'total', 'lookup.ns'],
    key: '{measure}.{series}',
    seriesLabels: 'cell.ketama.memory.measure.row.',
    measureLabels: 'cell.ketama.memory.measure.',
    corner: 'cell.ketama.memory.measure.layout',
  },
  params: {
    nodes: { kind: 'int', default: 100, min: 1, max: 65_536 },
    points: { kind: 'int', default: 160, min: 1, max: 100_000 },
    rings: { kind: 'int', default: 1, min: 1, max: 1000 },
    lookups: { kind: 'int', default: 200_000, min: 10_000, max: 5_000_000 },
  },
  check(p) {
    return pointLimit('points', p.nodes * p.points, MAX_POINTS, 'nodes × points', 'the points or the nodes');
  },
  timed: (key) => key.startsWith('lookup.ns'),
  resultKind(key): ResultKind {
    if (key === 'saving') return 'percent';
    if (key.startsWith('lookup.ns') || key === 'lookup.ratio') return 'decimal';
    return 'int';
  },
  async run(p, ctx) {
    const bar = meter(p.nodes * p.points + 2 * p.lookups, ctx);
    const ring = await meteredSchemeRing('nginx', p.nodes, p.points, 0, bar);
    const wide = toRing8(ring, true);
    const keys = new Uint32Array(1 << 16);
    const rng = xoshiro128ss(1);
    for (let i = 0; i < keys.length; i++) keys[i] = rng.nextUint32();

    // One untimed round of each first, so neither layout pays for the compiler warming up; both
    // look up the same keys on the same ring, so the sums cancel.
    let sink = 0;
    for (let i = 0; i < keys.length; i++) sink += lookup(ring, keys[i]) - lookup8(wide, keys[i]);
    if (sink !== 0) throw new Error('the two layouts disagree');
    // Both layouts timed in alternating samples (a slow moment of the machine hits both), at least
    // `lookups` each in all, every reading long enough for the clock (src/lib/timing).
    const mask = keys.length - 1;
    let at6 = 0;
    let at8 = 0;
    const [t6, t8] = await timedEach(
      [
        (ops) => {
          for (let i = 0; i < ops; i++) sink += lookup(ring, keys[at6++ & mask]);
        },
        (ops) => {
          for (let i = 0; i < ops; i++) sink += lookup8(wide, keys[at8++ & mask]);
        },
      ],
      { minOps: p.lookups / SAMPLES, between: () => bar.advance(0) },
    );
    // Read, so the timed loops cannot be dropped as dead code.
    if (sink < 0) throw new Error('unreachable');
    await bar.advance(2 * p.lookups);
    const bytes6 = ringBytes(ring);
    const bytes8 = ring8Bytes(wide);
    const points = ring.hashes.length;
    const results = {
      points,
      'bytes.6': bytes6,
      'bytes.8': bytes8,
      'bytes.per.point.6': bytes6 / points,
      'bytes.per.point.8': bytes8 / points,
      saving: 1 - bytes6 / bytes8,
      'total.6': bytes6 * p.rings,
      'total.8': bytes8 * p.rings,
      'lookup.ns.6': t6.perOp * 1e6,
      'lookup.ns.8': t8.perOp * 1e6,
    };
    // Byte by byte: the 8-byte layout's index is a u32 whose upper half holds nothing (indices are
    // below 2^16, the 6-byte layout's u16): the bytes an aligned struct pads a u16 index with.
    const index = ring.nodes.BYTES_PER_ELEMENT;
    const data: KetamaMemoryData = {
      points,
      node: ring.nodes[0],
      layouts: [
        { bytes: bytes6 / points, total: bytes6, fields: [{ field: 'hash', bytes: ring.hashes.BYTES_PER_ELEMENT }, { field: 'node', bytes: index }], first: [...bytesOf(ring.hashes, 0), ...bytesOf(ring.nodes, 0)] },
        {
          bytes: bytes8 / points,
          total: bytes8,
          fields: [{ field: 'hash', bytes: wide.hashes.BYTES_PER_ELEMENT }, { field: 'node', bytes: index }, { field: 'padding', bytes: wide.nodes.BYTES_PER_ELEMENT - index }],
          first: [...bytesOf(wide.hashes, 0), ...bytesOf(wide.nodes, 0)],
        },
      ],
    };
    return { results, data, timing: { 'lookup.ns.6': timingNote(t6), 'lookup.ns.8': timingNote(t8) } };
  },
};
