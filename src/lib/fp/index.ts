/**
 * Floating point that gives the same double in every engine. `**`, `Math.pow`, `Math.log`,
 * `Math.exp` and the other transcendental `Math` functions are not specified to the last bit, and
 * V8, SpiderMonkey and JavaScriptCore round them differently (`0.99 ** 3` is 0.970299 in V8 and
 * 0.9702989999999999 in Firefox and WebKit). What a result depends on is computed here instead,
 * from + − × ÷ (IEEE 754: correctly rounded, the same everywhere), `Math.sqrt` (correctly rounded
 * too) and the bits of a double. ESLint rejects the others in src/lib and src/experiments.
 */
export { exp, log } from './libm.ts';
import { exp, log } from './libm.ts';

/** x^n for a whole n, by repeated squaring (n may be negative or as large as 2^53). */
export function powi(x: number, n: number): number {
  if (!Number.isInteger(n)) throw new RangeError(`powi: the exponent ${n} is not a whole number`);
  if (n < 0) return 1 / powi(x, -n);
  let result = 1;
  let base = x;
  let e = n;
  while (e > 0) {
    if (e % 2 === 1) result *= base;
    e = Math.floor(e / 2);
    if (e > 0) base *= base;
  }
  return result;
}

/** x^y for x > 0 and any y: e^(y ln x) (a couple of ulps; whole y goes through powi, exactly where it can be). */
export function pow(x: number, y: number): number {
  if (Number.isInteger(y)) return powi(x, y);
  if (x === 0) return y > 0 ? 0 : Infinity;
  return exp(y * log(x));
}

/** e^x − 1, accurate near 0 (where exp(x) − 1 would cancel). */
export function expm1(x: number): number {
  if (x === 0) return x; // ±0, as Math.expm1 keeps the sign
  if (Math.abs(x) >= 0.5) return exp(x) - 1;
  // x + x²/2! + …: |x| < ½, so 20 terms are past 1e-17 of the sum.
  let term = x;
  let sum = x;
  for (let j = 2; j <= 20; j++) {
    term = (term * x) / j;
    sum += term;
  }
  return sum;
}

/** log2 of a power of two 1 … 2^31 (exact; NaN for anything else), by counting bits. */
export function log2PowerOfTwo(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 2147483648 || (n & (n - 1)) !== 0) return Number.NaN;
  return 31 - Math.clz32(n);
}

/** ⌈log2 n⌉ for a whole n ≥ 1 up to 2^32, by counting bits. */
export function ceilLog2(n: number): number {
  if (n <= 1) return 0;
  return 32 - Math.clz32(n - 1);
}

/** 2^32 and 2^53, written out. */
export const TWO_32 = 4294967296;
export const TWO_53 = 9007199254740992;
