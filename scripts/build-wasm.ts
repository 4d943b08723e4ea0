/**
 * Compiles the AssemblyScript kernels (src/kernels/assembly/) to build/kernels.wasm, which
 * src/kernels/load.ts reads in Node and the worker fetches in the page. Skips the compile when the
 * output is newer than every source (and this script), so `npm run build`, the unit tests'
 * global setup, reproduce and bench can all call it. The module is written to a temporary file
 * and renamed into place, so a build and a test shard that compile at the same time never read
 * half a file.
 *
 * Usage: node scripts/build-wasm.ts [--force]
 */
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCE_DIR = join(ROOT, 'src/kernels/assembly');
const ENTRY = join(SOURCE_DIR, 'index.ts');
export const WASM_FILE = join(ROOT, 'build/kernels.wasm');

function mtime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

function upToDate(): boolean {
  const out = mtime(WASM_FILE);
  if (out < 0) return false;
  const sources = readdirSync(SOURCE_DIR).map((f) => join(SOURCE_DIR, f));
  sources.push(fileURLToPath(import.meta.url), join(ROOT, 'node_modules/assemblyscript/package.json'));
  return sources.every((f) => mtime(f) < out);
}

/** Builds the kernels if they are missing or stale; returns the path of the .wasm. */
export async function buildWasm(force = false): Promise<string> {
  if (!force && upToDate()) return WASM_FILE;
  const { default: asc } = await import('assemblyscript/asc');
  mkdirSync(join(ROOT, 'build'), { recursive: true });
  const temp = `${WASM_FILE}.${process.pid}.${Date.now()}.tmp`;
  // -O3 for speed; no asserts and the stub runtime: the kernels allocate nothing and only
  // touch memory the JavaScript side has sized through `ensure`. SIMD for MT19937's refill and
  // tempering (every current browser has it; where it is missing, compiling fails and the
  // TypeScript runs).
  const result = await asc.main([ENTRY, '--outFile', temp, '-O3', '--noAssert', '--runtime', 'stub', '--enable', 'simd'], {});
  if (result.error) {
    rmSync(temp, { force: true });
    throw new Error(`build-wasm: ${result.error.message}\n${result.stderr.toString()}`);
  }
  renameSync(temp, WASM_FILE);
  return WASM_FILE;
}

/**
 * For the terminal tools (reproduce, bench): builds the kernels if needed; if that fails they run
 * on the TypeScript reference, and stderr says so.
 */
export async function ensureKernels(tool: string): Promise<void> {
  try {
    await buildWasm();
  } catch (e) {
    process.stderr.write(`${tool}: the WebAssembly kernels did not build, so the TypeScript runs (${e instanceof Error ? e.message : String(e)})\n`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const skipped = !process.argv.includes('--force') && upToDate();
  await buildWasm(process.argv.includes('--force'));
  console.log(`build-wasm: ${skipped ? 'up to date' : `compiled in ${(performance.now() - started).toFixed(0)} ms`}: ${WASM_FILE}`);
}
