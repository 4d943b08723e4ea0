/**
 * Chapter 1's bench sections.
 * - Balls into bins, n balls into n bins with d = 2, timed side by side in one run: a plain
 *   JavaScript port of the article's loop (Array + a seeded LCG), the JS baseline; placeBalls with
 *   the fast generator (xoshiro128**) and with the CPython-exact one (MT19937); the article's
 *   Python program on CPython, when python3 is on PATH (only its loop is timed).
 * - The balls.growth experiment's whole Figure 2 sweep, as the page runs it.
 * - The supermarket model's uniformised chain against a binary-heap event simulation.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { ballsGrowth } from '../../src/experiments/balls-growth.ts';
import { maxLoad } from '../../src/lib/balls/histogram.ts';
import { placeBalls } from '../../src/lib/balls/place.ts';
import { makeRng, type GeneratorName } from '../../src/lib/random/make.ts';
import { advance, finished, makeSupermarket, planRun, startMeasurement, step as supermarketStep, timeInSystem } from '../../src/lib/supermarket/index.ts';
import { heapSupermarket } from '../bench-baselines/heap-supermarket.ts';
import { interleaved, median, printTable, quiet, target } from './timing.ts';

const D = 2;
const SEED = 7;
const REPS = 5;
const FAST_TARGET_MS = 500;
const SPEEDUP_TARGET = 20;

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

function libraryMaxLoad(n: number, generator: GeneratorName): () => number {
  return () => {
    const bins = new Uint32Array(n);
    placeBalls(bins, n, D, makeRng(generator, SEED));
    return maxLoad(bins);
  };
}

/** Runs each candidate once to warm up, then REPS times interleaved, so drift hits all alike. */
function timeAll(candidates: Record<string, () => number>): Record<string, { ms: number; maxLoad: number }> {
  const loads: Record<string, number> = {};
  const times = interleaved(
    Object.fromEntries(Object.entries(candidates).map(([name, run]) => [name, () => () => void (loads[name] = run())])),
    REPS,
  );
  return Object.fromEntries(Object.keys(candidates).map((name) => [name, { ms: median(times[name]), maxLoad: loads[name] }]));
}

const PYTHON_PROGRAM = `
import json, platform, random, sys, time
def max_load(n, d, seed=7):
    rng = random.Random(seed)
    bins = [0] * n
    start = time.perf_counter()
    for _ in range(n):
        i = rng.randrange(n)
        for _ in range(d - 1):
            j = rng.randrange(n)
            if bins[j] < bins[i]:
                i = j
        bins[i] += 1
    elapsed = time.perf_counter() - start
    return max(bins), elapsed
load, elapsed = max_load(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
print(json.dumps({"ms": elapsed * 1000, "maxLoad": load, "python": platform.python_version()}))
`;

function runCpython(n: number): { ms: number; maxLoad: number; python: string } | null {
  const result = spawnSync('python3', ['-c', PYTHON_PROGRAM, String(n), String(D), String(SEED)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (result.error || result.status !== 0) return null;
  return JSON.parse(result.stdout) as { ms: number; maxLoad: number; python: string };
}

export function benchBalls(n: number): void {
  console.log(`balls into bins: n = ${n.toLocaleString('en')} balls and bins, d = ${D}, seed ${SEED}, node ${process.version}`);
  console.log(`JS rows: median of ${REPS} after a warm-up; CPython row: one run, loop only (time.perf_counter)`);
  console.log('time ratio = the row\'s ms / its baseline\'s ms (below 1: faster than the baseline)\n');

  const PLAIN = 'plain JS (Array + LCG)';
  const FAST = 'fast (xoshiro128**, Uint32Array)';
  const EXACT = 'cpython-exact (MT19937, Uint32Array)';
  const js = timeAll({
    [PLAIN]: () => plainJsMaxLoad(n, D, SEED),
    [FAST]: libraryMaxLoad(n, 'fast'),
    [EXACT]: libraryMaxLoad(n, 'cpython'),
  });

  const python = runCpython(n);
  const rows: { name: string; ms: number; maxLoad: number; baseline: string }[] = [
    { name: PLAIN, ...js[PLAIN], baseline: PLAIN },
    { name: FAST, ...js[FAST], baseline: PLAIN },
    { name: EXACT, ...js[EXACT], baseline: FAST },
  ];
  if (python) rows.push({ name: `CPython ${python.python} (article's program)`, ms: python.ms, maxLoad: python.maxLoad, baseline: FAST });

  const msOf = (name: string): number => rows.find((row) => row.name === name)!.ms;
  printTable(
    [
      ['name', 'median ms', 'time ratio', 'vs baseline', 'max load'],
      ...rows.map((row) => [row.name, row.ms.toFixed(1), `${(row.ms / msOf(row.baseline)).toFixed(2)}x`, row.baseline, String(row.maxLoad)]),
    ],
    (col) => col === 1 || col === 2 || col === 4,
  );

  const fastMs = js[FAST].ms;
  console.log('');
  target(`fast run under ${FAST_TARGET_MS} ms`, fastMs < FAST_TARGET_MS, `${fastMs.toFixed(1)} ms`);
  if (python) {
    const speedup = python.ms / fastMs;
    target(`fast at least ${SPEEDUP_TARGET}x CPython`, speedup >= SPEEDUP_TARGET, `${speedup.toFixed(1)}x`);
    // Same seed, same draws: the exact mode must land on CPython's bins, so its max load must agree.
    console.log(`cpython-exact max load ${js[EXACT].maxLoad} vs CPython ${python.maxLoad}: ${js[EXACT].maxLoad === python.maxLoad ? 'agree' : 'DISAGREE'}`);
  } else {
    console.log('target: fast at least 20x CPython: not measured (python3 not found)');
  }
}

// -- balls.growth: the whole Figure 2 sweep (n = 10^3 ... 10^7, d = 1, 2, 3, one seed) --

const SWEEP_TARGET_MS = 2000;
const SWEEP_REPS = 3;
/** The article's Figure 2 series, seed 7, CPython's stream: what the default sweep must print. */
const ARTICLE_SERIES: Record<number, number[]> = { 1: [6, 7, 8, 9, 10], 2: [3, 3, 3, 4, 4], 3: [2, 3, 3, 3, 3] };

/**
 * Times the experiment itself (chunks, yields and progress included) as the page runs it: the fast
 * generator against the 2 s target, then once in CPython mode, the build's default, whose series
 * is checked against the article's.
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
  const series = (results: Record<string, number | string>, d: number) => Object.entries(results).filter(([k]) => k.startsWith(`max.d${d}.`)).map(([, v]) => v);

  const p = params('fast');
  console.log(`
balls.growth sweep: n = 10^${p.from} ... 10^${p.to}, d = ${p.choices.join(', ')}, seed ${p.seed}, one seed; median of ${SWEEP_REPS}, no warm-up`);
  const fast: { ms: number; cpuMs: number }[] = [];
  for (let rep = 0; rep < SWEEP_REPS; rep++) fast.push(await timed('fast'));
  const fastMs = median(fast.map((r) => r.ms));
  console.log(`fast sweep: ${fast.map((r) => `${r.ms.toFixed(0)} ms (cpu ${r.cpuMs.toFixed(0)} ms)`).join(', ')}`);
  target(`fast sweep under ${SWEEP_TARGET_MS} ms`, fastMs < SWEEP_TARGET_MS, `median ${fastMs.toFixed(0)} ms`);

  const exact = await timed('cpython');
  console.log(`cpython-exact sweep (the build's default run): ${exact.ms.toFixed(0)} ms (cpu ${exact.cpuMs.toFixed(0)} ms), one run`);
  for (const d of p.choices) {
    const got = series(exact.results, d);
    const want = ARTICLE_SERIES[d];
    console.log(`  d=${d}: ${got.join(' ')}${want ? ` vs the article's ${want.join(' ')}: ${JSON.stringify(got) === JSON.stringify(want) ? 'agree' : 'DISAGREE'}` : ''}`);
  }
}

// -- supermarket: the uniformised chain against a heap-based event simulation of the same model --

const SM = { n: 1000, lambda: 0.9, d: 2, seed: 7, events: 20_000_000 };
const SM_TARGET = 30e6;
const SM_REPS = 3;

/**
 * lib/supermarket's uniformised chain (O(1) per event, no clock) against the textbook simulation
 * in bench-baselines/heap-supermarket.ts (a binary heap of arrival and departure times, a log per
 * event, each customer timed), over the same n, λ, d and simulated time. The chain's events
 * include departures at idle servers, which the heap does not have, so both events per second
 * and simulated time per second are printed; the ratio is on the second, the same work.
 */
export function benchSupermarket(): void {
  const rate = SM.n * (SM.lambda + 1);
  const horizon = SM.events / rate;
  const chain = () => {
    const state = makeSupermarket({ n: SM.n, lambda: SM.lambda, d: SM.d });
    const rng = makeRng('fast', SM.seed);
    const m = startMeasurement(planRun(state.system, horizon, 0));
    const start = performance.now();
    while (!finished(m)) advance(m, state.system, 1 << 17, (e) => supermarketStep(state, e, rng));
    return { ms: performance.now() - start, events: state.system.events, t: timeInSystem(m, state.system).mean };
  };
  const heap = () => {
    const start = performance.now();
    const r = heapSupermarket(SM.n, SM.lambda, SM.d, horizon, 0, makeRng('fast', SM.seed));
    return { ms: performance.now() - start, events: r.events, t: r.meanSojourn };
  };
  console.log(`
supermarket: n = ${SM.n}, λ = ${SM.lambda}, d = ${SM.d}, seed ${SM.seed}, ${horizon.toFixed(0)} units of time (${(SM.events / 1e6).toFixed(0)} M uniformised events); median of ${SM_REPS} after a warm-up, interleaved`);
  chain();
  heap();
  const runs: Record<'chain' | 'heap', { ms: number; events: number; t: number }[]> = { chain: [], heap: [] };
  for (let rep = 0; rep < SM_REPS; rep++) {
    runs.chain.push(chain());
    runs.heap.push(heap());
  }
  const rows = (['chain', 'heap'] as const).map((name) => {
    const ms = median(runs[name].map((r) => r.ms));
    const { events, t } = runs[name][0];
    return { name: name === 'chain' ? 'uniformised chain (lib/supermarket)' : 'binary-heap DES (baseline)', ms, eventsPerSec: (events / ms) * 1000, timePerSec: (horizon / ms) * 1000, t };
  });
  printTable(
    [
      ['name', 'median ms', 'M events/s', 'time units/s', 'T'],
      ...rows.map((r) => [r.name, r.ms.toFixed(0), (r.eventsPerSec / 1e6).toFixed(1), r.timePerSec.toFixed(0), r.t.toFixed(4)]),
    ],
    (col) => col !== 0,
  );
  const [mine, base] = rows;
  console.log(`speed-up over the heap baseline, same simulated time: ${(mine.timePerSec / base.timePerSec).toFixed(1)}x (events per second: ${(mine.eventsPerSec / base.eventsPerSec).toFixed(1)}x)`);
  target(`at least ${SM_TARGET / 1e6} M events/s`, mine.eventsPerSec >= SM_TARGET, `${(mine.eventsPerSec / 1e6).toFixed(1)} M events/s`);
}
