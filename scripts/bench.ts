/**
 * Balls into bins, n balls into n bins with d = 2, timed side by side in one run:
 *   - a plain JavaScript port of the article's loop (Array + a seeded LCG): the JS baseline;
 *   - placeBalls with the fast generator (xoshiro128**) and with the CPython-exact one (MT19937);
 *   - the article's Python program on CPython, when python3 is on PATH (only its loop is timed).
 * Prints a table and whether the targets are met; never fails on time, since machines differ.
 *
 * Usage: node scripts/bench.ts [n]      (default n = 10^7)
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { placeBalls } from '../src/lib/balls/place.ts';
import { maxLoad } from '../src/lib/balls/histogram.ts';
import { makeRng } from '../src/lib/random/make.ts';
import type { GeneratorName } from '../src/lib/random/make.ts';
import { ballsGrowth } from '../src/experiments/balls-growth.ts';
import { heapSupermarket } from './bench-baselines/heap-supermarket.ts';
import { lookup, ringBytes, vnodeKeyHash, vnodeRing } from '../src/lib/hashing/index.ts';
// -- ketama --
import { lookup8, nginxKeyHash, nginxRing, ring8Bytes, toRing8 } from '../src/lib/hashing/index.ts';
import { serverName } from '../src/lib/ketama/index.ts';
// -- /ketama --
import { benchMols } from './bench-mols.ts';
// -- placement lab --
import { benchLab } from './bench-lab.ts';
import { benchFlow } from './bench-flow.ts';
// -- end placement lab --
import { advance, finished, makeSupermarket, planRun, startMeasurement, step as supermarketStep, timeInSystem } from '../src/lib/supermarket/index.ts';
import { median } from '../src/lib/stats/quantile.ts';

const n = Number(process.argv[2] ?? 1e7);
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

function libraryMaxLoad(generator: GeneratorName): () => number {
  return () => {
    const bins = new Uint32Array(n);
    placeBalls(bins, n, D, makeRng(generator, SEED));
    return maxLoad(bins);
  };
}

/** Runs each candidate once to warm up, then REPS times interleaved, so drift hits all alike. */
function timeAll(candidates: Record<string, () => number>): Record<string, { ms: number; maxLoad: number }> {
  const times: Record<string, number[]> = {};
  const loads: Record<string, number> = {};
  for (const [name, run] of Object.entries(candidates)) {
    loads[name] = run();
    times[name] = [];
  }
  for (let rep = 0; rep < REPS; rep++) {
    for (const [name, run] of Object.entries(candidates)) {
      const start = performance.now();
      run();
      times[name].push(performance.now() - start);
    }
  }
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

function runCpython(): { ms: number; maxLoad: number; python: string } | null {
  const result = spawnSync('python3', ['-c', PYTHON_PROGRAM, String(n), String(D), String(SEED)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (result.error || result.status !== 0) return null;
  return JSON.parse(result.stdout) as { ms: number; maxLoad: number; python: string };
}

console.log(`balls into bins: n = ${n.toLocaleString('en')} balls and bins, d = ${D}, seed ${SEED}, node ${process.version}`);
console.log(`JS rows: median of ${REPS} after a warm-up; CPython row: one run, loop only (time.perf_counter)`);
console.log('time ratio = the row\'s ms / its baseline\'s ms (below 1: faster than the baseline)\n');

const PLAIN = 'plain JS (Array + LCG)';
const FAST = 'fast (xoshiro128**, Uint32Array)';
const EXACT = 'cpython-exact (MT19937, Uint32Array)';
const js = timeAll({
  [PLAIN]: () => plainJsMaxLoad(n, D, SEED),
  [FAST]: libraryMaxLoad('fast'),
  [EXACT]: libraryMaxLoad('cpython'),
});

const python = runCpython();
const rows: { name: string; ms: number; maxLoad: number; baseline: string }[] = [
  { name: PLAIN, ...js[PLAIN], baseline: PLAIN },
  { name: FAST, ...js[FAST], baseline: PLAIN },
  { name: EXACT, ...js[EXACT], baseline: FAST },
];
if (python) rows.push({ name: `CPython ${python.python} (article's program)`, ms: python.ms, maxLoad: python.maxLoad, baseline: FAST });

const msOf = (name: string): number => rows.find((row) => row.name === name)!.ms;
const table = [
  ['name', 'median ms', 'time ratio', 'vs baseline', 'max load'],
  ...rows.map((row) => [row.name, row.ms.toFixed(1), `${(row.ms / msOf(row.baseline)).toFixed(2)}x`, row.baseline, String(row.maxLoad)]),
];
const widths = table[0].map((_, col) => Math.max(...table.map((line) => line[col].length)));
for (const line of table) {
  console.log(line.map((cell, col) => (col === 1 || col === 2 || col === 4 ? cell.padStart(widths[col]) : cell.padEnd(widths[col]))).join('  '));
}

const fastMs = js[FAST].ms;
console.log(`\ntarget: fast run under ${FAST_TARGET_MS} ms: ${fastMs < FAST_TARGET_MS ? 'met' : 'NOT met'} (${fastMs.toFixed(1)} ms)`);
if (python) {
  const speedup = python.ms / fastMs;
  console.log(`target: fast at least ${SPEEDUP_TARGET}x CPython: ${speedup >= SPEEDUP_TARGET ? 'met' : 'NOT met'} (${speedup.toFixed(1)}x)`);
  // Same seed, same draws: the exact mode must land on CPython's bins, so its max load must agree.
  console.log(`cpython-exact max load ${js[EXACT].maxLoad} vs CPython ${python.maxLoad}: ${js[EXACT].maxLoad === python.maxLoad ? 'agree' : 'DISAGREE'}`);
} else {
  console.log('target: fast at least 20x CPython: not measured (python3 not found)');
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
async function benchGrowthSweep(): Promise<void> {
  const quiet = { progress: () => {}, signal: new AbortController().signal };
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
  console.log(`target: fast sweep under ${SWEEP_TARGET_MS} ms: ${fastMs < SWEEP_TARGET_MS ? 'met' : 'NOT met'} (median ${fastMs.toFixed(0)} ms)`);

  const exact = await timed('cpython');
  console.log(`cpython-exact sweep (the build's default run): ${exact.ms.toFixed(0)} ms (cpu ${exact.cpuMs.toFixed(0)} ms), one run`);
  for (const d of p.choices) {
    const got = series(exact.results, d);
    const want = ARTICLE_SERIES[d];
    console.log(`  d=${d}: ${got.join(' ')}${want ? ` vs the article's ${want.join(' ')}: ${JSON.stringify(got) === JSON.stringify(want) ? 'agree' : 'DISAGREE'}` : ''}`);
  }
}

await benchGrowthSweep();

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
function benchSupermarket(): void {
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
  const table = [
    ['name', 'median ms', 'M events/s', 'time units/s', 'T'],
    ...rows.map((r) => [r.name, r.ms.toFixed(0), (r.eventsPerSec / 1e6).toFixed(1), r.timePerSec.toFixed(0), r.t.toFixed(4)]),
  ];
  const widths = table[0].map((_, col) => Math.max(...table.map((line) => line[col].length)));
  for (const line of table) console.log(line.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]) : cell.padStart(widths[col]))).join('  '));
  const [mine, base] = rows;
  console.log(`speed-up over the heap baseline, same simulated time: ${(mine.timePerSec / base.timePerSec).toFixed(1)}x (events per second: ${(mine.eventsPerSec / base.eventsPerSec).toFixed(1)}x)`);
  console.log(`target: at least ${SM_TARGET / 1e6} M events/s: ${mine.eventsPerSec >= SM_TARGET ? 'met' : 'NOT met'} (${(mine.eventsPerSec / 1e6).toFixed(1)} M events/s)`);
}

benchSupermarket();

// -- consistent hashing: our ring against the npm packages hashring and consistent-hashing --

const CH = { servers: 10, points: 160, batch: 200_000, slowBatch: 20_000, reps: 5, bigServers: 1000 };
const CH_SPEEDUP_TARGET = 3;
const CH_BYTES_TARGET = 6;

interface HashRingLike {
  get(key: string): string | undefined;
}
interface ConsistentHashingLike {
  getNode(key: string): string;
}
const requireCjs = createRequire(import.meta.url);
const HashRing = requireCjs('hashring') as new (servers: string[], algorithm?: string, options?: Record<string, unknown>) => HashRingLike;
const ConsistentHashing = requireCjs('consistent-hashing') as new (nodes: string[], options?: { replicas?: number }) => ConsistentHashingLike;

/** A full collection, from --expose-gc or, failing that, by exposing gc at run time through V8's flags. */
function collector(): (() => void) | null {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  try {
    v8.setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return null;
  }
}

/**
 * Lookups per second of each ring, same 10 servers with 160 points each (hashring's default:
 * 40 vnodes x 4 replicas; consistent-hashing's default 160 replicas; ours vnodeRing(names, 160)),
 * each timed batch on key strings never looked up before, so hashring's LRU cache never hits.
 * A lookup is the whole call: hashing the key string and the search. Then bytes per ring point.
 */
function benchChash(): void {
  const servers = Array.from({ length: CH.servers }, (_, i) => `10.0.0.${i + 1}:11211`);
  const ours = vnodeRing(servers, CH.points);
  const hashring = new HashRing(servers);
  const consistent = new ConsistentHashing(servers);
  let batchNo = 0;
  const freshKeys = (count: number): string[] => {
    batchNo++;
    return Array.from({ length: count }, (_, i) => `user:${batchNo}:${i}`);
  };
  let sink = 0;
  const candidates: { name: string; batch: number; run: (keys: string[]) => void }[] = [
    { name: `ours (vnodeRing, murmur3, ${ours.hashes.length} points)`, batch: CH.batch, run: (keys) => { for (const k of keys) sink += lookup(ours, vnodeKeyHash(k)); } },
    { name: 'hashring 3.2.0 (md5, LRU cache)', batch: CH.batch, run: (keys) => { for (const k of keys) sink += hashring.get(k)!.length; } },
    { name: 'consistent-hashing 0.3.0 (md5 hex)', batch: CH.slowBatch, run: (keys) => { for (const k of keys) sink += consistent.getNode(k).length; } },
  ];
  console.log(`
consistent hashing: ${CH.servers} servers x ${CH.points} points, fresh key strings in every batch; median of ${CH.reps} after a warm-up, interleaved`);
  const times = candidates.map(() => [] as number[]);
  for (const c of candidates) c.run(freshKeys(c.batch));
  for (let rep = 0; rep < CH.reps; rep++) {
    candidates.forEach((c, i) => {
      const keys = freshKeys(c.batch);
      const start = performance.now();
      c.run(keys);
      times[i].push(performance.now() - start);
    });
  }
  const perSec = candidates.map((c, i) => (c.batch / median(times[i])) * 1000);
  const table = [
    ['name', 'M lookups/s', 'ns/lookup', 'ours is'],
    ...candidates.map((c, i) => [c.name, (perSec[i] / 1e6).toFixed(2), (1e9 / perSec[i]).toFixed(0), `${(perSec[0] / perSec[i]).toFixed(1)}x`]),
  ];
  const widths = table[0].map((_, col) => Math.max(...table.map((line) => line[col].length)));
  for (const line of table) console.log(line.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]) : cell.padStart(widths[col]))).join('  '));
  const speedup = perSec[0] / perSec[1];
  console.log(`target: at least ${CH_SPEEDUP_TARGET}x hashring's lookups per second: ${speedup >= CH_SPEEDUP_TARGET ? 'met' : 'NOT met'} (${speedup.toFixed(1)}x)`);
  if (sink < 0) console.log('unreachable');

  // Memory: ours is exact (the typed arrays' bytes); hashring's is measured as the growth of the
  // V8 heap across building one big ring, between full collections.
  const bigServers = Array.from({ length: CH.bigServers }, (_, i) => `10.${i >> 8}.${i & 255}.1:11211`);
  const big = vnodeRing(bigServers, CH.points);
  const oursPerPoint = ringBytes(big) / big.hashes.length;
  console.log(`bytes per ring point, ${CH.bigServers} servers x ${CH.points} points:`);
  console.log(`  ours: ${oursPerPoint} (ringBytes ${ringBytes(big)} / ${big.hashes.length} points, exact)`);
  const gc = collector();
  if (gc) {
    gc();
    const before = process.memoryUsage().heapUsed;
    const ring = new HashRing(bigServers) as HashRingLike & { ring: unknown[] };
    gc();
    const after = process.memoryUsage().heapUsed;
    const points = ring.ring.length;
    console.log(`  hashring: ${((after - before) / points).toFixed(1)} (heapUsed growth ${((after - before) / 2 ** 20).toFixed(1)} MiB across building it / ${points} points, between full collections${(globalThis as { gc?: unknown }).gc ? ', --expose-gc' : ', gc exposed through v8.setFlagsFromString'})`);
  } else {
    console.log('  hashring: not measured (no way to force a collection)');
  }
  console.log(`target: at most ${CH_BYTES_TARGET} bytes per point: ${oursPerPoint <= CH_BYTES_TARGET ? 'met' : 'NOT met'} (${oursPerPoint})`);
}

benchChash();

// -- ketama --
// Ring build and lookup: the 6-byte layout (u32 hash + u16 node) against the 8-byte one (u32 +
// u32), both nginx CRC-32 rings, and against npm hashring 3.2.0 (MD5, 160 points a server).

const KT = { servers: 2048, reps: 7, lookups: 1_000_000, hashringBatch: 200_000, sameWithin: 1.05 };

function benchKetama(): void {
  const names = Array.from({ length: KT.servers }, (_, i) => serverName(i));
  const fleet = names.map((server) => ({ server }));
  console.log(`
ketama: ${KT.servers} servers, nginx CRC-32 rings; median of ${KT.reps} after a warm-up, layouts interleaved`);

  // Build: the 6-byte ring as the library makes it; the 8-byte ring is that plus widening the node
  // indices (what a u32 layout must hold); hashring builds its own from MD5 digests.
  const buildTimes = { six: [] as number[], eight: [] as number[], hashring: [] as number[] };
  for (let rep = 0; rep <= KT.reps; rep++) {
    let t = performance.now();
    const ring = nginxRing(fleet);
    const six = performance.now() - t;
    t = performance.now();
    const wide = toRing8(nginxRing(fleet));
    const eight = performance.now() - t;
    t = performance.now();
    const hr = new HashRing(names);
    const hashringMs = performance.now() - t;
    if (ring.hashes.length !== wide.hashes.length || !hr) throw new Error('unreachable');
    if (rep === 0) continue;
    buildTimes.six.push(six);
    buildTimes.eight.push(eight);
    buildTimes.hashring.push(hashringMs);
  }
  console.log(`build ${KT.servers} x 160 points: 6-byte ${median(buildTimes.six).toFixed(1)} ms, 8-byte ${median(buildTimes.eight).toFixed(1)} ms, hashring ${median(buildTimes.hashring).toFixed(1)} ms`);

  // Lookup on pre-hashed keys: the binary search and the node read, nothing else.
  let sink = 0;
  const verdicts: string[] = [];
  for (const points of [160, 1000]) {
    const ring = nginxRing(fleet, points);
    const wide = toRing8(ring, true);
    const keys = new Uint32Array(KT.lookups);
    for (let i = 0; i < keys.length; i++) keys[i] = nginxKeyHash(`/object/${points}/${i}`);
    const six: number[] = [];
    const eight: number[] = [];
    for (let rep = 0; rep <= KT.reps; rep++) {
      let t = performance.now();
      for (let i = 0; i < keys.length; i++) sink += lookup(ring, keys[i]);
      const a = performance.now() - t;
      t = performance.now();
      for (let i = 0; i < keys.length; i++) sink -= lookup8(wide, keys[i]);
      const b = performance.now() - t;
      if (rep === 0) continue;
      six.push(a);
      eight.push(b);
    }
    const ns6 = (median(six) * 1e6) / KT.lookups;
    const ns8 = (median(eight) * 1e6) / KT.lookups;
    const ratio = ns6 / ns8;
    console.log(`lookup, ${ring.hashes.length} points (${(ringBytes(ring) / 2 ** 20).toFixed(1)} MiB vs ${(ring8Bytes(wide) / 2 ** 20).toFixed(1)} MiB): 6-byte ${ns6.toFixed(1)} ns, 8-byte ${ns8.toFixed(1)} ns, ratio ${ratio.toFixed(3)}`);
    verdicts.push(`${points} points a server: ${ratio <= KT.sameWithin ? 'yes' : 'NO'} (${ratio.toFixed(3)})`);
  }
  if (sink !== 0) console.log('the two layouts disagree');
  console.log(`target: the 6-byte layout no slower than the 8-byte one on lookups (within ${((KT.sameWithin - 1) * 100).toFixed(0)}% timing noise): ${verdicts.join('; ')}`);

  // Whole lookups from key strings: our nginx ring (CRC-32 of the key) against hashring.get (MD5),
  // fresh keys every batch so hashring's LRU cache never hits.
  const ring = nginxRing(fleet);
  const hr = new HashRing(names);
  let batchNo = 0;
  const fresh = (): string[] => {
    batchNo++;
    return Array.from({ length: KT.hashringBatch }, (_, i) => `/k/${batchNo}/${i}`);
  };
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let rep = 0; rep <= KT.reps; rep++) {
    let keys = fresh();
    let t = performance.now();
    for (const k of keys) sink += lookup(ring, nginxKeyHash(k));
    const a = performance.now() - t;
    keys = fresh();
    t = performance.now();
    for (const k of keys) sink += hr.get(k)!.length;
    const b = performance.now() - t;
    if (rep === 0) continue;
    ours.push(a);
    theirs.push(b);
  }
  const oursNs = (median(ours) * 1e6) / KT.hashringBatch;
  const theirNs = (median(theirs) * 1e6) / KT.hashringBatch;
  console.log(`lookup from a key string, 160 points a server: ours (CRC-32, 6-byte) ${oursNs.toFixed(0)} ns, hashring ${theirNs.toFixed(0)} ns: ours ${(theirNs / oursNs).toFixed(1)}x faster`);
  if (sink < 0) console.log('unreachable');
}

benchKetama();
// -- /ketama --
// -- swrr: picks per second against the npm package weighted-round-robin --

const SWRR = { sizes: [10, 100, 1000], picks: 2_000_000, reps: 5 };
const SWRR_SPEEDUP_TARGET = 2;

interface WrrPeers {
  add(peer: { id: string; weight: number }): string;
  get(): { id: string };
}

/**
 * Picks per second of our SWRR (typed arrays, src/lib/swrr) and of weighted-round-robin 2.0.2
 * (nginx's algorithm over an object of peers), on the same weights (1 + i mod 10) for 10, 100 and
 * 1000 backends; picks per batch scale down with the backends so each batch does the same work.
 * Both give each backend exactly its weight per cycle, which is checked first.
 */
async function benchSwrr(): Promise<void> {
  const { pick, swrr: makeSwrr } = await import('../src/lib/swrr/index.ts');
  const Peers = requireCjs('weighted-round-robin') as new () => WrrPeers;
  console.log(`
smooth weighted round robin: picks per second, weights 1 + i mod 10; median of ${SWRR.reps} after a warm-up, interleaved`);
  const table = [['backends', 'ours M picks/s', 'weighted-round-robin M picks/s', 'ours is']];
  const speedups: number[] = [];
  for (const size of SWRR.sizes) {
    const weights = Array.from({ length: size }, (_, i) => 1 + (i % 10));
    const total = weights.reduce((a, b) => a + b, 0);
    const ours = makeSwrr(weights);
    const theirs = new Peers();
    weights.forEach((weight, i) => theirs.add({ id: `b${i}`, weight }));
    const index = new Map(weights.map((_, i) => [`b${i}`, i]));
    const countsOurs = new Array<number>(size).fill(0);
    const countsTheirs = new Array<number>(size).fill(0);
    for (let k = 0; k < total; k++) {
      countsOurs[pick(ours)]++;
      countsTheirs[index.get(theirs.get().id)!]++;
    }
    if (countsOurs.join() !== weights.join() || countsTheirs.join() !== weights.join()) throw new Error(`swrr bench: a cycle of ${size} backends did not give each its weight`);
    const batch = Math.max(10_000, Math.round((SWRR.picks * 10) / size));
    let sink = 0;
    const candidates = [
      () => {
        for (let k = 0; k < batch; k++) sink += pick(ours);
      },
      () => {
        for (let k = 0; k < batch; k++) sink += theirs.get().id.length;
      },
    ];
    const times = candidates.map(() => [] as number[]);
    candidates.forEach((c) => c());
    for (let rep = 0; rep < SWRR.reps; rep++) {
      candidates.forEach((c, i) => {
        const start = performance.now();
        c();
        times[i].push(performance.now() - start);
      });
    }
    const perSec = times.map((t) => (batch / median(t)) * 1000);
    speedups.push(perSec[0] / perSec[1]);
    table.push([String(size), (perSec[0] / 1e6).toFixed(2), (perSec[1] / 1e6).toFixed(2), `${(perSec[0] / perSec[1]).toFixed(1)}x`]);
    if (sink < 0) console.log('unreachable');
  }
  const widths = table[0].map((_, col) => Math.max(...table.map((line) => line[col].length)));
  for (const line of table) console.log(line.map((cell, col) => cell.padStart(widths[col])).join('  '));
  const worst = Math.min(...speedups);
  console.log(`target: at least ${SWRR_SPEEDUP_TARGET}x weighted-round-robin's picks per second at every size: ${worst >= SWRR_SPEEDUP_TARGET ? 'met' : 'NOT met'} (lowest ${worst.toFixed(1)}x)`);
}

await benchSwrr();
// -- end swrr --
// -- mols: MOLS against rendezvous at K = 10; our rendezvous against npm rendezvous-hash --

await benchMols();
// -- placement lab: lookups per second per scheme at N = 10, 100, 1000 against npm jumphash and rendezvous-hash --
benchLab();
// -- end placement lab --
// -- flow: the request-flow engine's events per second, against the binary-heap DES --
benchFlow();
// -- end flow --
