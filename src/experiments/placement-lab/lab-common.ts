import { murmur3 } from '../../lib/hashing/murmur3.ts';
import { utf8 } from '../../lib/hashing/utf8.ts';
import { isPrime } from '../../lib/placement/maglev.ts';
import type { Placement, Scheme, SchemeId, SchemeOptions } from '../../lib/placement/scheme.ts';
import { SAMPLES } from '../../lib/timing/index.ts';
import type { Timing } from '../../lib/timing/index.ts';
import { boundedScheme, jumpScheme, ketamaScheme, maglevScheme, modNScheme, multiProbeScheme, nginxScheme, rendezvousScheme } from '../../lib/placement/schemes.ts';
import type { Meter } from '../shared/meter.ts';
import { timed } from '../shared/timing.ts';
import type { CheckFailure } from '../shared/types.ts';

/**
 * What the placement lab's three cells share: the schemes by id, the keys and node names, a
 * work meter that yields and reports progress, and one measurement of one scheme on one set of
 * keys. Every scheme sees the same 32-bit key hashes (murmur3 of `key-<seed>-<i>`).
 */

export const SCHEMES: Record<SchemeId, Scheme> = {
  'mod-n': modNScheme,
  'ring-nginx': nginxScheme,
  'ring-ketama': ketamaScheme,
  rendezvous: rendezvousScheme,
  jump: jumpScheme,
  maglev: maglevScheme,
  bounded: boundedScheme,
  multiprobe: multiProbeScheme,
};

/** The schemes the lab offers, in the chapter's order. */
export const SCHEME_IDS = Object.keys(SCHEMES) as SchemeId[];
export const ALL_SCHEMES = SCHEME_IDS.join(', ');

/** Lookups allowed per run, counted as key visits weighted by each scheme's per-key work. */
export const MAX_WORK = 400_000_000;

/** Reads a list of scheme ids ("jump, maglev"), or says which word it does not know. */
export function parseSchemes(text: string): SchemeId[] | CheckFailure {
  const words = text.split(/[\s,]+/).filter((w) => w !== '');
  const bad = words.find((w) => !SCHEME_IDS.includes(w as SchemeId));
  if (bad !== undefined || words.length === 0) {
    return {
      param: 'schemes',
      code: 'unknown-scheme',
      vars: { name: bad ?? '', known: SCHEME_IDS.join(', ') },
      message: `schemes: "${bad ?? ''}" is not a scheme; known: ${SCHEME_IDS.join(', ')}`,
    };
  }
  return SCHEME_IDS.filter((id) => words.includes(id));
}

/** The work of `passes` passes over every key for each scheme (see perKeyWork). */
export function passWork(schemes: readonly SchemeId[], keys: number, nodes: number, probes: number, passes: number): number {
  return passes * keys * schemes.reduce((s, id) => s + perKeyWork(id, nodes, probes), 0);
}

/**
 * Checks shared by the cells: M prime and above the most nodes a run builds (`nodes`: the cells
 * that measure keys moved also build one node more), and the work a run may take.
 */
export function checkCommon(p: { M: number; nodes: number }, schemes: SchemeId[], work: number): CheckFailure | null {
  if (schemes.includes('maglev') && !isPrime(p.M)) {
    return { param: 'M', code: 'not-prime', vars: { M: p.M }, message: `M = ${p.M} is not prime; Maglev needs a prime table size (65537, 655373, ...)` };
  }
  if (schemes.includes('maglev') && p.M <= p.nodes) {
    return { param: 'M', code: 'm-small', vars: { M: p.M, nodes: p.nodes }, message: `M = ${p.M} must be larger than the most nodes the run builds (${p.nodes})` };
  }
  if (work > MAX_WORK) {
    const millions = Math.ceil(work / 1e6);
    return { param: 'keys', code: 'lab-too-much-work', vars: { millions, limit: MAX_WORK / 1e6 }, message: `this run would take about ${millions} million steps; at most ${MAX_WORK / 1e6} million are allowed. Lower keys or nodes, or leave out rendezvous.` };
  }
  return null;
}

/**
 * Work of hashing one key name (murmur3 of `key-<seed>-<i>`, hashKeys), in the units of
 * perKeyWork: measured, about 0.9 µs a key against 0.04 µs for a ring lookup, so a run of few
 * schemes is mostly this.
 */
export const KEY_HASH_WORK = 47;

/** Relative work of one lookup: rendezvous hashes every node, multi-probe searches `probes` times. */
export function perKeyWork(id: SchemeId, nodes: number, probes: number): number {
  if (id === 'rendezvous') return nodes;
  if (id === 'multiprobe') return probes * 2;
  return 2;
}

/** Node i is `10.0.<i / 256>.<i % 256>:11211`, prefixed by `<seed>/` when the seed is not 0. */
export function nodeNames(count: number, seed: number): string[] {
  return Array.from({ length: count }, (_, i) => `${seed === 0 ? '' : `${seed}/`}10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}:11211`);
}

/** Keys per chunk between yields. */
export const CHUNK = 8192;

export async function hashKeys(keys: number, seed: number, meter: Meter): Promise<Uint32Array> {
  const out = new Uint32Array(keys);
  for (let start = 0; start < keys; start += CHUNK) {
    const end = Math.min(keys, start + CHUNK);
    for (let i = start; i < end; i++) out[i] = murmur3(utf8(`key-${seed}-${i}`));
    await meter.advance(end - start);
  }
  return out;
}

/** Looks every key up once, in chunks, and returns each key's node. */
export async function lookupAll(p: Placement, hashes: Uint32Array, meter: Meter, weight: number): Promise<{ owners: Uint16Array }> {
  const owners = new Uint16Array(hashes.length);
  for (let start = 0; start < hashes.length; start += CHUNK) {
    const end = Math.min(hashes.length, start + CHUNK);
    for (let i = start; i < end; i++) owners[i] = p.lookup(hashes[i]);
    await meter.advance((end - start) * weight);
  }
  return { owners };
}

/**
 * The time of one lookup, on the machine that runs it: the keys looked up in turn, at least one
 * pass over them in all, each reading long enough for the clock (src/lib/timing). A stateful
 * placement (bounded loads: a lookup is a key arriving) is given as `fresh`, which builds a new
 * one: each pass over the keys runs on its own, built before the reading.
 */
export function timeLookups(p: Placement | { fresh: () => Placement }, hashes: Uint32Array, meter: Meter): Promise<Timing> {
  let k = 0;
  let sink = 0;
  const queue: Placement[] = [];
  let on = 'fresh' in p ? null : p;
  return timed(
    (ops) => {
      for (let i = 0; i < ops; i++) {
        if (k === 0 && 'fresh' in p) on = queue.shift()!;
        sink += on!.lookup(hashes[k]);
        k = k + 1 === hashes.length ? 0 : k + 1;
      }
      // Read, so the loop cannot be dropped as dead code.
      if (sink < 0) throw new Error('unreachable');
    },
    {
      minOps: hashes.length / SAMPLES,
      between: () => meter.advance(0),
      // The passes this slice begins, each on a placement of its own.
      prepare: (ops) => {
        if (!('fresh' in p)) return;
        const starts = Math.ceil((k + ops) / hashes.length) - (k === 0 ? 0 : 1);
        while (queue.length < starts) queue.push(p.fresh());
      },
    },
  );
}

/**
 * The time of one build of a scheme on `names`, repeated until the clock can read it: three
 * samples (a build is the costly operation here, and the lab builds every scheme three times).
 */
export function timeBuild(scheme: Scheme, names: readonly string[], options: SchemeOptions, meter: Meter): Promise<Timing> {
  return timed(
    (ops) => {
      for (let i = 0; i < ops; i++) scheme.build(names, undefined, options);
    },
    { samples: 3, between: () => meter.advance(0) },
  );
}

export function moved(a: Uint16Array, b: Uint16Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) m++;
  return m / a.length;
}

