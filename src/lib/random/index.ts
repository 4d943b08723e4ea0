export type { PortableRng, Rng, RngState } from './rng.ts';
export { isPortable } from './rng.ts';
export type { CpythonRandom } from './mt19937.ts';
export { cpythonRandom } from './mt19937.ts';
export { xoshiro128ss, xoshiro128ssFromState } from './xoshiro128.ts';
export type { GeneratorName } from './make.ts';
export { makeRng } from './make.ts';
