// The request-flow simulator's event loop: src/lib/flow/engine.ts `next` and measure.ts `run`,
// which stay the reference, draw for draw and bit for bit (the same xoshiro128** streams, the
// ziggurat's tables copied in from exponential.ts, libm.ts's log and exp, the same order of every
// floating-point operation). One run owns one instance: its scalars live in the block at FLOW
// between calls, its arrays from DYNAMIC up, laid out by src/kernels/flow.ts, the departure rings
// last so that they can double in place.
import { ARRIVALS, BUSY, CAP, CHOICES, CODE, COUNT, CURRENT, DEPARTURES, FREE, HEAD, IN_SYSTEM, LATENCIES, NOW, QUEUE_MAX, RATE, REFRESH, REJECT, RING, RR_NEXT, SERVERS, SPEEDS, STREAMS, SUM, TOTAL, VIEW, VIEW_TIME } from './flow-slots';
import { ensure, FLOW, ZIG_FE, ZIG_KE, ZIG_WE } from './layout';

/** The most bytes a 32-bit WebAssembly memory can hold: 65 536 pages of 64 KiB. */
const MAX_MEMORY: u64 = <u64>65536 << 16;

const RANDOM = 0;
const RR = 1;
const SWRR = 2;
const JSQ = 3;
const P2C = 4;

// The run's scalars, loaded from the block for a call's loop.
let servers: u32 = 0;
let code: i32 = 0;
let choices: i32 = 0;
let refresh: f64 = 0;
let rate: f64 = 0;
let reject: u32 = 0;
let now: f64 = 0;
let arrivals: f64 = 0;
let departures: f64 = 0;
let viewTime: f64 = 0;
let rrNext: u32 = 0;
let cap: u32 = 0;
let total: f64 = 0;
let speeds: usize = 0;
let free: usize = 0;
let current: usize = 0;
let inSystem: usize = 0;
let head: usize = 0;
let view: usize = 0;
let ring: usize = 0;
let r0: u32 = 0;
let r1: u32 = 0;
let r2: u32 = 0;
let r3: u32 = 0;
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
function nextRequest(): u32 {
  const result = rotl<u32>(r1 * 5, 7) * 9;
  const t = r1 << 9;
  r2 ^= r0;
  r3 ^= r1;
  r1 ^= r2;
  r0 ^= r3;
  r2 ^= t;
  r3 = rotl<u32>(r3, 11);
  return result;
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

// -- libm.ts, on the bits of a double --

const LN2_HI: f64 = 6.93147180369123816490e-1;
const LN2_LO: f64 = 1.90821492927058770002e-10;
const SQRT_HALF: f64 = 0.7071067811865476;

function log(x: f64): f64 {
  if (!(x > 0)) return x == 0 ? -Infinity : NaN;
  if (x == Infinity) return x;
  let k: i32 = 0;
  if (x < 2.2250738585072014e-308) {
    x *= 18014398509481984;
    k = -54;
  }
  const bits = reinterpret<u64>(x);
  const hi = <u32>(bits >> 32);
  k += <i32>((hi >> 20) & 0x7ff) - 1023;
  let m = reinterpret<f64>((<u64>((hi & 0x000fffff) | 0x3ff00000) << 32) | (bits & 0xffffffff));
  if (m > 2 * SQRT_HALF) {
    m /= 2;
    k++;
  }
  const f = m - 1;
  const s = f / (2 + f);
  const z = s * s;
  let p: f64 = 1.0 / 23.0;
  for (let j = 21; j >= 1; j -= 2) p = p * z + 1.0 / <f64>j;
  const kf = <f64>k;
  return kf * LN2_HI + (kf * LN2_LO + 2 * s * p);
}

@inline
function pow2(k: i32): f64 {
  return reinterpret<f64>(<u64>(<u32>((k + 1023) << 20)) << 32);
}

function exp(x: f64): f64 {
  if (x != x) return NaN;
  if (x > 709.782712893384) return Infinity;
  if (x < -745.1332191019412) return 0;
  const kf = Math.round(x / 0.6931471805599453);
  const r = x - kf * LN2_HI - kf * LN2_LO;
  let p: f64 = 1;
  for (let j = 15; j >= 1; j--) p = 1 + (p * r) / <f64>j;
  const k = <i32>kf;
  const k1 = k >> 1;
  return p * pow2(k1) * pow2(k - k1);
}

// -- exponential.ts: the ziggurat --

const R: f64 = 7.69711747013105;

/** A uniform double in (0, 1) from two draws of the request stream (streams.ts `unit`). */
@inline
function unitRequest(): f64 {
  const a = nextRequest();
  const b = nextRequest();
  return (<f64>(a >> 5) * 67108864 + <f64>(b >> 6) + 0.5) / 9007199254740992;
}

@inline
function exponential(): f64 {
  const j = nextRequest();
  const i = j & 255;
  const r = j >> 8;
  if (r < load<u32>(ZIG_KE + (<usize>i << 2))) return <f64>r * load<f64>(ZIG_WE + (<usize>i << 3));
  return slow(i, r);
}

function slow(i: u32, r: u32): f64 {
  for (;;) {
    if (i == 0) return R - log(unitRequest());
    const x = <f64>r * load<f64>(ZIG_WE + (<usize>i << 3));
    const fi = load<f64>(ZIG_FE + (<usize>i << 3));
    const fPrev = load<f64>(ZIG_FE + (<usize>(i - 1) << 3));
    if (fi + unitRequest() * (fPrev - fi) < exp(-x)) return x;
    const j = nextRequest();
    i = j & 255;
    r = j >> 8;
    if (r < load<u32>(ZIG_KE + (<usize>i << 2))) return <f64>r * load<f64>(ZIG_WE + (<usize>i << 3));
  }
  return unreachable();
}

// -- engine.ts --

@inline
function count(i: u32): i32 {
  return load<i32>(inSystem + (<usize>i << 2));
}

@inline
function speed(i: u32): f64 {
  return load<f64>(speeds + (<usize>i << 3));
}

/** Server i's departures up to time t. */
function drain(i: u32, t: f64): void {
  let c = count(i);
  if (c == 0) return;
  const mask = cap - 1;
  const base = ring + ((<usize>i * <usize>cap) << 3);
  let h = load<u32>(head + (<usize>i << 2));
  const before = c;
  while (c > 0 && load<f64>(base + (<usize>h << 3)) <= t) {
    h = (h + 1) & mask;
    c--;
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
  // Counted in 64 bits first: the doubled rings and the copy beside them must fit the 4 GiB a
  // 32-bit memory can address, or a usize sum would wrap and `ensure` would pass a size it never grew.
  const need = <u64>ring + 3 * ((<u64>servers * <u64>cap) << 3);
  if (need > MAX_MEMORY) return false;
  const oldBytes = (<usize>servers * <usize>cap) << 3;
  const fresh = ring + oldBytes;
  if (!ensure(fresh + 2 * oldBytes)) return false;
  const mask = cap - 1;
  for (let i: u32 = 0; i < servers; i++) {
    const c = <u32>count(i);
    const h = load<u32>(head + (<usize>i << 2));
    const from = ring + ((<usize>i * <usize>cap) << 3);
    const to = fresh + ((<usize>i * <usize>cap * 2) << 3);
    for (let k: u32 = 0; k < c; k++) store<f64>(to + (<usize>k << 3), load<f64>(from + (<usize>((h + k) & mask) << 3)));
    store<u32>(head + (<usize>i << 2), 0);
  }
  memory.copy(ring, fresh, 2 * oldBytes);
  cap *= 2;
  return true;
}

/** Lemire's multiply-and-reject on the policy stream. */
@inline
function index(n: u32): u32 {
  let m = <u64>nextPolicy() * <u64>n;
  while (<u32>m < reject) m = <u64>nextPolicy() * <u64>n;
  return <u32>(m >> 32);
}

@inline
function lighter(a: u32, b: u32): bool {
  return <f64>load<i32>(view + (<usize>a << 2)) * speed(b) < <f64>load<i32>(view + (<usize>b << 2)) * speed(a);
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

function choose(t: f64): u32 {
  const n = servers;
  if (code == RANDOM) return index(n);
  if (code == RR) {
    const i = rrNext;
    rrNext = i + 1 == n ? 0 : i + 1;
    return i;
  }
  if (code == SWRR) return swrrPick();
  if (code == P2C) {
    let best: i32 = -1;
    for (let k = 0; k < choices; k++) {
      const j = index(n);
      drain(j, t);
      if (best < 0 || lighter(j, <u32>best)) best = <i32>j;
    }
    return <u32>best;
  }
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
 * Runs `requests` requests; with `measure`, each one's latency goes to the latencies array (from
 * slot COUNT on), its service time to its server's busy time, and the queue it made to the
 * maximum. Returns 0, or -1 if the rings could not grow (nothing after that request ran).
 */
export function flowRun(requests: i32, measure: bool): i32 {
  servers = <u32>slot(SERVERS);
  code = <i32>slot(CODE);
  choices = <i32>slot(CHOICES);
  refresh = slot(REFRESH);
  rate = slot(RATE);
  reject = <u32>slot(REJECT);
  now = slot(NOW);
  arrivals = slot(ARRIVALS);
  departures = slot(DEPARTURES);
  viewTime = slot(VIEW_TIME);
  rrNext = <u32>slot(RR_NEXT);
  cap = <u32>slot(CAP);
  total = slot(TOTAL);
  speeds = <usize>slot(SPEEDS);
  free = <usize>slot(FREE);
  current = <usize>slot(CURRENT);
  const busy = <usize>slot(BUSY);
  inSystem = <usize>slot(IN_SYSTEM);
  head = <usize>slot(HEAD);
  view = <usize>slot(VIEW);
  const latencies = <usize>slot(LATENCIES);
  ring = <usize>slot(RING);
  r0 = load<u32>(FLOW + <usize>STREAMS);
  r1 = load<u32>(FLOW + <usize>STREAMS, 4);
  r2 = load<u32>(FLOW + <usize>STREAMS, 8);
  r3 = load<u32>(FLOW + <usize>STREAMS, 12);
  p0 = load<u32>(FLOW + <usize>STREAMS, 16);
  p1 = load<u32>(FLOW + <usize>STREAMS, 20);
  p2 = load<u32>(FLOW + <usize>STREAMS, 24);
  p3 = load<u32>(FLOW + <usize>STREAMS, 28);
  let c = <usize>slot(COUNT);
  let sum = slot(SUM);
  let queueMax = <i32>slot(QUEUE_MAX);
  let status: i32 = 0;

  for (let q = 0; q < requests; q++) {
    const t = now + exponential() / rate;
    now = t;
    const work = exponential();
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
    if (<u32>count(i) == cap && !grow()) {
      status = -1;
      break;
    }
    const freeAt = free + (<usize>i << 3);
    const f = load<f64>(freeAt);
    const start = t > f ? t : f;
    const departure = start + work / speed(i);
    store<f64>(freeAt, departure);
    const n = count(i);
    store<f64>(ring + ((<usize>i * <usize>cap + <usize>((load<u32>(head + (<usize>i << 2)) + <u32>n) & (cap - 1))) << 3), departure);
    store<i32>(inSystem + (<usize>i << 2), n + 1);
    arrivals += 1;
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
  store<u32>(FLOW + <usize>STREAMS, r0);
  store<u32>(FLOW + <usize>STREAMS, r1, 4);
  store<u32>(FLOW + <usize>STREAMS, r2, 8);
  store<u32>(FLOW + <usize>STREAMS, r3, 12);
  store<u32>(FLOW + <usize>STREAMS, p0, 16);
  store<u32>(FLOW + <usize>STREAMS, p1, 20);
  store<u32>(FLOW + <usize>STREAMS, p2, 24);
  store<u32>(FLOW + <usize>STREAMS, p3, 28);
  return status;
}
