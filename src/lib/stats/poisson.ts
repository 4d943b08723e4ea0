import type { Rng } from '../random/rng.ts';
import { exp, log, TWO_32 } from '../fp/index.ts';


/** A uniform real in the open interval (0, 1), 32 bits of it: never 0, so its log is finite. */
function uniformOpen(rng: Rng): number {
  return (rng.nextUint32() + 0.5) / TWO_32;
}

// ln k! exactly (as a sum of logs) up to here, Stirling's series above: at k = 16 the series'
// first omitted term is below 1e-13.
const EXACT_UP_TO = 16;
const LOG_FACTORIAL: number[] = [0];
for (let k = 1; k <= EXACT_UP_TO; k++) LOG_FACTORIAL.push(LOG_FACTORIAL[k - 1] + log(k));

export function logFactorial(k: number): number {
  if (k <= EXACT_UP_TO) return LOG_FACTORIAL[k];
  const k2 = k * k;
  return k * log(k) - k + 0.5 * log(2 * Math.PI * k) + 1 / (12 * k) - 1 / (360 * k * k2) + 1 / (1260 * k * k2 * k2);
}

/**
 * One Poisson(mu) variate, exactly (no normal approximation). Below mu = 10, Knuth's product of
 * uniforms; from 10 up, Hörmann's transformed rejection with squeeze, PTRS ("The transformed
 * rejection method for generating Poisson random variables", Insurance: Mathematics and
 * Economics 12, 1993), with his constants, as NumPy's random_poisson_ptrs uses them: O(1)
 * draws on average whatever mu is.
 */
export function samplePoisson(mu: number, rng: Rng): number {
  if (!(mu >= 0) || !Number.isFinite(mu)) throw new RangeError(`samplePoisson: mu must be finite and non-negative, got ${mu}`);
  if (mu === 0) return 0;
  if (mu < 10) {
    const limit = exp(-mu);
    let k = 0;
    let product = uniformOpen(rng);
    while (product > limit) {
      k++;
      product *= uniformOpen(rng);
    }
    return k;
  }
  const slam = Math.sqrt(mu);
  const logMu = log(mu);
  const b = 0.931 + 2.53 * slam;
  const a = -0.059 + 0.02483 * b;
  const logInvAlpha = log(1.1239 + 1.1328 / (b - 3.4));
  const vr = 0.9277 - 3.6224 / (b - 2);
  for (;;) {
    const u = uniformOpen(rng) - 0.5;
    const v = uniformOpen(rng);
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + mu + 0.43);
    if (us >= 0.07 && v <= vr) return k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    if (log(v) + logInvAlpha - log(a / (us * us) + b) <= -mu + k * logMu - logFactorial(k)) return k;
  }
}
