// The request-flow simulator's event loop: src/lib/flow/engine.ts `next` (with pick.ts's steps)
// and measure.ts `run`, which stay the reference, draw for draw and bit for bit: every policy, every
// service law, bounded queues and the slow stretch (the request stream's draws are flow-draws.ts).
// One run owns one instance: its scalars live in the block at FLOW between calls, its arrays from
// DYNAMIC up, laid out by src/kernels/flow.ts, the departure rings last so that they can double in
// place. Peak EWMA's rings hold two doubles a slot: the departure, then the arrival (engine.ts `sent`).
import { ARRIVALS, BUSY, CAP, CAPACITY, CHOICES, CODE, COUNT, CURRENT, DECAY, DEPARTURES, DROPPED, EWMA, FREE, HEAD, IN_SYSTEM, LATENCIES, LAW, LAW_A, LAW_B, NOW, QUEUE_MAX, RANGES, RATE, REFRESH, REJECT, REJECT_PAIR, REJECT_WEIGHT, RING, RR_NEXT, SERVERS, SLOW, SLOW_FACTOR, SLOW_FROM, SLOW_TO, SPEEDS, STAMP, STREAMS, SUM, TOTAL, VIEW, VIEW_TIME } from './flow-slots';
import { exp, exponential, loadRequests, slowedDeparture, storeRequests, work } from './flow-draws';
import { ensure, FLOW } from './layout';

/** The most bytes a 32-bit WebAssembly memory can hold: 65 536 pages of 64 KiB. */
const MAX_MEMORY: u64 = <u64>65536 << 16;

const RANDOM = 0;
const RR = 1;
const SWRR = 2;
const P2C = 4;
const LEAST_CONN = 5;
const RANDOM_TWO = 6;
const LEAST_REQUEST = 7;
const PEAK_EWMA = 8;
/** nginx's random two gives up after this many draws and falls back to round robin. */
const NGINX_TRIES = 20;

// The run's scalars, loaded from the block for a call's loop.
let servers: u32 = 0;
let code: i32 = 0;
let choices: i32 = 0;
let refresh: f64 = 0;
let rate: f64 = 0;
let reject: u32 = 0;
let rejectWeight: u32 = 0;
let rejectPair: u32 = 0;
let now: f64 = 0;
let arrivals: f64 = 0;
let departures: f64 = 0;
let viewTime: f64 = 0;
let rrNext: u32 = 0;
let cap: u32 = 0;
let total: f64 = 0;
let decay: f64 = 0;
/** Whether the rings hold each request's arrival beside its departure (Peak EWMA). */
let wide: bool = false;
let speeds: usize = 0;
let free: usize = 0;
let current: usize = 0;
let inSystem: usize = 0;
let head: usize = 0;
let view: usize = 0;
let ring: usize = 0;
let ranges: usize = 0;
let ewma: usize = 0;
let stamp: usize = 0;
let p0: u32 = 0;
let p1: u32 = 0;
let p2: u32 = 0;
let p3: u32 = 0;

@inline
function slot(k: i32): f64 {
  return load<f64>(FLOW + (<usize>k << 3));
}

@inline
function setSlot(k: i32, v: f64): void {
  store<f64>(FLOW + (<usize>k << 3), v);
}

@inline
function nextPolicy(): u32 {
  const result = rotl<u32>(p1 * 5, 7) * 9;
  const t = p1 << 9;
  p2 ^= p0;
  p3 ^= p1;
  p1 ^= p2;
  p0 ^= p3;
  p2 ^= t;
  p3 = rotl<u32>(p3, 11);
  return result;
}

// -- engine.ts and pick.ts --

@inline
function count(i: u32): i32 {
  return load<i32>(inSystem + (<usize>i << 2));
}

@inline
function seen(i: u32): f64 {
  return <f64>load<i32>(view + (<usize>i << 2));
}

@inline
function speed(i: u32): f64 {
  return load<f64>(speeds + (<usize>i << 3));
}

/** pick.ts `observe`: Peak EWMA's update of server i's estimate with a latency `rtt` seen at `at`. */
function observe(i: u32, at: f64, rtt: f64): void {
  const st = stamp + (<usize>i << 3);
  const elapsed = at - load<f64>(st);
  const w = exp(-((elapsed > 0 ? elapsed : 0) / decay));
  const e = ewma + (<usize>i << 3);
  const cost = load<f64>(e);
  store<f64>(e, rtt > cost ? rtt : cost * w + rtt * (1 - w));
  store<f64>(st, at);
}

/** Server i's departures up to time t (Peak EWMA observes each one's latency as it goes). */
function drain(i: u32, t: f64): void {
  let c = count(i);
  if (c == 0) return;
  const mask = cap - 1;
  let h = load<u32>(head + (<usize>i << 2));
  const before = c;
  if (wide) {
    const base = ring + ((<usize>i * <usize>cap) << 4);
    while (c > 0) {
      const at = base + (<usize>h << 4);
      const d = load<f64>(at);
      if (!(d <= t)) break;
      observe(i, d, d - load<f64>(at, 8));
      h = (h + 1) & mask;
      c--;
    }
  } else {
    const base = ring + ((<usize>i * <usize>cap) << 3);
    while (c > 0 && load<f64>(base + (<usize>h << 3)) <= t) {
      h = (h + 1) & mask;
      c--;
    }
  }
  store<u32>(head + (<usize>i << 2), h);
  store<i32>(inSystem + (<usize>i << 2), c);
  departures += <f64>(before - c);
}

/**
 * Doubles every server's ring, each unrolled to start at slot 0: written just past the old rings
 * and moved down over them. False if memory cannot grow.
 */
function grow(): bool {
  const shift: u64 = wide ? 4 : 3;
  // Counted in 64 bits first: the doubled rings and the copy beside them must fit the 4 GiB a
  // 32-bit memory can address, or a usize sum would wrap and `ensure` would pass a size it never grew.
  const need = <u64>ring + 3 * ((<u64>servers * <u64>cap) << shift);
  if (need > MAX_MEMORY) return false;
  const oldBytes = (<usize>servers * <usize>cap) << <usize>shift;
  const fresh = ring + oldBytes;
  if (!ensure(fresh + 2 * oldBytes)) return false;
  const mask = cap - 1;
  const s = <usize>shift;
  for (let i: u32 = 0; i < servers; i++) {
    const c = <u32>count(i);
    const h = load<u32>(head + (<usize>i << 2));
    const from = ring + ((<usize>i * <usize>cap) << s);
    const to = fresh + ((<usize>i * <usize>cap * 2) << s);
    for (let k: u32 = 0; k < c; k++) {
      const src = from + (<usize>((h + k) & mask) << s);
      const dst = to + (<usize>k << s);
      store<f64>(dst, load<f64>(src));
      if (wide) store<f64>(dst, load<f64>(src, 8), 8);
    }
    store<u32>(head + (<usize>i << 2), 0);
  }
  memory.copy(ring, fresh, 2 * oldBytes);
  cap *= 2;
  return true;
}

/** A uniform integer in [0, n) with `rej` = 2^32 mod n, on the policy stream (Lemire's multiply-and-reject). */
@inline
function uniform(n: u32, rej: u32): u32 {
  let m = <u64>nextPolicy() * <u64>n;
  while (<u32>m < rej) m = <u64>nextPolicy() * <u64>n;
  return <u32>(m >> 32);
}

@inline
function lighter(a: u32, b: u32): bool {
  return seen(a) * speed(b) < seen(b) * speed(a);
}

function swrrPick(): u32 {
  let best: i32 = -1;
  let bestCurrent: f64 = -Infinity;
  for (let i: u32 = 0; i < servers; i++) {
    const w = speed(i);
    if (w == 0) continue;
    const at = current + (<usize>i << 3);
    const c = load<f64>(at) + w;
    store<f64>(at, c);
    if (c > bestCurrent) {
      best = <i32>i;
      bestCurrent = c;
    }
  }
  const at = current + (<usize>best << 3);
  store<f64>(at, load<f64>(at) - total);
  return <u32>best;
}

/** pick.ts `swrrAmongTied`: nginx least_conn's tie-break, a SWRR step among the servers tied with `best`. */
function swrrAmongTied(best: u32): u32 {
  let sum: f64 = 0;
  const first = best;
  const seenFirst = seen(first);
  const speedFirst = speed(first);
  for (let i = first; i < servers; i++) {
    if (seen(i) * speedFirst != seenFirst * speed(i)) continue;
    const w = speed(i);
    const at = current + (<usize>i << 3);
    const c = load<f64>(at) + w;
    store<f64>(at, c);
    sum += w;
    if (c > load<f64>(current + (<usize>best << 3))) best = i;
  }
  const at = current + (<usize>best << 3);
  store<f64>(at, load<f64>(at) - sum);
  return best;
}

/** pick.ts `peek`: nginx's server drawn by weight, by binary search over the ranges. */
function peek(): u32 {
  const x = <f64>uniform(<u32>total, rejectWeight);
  let i: u32 = 0;
  let j = servers;
  while (j - i > 1) {
    const k = (i + j) >> 1;
    if (x < load<f64>(ranges + (<usize>k << 3))) j = k;
    else i = k;
  }
  return i;
}

/** pick.ts `ewmaLoad`: the estimate decayed to t, times (active + 1). */
@inline
function ewmaLoad(i: u32, t: f64): f64 {
  observe(i, t, 0);
  return load<f64>(ewma + (<usize>i << 3)) * (seen(i) + 1);
}

/** engine.ts `choose`, policy by policy. */
function choose(t: f64): u32 {
  const n = servers;
  if (code == RANDOM) return uniform(n, reject);
  if (code == RR) {
    const i = rrNext;
    rrNext = i + 1 == n ? 0 : i + 1;
    return i;
  }
  if (code == SWRR) return swrrPick();
  if (code == P2C || code == LEAST_REQUEST) {
    // p2c compares loads per speed, Envoy's least request active requests alone.
    const perSpeed = code == P2C;
    let best: i32 = -1;
    for (let k = 0; k < choices; k++) {
      const j = uniform(n, reject);
      drain(j, t);
      if (best < 0 || (perSpeed ? lighter(j, <u32>best) : seen(j) < seen(<u32>best))) best = <i32>j;
    }
    return <u32>best;
  }
  if (code == LEAST_CONN) {
    if (n == 1) return 0;
    if (refresh == 0) for (let i: u32 = 0; i < n; i++) drain(i, t);
    let best: u32 = 0;
    let many = false;
    for (let i: u32 = 1; i < n; i++) {
      const a = seen(i) * speed(best);
      const b = seen(best) * speed(i);
      if (a < b) {
        best = i;
        many = false;
      } else if (a == b) many = true;
    }
    return many ? swrrAmongTied(best) : best;
  }
  if (code == RANDOM_TWO) {
    if (n == 1) return 0;
    const prev = peek();
    for (let tries = 1; tries <= NGINX_TRIES; tries++) {
      const j = peek();
      if (j != prev) {
        drain(prev, t);
        drain(j, t);
        // The first only if strictly lighter: ties go to the second draw.
        return seen(j) * speed(prev) > seen(prev) * speed(j) ? prev : j;
      }
    }
    return swrrPick();
  }
  if (code == PEAK_EWMA) {
    if (n == 1) return 0;
    // Two distinct servers, uniformly (Finagle's P2C: b from n − 1, moved past a).
    const a = uniform(n, reject);
    let b = uniform(n - 1, rejectPair);
    if (b >= a) b++;
    drain(a, t);
    drain(b, t);
    const la = ewmaLoad(a, t);
    const lb = ewmaLoad(b, t);
    return la <= lb ? a : b;
  }
  // JSQ: scanned from a starting point that moves with each request, so ties rotate.
  if (refresh == 0) for (let i: u32 = 0; i < n; i++) drain(i, t);
  const start = <u32>(arrivals % <f64>n);
  let best = start;
  for (let k: u32 = 1; k < n; k++) {
    let j = start + k;
    if (j >= n) j -= n;
    if (lighter(j, best)) best = j;
  }
  return best;
}

/**
 * Runs `requests` requests; with `measure`, each served one's latency goes to the latencies array
 * (from slot COUNT on), its service time to its server's busy time, and the queue it made to the
 * maximum, and each dropped one to DROPPED. Returns 0, or -1 if the rings could not grow (nothing
 * after that request ran).
 */
export function flowRun(requests: i32, measure: bool): i32 {
  servers = <u32>slot(SERVERS);
  code = <i32>slot(CODE);
  choices = <i32>slot(CHOICES);
  refresh = slot(REFRESH);
  rate = slot(RATE);
  reject = <u32>slot(REJECT);
  rejectWeight = <u32>slot(REJECT_WEIGHT);
  rejectPair = <u32>slot(REJECT_PAIR);
  now = slot(NOW);
  arrivals = slot(ARRIVALS);
  departures = slot(DEPARTURES);
  viewTime = slot(VIEW_TIME);
  rrNext = <u32>slot(RR_NEXT);
  cap = <u32>slot(CAP);
  total = slot(TOTAL);
  decay = slot(DECAY);
  wide = code == PEAK_EWMA;
  speeds = <usize>slot(SPEEDS);
  free = <usize>slot(FREE);
  current = <usize>slot(CURRENT);
  const busy = <usize>slot(BUSY);
  inSystem = <usize>slot(IN_SYSTEM);
  head = <usize>slot(HEAD);
  view = <usize>slot(VIEW);
  const latencies = <usize>slot(LATENCIES);
  ring = <usize>slot(RING);
  ranges = <usize>slot(RANGES);
  ewma = <usize>slot(EWMA);
  stamp = <usize>slot(STAMP);
  const law = <i32>slot(LAW);
  const lawA = slot(LAW_A);
  const lawB = slot(LAW_B);
  const capacity = slot(CAPACITY);
  const slowCount = <u32>slot(SLOW);
  const slowFactor = slot(SLOW_FACTOR);
  const slowFrom = slot(SLOW_FROM);
  const slowTo = slot(SLOW_TO);
  loadRequests(FLOW + <usize>STREAMS);
  p0 = load<u32>(FLOW + <usize>STREAMS, 16);
  p1 = load<u32>(FLOW + <usize>STREAMS, 20);
  p2 = load<u32>(FLOW + <usize>STREAMS, 24);
  p3 = load<u32>(FLOW + <usize>STREAMS, 28);
  let c = <usize>slot(COUNT);
  let sum = slot(SUM);
  let queueMax = <i32>slot(QUEUE_MAX);
  let dropped = slot(DROPPED);
  let status: i32 = 0;

  for (let q = 0; q < requests; q++) {
    const t = now + exponential() / rate;
    now = t;
    const w = law == 0 ? exponential() : work(law, lawA, lawB);
    if (refresh > 0) {
      const snap = Math.min(t, Math.floor(t / refresh) * refresh);
      if (snap > viewTime) {
        for (let i: u32 = 0; i < servers; i++) drain(i, snap);
        memory.copy(view, inSystem, <usize>servers << 2);
        viewTime = snap;
      }
    }
    const i = choose(t);
    drain(i, t);
    arrivals += 1;
    const n = count(i);
    // A full server (bounded queues) drops the request: it takes no slot and no time.
    if (capacity > 0 && <f64>n >= capacity) {
      if (measure) dropped += 1;
      continue;
    }
    if (<u32>n == cap && !grow()) {
      status = -1;
      break;
    }
    const freeAt = free + (<usize>i << 3);
    const f = load<f64>(freeAt);
    const start = t > f ? t : f;
    const departure = i < slowCount ? slowedDeparture(start, w, speed(i), slowFactor, slowFrom, slowTo) : start + w / speed(i);
    store<f64>(freeAt, departure);
    const k = <usize>i * <usize>cap + <usize>((load<u32>(head + (<usize>i << 2)) + <u32>n) & (cap - 1));
    if (wide) {
      store<f64>(ring + (k << 4), departure);
      store<f64>(ring + (k << 4), t, 8);
    } else store<f64>(ring + (k << 3), departure);
    store<i32>(inSystem + (<usize>i << 2), n + 1);
    if (measure) {
      const latency = departure - t;
      store<f64>(latencies + (c << 3), latency);
      c++;
      sum += latency;
      const b = busy + (<usize>i << 3);
      store<f64>(b, load<f64>(b) + (departure - start));
      if (n + 1 > queueMax) queueMax = n + 1;
    }
  }

  setSlot(NOW, now);
  setSlot(ARRIVALS, arrivals);
  setSlot(DEPARTURES, departures);
  setSlot(VIEW_TIME, viewTime);
  setSlot(RR_NEXT, <f64>rrNext);
  setSlot(CAP, <f64>cap);
  setSlot(COUNT, <f64>c);
  setSlot(SUM, sum);
  setSlot(QUEUE_MAX, <f64>queueMax);
  setSlot(DROPPED, dropped);
  storeRequests(FLOW + <usize>STREAMS);
  store<u32>(FLOW + <usize>STREAMS, p0, 16);
  store<u32>(FLOW + <usize>STREAMS, p1, 20);
  store<u32>(FLOW + <usize>STREAMS, p2, 24);
  store<u32>(FLOW + <usize>STREAMS, p3, 28);
  return status;
}
