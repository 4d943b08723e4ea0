/**
 * Loads the WebAssembly kernels (src/kernels/assembly/, compiled by scripts/build-wasm.ts to
 * build/kernels.wasm) once per worker or process: Node reads the file, the page's worker fetches
 * it as an asset Vite emits beside the worker (so the sub-path build finds it too, and the page's
 * own JavaScript never carries it). The compiled module is shared; each run takes a fresh
 * instance with its own memory, so runs interleaved in one worker cannot clobber each other and a
 * finished run's memory goes with it. Anything that goes wrong (no WebAssembly, no file, a refused
 * compile) yields null, and the callers run the TypeScript reference instead.
 */

/** The kernel module's exports (src/kernels/assembly/index.ts). Pointers and sizes are bytes. */
export interface KernelExports {
  readonly memory: WebAssembly.Memory;
  heapBase(): number;
  mtState(): number;
  xoState(): number;
  dynamicBase(): number;
  flowBlock(): number;
  zigguratTables(): number;
  /** Grows memory to at least `bytes`; 0 if the engine refuses. */
  ensure(bytes: number): number;
  reset(): void;
  pending(): number;
  place(bins: number, n: number, count: number, d: number, mt: number, wide: number): number;
  widen(from: number, to: number, n: number): void;
  crcInit(): void;
  runEvents(queues: number, view: number, pool: number, poolSize: number, n: number, d: number, arrivalCut: number, inSystem: number, events: number, mt: number, out: number): void;
  flowRun(requests: number, measure: number): number;
  lookupHashes(hashes: number, nodes: number, count: number, keyHashes: number, keys: number, out: number): void;
  lookupKeys(hashes: number, nodes: number, count: number, bytes: number, offsets: number, keys: number, out: number, murmur: number): void;
  md5Names(bytes: number, offsets: number, count: number, out: number): void;
  md5Numbered(name: number, prefixLength: number, first: number, count: number, out: number): void;
  mod128(digests: number, count: number, n: number, out: number): void;
  lookup128(prefix: number, words: number, nodes: number, points: number, digests: number, count: number, out: number): void;
}

// A literal `new URL(..., import.meta.url)`: the pattern Vite turns into an emitted asset.
const WASM_URL = new URL('../../build/kernels.wasm', import.meta.url);
/** Where the build puts the module, from the repository root (Node runs from there). */
const WASM_PATH = 'build/kernels.wasm';

let compiled: Promise<WebAssembly.Module | null> | undefined;

/** The compiled kernels, or null when they cannot be had here; compiled on first use. */
export function kernelModule(): Promise<WebAssembly.Module | null> {
  compiled ??= compileKernels().catch(() => null);
  return compiled;
}

/**
 * Replaces what kernelModule() yields: null runs everything on the TypeScript reference (the
 * tests use it to compare both paths); undefined loads the module again on next use.
 */
export function setKernelModule(module: WebAssembly.Module | null | undefined): void {
  compiled = module === undefined ? undefined : Promise.resolve(module);
}

/**
 * Which path the runs took: instances handed out (the kernel ran) and refusals (the caller ran
 * the TypeScript reference). The worker compares them before and after a run to tell the page.
 */
const use = { kernel: 0, fallback: 0 };

/** The path counts so far (a copy). */
export function kernelUse(): { kernel: number; fallback: number } {
  return { ...use };
}

/** The path a run took, from the counts before it and after: an experiment with no kernel took 'none'. */
export function pathBetween(before: { kernel: number; fallback: number }, after: { kernel: number; fallback: number }): RunPath {
  if (after.fallback > before.fallback) return 'typescript';
  return after.kernel > before.kernel ? 'kernel' : 'none';
}

/** Where a run's numbers were computed: the WebAssembly kernel, its TypeScript fallback, or plain TypeScript (no kernel). */
export type RunPath = 'kernel' | 'typescript' | 'none';

/**
 * A caller that had an instance but could not lay its run out in it (too large) runs the
 * TypeScript instead: counted as a fallback, so the run's path says so.
 */
export function kernelRefused(): void {
  use.fallback++;
}

/** A fresh instance for one run, or null (then the caller runs TypeScript). */
export async function kernelInstance(): Promise<KernelExports | null> {
  const exports = await instantiate();
  if (exports) use.kernel++;
  else use.fallback++;
  return exports;
}

/** The functions KernelExports names (the compiler holds the two lists together, below). */
export const KERNEL_FUNCTIONS = ['heapBase', 'mtState', 'xoState', 'dynamicBase', 'flowBlock', 'zigguratTables', 'ensure', 'reset', 'pending', 'place', 'widen', 'crcInit', 'runEvents', 'flowRun', 'lookupHashes', 'lookupKeys', 'md5Names', 'md5Numbered', 'mod128', 'lookup128'] as const satisfies readonly (keyof KernelExports)[];

type FunctionNames = { [K in keyof KernelExports]: KernelExports[K] extends (...args: never[]) => unknown ? K : never }[keyof KernelExports];
const everyFunctionNamed: [Exclude<FunctionNames, (typeof KERNEL_FUNCTIONS)[number]>] extends [never] ? true : never = true;
void everyFunctionNamed;

/** Whether an instance's exports are this project's kernels (build/kernels.wasm): its memory and every function it exports by name. */
function isKernel(e: WebAssembly.Exports): e is WebAssembly.Exports & KernelExports {
  return e.memory instanceof WebAssembly.Memory && KERNEL_FUNCTIONS.every((name) => typeof e[name] === 'function');
}

async function instantiate(): Promise<KernelExports | null> {
  const module = await kernelModule();
  if (!module) return null;
  try {
    const exports = new WebAssembly.Instance(module, {}).exports;
    // The fixed layout (src/kernels/assembly/layout.ts) must sit above the compiler's own data.
    return isKernel(exports) && exports.heapBase() <= exports.mtState() ? exports : null;
  } catch {
    return null;
  }
}

async function compileKernels(): Promise<WebAssembly.Module | null> {
  if (typeof WebAssembly === 'undefined') return null;
  return WebAssembly.compile(await kernelBytes());
}

async function kernelBytes(): Promise<ArrayBuffer | Uint8Array<ArrayBuffer>> {
  // Node (tests, reproduce, bench, the site build): no import of node:fs, so the worker bundle
  // has nothing to shim. Inside the build's bundle import.meta.url no longer points into src/,
  // so the path from the repository root is the second place to look.
  const fs = globalThis.process?.getBuiltinModule?.('node:fs');
  if (fs) {
    const file = WASM_URL.protocol === 'file:' && fs.existsSync(WASM_URL) ? WASM_URL : WASM_PATH;
    return new Uint8Array(fs.readFileSync(file));
  }
  const response = await fetch(WASM_URL);
  if (!response.ok) throw new Error(`kernels: ${response.status} for ${WASM_URL.href}`);
  return response.arrayBuffer();
}
