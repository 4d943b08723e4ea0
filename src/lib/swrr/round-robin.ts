import { checkWeights } from './swrr.ts';

/**
 * The two schemes SWRR is measured against. Both skip nodes of weight 0, as SWRR does, so
 * that "weight 0" means "off" in every scheme.
 */

/** Plain round robin: every node with a weight above 0 in turn, the weights otherwise ignored. */
export interface RoundRobin {
  readonly on: number[];
  next: number;
}

export function roundRobin(weights: ArrayLike<number>): RoundRobin {
  checkWeights(weights);
  const on: number[] = [];
  for (let i = 0; i < weights.length; i++) if (weights[i] > 0) on.push(i);
  return { on, next: 0 };
}

export function pickRoundRobin(s: RoundRobin): number {
  const node = s.on[s.next];
  s.next = (s.next + 1) % s.on.length;
  return node;
}

/**
 * Weighted round robin the simple way: node 0 `weights[0]` times in a row, then node 1
 * `weights[1]` times, and so on. The shares are right; the picks come in bursts.
 */
export interface BurstRoundRobin {
  readonly weights: Float64Array;
  node: number;
  /** Picks the current node has had in its turn. */
  served: number;
}

export function burstRoundRobin(weights: ArrayLike<number>): BurstRoundRobin {
  checkWeights(weights);
  const w = Float64Array.from(weights);
  let node = 0;
  while (w[node] === 0) node++;
  return { weights: w, node, served: 0 };
}

export function pickBurst(s: BurstRoundRobin): number {
  const node = s.node;
  s.served++;
  if (s.served >= s.weights[node]) {
    s.served = 0;
    do s.node = (s.node + 1) % s.weights.length;
    while (s.weights[s.node] === 0);
  }
  return node;
}
