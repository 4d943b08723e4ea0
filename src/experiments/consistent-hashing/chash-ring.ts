import { buildRing, lookup, vnodeKeyHash, vnodePoints } from '../../lib/hashing/index.ts';
import type { Ring } from '../../lib/hashing/index.ts';
import type { CheckFailure, Experiment } from '../shared/types.ts';
import { TWO_32 } from '../../lib/fp/index.ts';

export interface RingParams extends Record<string, number | string | readonly number[]> {
  nodes: number;
  vnodes: number;
  change: string;
  keys: number;
  /** change = add-at: where the joining node's first point sits, in degrees clockwise from the top. */
  at: number;
  /** change = remove-node: the node that leaves, by index. */
  leave: number;
}

/** Angles are in degrees clockwise from the top: hash / 2^32 x 360. */
export interface RingPointDatum {
  angle: number;
  node: number;
}

/** The arc a point owns: from the previous point (exclusive) to this one (inclusive), clockwise. */
export interface RingArcDatum {
  from: number;
  /** Degrees covered, clockwise from `from`; 360 when the ring has a single point. */
  span: number;
  node: number;
}

/** A piece of the circle between two neighbouring points of either ring, with its two owners. */
export interface RingSegmentDatum {
  from: number;
  span: number;
  before: number;
  after: number;
  changed: boolean;
}

export interface RingKeyDatum {
  angle: number;
  before: number;
  after: number;
  moved: boolean;
}

export interface RingSide {
  points: RingPointDatum[];
  arcs: RingArcDatum[];
}

export interface RingData {
  change: 'add' | 'remove';
  /** Node names, n0 ...: every node in either ring. */
  names: string[];
  /** The node added or removed. */
  changed: number;
  /** Where the joining node's first point was put by hand (degrees), or null where its name hashes. */
  at: number | null;
  before: RingSide;
  after: RingSide;
  segments: RingSegmentDatum[];
  keys: RingKeyDatum[];
}

const TWO32 = TWO_32;
const angleOf = (hash: number): number => (hash / TWO32) * 360;
/** Clockwise degrees from hash a to hash b; a full turn when they are equal. */
const spanOf = (a: number, b: number): number => (b > a ? angleOf(b - a) : 360 - angleOf(a - b));

const names = (n: number): string[] => Array.from({ length: n }, (_, i) => `n${i}`);

/** The hash at `deg` degrees clockwise from the top: the inverse of angleOf, to the nearest hash below. */
export const hashAt = (deg: number): number => Math.min(TWO32 - 1, Math.floor((deg / 360) * TWO32));

/**
 * The ring of the nodes named in `members` (indices into the names), each with `vnodes` points
 * where its name hashes, but for `placed`: that node's first point at the given hash instead.
 */
function ringOf(all: readonly string[], members: readonly number[], vnodes: number, placed?: { node: number; hash: number }): Ring {
  const hashes = new Uint32Array(members.length * vnodes);
  const nodes = new Uint16Array(members.length * vnodes);
  members.forEach((n, i) => {
    const points = vnodePoints(all[n], vnodes);
    if (placed?.node === n) points[0] = placed.hash;
    hashes.set(points, i * vnodes);
    nodes.fill(n, i * vnodes, (i + 1) * vnodes);
  });
  return buildRing({ hashes, nodes }, all.length, { dedupe: true });
}

function side(ring: Ring): RingSide {
  const { hashes, nodes } = ring;
  const count = hashes.length;
  const points = Array.from(hashes, (h, i) => ({ angle: angleOf(h), node: nodes[i] }));
  const arcs = Array.from(hashes, (h, i) => {
    const prev = hashes[(i + count - 1) % count];
    return { from: angleOf(prev), span: spanOf(prev, h), node: nodes[i] };
  });
  return { points, arcs };
}

/**
 * The ring, small enough to draw: `nodes` nodes with `vnodes` points each on the fast-hash ring
 * (vnodeRing), before and after one node joins (n<nodes>) or leaves (the last, n<nodes-1>).
 * A key goes to the first point clockwise at or after its hash (ketama, nginx). The circle is cut
 * at every point of either ring; each piece has one owner before and one after, and a key moves
 * exactly when the piece it falls in changed owner.
 */
export const chashRing: Experiment<RingParams, RingData, 'chash-ring'> = {
  id: 'chash.ring',
  summary: 'a small ring: add or remove a node and see which arcs move',
  figures: ['chash-ring'],
  // At most 12 nodes x 16 points and 2000 keys: always fast.
  cost: 'instant',
  primary: ['nodes', 'vnodes', 'change'],
  params: {
    nodes: { kind: 'int', default: 4, min: 1, max: 12 },
    vnodes: { kind: 'int', default: 3, min: 1, max: 16 },
    // add: the new node's points where its name hashes; add-at: its first point at `at`; remove: the last node leaves; remove-node: node `leave` does.
    change: { kind: 'choice', default: 'add', options: ['add', 'add-at', 'remove', 'remove-node'] },
    keys: { kind: 'int', default: 200, min: 10, max: 2000 },
    // Set by the figure's hand (a click on an arc, or on a node's point), or typed.
    at: { kind: 'number', default: 0, min: 0, max: 359.99, step: 0.01 },
    leave: { kind: 'int', default: 0, min: 0, max: 11 },
  },
  check(p): CheckFailure | null {
    const removing = p.change === 'remove' || p.change === 'remove-node';
    if (removing && p.nodes <= 1) return { param: 'change', code: 'no-node-left', vars: { nodes: p.nodes }, message: `removing a node from ${p.nodes} would leave no node to send keys to` };
    if (p.change === 'remove-node' && p.leave >= p.nodes) return { param: 'leave', code: 'ring-leave', vars: { leave: p.leave, last: p.nodes - 1 }, message: `there is no node n${p.leave} on a ring of n0 … n${p.nodes - 1}` };
    return null;
  },
  resultKind: (key) => (key.endsWith('.fraction') ? 'percent' : 'int'),
  async run(p, ctx) {
    const add = p.change === 'add' || p.change === 'add-at';
    const all = names(add ? p.nodes + 1 : p.nodes);
    const base = Array.from({ length: p.nodes }, (_, i) => i);
    const changed = add ? p.nodes : p.change === 'remove-node' ? p.leave : p.nodes - 1;
    const at = p.change === 'add-at' ? p.at : null;
    const placed = at === null ? undefined : { node: changed, hash: hashAt(at) };
    const before = ringOf(all, base, p.vnodes);
    const after = ringOf(all, add ? [...base, changed] : base.filter((n) => n !== changed), p.vnodes, placed);

    const cuts = Array.from(new Set([...before.hashes, ...after.hashes])).sort((a, b) => a - b);
    const segments = cuts.map((h, i) => {
      const prev = cuts[(i + cuts.length - 1) % cuts.length];
      const b = lookup(before, h);
      const a = lookup(after, h);
      return { from: angleOf(prev), span: spanOf(prev, h), before: b, after: a, changed: a !== b };
    });

    const keys: RingKeyDatum[] = [];
    let moved = 0;
    for (let i = 0; i < p.keys; i++) {
      const h = vnodeKeyHash(`key-${i}`);
      const b = lookup(before, h);
      const a = lookup(after, h);
      if (a !== b) moved++;
      keys.push({ angle: angleOf(h), before: b, after: a, moved: a !== b });
    }
    ctx.progress(1);

    const data: RingData = {
      change: add ? 'add' : 'remove',
      names: all,
      changed,
      at,
      before: side(before),
      after: side(after),
      segments,
      keys,
    };
    return {
      results: {
        'moved.keys': moved,
        'moved.fraction': moved / p.keys,
        'arcs.changed': segments.filter((s) => s.changed).length,
        'ideal.fraction': 1 / (add ? p.nodes + 1 : p.nodes),
      },
      data,
    };
  },
};
