/**
 * npm run bench: every chapter's speed ratios against baselines measured in the same run. The
 * sections live in scripts/bench/<chapter>.ts, their shared timing in scripts/bench/timing.ts;
 * this file only runs them, in the order the bench has always printed them. Prints tables and whether each target is met; never fails on time,
 * since machines differ. The hot paths (balls into bins, the Figure 2 sweep, ring lookups) run in
 * TypeScript and on the WebAssembly kernels (src/kernels/, built here when missing), beside the same
 * loops in C (scripts/bench-baselines/*.c, compiled with `cc -O2`, or $CC, when there is a compiler;
 * skipped with a note when not) and in CPython (when python3 is on PATH), as ratios measured in the
 * same run.
 *
 * Usage: node scripts/bench.ts [n]      (balls into bins' n; default 10^7)
 */
import { benchChash, benchChashMd5 } from './bench/consistent-hashing.ts';
import { benchKetama } from './bench/ketama-at-scale.ts';
import { benchMols } from './bench/mols-relay-routing.ts';
import { benchLab } from './bench/placement-lab.ts';
import { benchBalls, benchGrowthSweep, benchSupermarket } from './bench/power-of-two-choices.ts';
import { benchSwrr } from './bench/smooth-weighted-round-robin.ts';
import { benchFlow } from './bench/flow.ts';
import { ensureKernels } from './build-wasm.ts';

const n = Number(process.argv[2] ?? 1e7);

// The WebAssembly kernels, compiled here when missing (the TypeScript runs if they cannot be).
await ensureKernels('bench');

await benchBalls(n);
await benchGrowthSweep();
await benchSupermarket();
await benchChash();
await benchChashMd5();
await benchKetama();
benchSwrr();
await benchMols();
benchLab();
await benchFlow();
