// The flow kernel's draws from the request stream (assembly/flow.ts runs them): the gaps and the
// work of src/lib/flow's streams.ts, exponential.ts and service.ts, draw for draw and bit for bit:
// the same xoshiro128** stream, the ziggurat's tables copied in, libm.ts's log and exp (never
// AssemblyScript's own Math.log and Math.exp, which round differently), Math.sqrt (correctly
// rounded in both), and every floating-point operation in the order the TypeScript writes it.
import { ZIG_FE, ZIG_KE, ZIG_WE } from './layout';

// The request stream's state, loaded for a call's loop and stored back after it.
let r0: u32 = 0;
let r1: u32 = 0;
let r2: u32 = 0;
let r3: u32 = 0;

export function loadRequests(at: usize): void {
  r0 = load<u32>(at);
  r1 = load<u32>(at, 4);
  r2 = load<u32>(at, 8);
  r3 = load<u32>(at, 12);
}

export function storeRequests(at: usize): void {
  store<u32>(at, r0);
  store<u32>(at, r1, 4);
  store<u32>(at, r2, 8);
  store<u32>(at, r3, 12);
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

// -- libm.ts, on the bits of a double --

const LN2_HI: f64 = 6.93147180369123816490e-1;
const LN2_LO: f64 = 1.90821492927058770002e-10;
const SQRT_HALF: f64 = 0.7071067811865476;

export function log(x: f64): f64 {
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

export function exp(x: f64): f64 {
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
export function exponential(): f64 {
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

// -- service.ts: the laws of mean 1 --

const LOGNORMAL = 1;

/** One standard normal by Marsaglia's polar method (service.ts `normal`). */
function normal(): f64 {
  for (;;) {
    const u = 2 * unitRequest() - 1;
    const v = 2 * unitRequest() - 1;
    const s = u * u + v * v;
    if (s < 1 && s > 0) return u * Math.sqrt((-2 * log(s)) / s);
  }
  return unreachable();
}

/** One request's work under a law other than exp (service.ts `draw`): its code and constants a, b. */
export function work(law: i32, a: f64, b: f64): f64 {
  if (law == LOGNORMAL) return exp(a + b * normal());
  return a * exp(-(log(unitRequest()) * b));
}

/** service.ts `slowedDeparture`: the work done piece by piece at speed, then speed / factor, then speed. */
export function slowedDeparture(start: f64, w: f64, speed: f64, factor: f64, from: f64, to: f64): f64 {
  const plain = start + w / speed;
  if (start >= to || plain <= from) return plain;
  let t = start;
  let left = w;
  if (t < from) {
    left -= (from - t) * speed;
    t = from;
  }
  const slowed = speed / factor;
  const inside = (to - t) * slowed;
  if (left <= inside) return t + left / slowed;
  return to + (left - inside) / speed;
}
