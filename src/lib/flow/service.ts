import type { Rng } from '../random/rng.ts';
import { exp, log } from '../fp/libm.ts';
import { exponential } from './exponential.ts';
import { unit } from './streams.ts';

/**
 * Service-time laws, each of mean 1: `exp` (the ziggurat's exponential, cv 1), `lognormal` and
 * `pareto` (type I) with a given coefficient of variation. Every draw is + − × ÷, Math.sqrt
 * (correctly rounded) and libm.ts's log and exp, so a seed gives the same work in every engine.
 */
export const SERVICES = ['exp', 'lognormal', 'pareto'] as const;

export type Service = (typeof SERVICES)[number];

export function isService(name: string): name is Service {
  return (SERVICES as readonly string[]).includes(name);
}

/** A law's constants, computed once: lognormal's μ and σ, pareto's scale and 1/α. */
export interface ServiceLaw {
  readonly code: number;
  readonly a: number;
  readonly b: number;
}

export const EXP = 0;
export const LOGNORMAL = 1;
export const PARETO = 2;

export function serviceLaw(service: Service, cv: number): ServiceLaw {
  if (service === 'exp') return { code: EXP, a: 0, b: 0 };
  if (!(cv > 0 && Number.isFinite(cv))) throw new RangeError(`flow: cv must be positive, got ${cv}`);
  if (service === 'lognormal') {
    // Mean 1: σ² = ln(1 + cv²), μ = −σ²/2.
    const s2 = log(1 + cv * cv);
    return { code: LOGNORMAL, a: -s2 / 2, b: Math.sqrt(s2) };
  }
  // Pareto I with mean 1: cv² = 1/(α(α − 2)), so α = 1 + √(1 + 1/cv²) > 2; scale (α − 1)/α.
  const alpha = 1 + Math.sqrt(1 + 1 / (cv * cv));
  return { code: PARETO, a: (alpha - 1) / alpha, b: 1 / alpha };
}

/** One standard normal by Marsaglia's polar method (the pair's second value is not kept). */
export function normal(rng: Rng): number {
  for (;;) {
    const u = 2 * unit(rng) - 1;
    const v = 2 * unit(rng) - 1;
    const s = u * u + v * v;
    if (s < 1 && s > 0) return u * Math.sqrt((-2 * log(s)) / s);
  }
}

/** One request's work under the law. */
export function draw(law: ServiceLaw, rng: Rng): number {
  if (law.code === EXP) return exponential(rng);
  if (law.code === LOGNORMAL) return exp(law.a + law.b * normal(rng));
  return law.a * exp(-(log(unit(rng)) * law.b));
}

/**
 * A slow stretch given as fractions of a run's expected length (its requests over the arrival
 * rate, load × Σ speeds), as times: it falls in the same part of the run whatever the servers, the
 * load or the requests. flow.sim and flow.compare (flowOptions) and the flow view's worker both
 * place it so, the view over the run of its build (VIEW_REQUESTS).
 */
export function slowWindow(servers: number, speeds: readonly number[], load: number, requests: number, slowFrom: number, slowFor: number): { slowFrom: number; slowTo: number } {
  let capacity = 0;
  for (let i = 0; i < servers; i++) capacity += speeds[i % speeds.length];
  const length = requests / (load * capacity);
  const from = slowFrom * length;
  return { slowFrom: from, slowTo: from + slowFor * length };
}

/** How many servers a slow stretch slows: none when it lasts no time or slows by no factor. */
export const slowedServers = (slow: number, slowFactor: number, slowFor: number): number => (slowFactor > 1 && slowFor > 0 ? slow : 0);

/**
 * When a request of `work` starting at `start` leaves a server of speed `speed` that runs at
 * speed / factor from `from` until `to`: the work is done piece by piece at each rate.
 */
export function slowedDeparture(start: number, work: number, speed: number, factor: number, from: number, to: number): number {
  const plain = start + work / speed;
  if (start >= to || plain <= from) return plain;
  let t = start;
  let left = work;
  if (t < from) {
    left -= (from - t) * speed;
    t = from;
  }
  const slow = speed / factor;
  const inside = (to - t) * slow;
  if (left <= inside) return t + left / slow;
  return to + (left - inside) / speed;
}
