/**
 * Smooth weighted round robin with its state in the open: nginx's algorithm (commit 52327e0627f4,
 * "Upstream: smooth weighted round-robin balancing", 2012) without the failure accounting, which
 * lives in nginx.ts. Each pick adds every weight to its node's current weight, takes the node
 * with the highest current weight (the first one listed on a tie, as nginx's strict '>' does),
 * and subtracts the total weight from it.
 */
export interface Swrr {
  readonly weights: Float64Array;
  /** Current weights; they sum to 0 between picks. */
  readonly current: Float64Array;
  readonly total: number;
}

/** Thrown for weights nobody can be picked from; `code` names the problem for a page to localise. */
export class WeightsError extends Error {
  readonly code: 'no-nodes' | 'all-zero' | 'bad-weight';
  constructor(code: 'no-nodes' | 'all-zero' | 'bad-weight', message: string) {
    super(message);
    this.name = 'WeightsError';
    this.code = code;
  }
}

export function checkWeights(weights: ArrayLike<number>): number {
  if (weights.length === 0) throw new WeightsError('no-nodes', 'swrr: no nodes to pick from');
  let total = 0;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (!Number.isSafeInteger(w) || w < 0) throw new WeightsError('bad-weight', `swrr: weight ${i} is ${w}; weights are integers 0 or more`);
    total += w;
  }
  if (total === 0) throw new WeightsError('all-zero', 'swrr: every weight is 0, so there is no node to pick');
  if (!Number.isSafeInteger(total)) throw new WeightsError('bad-weight', 'swrr: the weights add up past 2^53');
  return total;
}

export function swrr(weights: ArrayLike<number>): Swrr {
  const total = checkWeights(weights);
  return { weights: Float64Array.from(weights), current: new Float64Array(weights.length), total };
}

/** Back to the start: every current weight 0 (what a restart or a refreshed list gives). */
export function reset(s: Swrr): void {
  s.current.fill(0);
}

/** One pick: the index of the chosen node. A node of weight 0 is never chosen. */
export function pick(s: Swrr): number {
  const { weights, current } = s;
  let best = -1;
  let bestCurrent = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w === 0) continue;
    const c = current[i] + w;
    current[i] = c;
    if (c > bestCurrent) {
      best = i;
      bestCurrent = c;
    }
  }
  current[best] -= s.total;
  return best;
}

/** `count` picks in a row. */
export function picks(s: Swrr, count: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(pick(s));
  return out;
}

/** One round of the article's table: the current weights after adding, the pick, and after subtracting. */
export interface TraceRow {
  added: number[];
  picked: number;
  after: number[];
}

export function trace(s: Swrr, rounds: number): TraceRow[] {
  const rows: TraceRow[] = [];
  for (let r = 0; r < rounds; r++) {
    const added = Array.from(s.current, (c, i) => (s.weights[i] === 0 ? c : c + s.weights[i]));
    const picked = pick(s);
    rows.push({ added, picked, after: Array.from(s.current) });
  }
  return rows;
}
