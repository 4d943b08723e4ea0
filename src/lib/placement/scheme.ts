/**
 * One interface for every key-to-node scheme in the placement lab: build a placement from node
 * names (and weights), look a key's 32-bit hash up, count the bytes it holds. All schemes are
 * given the same key hashes, so what differs between them is the placement and nothing else.
 */

import { MAX_NODES } from '../hashing/ring.ts';

export type SchemeId = 'mod-n' | 'ring-nginx' | 'ring-ketama' | 'rendezvous' | 'jump' | 'maglev' | 'bounded' | 'multiprobe';

export interface SchemeOptions {
  /** Ring points per node (per unit of weight): the rings and bounded loads' ring. */
  readonly V: number;
  /** Maglev's table size, a prime. */
  readonly M: number;
  /** Bounded loads' balance factor, c = 1 + epsilon. */
  readonly c: number;
  /** Multi-probe's probes per key. */
  readonly probes: number;
  /** Bounded loads: the number of keys the capacities are made for. */
  readonly keys: number;
}

export const DEFAULT_OPTIONS: SchemeOptions = { V: 160, M: 65_537, c: 1.25, probes: 21, keys: 100_000 };

export interface Placement {
  readonly scheme: SchemeId;
  readonly nodes: readonly string[];
  readonly weights: readonly number[] | undefined;
  readonly options: SchemeOptions;
  /**
   * The index (into `nodes`) of the node that gets this key. Pure for every scheme but bounded
   * loads, whose lookup is a key arriving: it fills the node it returns.
   */
  lookup(keyHash: number): number;
  /** Bytes held by the placement's typed arrays once built (temporary build arrays excluded). */
  readonly bytes: number;
  /**
   * Each node's share of the key space, exactly, where the scheme has it in closed form:
   * Maglev's table shares, multi-probe's expected shares. Free of the noise that sampling keys adds.
   */
  readonly shares?: () => Float64Array;
}

export interface Scheme {
  readonly id: SchemeId;
  /** How weights are honoured: natively by the algorithm, or by a construction the paper does not give. */
  readonly weights: 'native' | 'emulated';
  /** Whether a lookup changes state (bounded loads). */
  readonly stateful: boolean;
  build(nodes: readonly string[], weights: readonly number[] | undefined, options: SchemeOptions): Placement;
}

/** The same scheme with one more node at the end of the list. */
export function addNode(scheme: Scheme, p: Placement, name: string, weight = 1): Placement {
  return scheme.build([...p.nodes, name], p.weights ? [...p.weights, weight] : weight === 1 ? undefined : [...p.nodes.map(() => 1), weight], p.options);
}

/**
 * The same scheme without node `index`. The other nodes keep their order, so for jump (whose
 * buckets are numbered) only removing the last node is the minimal change.
 */
export function removeNode(scheme: Scheme, p: Placement, index: number): Placement {
  if (p.nodes.length < 2) throw new RangeError('removeNode: a placement needs at least one node');
  return scheme.build(
    p.nodes.filter((_, i) => i !== index),
    p.weights?.filter((_, i) => i !== index),
    p.options,
  );
}

export function checkWeights(nodes: readonly string[], weights: readonly number[] | undefined): void {
  // Owners are kept as Uint16 node indices, as in the rings (ring.ts MAX_NODES).
  if (nodes.length < 1 || nodes.length > MAX_NODES) throw new RangeError(`placement: 1 to ${MAX_NODES} nodes, got ${nodes.length}`);
  if (weights && (weights.length !== nodes.length || weights.some((w) => !Number.isInteger(w) || w < 1))) {
    throw new RangeError('placement: weights must be one positive integer per node');
  }
}
