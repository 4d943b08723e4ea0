import { buildWasm } from '../../scripts/build-wasm.ts';

/**
 * Vitest's global setup: the experiments run on the WebAssembly kernels, so they are compiled
 * first when missing or stale (in a clean clone the unit shards may start before `npm run build`
 * has made them; build-wasm writes through a rename, so either may finish first).
 */
export default async function setup(): Promise<void> {
  await buildWasm();
}
