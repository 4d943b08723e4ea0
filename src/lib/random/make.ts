import type { PortableRng } from './rng.ts';
import { cpythonRandom } from './mt19937.ts';
import { xoshiro128ss } from './xoshiro128.ts';

/** 'cpython' reproduces the article's Python numbers draw for draw; 'fast' is xoshiro128**. */
export type GeneratorName = 'cpython' | 'fast';

export function makeRng(generator: GeneratorName, seed: number | bigint): PortableRng {
  if (generator === 'cpython') return cpythonRandom(seed);
  if (generator === 'fast') {
    // Seeds reach here from URLs and forms; a bigint that fits is the same seed as its number.
    if (typeof seed === 'bigint') {
      if (seed < 0n || seed > BigInt(Number.MAX_SAFE_INTEGER)) {
        throw new RangeError(`makeRng: the fast generator takes seeds in [0, 2^53 - 1], got ${seed}`);
      }
      return xoshiro128ss(Number(seed));
    }
    return xoshiro128ss(seed);
  }
  throw new RangeError(`makeRng: unknown generator ${String(generator)}`);
}
