/**
 * The request-flow engine's bench section: events per second (an arrival and a departure per
 * request) of src/lib/flow for every policy at 10, 100 and 1000 servers, in TypeScript (the
 * reference), on the WebAssembly kernel (src/kernels/flow.ts) and in C (bench-baselines/flow.c,
 * the same loop for every policy, the production ones included, compiled with `cc -O2` when there
 * is a compiler), interleaved, with the kernel's ratio to each; all three must give the same latencies to the bit (a hash of every measured
 * latency's bits, and the mean), or the row says so. The C loop hashes its latencies where the
 * kernel stores them, and keeps no busy times or longest queue: it does a little less. Then
 * against the textbook binary-heap simulation in bench-baselines/heap-supermarket.ts on the same
 * model (p2c, d = 2, load 0.9). Prints tables; never fails on time.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { openFlow } from '../../src/kernels/flow.ts';
import { kernelModule, setKernelModule } from '../../src/kernels/load.ts';
import { POLICIES, summarise, type Policy } from '../../src/lib/flow/index.ts';
import { makeRng } from '../../src/lib/random/make.ts';
import { median } from '../../src/lib/stats/quantile.ts';
import { heapSupermarket } from '../bench-baselines/heap-supermarket.ts';
import { compileC, interleavedAsync, printTable } from './timing.ts';

const TARGET = 10e6;
const REPS = 5;
const LOAD = 0.9;

interface FlowTiming {
  ms: number;
  cpuMs: number;
  events: number;
  mean: number;
  /** FNV-1a over the measured latencies' bits in order (flow.c computes the same). */
  hash: number;
}

/** FNV-1a (32-bit) over the latencies' 32-bit words, low then high, in the order they were measured. */
function latencyHash(latencies: Float64Array, count: number): number {
  const words = new Uint32Array(latencies.buffer, latencies.byteOffset, 2 * count);
  let h = 2166136261;
  for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i], 16777619) >>> 0;
  return h;
}

/** The C baseline: the same run, timed by itself (its loop only). */
function cRun(binary: string, policy: Policy, servers: number, requests: number, seed: number): FlowTiming {
  const result = spawnSync(binary, [String(servers), policy, String(requests), String(seed)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`bench: the C flow baseline failed: ${result.stderr}`);
  const { ms, cpuMs, mean, hash } = JSON.parse(result.stdout) as { ms: number; cpuMs: number; mean: number; hash: number };
  return { ms, cpuMs, events: 2 * requests, mean, hash };
}

/** One run, warm-up then measurement, timed without opening the session; `kernel` false runs the TypeScript engine. */
async function flowRun(kernel: boolean, policy: Policy, servers: number, requests: number, seed: number): Promise<FlowTiming> {
  const module = await kernelModule();
  const warmup = Math.floor(requests / 5);
  if (!kernel) setKernelModule(null);
  const s = await openFlow({ servers, speeds: [1], load: LOAD, policy, choices: 2, refresh: 0, seed }, requests - warmup);
  setKernelModule(module);
  if (s.onKernel !== kernel) throw new Error(`bench: the flow run was meant to run ${kernel ? 'on the kernel' : 'in TypeScript'}`);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  s.run(warmup, false);
  s.run(requests - warmup, true);
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const m = s.measurement();
  // Hashed before summarise, which reorders the latencies as it selects the percentiles.
  const hash = latencyHash(m.latencies, m.count);
  return { ms, cpuMs: (c.user + c.system) / 1000, events: 2 * requests, mean: summarise(m).mean, hash };
}

export async function benchFlow(): Promise<void> {
  const onKernel = (await kernelModule()) !== null;
  // No fused multiply-add: where the machine has one (aarch64 always does) the compiler would fuse
  // a*b+c and the C run's doubles would part from the JavaScript's and the kernel's.
  const c = compileC('flow.c', ['-ffp-contract=off', '-lm']);
  console.log(`\nflow: events per second (arrivals + departures) of src/lib/flow in TypeScript, ${onKernel ? 'on the WebAssembly kernel' : 'no kernel (it did not load)'} and ${c.binary ? 'in C (bench-baselines/flow.c)' : `no C (${c.reason})`}, median of ${REPS} interleaved after a warm-up run; time ratios by CPU time (below 1: the kernel is faster)`);
  const rows: string[][] = [['policy', 'servers', 'TS M ev/s', 'kernel M ev/s', 'C M ev/s', 'time kernel/TS', 'time kernel/C', 'mean latency', 'same latencies']];
  let worst = Infinity;
  let worstTs = Infinity;
  for (const servers of [10, 100, 1000]) {
    for (const policy of POLICIES) {
      // jsq, swrr and least_conn scan every server per request: fewer requests where that is slow;
      // random_two's draws by weight and Peak EWMA's exps cost a few p2c requests each.
      const scans = policy === 'jsq' || policy === 'swrr' || policy === 'least_conn';
      const requests = scans ? Math.max(100_000, 2e8 / servers / 10) : policy === 'random_two' || policy === 'peak_ewma' ? 1_000_000 : 2_000_000;
      type Which = 'ts' | 'kernel' | 'c';
      const runs: Record<Which, FlowTiming[]> = { ts: [], kernel: [], c: [] };
      const seeds: Record<Which, number> = { ts: 0, kernel: 0, c: 0 };
      // Seeds 1, 2, ... for each, so every round compares the same requests.
      const timed = (which: Which) => async () => {
        const seed = ++seeds[which];
        const r = which === 'c' ? cRun(c.binary!, policy, servers, requests, seed) : await flowRun(which === 'kernel', policy, servers, requests, seed);
        runs[which].push(r);
        return r.ms;
      };
      const candidates: Partial<Record<Which, () => Promise<number>>> = { ts: timed('ts') };
      if (onKernel) candidates.kernel = timed('kernel');
      if (c.binary) candidates.c = timed('c');
      await interleavedAsync(candidates as Record<Which, () => Promise<number>>, REPS);
      // The first run of each is the warm-up.
      const rate = (which: Which, key: 'ms' | 'cpuMs') => (runs[which].length ? median(runs[which].slice(1).map((r) => r.events / (r[key] / 1000))) : NaN);
      const fmt = (x: number) => (Number.isNaN(x) ? '-' : (x / 1e6).toFixed(1));
      const ratio = (x: number) => (Number.isNaN(x) ? '-' : `${x.toFixed(2)}x`);
      const ts = rate('ts', 'ms');
      const kernel = rate('kernel', 'ms');
      if (policy === 'random' || policy === 'rr' || policy === 'p2c') {
        worst = Math.min(worst, onKernel ? kernel : ts);
        worstTs = Math.min(worstTs, ts);
      }
      // Every latency to the bit (their hash) and the mean, seed by seed; '-' with one implementation only.
      const seen = [...runs.ts, ...runs.kernel, ...runs.c].map((r, k) => ({ seed: (k % (REPS + 1)) + 1, mean: r.mean, hash: r.hash }));
      const ran = Object.values(runs).filter((list) => list.length > 0).length;
      const agree = seen.every((m) => { const o = seen.find((x) => x.seed === m.seed)!; return m.mean === o.mean && m.hash === o.hash; });
      const same = ran < 2 ? '-' : agree ? 'yes' : 'NO';
      rows.push([
        policy,
        String(servers),
        fmt(ts),
        fmt(kernel),
        fmt(rate('c', 'ms')),
        ratio(rate('ts', 'cpuMs') / rate('kernel', 'cpuMs')),
        ratio(rate('c', 'cpuMs') / rate('kernel', 'cpuMs')),
        runs.ts[1].mean.toFixed(3),
        same,
      ]);
    }
  }
  printTable(rows, (col) => col !== 0);
  console.log(`target: at least ${TARGET / 1e6} M events/s (wall clock) for random, rr and p2c at every size, as the cells run: ${worst >= TARGET ? 'met' : 'NOT met'} (lowest ${(worst / 1e6).toFixed(1)} M; TypeScript alone ${(worstTs / 1e6).toFixed(1)} M)`);

  // Against the heap baseline: p2c (d = 2) at 100 servers, the same simulated time.
  const servers = 100;
  const requests = 2_000_000;
  const horizon = requests / (LOAD * servers);
  const heap = () => {
    const t0 = performance.now();
    const r = heapSupermarket(servers, LOAD, 2, horizon, horizon / 5, makeRng('fast', 1));
    return { ms: performance.now() - t0, events: r.events, mean: r.meanSojourn };
  };
  heap();
  const mine: FlowTiming[] = [];
  for (let rep = 0; rep < REPS; rep++) mine.push(await flowRun(onKernel, 'p2c', servers, Math.round(requests * 1.2), rep + 1));
  const base = Array.from({ length: REPS }, heap);
  const mineMs = median(mine.map((r) => r.ms));
  const baseMs = median(base.map((r) => r.ms));
  console.log(
    `flow p2c (${onKernel ? 'kernel' : 'TypeScript'}) vs binary-heap DES, ${servers} servers at load ${LOAD}, ${horizon.toFixed(0)} time units after a fifth more of warm-up: ` +
      `${(median(mine.map((r) => r.events / r.ms)) / 1e3).toFixed(1)} vs ${(median(base.map((r) => r.events / r.ms)) / 1e3).toFixed(1)} M events/s, ` +
      `${(baseMs / mineMs).toFixed(1)}x the simulated time per second; mean time in system ${median(mine.map((r) => r.mean)).toFixed(3)} vs ${median(base.map((r) => r.mean)).toFixed(3)}`,
  );
}
