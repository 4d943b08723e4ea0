import { pick as swrrPick, swrr, type Swrr } from '../swrr/swrr.ts';
import type { Policy } from './policy.ts';
import { exponential } from './exponential.ts';
import { ewmaLoad, index, observe, peek, swrrAmongTied, uniform } from './pick.ts';
import { draw, serviceLaw, slowedDeparture, type Service, type ServiceLaw } from './service.ts';
import { makeStreams, type Streams } from './streams.ts';

/**
 * One balancer in front of `servers` FIFO servers, as a discrete-event simulation. Requests
 * arrive as a Poisson stream at rate load × Σ speeds; each carries exponential(1) work (drawn
 * by the ziggurat, exponential.ts), which a
 * server of speed s serves in work / s. Time is in mean service times at speed 1.
 *
 * A FIFO server's departures come in the order of its arrivals, so each server keeps the
 * departure times of the requests it holds in a ring buffer, and a request's departure is known
 * when it is dispatched (Lindley's recursion: start = max(arrival, server free), departure = start
 * + service). A server's departures are processed (drained) lazily, up to the current time,
 * whenever the balancer or the dispatch needs its true load: each departure is handled once, in
 * time order per server, so the loads every decision reads are exact. No event heap, no object
 * per request: typed arrays throughout.
 */
export interface FlowOptions {
  servers: number;
  /** Relative speeds, repeated across the servers: [1] is all 1, [1, 2] alternates. */
  speeds: readonly number[];
  /** Arrival rate per unit of total capacity, in (0, 1). */
  load: number;
  policy: Policy;
  /** Servers sampled by p2c (with replacement, the first drawn winning ties). */
  choices: number;
  /** The balancer's loads are a snapshot taken every `refresh` time units; 0 is exact. */
  refresh: number;
  seed: number;
  /** Service-time law, mean 1 (default `exp`), and its coefficient of variation (not for exp). */
  service?: Service;
  cv?: number;
  /** The most requests a server holds, the one in service included; 0 (default) is unbounded. */
  capacity?: number;
  /** The first `slow` servers (default 0) run `slowFactor` times slower from `slowFrom` until `slowTo`. */
  slow?: number;
  slowFactor?: number;
  slowFrom?: number;
  slowTo?: number;
  /** Peak EWMA's decay time (tower's decay_ns), in mean service times; default 10. */
  decay?: number;
}

const TWO_32 = 4294967296;
const RANDOM = 0;
const RR = 1;
const SWRR = 2;
const JSQ = 3;
const P2C = 4;
const LEAST_CONN = 5;
const RANDOM_TWO = 6;
const LEAST_REQUEST = 7;
const PEAK_EWMA = 8;
const CODES: Record<Policy, number> = { random: RANDOM, rr: RR, swrr: SWRR, jsq: JSQ, p2c: P2C, least_conn: LEAST_CONN, random_two: RANDOM_TWO, least_request: LEAST_REQUEST, peak_ewma: PEAK_EWMA };
/** nginx's random two gives up after this many draws and falls back to round robin. */
const NGINX_TRIES = 20;
/** Peak EWMA's first estimate for every server (tower's default_rtt): one mean service time. */
export const EWMA_START = 1;

/** The most candidates a policy samples: the `choices` bound. */
export const MAX_CHOICES = 8;

export interface FlowState {
  readonly servers: number;
  readonly speeds: Float64Array;
  readonly policy: Policy;
  readonly code: number;
  readonly choices: number;
  readonly refresh: number;
  /** Arrivals per unit time: load × Σ speeds. */
  readonly rate: number;
  /** 2^32 mod servers: the rejection threshold of a uniform index (see `index`). */
  readonly reject: number;
  readonly streams: Streams;
  /** The time of the latest arrival. */
  now: number;
  arrivals: number;
  /** Departures processed so far (lazily: some past departures may still be waiting to be drained). */
  departures: number;
  /** Per server: requests in system (in service or waiting) as of the server's last drain. */
  readonly inSystem: Int32Array;
  /** Per server: when it finishes the last request it holds. */
  readonly free: Float64Array;
  /** Per server: the ring buffer index of its oldest request's departure. */
  readonly head: Int32Array;
  /** Departure times, `cap` slots per server; grows by doubling (rarely, never per request). */
  ring: Float64Array;
  cap: number;
  /** The loads the balancer sees: `inSystem` itself when refresh = 0, else the last snapshot. */
  readonly view: Int32Array;
  /** When `view` was taken. */
  viewTime: number;
  rrNext: number;
  readonly swrr: Swrr | null;
  /** The servers sampled for the latest request (p2c, random); `candidateCount` 0 for the others. */
  readonly candidates: Int32Array;
  candidateCount: number;
  /** The latest request: its server, arrival, start of service and departure. */
  lastServer: number;
  lastArrival: number;
  lastStart: number;
  lastDeparture: number;
  /** Whether the latest request found its server full (bounded queues) and was dropped. */
  lastDropped: boolean;
  /** Requests dropped so far. */
  dropped: number;
  readonly law: ServiceLaw;
  readonly capacity: number;
  readonly slow: number;
  readonly slowFactor: number;
  readonly slowFrom: number;
  readonly slowTo: number;
  /** random_two: the weight before each server (nginx's ranges), their total, and 2^32 mod it. */
  readonly ranges: Float64Array;
  readonly totalWeight: number;
  readonly rejectWeight: number;
  /** 2^32 mod (servers − 1): a second, distinct index (peak_ewma). */
  readonly rejectPair: number;
  readonly decay: number;
  /** peak_ewma: per server, the latency estimate and when it was last updated. */
  readonly ewma: Float64Array;
  readonly stamp: Float64Array;
  /** peak_ewma: arrival times beside the departure ring, slot for slot. */
  sent: Float64Array;
}

export function serverSpeeds(servers: number, speeds: readonly number[]): Float64Array {
  if (speeds.length === 0) throw new RangeError('flow: at least one speed');
  const out = new Float64Array(servers);
  for (let i = 0; i < servers; i++) {
    const v = speeds[i % speeds.length];
    if (!(Number.isSafeInteger(v) && v > 0)) throw new RangeError(`flow: speeds are positive integers, got ${v}`);
    out[i] = v;
  }
  return out;
}

export function makeFlow(o: FlowOptions): FlowState {
  if (!Number.isInteger(o.servers) || o.servers < 1) throw new RangeError(`flow: servers must be a positive integer, got ${o.servers}`);
  if (!(o.load > 0 && o.load < 1)) throw new RangeError(`flow: load must be in (0, 1), got ${o.load}`);
  if (!Number.isInteger(o.choices) || o.choices < 1 || o.choices > MAX_CHOICES) throw new RangeError(`flow: choices must be in [1, ${MAX_CHOICES}], got ${o.choices}`);
  if (!(o.refresh >= 0 && Number.isFinite(o.refresh))) throw new RangeError(`flow: refresh must be 0 or more, got ${o.refresh}`);
  const speeds = serverSpeeds(o.servers, o.speeds);
  let total = 0;
  for (let i = 0; i < speeds.length; i++) total += speeds[i];
  const cap = 16;
  const inSystem = new Int32Array(o.servers);
  const capacity = o.capacity ?? 0;
  if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError(`flow: capacity must be 0 or a positive integer, got ${capacity}`);
  const slow = o.slow ?? 0;
  const slowFactor = o.slowFactor ?? 1;
  if (!Number.isInteger(slow) || slow < 0 || slow > o.servers) throw new RangeError(`flow: slow must be an integer in [0, servers], got ${slow}`);
  if (!(slowFactor >= 1 && Number.isFinite(slowFactor))) throw new RangeError(`flow: slowFactor must be 1 or more, got ${slowFactor}`);
  const decay = o.decay ?? 10;
  if (!(decay > 0 && Number.isFinite(decay))) throw new RangeError(`flow: decay must be positive, got ${decay}`);
  const ranges = new Float64Array(o.servers);
  for (let i = 0; i < o.servers; i++) ranges[i] = i === 0 ? 0 : ranges[i - 1] + speeds[i - 1];
  const ewma = o.policy === 'peak_ewma';
  return {
    servers: o.servers,
    speeds,
    policy: o.policy,
    code: CODES[o.policy],
    choices: o.choices,
    refresh: o.refresh,
    rate: o.load * total,
    reject: TWO_32 % o.servers,
    streams: makeStreams(o.seed),
    now: 0,
    arrivals: 0,
    departures: 0,
    inSystem,
    free: new Float64Array(o.servers),
    head: new Int32Array(o.servers),
    ring: new Float64Array(o.servers * cap),
    cap,
    view: o.refresh > 0 ? new Int32Array(o.servers) : inSystem,
    viewTime: 0,
    rrNext: 0,
    swrr: o.policy === 'swrr' || o.policy === 'least_conn' || o.policy === 'random_two' ? swrr(speeds) : null,
    candidates: new Int32Array(MAX_CHOICES),
    candidateCount: 0,
    lastServer: -1,
    lastArrival: 0,
    lastStart: 0,
    lastDeparture: 0,
    lastDropped: false,
    dropped: 0,
    law: serviceLaw(o.service ?? 'exp', o.cv ?? 1),
    capacity,
    slow: slowFactor > 1 ? slow : 0,
    slowFactor,
    slowFrom: o.slowFrom ?? 0,
    slowTo: o.slowTo ?? 0,
    ranges,
    totalWeight: total,
    rejectWeight: TWO_32 % total,
    rejectPair: o.servers > 1 ? TWO_32 % (o.servers - 1) : 0,
    decay,
    ewma: new Float64Array(ewma ? o.servers : 0).fill(EWMA_START),
    stamp: new Float64Array(ewma ? o.servers : 0),
    sent: new Float64Array(ewma ? o.servers * cap : 0),
  };
}

/** Processes server i's departures up to time t. */
function drain(s: FlowState, i: number, t: number): void {
  let c = s.inSystem[i];
  if (c === 0) return;
  const ring = s.ring;
  const mask = s.cap - 1;
  const base = i * s.cap;
  let h = s.head[i];
  const before = c;
  if (s.code === PEAK_EWMA) {
    while (c > 0 && ring[base + h] <= t) {
      const d = ring[base + h];
      observe(s, i, d, d - s.sent[base + h]);
      h = (h + 1) & mask;
      c--;
    }
  } else {
    while (c > 0 && ring[base + h] <= t) {
      h = (h + 1) & mask;
      c--;
    }
  }
  s.head[i] = h;
  s.inSystem[i] = c;
  s.departures += before - c;
}

/** Doubles every server's ring, unrolled so each starts at slot 0. */
function grow(s: FlowState): void {
  const cap = s.cap;
  const unroll = (old: Float64Array): Float64Array => {
    const ring = new Float64Array(old.length * 2);
    for (let i = 0; i < s.servers; i++) {
      const c = s.inSystem[i];
      const h = s.head[i];
      for (let k = 0; k < c; k++) ring[i * cap * 2 + k] = old[i * cap + ((h + k) & (cap - 1))];
    }
    return ring;
  };
  s.ring = unroll(s.ring);
  if (s.sent.length > 0) s.sent = unroll(s.sent);
  s.head.fill(0);
  s.cap = cap * 2;
}

/** Whether server a looks less loaded than server b: view[a]/speed[a] < view[b]/speed[b]. */
function lighter(s: FlowState, a: number, b: number): boolean {
  return s.view[a] * s.speeds[b] < s.view[b] * s.speeds[a];
}

function choose(s: FlowState, t: number): number {
  const n = s.servers;
  switch (s.code) {
    case RANDOM: {
      const i = index(s, n);
      s.candidates[0] = i;
      s.candidateCount = 1;
      return i;
    }
    case RR: {
      const i = s.rrNext;
      s.rrNext = i + 1 === n ? 0 : i + 1;
      s.candidateCount = 0;
      return i;
    }
    case SWRR:
      s.candidateCount = 0;
      return swrrPick(s.swrr!);
    case P2C: {
      let best = -1;
      for (let k = 0; k < s.choices; k++) {
        const j = index(s, n);
        // Drained even when the balancer reads a snapshot: the true load is then there to show.
        drain(s, j, t);
        s.candidates[k] = j;
        if (best < 0 || lighter(s, j, best)) best = j;
      }
      s.candidateCount = s.choices;
      return best;
    }
    case LEAST_CONN: {
      if (n === 1) {
        s.candidateCount = 0;
        return 0;
      }
      if (s.refresh === 0) for (let i = 0; i < n; i++) drain(s, i, t);
      let best = 0;
      let many = false;
      for (let i = 1; i < n; i++) {
        const a = s.view[i] * s.speeds[best];
        const b = s.view[best] * s.speeds[i];
        if (a < b) {
          best = i;
          many = false;
        } else if (a === b) many = true;
      }
      s.candidateCount = 0;
      return many ? swrrAmongTied(s, best) : best;
    }
    case RANDOM_TWO: {
      // nginx: one server, or 20 draws without a second distinct one, is round robin (SWRR).
      s.candidateCount = 0;
      if (n === 1) return 0;
      const prev = peek(s);
      let tries = 1;
      for (;;) {
        const j = peek(s);
        if (j !== prev) {
          drain(s, prev, t);
          drain(s, j, t);
          s.candidates[0] = prev;
          s.candidates[1] = j;
          s.candidateCount = 2;
          // The first only if strictly lighter: ties go to the second draw.
          return s.view[j] * s.speeds[prev] > s.view[prev] * s.speeds[j] ? prev : j;
        }
        if (++tries > NGINX_TRIES) return swrrPick(s.swrr!);
      }
    }
    case LEAST_REQUEST: {
      let best = -1;
      for (let k = 0; k < s.choices; k++) {
        const j = index(s, n);
        drain(s, j, t);
        s.candidates[k] = j;
        if (best < 0 || s.view[j] < s.view[best]) best = j;
      }
      s.candidateCount = s.choices;
      return best;
    }
    case PEAK_EWMA: {
      if (n === 1) {
        s.candidates[0] = 0;
        s.candidateCount = 1;
        return 0;
      }
      // Two distinct servers, uniformly (Finagle's P2C: b from n − 1, moved past a).
      const a = index(s, n);
      let b = uniform(s, n - 1, s.rejectPair);
      if (b >= a) b++;
      drain(s, a, t);
      drain(s, b, t);
      s.candidates[0] = a;
      s.candidates[1] = b;
      s.candidateCount = 2;
      const la = ewmaLoad(s, a, t);
      const lb = ewmaLoad(s, b, t);
      return la <= lb ? a : b;
    }
    default: {
      // JSQ: scanned from a starting point that moves with each request, so ties rotate.
      if (s.refresh === 0) for (let i = 0; i < n; i++) drain(s, i, t);
      const start = s.arrivals % n;
      let best = start;
      for (let k = 1; k < n; k++) {
        let j = start + k;
        if (j >= n) j -= n;
        if (lighter(s, j, best)) best = j;
      }
      s.candidateCount = 0;
      return best;
    }
  }
}

/**
 * One request: it arrives, the balancer picks a server, and the server queues it. Returns the
 * server. The request's times are left in `lastArrival`, `lastStart`, `lastDeparture`.
 */
export function next(s: FlowState): number {
  const req = s.streams.requests;
  const t = s.now + exponential(req) / s.rate;
  s.now = t;
  const work = s.law.code === 0 ? exponential(req) : draw(s.law, req);
  if (s.refresh > 0) {
    const snap = Math.min(t, Math.floor(t / s.refresh) * s.refresh);
    if (snap > s.viewTime) {
      for (let i = 0; i < s.servers; i++) drain(s, i, snap);
      s.view.set(s.inSystem);
      s.viewTime = snap;
    }
  }
  const i = choose(s, t);
  drain(s, i, t);
  s.arrivals++;
  s.lastServer = i;
  s.lastArrival = t;
  if (s.capacity > 0 && s.inSystem[i] >= s.capacity) {
    s.lastDropped = true;
    s.dropped++;
    s.lastStart = t;
    s.lastDeparture = t;
    return i;
  }
  s.lastDropped = false;
  if (s.inSystem[i] === s.cap) grow(s);
  const start = t > s.free[i] ? t : s.free[i];
  const departure = i < s.slow ? slowedDeparture(start, work, s.speeds[i], s.slowFactor, s.slowFrom, s.slowTo) : start + work / s.speeds[i];
  s.free[i] = departure;
  const at = i * s.cap + ((s.head[i] + s.inSystem[i]) & (s.cap - 1));
  s.ring[at] = departure;
  if (s.code === PEAK_EWMA) s.sent[at] = t;
  s.inSystem[i]++;
  s.lastStart = start;
  s.lastDeparture = departure;
  return i;
}
