import { sum } from '../shared/cost.ts';
import { checkFlow, flowParams, flowWork, parsePolicies, policyNotes, runFlows, trafficParams, type FlowData, type FlowParams } from './flow-common.ts';
import { POLICIES } from '../../lib/flow/index.ts';
import type { Experiment } from '../shared/types.ts';

export interface FlowCompareParams extends FlowParams {
  /** Policy names, comma-separated (POLICIES). */
  policies: string;
}

/**
 * Several policies on the same requests (the same seed gives the same arrival times and the same
 * work), so the difference in latency is the policy and nothing else.
 */
export const flowCompare: Experiment<FlowCompareParams, FlowData, 'flow-latency'> = {
  id: 'flow.compare',
  summary: 'several balancing policies on the same requests: mean and p99 latency of each',
  notes: policyNotes(),
  figures: ['flow-latency'],
  cost: {
    work: (p) => {
      const parsed = parsePolicies(String(p.policies));
      return parsed.ok ? sum(parsed.policies.map((policy) => p.requests * flowWork(p, policy))) : 0;
    },
    knob: 'requests',
    secondsPerUnit: 5.99e-9,
    probes: { calibrate: { requests: '300000' }, check: { requests: '200000', servers: '50', policies: 'rr, swrr, p2c', refresh: '1' } },
    slow: { servers: '1000', requests: '900000' },
  },
  primary: ['load', 'servers', 'policies'],
  params: {
    // A checkbox a policy in the page, named as the figure and the results name it (no labels of their own).
    policies: { kind: 'text', default: 'random, p2c, jsq', maxLength: 120, maxLines: 1, set: { words: POLICIES, labels: 'cell.flow.compare.policy.' } },
    servers: flowParams.servers,
    load: flowParams.load,
    choices: flowParams.choices,
    refresh: flowParams.refresh,
    speeds: flowParams.speeds,
    requests: flowParams.requests,
    seed: flowParams.seed,
    ...trafficParams,
  },
  check(p) {
    const parsed = parsePolicies(p.policies);
    if (!parsed.ok) return parsed.failure;
    return checkFlow(p, parsed.policies);
  },
  resultKind: (key) => (key.startsWith('drop.rate.') ? 'percent' : 'decimal'),
  async run(p, ctx) {
    const parsed = parsePolicies(p.policies);
    if (!parsed.ok) throw new RangeError(parsed.failure.message);
    const data = await runFlows(p, parsed.policies, ctx);
    const results: Record<string, number> = {};
    for (const r of data.policies) results[`latency.mean.${r.policy}`] = r.mean;
    for (const r of data.policies) results[`latency.p99.${r.policy}`] = r.p99;
    if (p.capacity > 0) for (const r of data.policies) results[`drop.rate.${r.policy}`] = r.dropped;
    return { results, data };
  },
};
