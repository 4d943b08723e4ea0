import { buildRing, lookup, md5, murmur3, utf8 } from '../lib/hashing/index.ts';
import type { Ring } from '../lib/hashing/index.ts';
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

/** The 32-bit hash of a name: murmur3 (seed 0) of its UTF-8, or MD5's first 4 bytes read little-endian. */
const encoder = new TextEncoder();
const scratch = new Uint8Array(256);

export function remapHash(kind: string, text: string): number {
  if (kind === 'md5') {
    const d = md5(utf8(text));
    return (d[0] | (d[1] << 8) | (d[2] << 16) | (d[3] << 24)) >>> 0;
  }
  // Keys and point names are short: encode into one reused buffer (a longer text is encoded whole).
  if (text.length * 3 > scratch.length) return murmur3(utf8(text));
  const { written } = encoder.encodeInto(text, scratch);
  return murmur3(scratch, 0, written);
}

/**
 * Nodes 0 … n−1, node i at the points hash(`n<i>#<v>`) for v = 0 … vnodes−1 (salt 0), or
 * hash(`<salt>/n<i>#<v>`): a salt changes the ring's layout as well as the keys, since a
 * different layout is what another implementation, or other node names, would give.
 */
export function remapRing(kind: string, nodeCount: number, vnodes: number, salt = 0): Ring {
  const hashes = new Uint32Array(nodeCount * vnodes);
  const nodes = new Uint16Array(nodeCount * vnodes);
  for (let n = 0; n < nodeCount; n++) {
    for (let v = 0; v < vnodes; v++) {
      hashes[n * vnodes + v] = remapHash(kind, salt === 0 ? `n${n}#${v}` : `${salt}/n${n}#${v}`);
      nodes[n * vnodes + v] = n;
    }
  }
  return buildRing({ hashes, nodes }, nodeCount, { dedupe: true });
}

function stats(counts: Uint32Array, keys: number): LoadStats {
  const mean = keys / counts.length;
  let min = Infinity;
  let max = -Infinity;
  let sq = 0;
  for (const c of counts) {
    if (c < min) min = c;
    if (c > max) max = c;
    sq += (c - mean) * (c - mean);
  }
  return { min, max, std: Math.sqrt(sq / counts.length) };
}

/**
 * Growing (or shrinking) a cluster from `from` to `to` nodes, three ways on the same keys:
 * node = hash mod N, a ring with one point per node, and a ring with `vnodes` points per node.
 * Each key `key-<salt>-<i>` is hashed once per salt; the hash serves all three settings. A
 * salt also renames the nodes, so a spread of salts is a spread of ring layouts.
 */
export const chashRemap: Experiment<ChashRemapParams> = {
  id: 'chash.remap',
  params: {
    keys: { kind: 'int', default: 100_000, min: 1_000, max: 1_000_000 },
    from: { kind: 'int', default: 4, min: 1, max: 1_000 },
    to: { kind: 'int', default: 5, min: 1, max: 1_000 },
    vnodes: { kind: 'int', default: 100, min: 1, max: 1_000 },
    hash: { kind: 'choice', default: 'murmur3', options: ['murmur3', 'md5'] },
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
  resultKind(key) {
    if (key.endsWith('.moved')) return 'percent';
    if (key.includes('.std')) return 'decimal';
    return 'int';
  },
  async run(p, ctx) {
    const { keys, from, to, vnodes, hash } = p;
    const ids: RemapSettingId[] = ['mod', 'ring1', 'ring'];
    const settings: RemapSetting[] = ids.map((id) => ({ id, points: id === 'mod' ? 0 : id === 'ring1' ? 1 : vnodes, moved: [], before: [], after: [] }));
    const salts = Array.from({ length: p.spread }, (_, i) => p.salt + i);
    const total = keys * salts.length;
    let done = 0;
    await pause();
    for (const salt of salts) {
      const rings = {
        ring1: [remapRing(hash, from, 1, salt), remapRing(hash, to, 1, salt)],
        ring: [remapRing(hash, from, vnodes, salt), remapRing(hash, to, vnodes, salt)],
      };
      const before = ids.map(() => new Uint32Array(from));
      const after = ids.map(() => new Uint32Array(to));
      const moved = [0, 0, 0];
      for (let start = 0; start < keys; start += CHUNK) {
        if (ctx.signal.aborted) throw abortError();
        const end = Math.min(keys, start + CHUNK);
        for (let i = start; i < end; i++) {
          const h = remapHash(hash, `key-${salt}-${i}`);
          const a0 = h % from;
          const b0 = h % to;
          const a1 = lookup(rings.ring1[0], h);
          const b1 = lookup(rings.ring1[1], h);
          const a2 = lookup(rings.ring[0], h);
          const b2 = lookup(rings.ring[1], h);
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
        done += end - start;
        ctx.progress(done / total);
        await pause();
      }
      settings.forEach((s, k) => {
        s.moved.push(moved[k] / keys);
        s.before.push(stats(before[k], keys));
        s.after.push(stats(after[k], keys));
      });
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
    const data: ChashRemapData = { keys, from, to, vnodes, salts, ideal, meanBefore: keys / from, meanAfter: keys / to, settings };
    return { results, data };
  },
};
