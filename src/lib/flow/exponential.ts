import type { Rng } from '../random/rng.ts';
import { exp, log } from '../fp/libm.ts';
import { unit } from './streams.ts';

/**
 * Exponential(1) draws by Marsaglia and Tsang's ziggurat ("The ziggurat method for generating
 * random variables", J. Stat. Softw. 5(8), 2000: the tables and the tail of its REXP), with 256
 * layers. The inverse CDF, −ln U, costs a logarithm per draw; here 98.9% of draws take one 32-bit
 * draw, a compare and a multiply, and only the rest fall back to exp or log. As NumPy's ziggurat
 * does, the layer comes from the low 8 bits and the position in it from the other 24, so the two
 * never share a bit. The tables and the rare slow path use libm.ts's log and exp, not Math's,
 * so a seed gives the same draws in Node and in every browser.
 */
const LAYERS = 256;
const SCALE = 16777216; // 2^24: the position's range
const R = 7.69711747013105; // where the tail starts
const V = 3.949659822581572e-3; // the area of each layer

/** ke: accept without more work when the position is below it; we: position to x; fe: e^(−x) at the layer's edge. */
const ke = new Uint32Array(LAYERS);
const we = new Float64Array(LAYERS);
const fe = new Float64Array(LAYERS);
{
  let de = R;
  let te = de;
  const q = V / exp(-de);
  ke[0] = Math.floor((de / q) * SCALE);
  ke[1] = 0;
  we[0] = q / SCALE;
  we[LAYERS - 1] = de / SCALE;
  fe[0] = 1;
  fe[LAYERS - 1] = exp(-de);
  for (let i = LAYERS - 2; i >= 1; i--) {
    de = -log(V / de + exp(-de));
    ke[i + 1] = Math.floor((de / te) * SCALE);
    te = de;
    fe[i] = exp(-de);
    we[i] = de / SCALE;
  }
}

/** The tables themselves, for the WebAssembly kernel (src/kernels/flow.ts copies them in). */
export const ZIGGURAT: { readonly ke: Uint32Array; readonly we: Float64Array; readonly fe: Float64Array } = { ke, we, fe };

export function exponential(rng: Rng): number {
  const j = rng.nextUint32();
  const i = j & 255;
  const r = j >>> 8;
  if (r < ke[i]) return r * we[i];
  return slow(rng, i, r);
}

function slow(rng: Rng, i: number, r: number): number {
  for (;;) {
    // The base layer's tail beyond R is itself exponential, shifted: R − ln U.
    if (i === 0) return R - log(unit(rng));
    const x = r * we[i];
    if (fe[i] + unit(rng) * (fe[i - 1] - fe[i]) < exp(-x)) return x;
    const j = rng.nextUint32();
    i = j & 255;
    r = j >>> 8;
    if (r < ke[i]) return r * we[i];
  }
}
