import { pick as swrrPick, swrr, type Swrr } from '../swrr/swrr.ts';
import type { Policy } from './policy.ts';
import { exponential } from './exponential.ts';
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
}

const TWO_32 = 4294967296;
const RANDOM = 0;
const RR = 1;
const SWRR = 2;
const JSQ = 3;
const P2C = 4;
const CODES: Record<Policy, number> = { random: RANDOM, rr: RR, swrr: SWRR, jsq: JSQ, p2c: P2C };

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
    swrr: o.policy === 'swrr' ? swrr(speeds) : null,
    candidates: new Int32Array(MAX_CHOICES),
    candidateCount: 0,
    lastServer: -1,
    lastArrival: 0,
    lastStart: 0,
    lastDeparture: 0,
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
  while (c > 0 && ring[base + h] <= t) {
    h = (h + 1) & mask;
    c--;
  }
  s.head[i] = h;
  s.inSystem[i] = c;
  s.departures += before - c;
}

/** Doubles every server's ring, unrolled so each starts at slot 0. */
function grow(s: FlowState): void {
  const old = s.ring;
  const cap = s.cap;
  const ring = new Float64Array(old.length * 2);
  for (let i = 0; i < s.servers; i++) {
    const c = s.inSystem[i];
    const h = s.head[i];
    for (let k = 0; k < c; k++) ring[i * cap * 2 + k] = old[i * cap + ((h + k) & (cap - 1))];
    s.head[i] = 0;
  }
  s.ring = ring;
  s.cap = cap * 2;
}

/** A uniform index in [0, n), by Lemire's multiply-and-reject (as lib/supermarket's events.ts). */
function index(s: FlowState, n: number): number {
  const rng = s.streams.policy;
  const reject = s.reject;
  for (;;) {
    const m = rng.nextUint32() * n;
    const j = Math.floor(m / TWO_32);
    if (m - j * TWO_32 >= reject) return j;
  }
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
  const work = exponential(req);
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
  if (s.inSystem[i] === s.cap) grow(s);
  const start = t > s.free[i] ? t : s.free[i];
  const departure = start + work / s.speeds[i];
  s.free[i] = departure;
  s.ring[i * s.cap + ((s.head[i] + s.inSystem[i]) & (s.cap - 1))] = departure;
  s.inSystem[i]++;
  s.arrivals++;
  s.lastServer = i;
  s.lastArrival = t;
  s.lastStart = start;
  s.lastDeparture = departure;
  return i;
}
