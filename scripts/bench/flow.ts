/**
 * The request-flow engine's bench section: events per second (an arrival and a departure per
 * request) of src/lib/flow for every policy at 10, 100 and 1000 servers, against the textbook
 * binary-heap simulation in bench-baselines/heap-supermarket.ts on the same model (p2c, d = 2,
 * load 0.9). The two also check each other's mean time in system. Prints tables; never fails on
 * time.
 */
import { performance } from 'node:perf_hooks';
import { makeFlow, run, startMeasure, summarise, type Policy } from '../../src/lib/flow/index.ts';
import { makeRng } from '../../src/lib/random/make.ts';
import { median } from '../../src/lib/stats/quantile.ts';
import { heapSupermarket } from '../bench-baselines/heap-supermarket.ts';

const TARGET = 10e6;
const REPS = 5;
const LOAD = 0.9;

function flowRun(policy: Policy, servers: number, requests: number, seed: number): { ms: number; cpuMs: number; events: number; mean: number } {
  const s = makeFlow({ servers, speeds: [1], load: LOAD, policy, choices: 2, refresh: 0, seed });
  const warmup = Math.floor(requests / 5);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  run(s, warmup, null);
  const m = startMeasure(s, requests - warmup);
  run(s, requests - warmup, m);
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { ms, cpuMs: (c.user + c.system) / 1000, events: 2 * requests, mean: summarise(m).mean };
}

export function benchFlow(): void {
  console.log('\nflow: events per second (arrivals + departures) of src/lib/flow, median of 5 after a warm-up run');
  // Per CPU-second too: on a shared machine the wall clock also counts other processes' turns.
  const rows: string[][] = [['policy', 'servers', 'M events/s', 'M events/CPU-s', 'mean latency']];
  let worst = Infinity;
  for (const servers of [10, 100, 1000]) {
    for (const policy of ['random', 'rr', 'swrr', 'p2c', 'jsq'] as Policy[]) {
      // jsq and swrr scan every server per request: fewer requests where that is slow.
      const requests = policy === 'jsq' || policy === 'swrr' ? Math.max(100_000, 2e8 / servers / 10) : 2_000_000;
      flowRun(policy, servers, Math.min(requests, 200_000), 0);
      const runs = Array.from({ length: REPS }, (_, rep) => flowRun(policy, servers, requests, rep + 1));
      const rate = median(runs.map((r) => r.events / (r.ms / 1000)));
      const cpuRate = median(runs.map((r) => r.events / (r.cpuMs / 1000)));
      if (policy !== 'jsq' && policy !== 'swrr') worst = Math.min(worst, rate);
      rows.push([policy, String(servers), (rate / 1e6).toFixed(1), (cpuRate / 1e6).toFixed(1), median(runs.map((r) => r.mean)).toFixed(3)]);
    }
  }
  const widths = rows[0].map((_, col) => Math.max(...rows.map((line) => line[col].length)));
  for (const line of rows) console.log(line.map((cell, col) => cell.padStart(widths[col])).join('  '));
  console.log(`target: at least ${TARGET / 1e6} M events/s (wall clock) for random, rr and p2c at every size: ${worst >= TARGET ? 'met' : 'NOT met'} (lowest ${(worst / 1e6).toFixed(1)} M)`);

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
  const mine = Array.from({ length: REPS }, (_, rep) => flowRun('p2c', servers, Math.round(requests * 1.2), rep + 1));
  const base = Array.from({ length: REPS }, heap);
  const mineMs = median(mine.map((r) => r.ms));
  const baseMs = median(base.map((r) => r.ms));
  console.log(
    `flow p2c vs binary-heap DES, ${servers} servers at load ${LOAD}, ${horizon.toFixed(0)} time units after a fifth more of warm-up: ` +
      `${(median(mine.map((r) => r.events / r.ms)) / 1e3).toFixed(1)} vs ${(median(base.map((r) => r.events / r.ms)) / 1e3).toFixed(1)} M events/s, ` +
      `${(baseMs / mineMs).toFixed(1)}x the simulated time per second; mean time in system ${median(mine.map((r) => r.mean)).toFixed(3)} vs ${median(base.map((r) => r.mean)).toFixed(3)}`,
  );
}
