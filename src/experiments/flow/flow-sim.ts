import { flowWork } from './flow-common.ts';
import { POLICIES, type Policy } from '../../lib/flow/index.ts';
import { checkFlow, flowParams, policyNotes, runFlows, trafficParams, type FlowData, type FlowParams } from './flow-common.ts';
import type { Experiment } from '../shared/types.ts';

export interface FlowSimParams extends FlowParams {
  policy: string;
}

/**
 * One balancer in front of `servers` FIFO servers, one policy: latency (time in system, in mean
 * service times at speed 1) after a warm-up, its percentiles, the longest queue, and each
 * server's utilisation in `data`.
 */
export const flowSim: Experiment<FlowSimParams, FlowData, 'flow-latency'> = {
  id: 'flow.sim',
  summary: 'one balancer in front of FIFO servers: a discrete-event simulation of a policy, with latency percentiles',
  notes: [
    ...policyNotes(),
    '',
    'checks against theory: with --servers 1 the mean latency is Pollaczek–Khinchine’s, 1 + load (1 + cv²) / (2 (1 − load));',
    'a heavy-tailed service converges slowly: at lognormal cv 2 one run’s mean spreads by about 4% over 200 000 requests,',
    'so flow.sim runs 2 000 000 by default (the most it takes; flow.compare, which runs several policies, keeps 200 000).',
  ],
  figures: ['flow-latency'],
  cost: {
    // The request-flow simulator: requests times their cost (flowWork).
    work: (p) => p.requests * flowWork(p, p.policy as Policy),
    knob: 'requests',
    // flow.*: on the flow kernel (src/kernels/flow.ts) with percentiles by selection, the median of three calibrations.
    secondsPerUnit: 5.58e-9,
    probes: { calibrate: { requests: '1000000' }, check: { requests: '100000', servers: '100', policy: 'jsq' } },
    // jsq scans every server on each request: 1000 servers and 900 000 requests take seconds.
    slow: { servers: '1000', policy: 'jsq', requests: '900000' },
  },
  primary: ['policy', 'load', 'servers'],
  params: {
    servers: flowParams.servers,
    load: flowParams.load,
    policy: { kind: 'choice', default: 'p2c', options: POLICIES },
    choices: flowParams.choices,
    refresh: flowParams.refresh,
    speeds: flowParams.speeds,
    // One policy's run: the most requests by default, so a heavy tail's mean settles (see the notes).
    requests: { ...flowParams.requests, default: flowParams.requests.max },
    seed: flowParams.seed,
    ...trafficParams,
  },
  check: (p) => checkFlow(p, [p.policy as Policy]),
  resultKind: (key) => (key === 'queue.max' ? 'int' : key === 'drop.rate' ? 'percent' : 'decimal'),
  async run(p, ctx) {
    const data = await runFlows(p, [p.policy as Policy], ctx);
    const r = data.policies[0];
    return {
      results: {
        'latency.mean': r.mean,
        'latency.p50': r.p50,
        'latency.p95': r.p95,
        'latency.p99': r.p99,
        'latency.max': r.max,
        'queue.max': r.queueMax,
        // Only with bounded queues: at the defaults the results stay the six they were.
        ...(p.capacity > 0 ? { 'drop.rate': r.dropped } : {}),
      },
      data,
    };
  },
};
