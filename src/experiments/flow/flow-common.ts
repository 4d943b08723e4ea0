import { openFlow } from '../../kernels/flow.ts';
import { ceilLog2 } from '../../lib/fp/index.ts';
import { isPolicy, isService, POLICIES, POLICY_NOTES, SERVICES, slowWindow, summarise, utilisation, type FlowOptions, type Policy } from '../../lib/flow/index.ts';
import { abortError, pause } from '../shared/pause.ts';
import type { CheckFailure, ParamSpec, RunContext } from '../shared/types.ts';

/**
 * What flow.sim and flow.compare share: the parameters of one balancer in front of its servers,
 * the work bound, and the driver that runs the policies one after another on the same seed
 * (so on the same requests), in chunks, with progress and cancel.
 */
export interface FlowParams extends Record<string, number | string | readonly number[]> {
  servers: number;
  load: number;
  choices: number;
  refresh: number;
  speeds: readonly number[];
  requests: number;
  seed: number;
  /** The traffic (all optional, off by default): service law and cv, bounded queues, a slow stretch. */
  service: string;
  cv: number;
  capacity: number;
  slow: number;
  slowFactor: number;
  slowFrom: number;
  slowFor: number;
  /** Peak EWMA's decay time. */
  decay: number;
}

export const flowParams = {
  servers: { kind: 'int', default: 10, min: 1, max: 1000 },
  load: { kind: 'number', default: 0.9, min: 0.05, max: 0.99, slider: true, step: 0.01 },
  choices: { kind: 'int', default: 2, min: 1, max: 8 },
  refresh: { kind: 'number', default: 0, min: 0, max: 100 },
  speeds: { kind: 'int-list', default: [1], min: 1, max: 100, maxItems: 100, distinct: false },
  requests: { kind: 'int', default: 200_000, min: 1000, max: 2_000_000 },
  seed: { kind: 'int', default: 1, min: 0, max: Number.MAX_SAFE_INTEGER },
  service: { kind: 'choice', default: 'exp', options: SERVICES },
  cv: { kind: 'number', default: 1, min: 0.1, max: 10 },
  capacity: { kind: 'int', default: 0, min: 0, max: 10_000 },
  slow: { kind: 'int', default: 0, min: 0, max: 1000 },
  slowFactor: { kind: 'number', default: 5, min: 1, max: 100 },
  slowFrom: { kind: 'number', default: 0.4, min: 0, max: 1 },
  slowFor: { kind: 'number', default: 0.3, min: 0, max: 1 },
  decay: { kind: 'number', default: 10, min: 0.01, max: 10_000 },
} satisfies Record<string, ParamSpec>;

/** The traffic parameters, in the order the cells list them (after the balancer's). */
export const trafficParams = {
  service: flowParams.service,
  cv: flowParams.cv,
  capacity: flowParams.capacity,
  slow: flowParams.slow,
  slowFactor: flowParams.slowFactor,
  slowFrom: flowParams.slowFrom,
  slowFor: flowParams.slowFor,
  decay: flowParams.decay,
} satisfies Record<string, ParamSpec>;

/**
 * The engine's options for one policy. The slow stretch is given as fractions of the run's
 * expected length (requests over the arrival rate), so it falls in the same part of the run
 * whatever the servers, the load or the requests.
 */
export function flowOptions(p: FlowParams, policy: Policy): FlowOptions {
  const { slowFrom, slowTo } = slowWindow(p.servers, p.speeds, p.load, p.requests, p.slowFrom, p.slowFor);
  const service = isService(p.service) ? p.service : 'exp';
  return {
    servers: p.servers,
    speeds: p.speeds,
    load: p.load,
    policy,
    choices: p.choices,
    refresh: p.refresh,
    seed: p.seed,
    service,
    cv: p.cv,
    capacity: p.capacity,
    slow: p.slow,
    slowFactor: p.slowFactor,
    slowFrom,
    slowTo,
    decay: p.decay,
  };
}

/** The help's lines on the policies (`reproduce -- flow.sim --help`), one a policy. */
export function policyNotes(): string[] {
  const width = Math.max(...POLICIES.map((p) => p.length));
  return ['policies:', ...POLICIES.map((p) => `  ${p.padEnd(width)}  ${POLICY_NOTES[p]}`)];
}

/** The first fifth of the requests warms the servers up (they start empty) and is not measured. */
export const WARMUP_FRACTION = 0.2;

export const warmupRequests = (requests: number): number => Math.floor(requests * WARMUP_FRACTION);

/**
 * Work per request, in servers visited: one for the dispatch, every server for jsq and swrr
 * (each scans them all), `choices` for p2c, plus a full snapshot of the servers' loads whenever a
 * refresh falls between two arrivals (at most one per arrival: only the latest one matters).
 */
export function workPerRequest(p: FlowParams, policy: Policy): number {
  let w = 1;
  if (policy === 'jsq' || policy === 'swrr') w += p.servers;
  // least_conn scans every server, and again over the tied ones (all of them when all are idle).
  if (policy === 'least_conn') w += 2 * p.servers;
  if (policy === 'p2c' || policy === 'least_request') w += p.choices;
  // Two draws by binary search over the servers; Peak EWMA's two reads and each departure's update cost an exp each.
  if (policy === 'random_two') w += 2 + 2 * ceilLog2(p.servers + 1);
  if (policy === 'peak_ewma') w += 2 + 3 * EXP_VISITS;
  // A lognormal or pareto request draws a log and an exp (and the polar method's square root).
  if (p.service === 'lognormal' || p.service === 'pareto') w += 2 * EXP_VISITS;
  if (p.refresh > 0) {
    let capacity = 0;
    for (let i = 0; i < p.servers; i++) capacity += p.speeds[i % p.speeds.length];
    const gap = 1 / (p.load * capacity);
    w += Math.min(1, gap / p.refresh) * p.servers;
  }
  return w;
}

/** A log or an exp of libm.ts, in server visits (its loop of 11 or 15 steps, with divisions). */
const EXP_VISITS = 12;

/** One billion servers visited: about five seconds in Node on this machine (jsq at 1000 servers). */
export const MAX_WORK = 1e9;

export function checkFlow(p: FlowParams, policies: readonly Policy[]): CheckFailure | null {
  if ((p.slow) > p.servers) {
    return {
      param: 'slow',
      code: 'flow-slow-gt-servers',
      vars: { slow: p.slow, servers: p.servers },
      message: `${p.slow} slow servers out of ${p.servers}: at most every server can slow down`,
    };
  }
  if (p.speeds.length > p.servers) {
    return {
      param: 'speeds',
      code: 'flow-speeds-gt-servers',
      vars: { speeds: p.speeds.length, servers: p.servers },
      message: `${p.speeds.length} speeds for ${p.servers} servers: give at most one speed per server (the list repeats across the servers)`,
    };
  }
  const work = policies.reduce((s, policy) => s + p.requests * workPerRequest(p, policy), 0);
  if (work <= MAX_WORK) return null;
  const millions = Math.ceil(work / 1e6);
  const limit = MAX_WORK / 1e6;
  return {
    param: 'requests',
    code: 'flow-too-much-work',
    vars: { millions, limit },
    message: `these parameters ask for ${millions} million server visits; at most ${limit} million are allowed: lower the requests or the servers, or raise refresh`,
  };
}

/** Reads a list of policy names ("random, p2c, jsq"), or says which name it cannot read. */
export function parsePolicies(text: string): { ok: true; policies: Policy[] } | { ok: false; failure: CheckFailure } {
  const names = text.split(/[\s,]+/).filter((s) => s !== '');
  const out: Policy[] = [];
  for (const name of names) {
    if (!isPolicy(name)) {
      return { ok: false, failure: { param: 'policies', code: 'flow-policy-unknown', vars: { name, allowed: POLICIES.join(', ') }, message: `"${name}" is not a policy; the policies are ${POLICIES.join(', ')}` } };
    }
    if (out.includes(name)) {
      return { ok: false, failure: { param: 'policies', code: 'flow-policy-repeated', vars: { name }, message: `"${name}" is listed twice` } };
    }
    out.push(name);
  }
  if (out.length === 0) {
    return { ok: false, failure: { param: 'policies', code: 'flow-policy-unknown', vars: { name: text, allowed: POLICIES.join(', ') }, message: `name at least one policy: ${POLICIES.join(', ')}` } };
  }
  return { ok: true, policies: out };
}

/** Latency bins of the histogram in `data`, shared by every policy of a run. */
export const HISTOGRAM_BINS = 40;

export interface FlowPolicyResult {
  policy: Policy;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  queueMax: number;
  /** The fraction of the measured arrivals dropped at a full server (0 with unbounded queues). */
  dropped: number;
  /** Time-average requests in system, all servers together. */
  inSystem: number;
  /** Per server: the fraction of the measured time it was serving. */
  utilisation: number[];
  /** Requests per latency bin (`binWidth` wide from 0); `overflow` past the last bin. */
  histogram: number[];
  overflow: number;
}

export interface FlowData {
  servers: number;
  load: number;
  /** The speeds, one per server (the list repeated). */
  speeds: number[];
  /** Requests simulated before measuring (from empty servers), and the time they took. */
  warmup: { requests: number; time: number };
  measured: number;
  binWidth: number;
  policies: FlowPolicyResult[];
}

/** Requests per chunk: a few milliseconds of work, whatever the policy. */
const CHUNK_WORK = 1 << 18;

export async function runFlows(p: FlowParams, policies: readonly Policy[], { progress, signal }: RunContext): Promise<FlowData> {
  const warmup = warmupRequests(p.requests);
  const measured = p.requests - warmup;
  const total = policies.reduce((s, policy) => s + p.requests * workPerRequest(p, policy), 0);
  let done = 0;
  let warmupTime = 0;
  const rows: (FlowPolicyResult & { latencies: Float64Array })[] = [];
  progress(0);
  for (const policy of policies) {
    const per = workPerRequest(p, policy);
    const chunk = Math.max(16, Math.floor(CHUNK_WORK / per));
    // On the WebAssembly kernel when it loads (src/kernels/flow.ts), else the TypeScript engine.
    const s = await openFlow(flowOptions(p, policy), measured);
    // The warm-up, then the measured requests, in chunks between which a cancel is read.
    for (const [requests, measure] of [[warmup, false], [measured, true]] as const) {
      for (let k = 0; k < requests; ) {
        if (signal.aborted) throw abortError();
        const count = Math.min(chunk, requests - k);
        s.run(count, measure);
        k += count;
        done += count * per;
        progress(done / total);
        await pause();
      }
      if (!measure) warmupTime = s.now;
    }
    const m = s.measurement();
    const summary = summarise(m);
    rows.push({
      policy,
      mean: summary.mean,
      p50: summary.p50,
      p95: summary.p95,
      p99: summary.p99,
      max: summary.max,
      queueMax: m.queueMax,
      dropped: m.dropped / measured,
      inSystem: summary.inSystem,
      utilisation: utilisation(m),
      histogram: [],
      overflow: 0,
      latencies: m.latencies.subarray(0, m.count),
    });
  }
  if (signal.aborted) throw abortError();
  // One scale for every policy: the largest p99, with room, in bins of a round width.
  const binWidth = roundUp((Math.max(...rows.map((r) => r.p99)) * 1.25) / HISTOGRAM_BINS);
  const policiesOut = rows.map(({ latencies, ...r }) => {
    const histogram = new Array<number>(HISTOGRAM_BINS).fill(0);
    let overflow = 0;
    for (let k = 0; k < latencies.length; k++) {
      const b = Math.floor(latencies[k] / binWidth);
      if (b < HISTOGRAM_BINS) histogram[b]++;
      else overflow++;
    }
    return { ...r, histogram, overflow };
  });
  const speeds = Array.from({ length: p.servers }, (_, i) => p.speeds[i % p.speeds.length]);
  return { servers: p.servers, load: p.load, speeds, warmup: { requests: warmup, time: warmupTime }, measured, binWidth, policies: policiesOut };
}

/** Round bin widths, written out (Math.log10 and ** may differ in the last bit between engines). */
const NICE = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000];

/** The first round width at least x. */
function roundUp(x: number): number {
  return NICE.find((w) => w >= x) ?? Math.ceil(x);
}

/**
 * A request's cost for the cost model (cost.ts), in server visits (a jsq visit: drain and
 * compare): its own events, about sixteen visits' worth on the kernel, which runs every policy
 * and every traffic setting (measured: p2c at 10 servers against jsq at 100), plus the servers
 * its policy visits (workPerRequest), where SWRR's pass over a server costs about a quarter of a
 * visit (1.4 against 5.3 ns on the kernel, measured at 100 servers). Measured whole runs of
 * flow.sim at 400 000 requests (the production policies, lognormal and pareto work, capacity, a
 * slow stretch) come within 0.7 to 1.25 of it, as p2c does.
 */
export const flowWork = (p: FlowParams, policy: Policy): number => KERNEL_EVENTS + workPerRequest(p, policy) - (policy === 'swrr' ? 0.75 * p.servers : 0);

/** A request's own events on the kernel, in the same visits. */
const KERNEL_EVENTS = 16;
