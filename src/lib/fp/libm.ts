/**
 * log and exp from + − × ÷ and the bits of a double, so that they give the same double in every
 * engine. Math.log and Math.exp do not: Node 24's V8 and Chromium 156's differ in the last bit
 * for about one argument in ten, which was enough to change a cell's mean between the build and
 * the page. Accurate to a couple of units in the last place; what matters here is that they are
 * the same everywhere.
 */
const view = new DataView(new ArrayBuffer(8));

const LN2_HI = 6.93147180369123816490e-1; // fdlibm's split of ln 2: the high part is exact in 32 bits
const LN2_LO = 1.90821492927058770002e-10;
const SQRT_HALF = 0.7071067811865476;

/** Natural log for x > 0 (NaN for x <= 0 or NaN, Infinity for Infinity). */
export function log(x: number): number {
  if (!(x > 0)) return x === 0 ? -Infinity : NaN;
  if (x === Infinity) return x;
  // x = m · 2^k with m in [1, 2), read from the bits; subnormals are scaled up first.
  let k = 0;
  if (x < 2.2250738585072014e-308) {
    x *= 18014398509481984; // 2^54
    k = -54;
  }
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  k += ((hi >>> 20) & 0x7ff) - 1023;
  view.setUint32(0, (hi & 0x000fffff) | 0x3ff00000);
  let m = view.getFloat64(0);
  // m in [√½, √2), so s below is at most 0.1716 in size.
  if (m > 2 * SQRT_HALF) {
    m /= 2;
    k++;
  }
  const f = m - 1;
  const s = f / (2 + f);
  const z = s * s;
  // log m = 2 atanh s = 2 (s + s³/3 + s⁵/5 + …); z ≤ 0.0295, so 11 terms are past 1e-17.
  let p = 1 / 23;
  for (let j = 21; j >= 1; j -= 2) p = p * z + 1 / j;
  return k * LN2_HI + (k * LN2_LO + 2 * s * p);
}

/** e^x, for any x (0 below −745, Infinity above 709.78). */
export function exp(x: number): number {
  if (x !== x) return NaN;
  if (x > 709.782712893384) return Infinity;
  if (x < -745.1332191019412) return 0;
  // x = k ln 2 + r with |r| ≤ ln 2 / 2; e^r by its Taylor series (r¹⁵/15! < 1e-17 here).
  const k = Math.round(x / 0.6931471805599453);
  const r = x - k * LN2_HI - k * LN2_LO;
  let p = 1;
  for (let j = 15; j >= 1; j--) p = 1 + (p * r) / j;
  return scale(p, k);
}

/** y · 2^k, exactly (as long as the result is a normal double or 0). */
function scale(y: number, k: number): number {
  // Two steps, so that 2^k itself never leaves the normal range.
  const k1 = k >> 1;
  return y * pow2(k1) * pow2(k - k1);
}

function pow2(k: number): number {
  view.setUint32(0, (k + 1023) << 20);
  view.setUint32(4, 0);
  return view.getFloat64(0);
}
