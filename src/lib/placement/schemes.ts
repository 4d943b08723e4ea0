import { modN } from '../hashing/mod-n.ts';
import { fillKetamaPoints } from '../hashing/points-ketama.ts';
import { fillNginxPoints } from '../hashing/points-nginx.ts';
import { vnodePoints } from '../hashing/points-vnodes.ts';
import { buildRing, lookup as ringLookup, ringBytes } from '../hashing/ring.ts';
import type { Ring } from '../hashing/ring.ts';
import { identity } from '../hashing/fnv1a.ts';
import { rendezvousPick } from '../hashing/rendezvous.ts';
import { assign, boundedCapacity, boundedLoads } from './bounded.ts';
import { jumpHash } from './jump.ts';
import { maglevShares, maglevTable } from './maglev.ts';
import { multiProbeLookup, multiProbeShares } from './multiprobe.ts';
import { checkWeights } from './scheme.ts';
import type { Placement, Scheme, SchemeId, SchemeOptions } from './scheme.ts';

/** Cumulative weights: slot s belongs to the node whose range holds it (binary search). */
function cumulative(weights: readonly number[]): Uint32Array {
  const ends = new Uint32Array(weights.length);
  let acc = 0;
  weights.forEach((w, i) => {
    acc += w;
    ends[i] = acc;
  });
  return ends;
}

function slotOwner(ends: Uint32Array, slot: number): number {
  let lo = 0;
  let hi = ends.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ends[mid] <= slot) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function placement(
  id: SchemeId,
  nodes: readonly string[],
  weights: readonly number[] | undefined,
  options: SchemeOptions,
  lookup: (h: number) => number,
  bytes: number,
  shares?: () => Float64Array,
): Placement {
  return { scheme: id, nodes, weights, options, lookup, bytes, ...(shares ? { shares } : {}) };
}

/**
 * mod-N, the baseline: node = hash mod N. With weights, hash mod W picks a slot of the total
 * weight W and the node owning that slot's range, as nginx's plain `hash` does.
 */
export const modNScheme: Scheme = {
  id: 'mod-n',
  weights: 'native',
  stateful: false,
  build(nodes, weights, options) {
    checkWeights(nodes, weights);
    const n = nodes.length;
    if (!weights) return placement('mod-n', nodes, weights, options, (h) => modN(h, n), 0);
    const ends = cumulative(weights);
    const total = ends[n - 1];
    return placement('mod-n', nodes, weights, options, (h) => slotOwner(ends, h % total), ends.byteLength);
  },
};

/**
 * A ring of `counts[i]` points for node i, written by `fill(name, count, out, offset)`; collided
 * points deduped (nginx) or kept (libketama).
 */
function ringOf(
  nodes: readonly string[],
  counts: readonly number[],
  fill: (name: string, count: number, out: Uint32Array, offset: number) => void,
  dedupe: boolean,
): Ring {
  const total = counts.reduce((a, b) => a + b, 0);
  const hashes = new Uint32Array(total);
  const owners = new Uint16Array(total);
  let offset = 0;
  nodes.forEach((name, i) => {
    fill(name, counts[i], hashes, offset);
    owners.fill(i, offset, offset + counts[i]);
    offset += counts[i];
  });
  return buildRing({ hashes, nodes: owners }, nodes.length, { dedupe });
}

/** nginx's CRC-32 chains, V points per unit of weight, collided points deduped. */
function crcRing(nodes: readonly string[], perUnit: number, weights: readonly number[] | undefined): Ring {
  return ringOf(nodes, nodes.map((_, i) => (weights ? weights[i] : 1) * perUnit), fillNginxPoints, true);
}

/** A murmur3 point per unit of weight: multi-probe's ring. */
function pointPerUnit(nodes: readonly string[], weights: readonly number[] | undefined): Ring {
  const fill = (name: string, count: number, out: Uint32Array, offset: number) => out.set(vnodePoints(name, count), offset);
  return ringOf(nodes, nodes.map((_, i) => (weights ? weights[i] : 1)), fill, true);
}

function ringPlacement(id: SchemeId, nodes: readonly string[], weights: readonly number[] | undefined, options: SchemeOptions, ring: Ring): Placement {
  return placement(id, nodes, weights, options, (h) => ringLookup(ring, h), ringBytes(ring));
}

/**
 * nginx's `hash ... consistent` ring with V points per unit of weight (nginx fixes V = 160):
 * crc32(host \0 port prev) chains, collided points deduped.
 */
export const nginxScheme: Scheme = {
  id: 'ring-nginx',
  weights: 'native',
  stateful: false,
  build(nodes, weights, options) {
    checkWeights(nodes, weights);
    return ringPlacement('ring-nginx', nodes, weights, options, crcRing(nodes, options.V, weights));
  },
};

/**
 * libketama's continuum with V points per node on average (libketama fixes V = 160: 40 MD5
 * digests of four points each): node i gets floor(w_i / W * V/4 * N) digests, in libketama's
 * float32 arithmetic, so V = 160 is libketama exactly.
 */
export const ketamaScheme: Scheme = {
  id: 'ring-ketama',
  weights: 'native',
  stateful: false,
  build(nodes, weights, options) {
    checkWeights(nodes, weights);
    const f = Math.fround;
    const n = nodes.length;
    const w = weights ?? nodes.map(() => 1);
    const total = w.reduce((a, b) => a + b, 0);
    const perNode = Math.max(1, Math.floor(options.V / 4));
    const digests = w.map((wi) => Math.max(1, Math.floor(f(f(f(wi) / f(total)) * perNode * f(n)))));
    // Four points a digest; libketama keeps collided points.
    const fill = (name: string, count: number, out: Uint32Array, offset: number) => fillKetamaPoints(name, count / 4, out, offset);
    return ringPlacement('ring-ketama', nodes, weights, options, ringOf(nodes, digests.map((d) => 4 * d), fill, false));
  },
};

/**
 * Jump consistent hash. It has no weights; with weights, node i is given w_i consecutive
 * buckets (a table of W entries), so appending a node still only appends buckets.
 */
export const jumpScheme: Scheme = {
  id: 'jump',
  weights: 'emulated',
  stateful: false,
  build(nodes, weights, options) {
    checkWeights(nodes, weights);
    const n = nodes.length;
    if (!weights) return placement('jump', nodes, weights, options, (h) => jumpHash(0, h, n), 0);
    const total = weights.reduce((a, b) => a + b, 0);
    const bucketNode = new Uint16Array(total);
    let offset = 0;
    weights.forEach((w, i) => {
      bucketNode.fill(i, offset, offset + w);
      offset += w;
    });
    return placement('jump', nodes, weights, options, (h) => bucketNode[jumpHash(0, h, total)], bucketNode.byteLength);
  },
};

/** Maglev with table size M (weights: w_i turns per round). A key reads table[hash mod M]. */
export const maglevScheme: Scheme = {
  id: 'maglev',
  weights: 'native',
  stateful: false,
  build(nodes, weights, options) {
    checkWeights(nodes, weights);
    const m = options.M;
    const table = maglevTable(nodes, m, weights);
    return placement('maglev', nodes, weights, options, (h) => table[h % m], table.byteLength, () => maglevShares(table, nodes.length));
  },
};

/**
 * Consistent hashing with bounded loads on the ring-nginx scheme's ring (the same points, so the
 * two differ by the cap alone), capacities for `options.keys` keys at factor c. Its lookup is
 * stateful: a key arriving.
 */
export const boundedScheme: Scheme = {
  id: 'bounded',
  weights: 'native',
  stateful: true,
  build(nodes, weights, options) {
    checkWeights(nodes, weights);
    const ring = crcRing(nodes, options.V, weights);
    const state = boundedLoads(ring, boundedCapacity(options.keys, options.c, nodes.length, weights));
    const bytes = ringBytes(ring) + state.capacity.byteLength + state.loads.byteLength;
    return placement('bounded', nodes, weights, options, (h) => assign(state, h), bytes);
  },
};

/**
 * Multi-probe consistent hashing: one murmur3 point per node (w points for weight w, a
 * construction of ours: the paper has no weights), `probes` probes per key.
 */
export const multiProbeScheme: Scheme = {
  id: 'multiprobe',
  weights: 'emulated',
  stateful: false,
  build(nodes, weights, options) {
    checkWeights(nodes, weights);
    const ring = pointPerUnit(nodes, weights);
    const k = options.probes;
    return placement('multiprobe', nodes, weights, options, (h) => multiProbeLookup(ring, h, k), ringBytes(ring), () => multiProbeShares(ring, k));
  },
};

/**
 * Rendezvous (highest random weight) hashing, the MOLS chapter's implementation: every node
 * scores the key, the highest score wins; weighted by the logarithmic method, -w / ln(u).
 * Each node is kept as its 32-bit identity (fmix32 of FNV-1a of its name), four bytes a node.
 */
export const rendezvousScheme: Scheme = {
  id: 'rendezvous',
  weights: 'native',
  stateful: false,
  build(nodes, weights, options) {
    checkWeights(nodes, weights);
    const ids = Uint32Array.from(nodes, identity);
    if (!weights) return placement('rendezvous', nodes, weights, options, (h) => rendezvousPick(h, ids), ids.byteLength);
    const w = Float64Array.from(weights);
    return placement('rendezvous', nodes, weights, options, (h) => rendezvousPick(h, ids, w), ids.byteLength + w.byteLength);
  },
};
