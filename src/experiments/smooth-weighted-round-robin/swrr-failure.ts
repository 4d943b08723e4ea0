import { letter, nginxRequest, nginxUpstream } from '../../lib/swrr/index.ts';
import { checkSomeWeight, weightsSpec } from './swrr-common.ts';
import type { CheckFailure, Experiment } from '../shared/types.ts';

export interface SwrrFailureParams extends Record<string, number | string | readonly number[]> {
  weights: readonly number[];
  node: number;
  failAt: number;
  timeout: number;
  rounds: number;
}

export interface FailureRound {
  round: number;
  /** Every attempt of this round's request: a failed one first, if any, then the one that answered. */
  attempts: { peer: number; failed: boolean }[];
  /** Effective weights after the round. */
  effective: number[];
}

export interface SwrrFailureData {
  weights: number[];
  node: number;
  failAt: number;
  timeout: number;
  rounds: FailureRound[];
}

/**
 * nginx's weighted round robin when one backend breaks, request by request (one request a round,
 * the round number as nginx's clock). Node `node` (1 = A) answers with errors from round `failAt`
 * for `timeout` rounds. The first request it gets in that time fails and is retried on another
 * node; the failure drops its effective weight to 0 (max_fails=1) and takes it out for
 * fail_timeout = `timeout` rounds. Back in, its effective weight climbs by 1 in every selection.
 */
export const swrrFailure: Experiment<SwrrFailureParams, SwrrFailureData, 'swrr-failure'> = {
  id: 'swrr.failure',
  summary: "nginx's weighted round robin through a backend failure and its slow recovery",
  figures: ['swrr-failure'],
  cost: 'instant',
  primary: ['weights', 'node', 'failAt'],
  params: {
    weights: weightsSpec([5, 1, 1]),
    node: { kind: 'int', default: 1, min: 1, max: 12 },
    failAt: { kind: 'int', default: 3, min: 1, max: 200 },
    timeout: { kind: 'int', default: 4, min: 0, max: 200 },
    rounds: { kind: 'int', default: 30, min: 2, max: 200 },
  },
  check(p): CheckFailure | null {
    const bad = checkSomeWeight(p.weights);
    if (bad) return bad;
    if (p.node > p.weights.length) {
      return { param: 'node', code: 'node-past-end', vars: { node: p.node, count: p.weights.length }, message: `node ${p.node} does not exist: there are ${p.weights.length} weights` };
    }
    if (p.weights[p.node - 1] === 0) {
      return { param: 'node', code: 'node-off', vars: { node: p.node }, message: `node ${p.node} has weight 0, so it is never picked and cannot fail` };
    }
    if (p.weights.every((w, i) => w === 0 || i === p.node - 1)) {
      return { param: 'weights', code: 'no-other-node', vars: { node: p.node }, message: `node ${p.node} is the only node with a weight above 0: when it fails, no node is left to answer. Give another node a weight.` };
    }
    if (p.failAt > p.rounds) {
      return { param: 'failAt', code: 'fail-after-end', vars: { failAt: p.failAt, rounds: p.rounds }, message: `the failure at round ${p.failAt} comes after the last round, ${p.rounds}` };
    }
    return null;
  },
  // A round of 0 is one that never came (the node was never picked while down, or never came back).
  resultKind: (key) => (key === 'sequence' ? 'text' : key.endsWith('.round') ? 'int-or-none' : 'int'),
  say: {
    // What happens to the failing node: it fails and comes back (to its full weight, or not yet when
    // the run ends), fails and never answers again, or is never picked while down.
    story(p, r) {
      const node = { text: letter(p.node - 1) };
      const vars = { node, failed: { result: 'failed.round' }, back: { result: 'back.round' }, full: { result: 'full.round' }, from: { param: 'failAt' }, to: { count: Math.min(p.rounds, p.failAt + Math.max(1, p.timeout) - 1) }, rounds: { param: 'rounds' } };
      const down = Math.min(p.rounds, p.failAt + Math.max(1, p.timeout) - 1);
      const which = !r['failed.round'] ? (down === p.failAt ? 'unpicked1' : 'unpicked') : !r['back.round'] ? 'gone' : !r['full.round'] ? 'climbing' : 'back';
      return { case: which, vars };
    },
  },
  async run(p, ctx) {
    const node = p.node - 1;
    const u = nginxUpstream(p.weights, { maxFails: 1, failTimeout: p.timeout });
    const rounds: FailureRound[] = [];
    let failed = 0;
    let back = 0;
    let full = 0;
    for (let r = 1; r <= p.rounds; r++) {
      const broken = r >= p.failAt && r < p.failAt + Math.max(1, p.timeout);
      const attempts = nginxRequest(u, r, (peer) => broken && peer === node);
      if (!failed && attempts.some((a) => a.failed)) failed = r;
      const served = attempts[attempts.length - 1];
      if (failed && r > failed && !back && served.peer === node && !served.failed) back = r;
      const effective = u.peers.map((q) => q.effectiveWeight);
      if (failed && !full && effective[node] === p.weights[node] && r > failed) full = r;
      rounds.push({ round: r, attempts, effective });
    }
    ctx.progress(1);
    const sequence = rounds.map((x) => letter(x.attempts[x.attempts.length - 1].peer)).join('');
    const data: SwrrFailureData = { weights: [...p.weights], node, failAt: p.failAt, timeout: p.timeout, rounds };
    return {
      results: { sequence, 'failed.round': failed, 'back.round': back, 'full.round': full, 'node.picks': rounds.filter((x) => x.attempts.some((a) => a.peer === node && !a.failed)).length },
      data,
    };
  },
};
