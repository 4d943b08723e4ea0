import { md5Kernel } from '../../kernels/md5.ts';
import { keyName, keyPrefix, md5Family, murmurFamily, namedRing128 } from '../../lib/hashing/named-ring.ts';
import type { HashFamily } from '../../lib/hashing/named-ring.ts';
import { spread } from '../../lib/stats/dispersion.ts';
import { meter } from '../shared/meter.ts';
import { abortError, pause } from '../shared/pause.ts';
import type { CheckFailure, Experiment } from '../shared/types.ts';

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

/**
 * Where keys start … end − 1 go, one array a placement: mod `from`, mod `to`, the one-point rings
 * of `from` and `to` nodes, then the rings with `vnodes` points.
 */
type Placer = (start: number, end: number) => Int32Array[];

/** The TypeScript reference's placer: a family's hash of each name, then its six places. */
function familyPlacer<R>(family: HashFamily<R>, from: number, to: number, vnodes: number, salt: number): Placer {
  const rings = [family.ring(from, 1, salt), family.ring(to, 1, salt), family.ring(from, vnodes, salt), family.ring(to, vnodes, salt)];
  return (start, end) => {
    const placed = Array.from({ length: 6 }, () => new Int32Array(end - start));
    for (let i = 0; i < end - start; i++) {
      family.key(keyName(salt, start + i));
      placed[0][i] = family.mod(from);
      placed[1][i] = family.mod(to);
      for (let r = 0; r < 4; r++) placed[2 + r][i] = family.on(rings[r]);
    }
    return placed;
  };
}

/** Counts each key's node before (`a`) and after (`b`) the change; returns the keys that moved. */
function countPlaces(a: Int32Array, b: Int32Array, before: Uint32Array, after: Uint32Array): number {
  let moved = 0;
  for (let i = 0; i < a.length; i++) {
    before[a[i]]++;
    after[b[i]]++;
    if (a[i] !== b[i]) moved++;
  }
  return moved;
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
/**
 * An MD5 run's work against a murmur3 run's, a unit each: MD5 and the 128-bit rings run on the
 * WebAssembly kernel (npm run calibrate gave 1.66e-7 s a unit for the MD5 probe against the murmur3
 * probe's 5.06e-7). Where the kernel does not load, an MD5 run takes the TypeScript's time, about
 * the murmur3 run's: three times this estimate.
 */
const MD5_SHARE = 1.66 / 5.06;

export const chashRemap: Experiment<ChashRemapParams, ChashRemapData, 'chash-remap'> = {
  id: 'chash.remap',
  summary: 'mod-N against a ring with 1 and with V points per node: keys moved and balance, over many layouts',
  figures: ['chash-remap'],
  cost: {
    // Key lookups (three settings, two layouts each) and the digest of every name: murmur3 on the
    // TypeScript (the check probe), MD5 on the kernel at MD5_SHARE of that work a unit.
    work: (p) => (p.hash === 'md5' ? MD5_SHARE : 1) * p.spread * (p.keys + 3 * (p.from + p.to) * (p.vnodes + 1)),
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
    missing: 'cell.chash.remap.missing.',
  },
  say: {
    // How many of the other layouts were more even than the first: there are none to compare with when one is drawn.
    evener1: (p) => ({ case: p.spread > 1 ? 'some' : 'one', vars: { share: { result: 'ring1.evener' }, others: { count: p.spread - 1 } } }),
    evener: (p) => ({ case: p.spread > 1 ? 'some' : 'one', vars: { share: { result: 'ring.evener' }, others: { count: p.spread - 1 }, vnodes: { param: 'vnodes' } } }),
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
    // MD5 runs on the WebAssembly kernel when it loads (the names hashed, mod N and the 128-bit
    // rings answered a chunk a call); murmur3, and MD5 without the kernel, on the TypeScript.
    const kernel = p.hash === 'md5' ? await md5Kernel() : null;
    const measureSalt = async (salt: number, place: Placer) => {
      const before = ids.map(() => new Uint32Array(from));
      const after = ids.map(() => new Uint32Array(to));
      const moved = [0, 0, 0];
      for (let start = 0; start < keys; start += CHUNK) {
        w.check();
        const end = Math.min(keys, start + CHUNK);
        const placed = place(start, end);
        for (let s = 0; s < ids.length; s++) moved[s] += countPlaces(placed[2 * s], placed[2 * s + 1], before[s], after[s]);
        await w.advance(end - start);
      }
      settings.forEach((s, k) => {
        s.moved.push(moved[k] / keys);
        s.before.push(stats(before[k], keys));
        s.after.push(stats(after[k], keys));
      });
    };
    for (const [k, salt] of salts.entries()) {
      if (kernel) {
        const digests = (names: readonly string[]) => kernel.digests(names);
        kernel.holdRings([namedRing128(from, 1, salt, digests), namedRing128(to, 1, salt, digests), namedRing128(from, vnodes, salt, digests), namedRing128(to, vnodes, salt, digests)]);
        await measureSalt(salt, (start, end) => kernel.place({ prefix: keyPrefix(salt), first: start, count: end - start }, [from, to]));
      } else if (p.hash === 'md5') await measureSalt(salt, familyPlacer(md5Family(), from, to, vnodes, salt));
      else await measureSalt(salt, familyPlacer(murmurFamily(), from, to, vnodes, salt));
      // The first layout (the article's, at salt 0) is a whole picture already: the page draws it
      // while the other layouts are measured, and redraws as they come.
      if (k < salts.length - 1 && ctx.sketch) ctx.sketch(remapOutput(p, settings, salts.slice(0, k + 1)));
    }
    if (ctx.signal.aborted) throw abortError();
    return remapOutput(p, settings, salts);
  },
};

/** The run's output over the layouts measured so far (`salts`, in order; each setting holds one entry a salt). */
function remapOutput(p: ChashRemapParams, all: readonly RemapSetting[], salts: readonly number[]): { results: Record<string, number>; data: ChashRemapData } {
  const { keys, from, to, vnodes } = p;
  const n = salts.length;
  const settings = all.map((s) => ({ ...s, moved: s.moved.slice(0, n), before: s.before.slice(0, n), after: s.after.slice(0, n) }));
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
  const data: ChashRemapData = { keys, from, to, vnodes, salts: [...salts], ideal, meanBefore: keys / from, meanAfter: keys / to, settings };
  return { results, data };
}
