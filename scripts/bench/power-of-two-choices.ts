/**
 * Chapter 1's bench sections.
 * - Balls into bins, n balls into n bins with d = 2, timed side by side in one run: a plain
 *   JavaScript port of the article's loop (Array + a seeded LCG); placeBalls, the TypeScript
 *   reference, and the WebAssembly kernel (src/kernels/), each with the fast generator
 *   (xoshiro128**) and the CPython-exact one (MT19937); the same loop in C (`cc -O2`, when a C
 *   compiler is present); the article's Python program on CPython, when python3 is on PATH (only
 *   its loop is timed). Every row is printed as a ratio to C and to CPython.
 * - The balls.growth experiment's whole Figure 2 sweep, as the page runs it, on the kernel and on
 *   the TypeScript, with the same sweep in C beside it.
 * - The supermarket model's uniformised chain, in TypeScript, on the kernel and in C (the same
 *   chain: it must end in the same state), against a binary-heap event simulation.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ballsGrowth } from '../../src/experiments/power-of-two-choices/balls-growth.ts';
import { ballsKernel } from '../../src/kernels/balls.ts';
import { setKernelModule } from '../../src/kernels/load.ts';
import { maxLoad } from '../../src/lib/balls/histogram.ts';
import { placeBalls } from '../../src/lib/balls/place.ts';
import { makeRng, type GeneratorName } from '../../src/lib/random/make.ts';
import { eventRunner, type EventRunner } from '../../src/kernels/events.ts';
import { advance, finished, makeSupermarket, planRun, runEvents, startMeasurement, timeInSystem, totalEvents } from '../../src/lib/supermarket/index.ts';
import { heapSupermarket } from '../bench-baselines/heap-supermarket.ts';
import { ccVersion, compileC, interleavedAsync, median, printTable, quiet, target } from './timing.ts';

const D = 2;
const SEED = 7;
const REPS = 5;
/** Issue #17's targets, as ratios measured in the same run. */
const FAST_VS_C = 1.3;
const EXACT_VS_C = 2;
const VS_CPYTHON = 30;

/** The article's loop as anyone would first write it in JS: a plain Array and a float generator. */
function plainJsMaxLoad(n: number, d: number, seed: number): number {
  // Numerical Recipes' LCG; the top bits, which are the good ones, pick the bin through the float.
  let state = seed >>> 0;
  const random = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const bins: number[] = new Array<number>(n).fill(0);
  for (let ball = 0; ball < n; ball++) {
    let i = Math.floor(random() * n);
    for (let c = 1; c < d; c++) {
      const j = Math.floor(random() * n);
      if (bins[j] < bins[i]) i = j;
    }
    bins[i] += 1;
  }
  return bins.reduce((a, b) => (b > a ? b : a), 0);
}

/** placeBalls, the TypeScript reference (and the fallback when WebAssembly is unavailable). */
function tsMaxLoad(n: number, d: number, generator: GeneratorName): number {
  const bins = new Uint32Array(n);
  placeBalls(bins, n, d, makeRng(generator, SEED));
  return maxLoad(bins);
}

/** The kernel as throwBalls uses it: a fresh instance, one place call, the bins copied back out. */
async function kernelMaxLoad(n: number, d: number, generator: GeneratorName): Promise<number> {
  const bins = new Uint32Array(n);
  const kernel = await ballsKernel(bins, d, makeRng(generator, SEED));
  if (!kernel) throw new Error('bench: the WebAssembly kernel did not load');
  kernel.place(n);
  kernel.finish();
  return maxLoad(bins);
}

/** A run's own time (wall clock and CPU), for the C and CPython programs that time their loop themselves. */
interface SelfTimed {
  ms: number;
  cpuMs: number;
  maxLoad: number;
}

/** The C baseline (scripts/bench-baselines/balls.c): its own loop time and max load. */
function cMaxLoad(binary: string, n: number, d: number, generator: GeneratorName, u8 = false): SelfTimed {
  const result = spawnSync(binary, [String(n), String(d), generator, String(SEED), ...(u8 ? ['u8'] : [])], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`bench: the C baseline failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as SelfTimed;
}

/** One C build for the balls sections; the reason is printed once when there is none. */
let cBinary: string | null | undefined;
function cBaseline(): string | null {
  if (cBinary === undefined) {
    const built = compileC('balls.c');
    cBinary = built.binary;
    if (!built.binary) console.log(`C baseline skipped: ${built.reason}`);
  }
  return cBinary;
}

const PYTHON_PROGRAM = `
import json, platform, random, sys, time
def max_load(n, d, seed=7):
    rng = random.Random(seed)
    bins = [0] * n
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(n):
        i = rng.randrange(n)
        for _ in range(d - 1):
            j = rng.randrange(n)
            if bins[j] < bins[i]:
                i = j
        bins[i] += 1
    return max(bins), time.perf_counter() - start, time.process_time() - cpu
load, elapsed, cpu = max_load(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
print(json.dumps({"ms": elapsed * 1000, "cpuMs": cpu * 1000, "maxLoad": load, "python": platform.python_version()}))
`;

function runCpython(n: number): (SelfTimed & { python: string }) | null {
  const result = spawnSync('python3', ['-c', PYTHON_PROGRAM, String(n), String(D), String(SEED)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (result.error || result.status !== 0) return null;
  return JSON.parse(result.stdout) as SelfTimed & { python: string };
}

const ratio = (ms: number, base: number | undefined): string => (base === undefined ? '-' : `${(ms / base).toFixed(2)}x`);

export async function benchBalls(n: number): Promise<void> {
  console.log(`balls into bins: n = ${n.toLocaleString('en')} balls and bins, d = ${D}, seed ${SEED}, node ${process.version}, C: ${ccVersion()}`);
  console.log(`JS, WebAssembly and C rows: median of ${REPS} after a warm-up, interleaved (C: its loop only, from inside the program; the kernel: instance, bins copied out and all); CPython row: one run, loop only (time.perf_counter)`);
  console.log('x C and x CPython = the row\'s ms / the baseline\'s ms, wall clock (below 1: faster); C with the same generator as the row; CPU ms beside it, for a machine shared with other work\n');

  const c = cBaseline();
  const rows: Record<string, { generator?: GeneratorName; run: () => Promise<number | void> | number | void }> = {};
  const loads: Record<string, number> = {};
  const cpu: Record<string, number[]> = {};
  const add = (name: string, generator: GeneratorName | undefined, run: () => Promise<number> | number | SelfTimed) => {
    cpu[name] = [];
    rows[name] = {
      generator,
      run: async () => {
        const before = process.cpuUsage();
        const out = await run();
        const used = process.cpuUsage(before);
        if (typeof out === 'number') {
          loads[name] = out;
          cpu[name].push((used.user + used.system) / 1000);
        } else {
          loads[name] = out.maxLoad;
          cpu[name].push(out.cpuMs);
          return out.ms;
        }
      },
    };
  };
  add('plain JS (Array + LCG)', undefined, () => plainJsMaxLoad(n, D, SEED));
  for (const generator of ['fast', 'cpython'] as const) {
    const label = generator === 'fast' ? 'fast (xoshiro128**)' : 'cpython-exact (MT19937)';
    add(`TypeScript reference, ${label}`, generator, () => tsMaxLoad(n, D, generator));
    add(`WebAssembly kernel, ${label}`, generator, () => kernelMaxLoad(n, D, generator));
    if (c) add(`C -O2, ${label}`, generator, () => cMaxLoad(c, n, D, generator));
    // The same C loop on the kernel's own layout (uint8 bins): what is left of the kernel's lead
    // is its way of drawing (a block of candidates at a time, so the bins' cache misses overlap).
    if (c) add(`C -O2, ${label}, uint8 bins`, generator, () => cMaxLoad(c, n, D, generator, true));
  }
  const times = await interleavedAsync(Object.fromEntries(Object.entries(rows).map(([name, row]) => [name, row.run])), REPS);
  const ms = Object.fromEntries(Object.entries(times).map(([name, t]) => [name, median(t)]));
  const cOf = (generator: GeneratorName | undefined): number | undefined => (generator ? ms[`C -O2, ${generator === 'fast' ? 'fast (xoshiro128**)' : 'cpython-exact (MT19937)'}`] : undefined);

  // The warm-up's CPU time is not counted, as its wall time is not.
  const cpuMs = Object.fromEntries(Object.entries(cpu).map(([name, t]) => [name, median(t.slice(1))]));

  const python = runCpython(n);
  const table = Object.entries(rows).map(([name, row]) => [name, ms[name].toFixed(1), cpuMs[name].toFixed(1), ratio(ms[name], cOf(row.generator)), ratio(ms[name], python?.ms), String(loads[name])]);
  if (python) table.push([`CPython ${python.python} (article's program)`, python.ms.toFixed(1), python.cpuMs.toFixed(1), ratio(python.ms, cOf('cpython')), '1.00x', String(python.maxLoad)]);
  printTable([['name', 'median ms', 'CPU ms', 'x C', 'x CPython', 'max load'], ...table], (col) => col > 0);

  console.log('');
  const fast = ms['WebAssembly kernel, fast (xoshiro128**)'];
  const exact = ms['WebAssembly kernel, cpython-exact (MT19937)'];
  const cFast = cOf('fast');
  const cExact = cOf('cpython');
  if (cFast !== undefined && cExact !== undefined) {
    target(`kernel, fast generator, at most ${FAST_VS_C}x C`, fast <= FAST_VS_C * cFast, `${(fast / cFast).toFixed(2)}x`);
    target(`kernel, CPython-exact stream, at most ${EXACT_VS_C}x C`, exact <= EXACT_VS_C * cExact, `${(exact / cExact).toFixed(2)}x; ${(exact / cFast).toFixed(2)}x the C loop on the fast generator`);
    const cFast8 = ms['C -O2, fast (xoshiro128**), uint8 bins'];
    const cExact8 = ms['C -O2, cpython-exact (MT19937), uint8 bins'];
    console.log(`against the C loop on the kernel's layout (uint8 bins): fast ${(fast / cFast8).toFixed(2)}x, CPython-exact ${(exact / cExact8).toFixed(2)}x (the kernel draws a block of candidates, then places them; the C loop draws each as it throws)`);
  } else {
    console.log(`target: kernel at most ${FAST_VS_C}x C (fast) and ${EXACT_VS_C}x C (CPython-exact): not measured (no C compiler)`);
  }
  if (python) {
    const exactCpu = cpuMs['WebAssembly kernel, cpython-exact (MT19937)'];
    target(`kernel, CPython-exact stream, at least ${VS_CPYTHON}x CPython`, python.ms / exact >= VS_CPYTHON, `${(python.ms / exact).toFixed(1)}x; fast generator ${(python.ms / fast).toFixed(1)}x; in CPU time ${(python.cpuMs / exactCpu).toFixed(1)}x`);
  } else {
    console.log(`target: kernel at least ${VS_CPYTHON}x CPython: not measured (python3 not found)`);
  }
  // Same seed, same draws: every row on the CPython stream must land on CPython's bins, and every
  // fast row on the same bins as each other, so their max loads must agree.
  for (const generator of ['fast', 'cpython'] as const) {
    const names = Object.keys(rows).filter((name) => rows[name].generator === generator);
    const values = names.map((name) => loads[name]);
    if (generator === 'cpython' && python) values.push(python.maxLoad);
    console.log(`${generator} rows' max loads ${values.join(', ')}: ${values.every((v) => v === values[0]) ? 'agree' : 'DISAGREE'}`);
  }
}

// -- balls.growth: the whole Figure 2 sweep (n = 10^3 ... 10^7, d = 1, 2, 3, one seed) --

const SWEEP_TARGET_MS = 1500;
const SWEEP_REPS = 3;
/** The article's Figure 2 series, seed 7, CPython's stream: what the default sweep must print. */
const ARTICLE_SERIES: Record<number, number[]> = { 1: [6, 7, 8, 9, 10], 2: [3, 3, 3, 4, 4], 3: [2, 3, 3, 3, 3] };

/**
 * Times the experiment itself (chunks, yields and progress included) as the page runs it: in
 * CPython mode, the build's default, against the 1.5 s target, with its series checked against
 * the article's; then the fast generator, the TypeScript reference with the kernel switched off,
 * and the same sweep's loops in C (the sum of the C program's loop times).
 */
export async function benchGrowthSweep(): Promise<void> {
  const params = (generator: GeneratorName) => ({ ...Object.fromEntries(Object.entries(ballsGrowth.params).map(([k, spec]) => [k, spec.default])), generator }) as Parameters<typeof ballsGrowth.run>[0];
  const timed = async (generator: GeneratorName) => {
    const start = performance.now();
    const cpu = process.cpuUsage();
    const { results } = await ballsGrowth.run(params(generator), quiet);
    // CPU time beside wall time: on a shared machine the gap between them is the waiting.
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000, results };
  };
  const repeated = async (generator: GeneratorName) => {
    const runs: Awaited<ReturnType<typeof timed>>[] = [];
    for (let rep = 0; rep < SWEEP_REPS; rep++) runs.push(await timed(generator));
    return { runs, ms: median(runs.map((r) => r.ms)) };
  };
  const describe = (runs: { ms: number; cpuMs: number }[]) => runs.map((r) => `${r.ms.toFixed(0)} ms (cpu ${r.cpuMs.toFixed(0)} ms)`).join(', ');
  const series = (results: Record<string, number | string>, d: number) => Object.entries(results).filter(([k]) => k.startsWith(`max.d${d}.`)).map(([, v]) => v);

  const p = params('cpython');
  console.log(`
balls.growth sweep: n = 10^${p.from} ... 10^${p.to}, d = ${p.choices.join(', ')}, seed ${p.seed}, one seed; kernel rows median of ${SWEEP_REPS}, no warm-up`);
  const exact = await repeated('cpython');
  console.log(`kernel, cpython-exact (the build's default run): ${describe(exact.runs)}`);
  for (const d of p.choices) {
    const got = series(exact.runs[0].results, d);
    const want = ARTICLE_SERIES[d];
    console.log(`  d=${d}: ${got.join(' ')}${want ? ` vs the article's ${want.join(' ')}: ${JSON.stringify(got) === JSON.stringify(want) ? 'agree' : 'DISAGREE'}` : ''}`);
  }
  const fast = await repeated('fast');
  console.log(`kernel, fast: ${describe(fast.runs)}`);
  setKernelModule(null);
  const reference = await timed('cpython');
  setKernelModule(undefined);
  console.log(`TypeScript reference (kernel off), cpython-exact: ${describe([reference])}, one run: ${(reference.ms / exact.ms).toFixed(2)}x the kernel`);
  const c = cBaseline();
  if (c) {
    let cMs = 0;
    let cCpuMs = 0;
    for (const d of p.choices) {
      for (let e = p.from; e <= p.to; e++) {
        const run = cMaxLoad(c, 10 ** e, d, 'cpython');
        cMs += run.ms;
        cCpuMs += run.cpuMs;
      }
    }
    const exactCpu = median(exact.runs.map((r) => r.cpuMs));
    console.log(`C -O2, cpython-exact, the same 15 loops: ${cMs.toFixed(0)} ms (cpu ${cCpuMs.toFixed(0)} ms): the kernel's sweep is ${(exact.ms / cMs).toFixed(2)}x C (in CPU time ${(exactCpu / cCpuMs).toFixed(2)}x)`);
  }
  target(`cpython-exact sweep at most ${SWEEP_TARGET_MS} ms`, exact.ms <= SWEEP_TARGET_MS, `median ${exact.ms.toFixed(0)} ms`);
}

// -- supermarket: the uniformised chain against a heap-based event simulation of the same model --

const SM = { n: 1000, lambda: 0.9, d: 2, seed: 7, events: 20_000_000 };
const SM_TARGET = 30e6;
const SM_REPS = 3;

/**
 * lib/supermarket's uniformised chain (O(1) per event, no clock), in TypeScript and on the
 * WebAssembly kernel (src/kernels/events.ts, the same chain draw for draw), against the textbook
 * simulation in bench-baselines/heap-supermarket.ts (a binary heap of arrival and departure times,
 * a log per event, each customer timed), over the same n, λ, d and simulated time. The chain's
 * events include departures at idle servers, which the heap does not have, so both events per
 * second and simulated time per second are printed; the ratio is on the second, the same work.
 */
export async function benchSupermarket(): Promise<void> {
  const rate = SM.n * (SM.lambda + 1);
  const horizon = SM.events / rate;
  const onKernel = await eventRunner();
  type Run = { ms: number; events: number; t: number; inSystem?: number; arrivals?: number; departures?: number };
  const chain = (run: EventRunner) => (): Run => {
    const state = makeSupermarket({ n: SM.n, lambda: SM.lambda, d: SM.d });
    const rng = makeRng('fast', SM.seed);
    const m = startMeasurement(planRun(state.system, horizon, 0));
    const start = performance.now();
    while (!finished(m)) advance(m, state.system, 1 << 17, (e) => run(state.system, state.choice, e, rng));
    const { events, inSystem, arrivals, departures } = state.system;
    return { ms: performance.now() - start, events, t: timeInSystem(m, state.system).mean, inSystem, arrivals, departures };
  };
  const heap = (): Run => {
    const start = performance.now();
    const r = heapSupermarket(SM.n, SM.lambda, SM.d, horizon, 0, makeRng('fast', SM.seed));
    return { ms: performance.now() - start, events: r.events, t: r.meanSojourn };
  };
  // The same chain in C (bench-baselines/supermarket.c), from the same start queues, the same number of events.
  // No fused multiply-add, so the arrival threshold is JavaScript's to the bit (see flow.ts).
  const built = compileC('supermarket.c', ['-ffp-contract=off', '-lm']);
  const cChain = (binary: string) => {
    const first = makeSupermarket({ n: SM.n, lambda: SM.lambda, d: SM.d });
    const events = totalEvents(planRun(first.system, horizon, 0));
    const queuesFile = join(dirname(binary), 'queues.bin');
    writeFileSync(queuesFile, new Uint8Array(first.system.queues.buffer));
    return (): Run => {
      const result = spawnSync(binary, [queuesFile, String(SM.lambda), String(SM.d), String(SM.seed), String(events)], { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`bench: the C supermarket baseline failed: ${result.stderr}`);
      const out = JSON.parse(result.stdout) as { ms: number; inSystem: number; arrivals: number; departures: number };
      return { ms: out.ms, events, t: NaN, inSystem: out.inSystem, arrivals: out.arrivals, departures: out.departures };
    };
  };
  console.log(`
supermarket: n = ${SM.n}, λ = ${SM.lambda}, d = ${SM.d}, seed ${SM.seed}, ${horizon.toFixed(0)} units of time (${(SM.events / 1e6).toFixed(0)} M uniformised events); median of ${SM_REPS} after a warm-up, interleaved`);
  const candidates: Record<string, () => Run> = {
    'uniformised chain (lib/supermarket, TypeScript)': chain(runEvents),
    'uniformised chain (WebAssembly kernel)': chain(onKernel),
    'binary-heap DES (baseline)': heap,
  };
  const C_NAME = 'uniformised chain (C, bench-baselines/supermarket.c)';
  if (built.binary) candidates[C_NAME] = cChain(built.binary);
  else console.log(`C baseline skipped: ${built.reason}`);
  const runs = Object.fromEntries(Object.keys(candidates).map((name) => [name, [] as Run[]]));
  for (const run of Object.values(candidates)) run();
  for (let rep = 0; rep < SM_REPS; rep++) for (const [name, run] of Object.entries(candidates)) runs[name].push(run());
  const rows = Object.entries(runs).map(([name, list]) => {
    const ms = median(list.map((r) => r.ms));
    const { events, t } = list[0];
    return { name, ms, eventsPerSec: (events / ms) * 1000, timePerSec: (horizon / ms) * 1000, t };
  });
  printTable(
    [
      ['name', 'median ms', 'M events/s', 'time units/s', 'T'],
      ...rows.map((r) => [r.name, r.ms.toFixed(0), (r.eventsPerSec / 1e6).toFixed(1), r.timePerSec.toFixed(0), Number.isNaN(r.t) ? '-' : r.t.toFixed(4)]),
    ],
    (col) => col !== 0,
  );
  const [ts, wasm, base, c] = rows;
  console.log(`speed-up over the heap baseline, same simulated time: TypeScript ${(ts.timePerSec / base.timePerSec).toFixed(1)}x, kernel ${(wasm.timePerSec / base.timePerSec).toFixed(1)}x (kernel over TypeScript ${(wasm.eventsPerSec / ts.eventsPerSec).toFixed(2)}x); same T on both chains: ${ts.t === wasm.t ? 'yes' : 'NO'}`);
  if (c) {
    const [tsEnd, cEnd] = [runs[ts.name][0], runs[C_NAME][0]];
    const same = tsEnd.inSystem === cEnd.inSystem && tsEnd.arrivals === cEnd.arrivals && tsEnd.departures === cEnd.departures;
    console.log(`kernel time / C time: ${(wasm.ms / c.ms).toFixed(2)}x; the C chain ends in the same state (customers in system, arrivals, departures): ${same ? 'yes' : 'NO'}`);
  }
  target(`at least ${SM_TARGET / 1e6} M events/s on the kernel, which the cells run`, wasm.eventsPerSec >= SM_TARGET, `${(wasm.eventsPerSec / 1e6).toFixed(1)} M events/s`);
  target(`at least ${SM_TARGET / 1e6} M events/s on the TypeScript fallback`, ts.eventsPerSec >= SM_TARGET, `${(ts.eventsPerSec / 1e6).toFixed(1)} M events/s`);
}
