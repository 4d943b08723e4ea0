import { DynamicFleet, type DynamicStep, type LayeredDesign } from '../../lib/mols/index.ts';
import { makeRng } from '../../lib/random/index.ts';
import { meter } from '../shared/meter.ts';
import type { CheckFailure, Experiment, ResultKind } from '../shared/types.ts';

export interface MolsDynamicParams extends Record<string, number | string | readonly number[]> {
  clients: number;
  relays: number;
  steps: number;
  turnover: number;
  design: string;
  p2c: string;
  congestion: string;
  sticky: string;
  seed: number;
}

export interface MolsDynamicData {
  steps: DynamicStep[];
  failAt: number;
  returnAt: number;
  episode: [number, number];
  flaky: [number, number];
}

/** Client-steps per run: each may rank every relay. (Clients stop at 4 000 because a step is not
 *  split: 4 000 clients re-ranked over 32 relays take some 40 ms, within a cancel's budget.) */
export const MAX_CLIENT_STEPS = 3_000_000;
const onOff = { kind: 'choice', default: 'on', options: ['on', 'off'] } as const;

/**
 * The layered router over time: clients come and go, latencies drift, the busiest relay fails and
 * comes back, a congestion episode pushes every RTT past 500 ms, and one relay turns flaky. Each
 * of the article's layers can be switched off to see what it does.
 */
export const molsDynamic: Experiment<MolsDynamicParams, MolsDynamicData, 'mols-dynamic'> = {
  id: 'mols.dynamic',
  summary: 'a time-stepped fleet with each layer of the router switchable',
  figures: ['mols-dynamic'],
  cost: {
    work: (p) => p.clients * p.relays * p.steps,
    knob: 'steps',
    secondsPerUnit: 1.14e-8,
    probes: { calibrate: { clients: '1000', steps: '2000' }, check: { clients: '3000', relays: '12', steps: '600' } },
    // 4 000 clients x 200 steps over 32 relays, with no sticky layer: every client re-ranked every step.
    slow: { clients: '4000', steps: '200', sticky: 'off', relays: '32' },
  },
  primary: ['design', 'sticky', 'congestion'],
  params: {
    clients: { kind: 'int', default: 700, min: 50, max: 4_000 },
    relays: { kind: 'int', default: 7, min: 3, max: 32 },
    steps: { kind: 'int', default: 100, min: 20, max: 2_000 },
    turnover: { kind: 'number', default: 0.01, min: 0, max: 0.2 },
    design: { kind: 'choice', default: 'article', options: ['article', 'rows'] },
    p2c: onOff,
    congestion: onOff,
    sticky: onOff,
    seed: { kind: 'int', default: 1, min: 0, max: 2147483647 },
  },
  check(p): CheckFailure | null {
    const work = p.clients * p.steps;
    if (work > MAX_CLIENT_STEPS) {
      return { param: 'steps', code: 'too-many-client-steps', vars: { millions: Math.ceil(work / 1e5) / 10, limit: MAX_CLIENT_STEPS / 1e6 }, message: `clients × steps is ${work}; at most ${MAX_CLIENT_STEPS} are allowed. Lower clients or steps.` };
    }
    return null;
  },
  resultKind(key): ResultKind {
    if (key === 'reconnects' || key === 'forced') return 'int';
    return 'decimal';
  },
  async run(p, ctx) {
    const fleet = new DynamicFleet(
      {
        clients: p.clients,
        relays: p.relays,
        steps: p.steps,
        turnover: p.turnover,
        design: p.design as LayeredDesign,
        layers: { p2c: p.p2c === 'on', congestion: p.congestion === 'on', sticky: p.sticky === 'on' },
      },
      makeRng('fast', p.seed),
    );
    const steps: DynamicStep[] = [];
    // About 5 000 client-steps between yields.
    const every = Math.max(1, Math.floor(5_000 / p.clients));
    const bar = meter(p.steps, ctx);
    for (let t = 0; t < p.steps; t++) {
      steps.push(fleet.advance());
      if ((t + 1) % every === 0) await bar.advance(every);
    }
    const sum = (k: 'reconnects' | 'forced') => steps.reduce((s, x) => s + x[k], 0);
    const results = {
      reconnects: sum('reconnects'),
      forced: sum('forced'),
      'spread.mean': steps.reduce((s, x) => s + x.spread, 0) / steps.length,
      'spread.peak': Math.max(...steps.map((x) => x.spread)),
      'rtt.mean': steps.reduce((s, x) => s + x.rtt, 0) / steps.length,
    };
    const data: MolsDynamicData = { steps, failAt: fleet.failAt, returnAt: fleet.returnAt, episode: fleet.episode, flaky: fleet.flaky };
    return { results, data };
  },
};
