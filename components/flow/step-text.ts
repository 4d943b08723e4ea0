import type { Policy } from '../../src/lib/flow/policy.ts';
import type { Decision } from './model.ts';

type Key =
  | 'flow.view.random'
  | 'flow.view.candidate'
  | 'flow.view.candidate.active'
  | 'flow.view.candidate.ewma'
  | 'flow.view.sampled'
  | 'flow.view.leastRequest'
  | 'flow.view.ewma'
  | 'flow.view.all'
  | 'flow.view.leastConn'
  | 'flow.view.only'
  | 'flow.view.turn'
  | 'flow.view.age'
  | 'flow.view.repeat';
type Say = (key: Key, vars: Record<string, string | number>) => string;

/** The policies that read the servers' loads (so a stale board's age matters to them). */
const READS_LOADS: ReadonlySet<Policy> = new Set<Policy>(['jsq', 'p2c', 'least_conn', 'random_two', 'least_request', 'peak_ewma']);

/**
 * Step mode's sentence: where a policy sent one request, and what it looked at to decide, in the
 * policy's own terms: p2c and random_two the loads of their samples, least_request its samples'
 * active requests (speeds not counted), peak_ewma its two candidates' latency estimate ×
 * (active + 1), jsq and least_conn every server (least_conn: connections per weight).
 */
export function describeDecision(policy: Policy, d: Decision, t: Say, format: (v: number) => string): string {
  const cand = d.candidates;
  // Each sampled server named once: p2c and least_request draw with replacement, and say so when they drew one twice.
  const distinct = cand.filter((c, k) => cand.findIndex((o) => o.server === c.server) === k);
  let s: string;
  if (policy === 'random') {
    s = t('flow.view.random', { policy, server: d.server, actual: cand[0].actual });
  } else if (policy === 'peak_ewma') {
    if (cand.length < 2) {
      s = t('flow.view.only', { policy, server: d.server, actual: cand[0].actual });
    } else {
      const list = cand.map((c) => t('flow.view.candidate.ewma', { server: c.server, estimate: format(c.estimate ?? NaN), reported: c.reported, cost: format((c.estimate ?? NaN) * (c.reported + 1)) })).join(', ');
      s = t('flow.view.ewma', { policy, list, server: d.server });
    }
  } else if (policy === 'least_request' && d.sampled) {
    const list = distinct.map((c) => t('flow.view.candidate.active', { server: c.server, reported: c.reported, actual: c.actual })).join(', ');
    s = t('flow.view.leastRequest', { policy, count: cand.length, list, server: d.server });
    if (distinct.length < cand.length) s += ` ${t('flow.view.repeat', { policy })}`;
  } else if (d.sampled) {
    const list = distinct.map((c) => t('flow.view.candidate', { server: c.server, reported: c.reported, actual: c.actual })).join(', ');
    s = t('flow.view.sampled', { policy, list, server: d.server });
    if (distinct.length < cand.length) s += ` ${t('flow.view.repeat', { policy })}`;
  } else if (policy === 'jsq') {
    s = t('flow.view.all', { policy, server: d.server, reported: cand[0].reported, actual: cand[0].actual });
  } else if (policy === 'least_conn') {
    s = t('flow.view.leastConn', { policy, server: d.server, reported: cand[0].reported, actual: cand[0].actual });
  } else {
    // rr and swrr; random_two too when nginx's twenty draws found no second server and it fell back to round robin.
    s = t('flow.view.turn', { policy, server: d.server, actual: cand[0].actual });
  }
  if (d.age > 0 && READS_LOADS.has(policy) && (d.sampled || policy === 'jsq' || policy === 'least_conn')) s += ` ${t('flow.view.age', { age: format(d.age) })}`;
  return s;
}
