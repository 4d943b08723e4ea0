import { buildRing, buildRing128, lookup, lookup128, md5BigEndian, mod128, murmur3, utf8 } from '../lib/hashing/index.ts';
import type { Ring, Ring128 } from '../lib/hashing/index.ts';
import { spread } from '../lib/stats/dispersion.ts';
import { meter } from './meter.ts';
import { abortError, pause } from './pause.ts';
import type { CheckFailure, Experiment } from './types.ts';

export interface ChashRemapParams extends Record<string, number | string | readonly number[]> {
  keys: number;
  from: number;
  to: number;
  vnodes: number;
  hash: string;
  salt: number;
  spread: number;
}

export type RemapSettingId = 'mod' | 'ring1' | 'ring';

/** Per-node key counts on one layout, summarised. `std` is the population standard deviation. */
export interface LoadStats {
  min: number;
  max: number;
  std: number;
}

export interface RemapSetting {
  id: RemapSettingId;
  /** Points per node: 0 for mod-N, 1 for the bare ring, `vnodes` for the ring with virtual nodes. */
  points: number;
  /** One entry per salt, salts[0] first. */
  moved: number[];
  before: LoadStats[];
  after: LoadStats[];
}

export interface ChashRemapData {
  keys: number;
  from: number;
  to: number;
  vnodes: number;
  /** The salts run, in order: salt, salt + 1, … */
  salts: number[];
  /** The fewest keys any scheme must move: 1 − from/to when adding nodes, (from − to)/from when removing. */
  ideal: number;
  /** Mean keys per node before and after: keys/from, keys/to. */
  meanBefore: number;
  meanAfter: number;
  settings: RemapSetting[];
}

/** Keys per chunk: a chunk of the default run stays near a few ms, so cancel is prompt. */
const CHUNK = 20_000;
/** Lookups allowed per run: keys × spread × 3 settings. */
export const MAX_LOOKUPS = 60_000_000;
/** Ring points allowed: max(from, to) × vnodes. */
export const MAX_POINTS = 500_000;

const encoder = new TextEncoder();
const scratch = new Uint8Array(256);

/** The UTF-8 bytes of a name in the reused scratch buffer (a longer name gets its own array). */
function encode(text: string): { bytes: Uint8Array; length: number } {
  if (text.length * 3 > scratch.length) {
    const bytes = utf8(text);
    return { bytes, length: bytes.length };
  }
  return { bytes: scratch, length: encoder.encodeInto(text, scratch).written };
}

/** The 32-bit murmur3 (seed 0) of a name's UTF-8. */
export function remapHash(text: string): number {
  const { bytes, length } = encode(text);
  return murmur3(bytes, 0, length);
}

/**
 * Key i's name: `key<i>` at salt 0 (the article's keys), `key-<salt>-<i>` otherwise. Node n's
 * point v: `n<n>#<v>` at salt 0 (the article's), `<salt>/n<n>#<v>` otherwise: a salt changes the
 * ring's layout as well as the keys, since a different layout is what other node names would give.
 */
export const keyName = (salt: number, i: number): string => (salt === 0 ? `key${i}` : `key-${salt}-${i}`);
export const pointName = (salt: number, n: number, v: number): string => (salt === 0 ? `n${n}#${v}` : `${salt}/n${n}#${v}`);

/** The murmur3 ring: 32-bit points. */
export function remapRing(nodeCount: number, vnodes: number, salt = 0): Ring {
  const hashes = new Uint32Array(nodeCount * vnodes);
  const nodes = new Uint16Array(nodeCount * vnodes);
  for (let n = 0; n < nodeCount; n++) {
    for (let v = 0; v < vnodes; v++) {
      hashes[n * vnodes + v] = remapHash(pointName(salt, n, v));
      nodes[n * vnodes + v] = n;
    }
  }
  return buildRing({ hashes, nodes }, nodeCount, { dedupe: true });
}

/** The MD5 ring: points ordered by the whole 128-bit digest. */
export function remapRing128(nodeCount: number, vnodes: number, salt = 0): Ring128 {
  const words = new Uint32Array(4 * nodeCount * vnodes);
  const nodes = new Uint16Array(nodeCount * vnodes);
  for (let n = 0; n < nodeCount; n++) {
    for (let v = 0; v < vnodes; v++) {
      const { bytes, length } = encode(pointName(salt, n, v));
      md5BigEndian(bytes, length, words, 4 * (n * vnodes + v));
      nodes[n * vnodes + v] = n;
    }
  }
  return buildRing128(words, nodes, nodeCount);
}

/**
 * One hash family for a whole run: how a key's name is hashed (the hash is held until the next
 * key), and where that hash goes under mod N and on a ring.
 */
interface Family<R> {
  key(text: string): void;
  mod(n: number): number;
  ring(nodeCount: number, vnodes: number, salt: number): R;
  on(ring: R): number;
}

function murmurFamily(): Family<Ring> {
  let h = 0;
  return {
    key: (text) => void (h = remapHash(text)),
    mod: (n) => h % n,
    ring: remapRing,
    on: (ring) => lookup(ring, h),
  };
}

/** MD5 read as a 128-bit big-endian integer: mod N of the whole integer, ring order by the whole digest. */
function md5Family(): Family<Ring128> {
  const w = new Uint32Array(4);
  return {
    key: (text) => {
      const { bytes, length } = encode(text);
      md5BigEndian(bytes, length, w);
    },
    mod: (n) => mod128(w, 0, n),
    ring: remapRing128,
    on: (ring) => lookup128(ring, w),
  };
}

function stats(counts: Uint32Array, keys: number): LoadStats {
  const { min, max, std } = spread(counts, keys / counts.length);
  return { min, max, std };
}

/**
 * Growing (or shrinking) a cluster from `from` to `to` nodes, three ways on the same keys:
 * node = hash mod N, a ring with one point per node, and a ring with `vnodes` points per node.
 * Each key is hashed once per salt; the hash serves all three settings. Salt 0 with MD5 is the
 * article's own run (keys `key<i>`, points `n<n>#<v>`, the digest as a 128-bit integer); another
 * salt renames the keys and the nodes, so a spread of salts is a spread of ring layouts.
 */
export const chashRemap: Experiment<ChashRemapParams, ChashRemapData, 'chash-remap'> = {
  id: 'chash.remap',
  summary: 'mod-N against a ring with 1 and with V points per node: keys moved and balance, over many layouts',
  figures: ['chash-remap'],
  cost: {
    // Key lookups (three settings, two layouts each) and, with MD5, the digest of every name.
    // (Measured: the lookups dominate; MD5 and murmur3 names cost about the same.)
    work: (p) => p.spread * (p.keys + 3 * (p.from + p.to) * (p.vnodes + 1)),
    knob: 'keys',
    secondsPerUnit: 5.06e-7,
    probes: { calibrate: { keys: '100000', spread: '3' }, check: { keys: '200000', hash: 'murmur3', spread: '2', vnodes: '300' } },
    // 10^6 keys x 15 layouts x 3 settings: 45 million lookups, under the cell's cap of 60 million.
    slow: { keys: '1000000', spread: '15' },
  },
  primary: ['vnodes', 'from', 'to'],
  params: {
    keys: { kind: 'int', default: 100_000, min: 1_000, max: 1_000_000 },
    from: { kind: 'int', default: 4, min: 1, max: 1_000 },
    to: { kind: 'int', default: 5, min: 1, max: 1_000 },
    vnodes: { kind: 'int', default: 100, min: 1, max: 1_000 },
    hash: { kind: 'choice', default: 'md5', options: ['md5', 'murmur3'] },
    salt: { kind: 'int', default: 0, min: 0, max: 1_000_000_000 },
    spread: { kind: 'int', default: 1, min: 1, max: 100 },
  },
  check(p): CheckFailure | null {
    if (p.to === p.from) {
      return { param: 'to', code: 'to-eq-from', vars: { from: p.from, to: p.to }, message: `to (${p.to}) equals from (${p.from}): there is no change of layout to measure` };
    }
    const lookups = p.keys * p.spread * 3;
    if (lookups > MAX_LOOKUPS) {
      const millions = Math.ceil(lookups / 1e6);
      return {
        param: 'spread',
        code: 'too-many-lookups',
        vars: { millions, limit: MAX_LOOKUPS / 1e6 },
        message: `keys × spread × 3 settings is ${millions} million lookups; at most ${MAX_LOOKUPS / 1e6} million are allowed. Lower keys or spread.`,
      };
    }
    const points = Math.max(p.from, p.to) * p.vnodes;
    if (points > MAX_POINTS) {
      return {
        param: 'vnodes',
        code: 'too-many-points',
        vars: { points, limit: MAX_POINTS },
        message: `max(from, to) × vnodes is ${points} ring points; at most ${MAX_POINTS} are allowed. Lower vnodes or the node counts.`,
      };
    }
    return null;
  },
  resultTable: {
    series: ['mod', 'ring1', 'ring'],
    measures: ['moved', 'min', 'max', 'std', 'min.after', 'max.after', 'std.after', 'evener'],
    key: '{series}.{measure}',
    seriesLabels: 'cell.chash.remap.measure.row.',
    measureLabels: 'cell.chash.remap.measure.',
    corner: 'cell.chash.remap.measure.setting',
  },
  resultKind(key) {
    if (key.endsWith('.moved') || key.endsWith('.evener')) return 'percent';
    if (key.includes('.std')) return 'decimal';
    return 'int';
  },
  async run(p, ctx) {
    const { keys, from, to, vnodes } = p;
    const ids: RemapSettingId[] = ['mod', 'ring1', 'ring'];
    const settings: RemapSetting[] = ids.map((id) => ({ id, points: id === 'mod' ? 0 : id === 'ring1' ? 1 : vnodes, moved: [], before: [], after: [] }));
    const salts = Array.from({ length: p.spread }, (_, i) => p.salt + i);
    const w = meter(keys * salts.length, ctx);
    await pause();
    const measureSalt = async <R>(family: Family<R>, salt: number) => {
      const ring1 = [family.ring(from, 1, salt), family.ring(to, 1, salt)];
      const ring = [family.ring(from, vnodes, salt), family.ring(to, vnodes, salt)];
      const before = ids.map(() => new Uint32Array(from));
      const after = ids.map(() => new Uint32Array(to));
      const moved = [0, 0, 0];
      for (let start = 0; start < keys; start += CHUNK) {
        w.check();
        const end = Math.min(keys, start + CHUNK);
        for (let i = start; i < end; i++) {
          family.key(keyName(salt, i));
          const a0 = family.mod(from);
          const b0 = family.mod(to);
          const a1 = family.on(ring1[0]);
          const b1 = family.on(ring1[1]);
          const a2 = family.on(ring[0]);
          const b2 = family.on(ring[1]);
          before[0][a0]++;
          after[0][b0]++;
          before[1][a1]++;
          after[1][b1]++;
          before[2][a2]++;
          after[2][b2]++;
          if (a0 !== b0) moved[0]++;
          if (a1 !== b1) moved[1]++;
          if (a2 !== b2) moved[2]++;
        }
        await w.advance(end - start);
      }
      settings.forEach((s, k) => {
        s.moved.push(moved[k] / keys);
        s.before.push(stats(before[k], keys));
        s.after.push(stats(after[k], keys));
      });
    };
    for (const salt of salts) {
      if (p.hash === 'md5') await measureSalt(md5Family(), salt);
      else await measureSalt(murmurFamily(), salt);
    }
    if (ctx.signal.aborted) throw abortError();
    const ideal = to > from ? (to - from) / to : (from - to) / from;
    const [mod, ring1, ring] = settings;
    const results: Record<string, number> = {
      'mod.moved': mod.moved[0],
      'ring1.moved': ring1.moved[0],
      'ring.moved': ring.moved[0],
      'ideal.moved': ideal,
      'ring.min': ring.before[0].min,
      'ring.max': ring.before[0].max,
      'ring.std': ring.before[0].std,
      'ring1.min': ring1.before[0].min,
      'ring1.max': ring1.before[0].max,
      'ring1.std': ring1.before[0].std,
      'mod.min': mod.before[0].min,
      'mod.max': mod.before[0].max,
      'mod.std': mod.before[0].std,
      'ring.min.after': ring.after[0].min,
      'ring.max.after': ring.after[0].max,
      'ring.std.after': ring.after[0].std,
    };
    // With several layouts: how typical the first one is, as the share of the others that spread
    // the keys more evenly (a lower standard deviation) than it does.
    if (salts.length > 1) {
      for (const s of [ring1, ring]) {
        const first = s.before[0].std;
        results[`${s.id}.evener`] = s.before.slice(1).filter((b) => b.std < first).length / (salts.length - 1);
      }
    }
    const data: ChashRemapData = { keys, from, to, vnodes, salts, ideal, meanBefore: keys / from, meanAfter: keys / to, settings };
    return { results, data };
  },
};
