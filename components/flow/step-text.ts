import type { Policy } from '../../src/lib/flow/policy.ts';
import type { Decision } from './model.ts';

type Say = (key: 'flow.view.random' | 'flow.view.candidate' | 'flow.view.sampled' | 'flow.view.all' | 'flow.view.turn' | 'flow.view.age' | 'flow.view.repeat', vars: Record<string, string | number>) => string;

/** Step mode's sentence: where a policy sent one request, and what it looked at to decide. */
export function describeDecision(policy: Policy, d: Decision, t: Say, format: (v: number) => string): string {
  const cand = d.candidates;
  let s: string;
  if (policy === 'random') {
    s = t('flow.view.random', { policy, server: d.server, actual: cand[0].actual });
  } else if (d.sampled) {
    // Each sampled server named once: p2c and least_request draw with replacement, and say so when they drew one twice.
    const distinct = cand.filter((c, k) => cand.findIndex((o) => o.server === c.server) === k);
    const list = distinct.map((c) => t('flow.view.candidate', { server: c.server, reported: c.reported, actual: c.actual })).join(', ');
    s = t('flow.view.sampled', { policy, list, server: d.server });
    if (distinct.length < cand.length) s += ` ${t('flow.view.repeat', { policy })}`;
  } else if (policy === 'jsq') {
    s = t('flow.view.all', { policy, server: d.server, reported: cand[0].reported, actual: cand[0].actual });
  } else {
    s = t('flow.view.turn', { policy, server: d.server, actual: cand[0].actual });
  }
  if (d.age > 0 && (policy === 'p2c' || policy === 'jsq')) s += ` ${t('flow.view.age', { age: format(d.age) })}`;
  return s;
}
