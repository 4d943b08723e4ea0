/**
 * Runs every cost probe's `check` parameter set (or the ids given) three times (or `--runs N`) in this (plain Node) process, the
 * environment `npm run calibrate` measures in, and prints one JSON object: for each experiment the
 * least CPU seconds of the three runs and the cost model's estimate for this machine. The unit
 * test (tests/unit/experiments/cost.test.ts) reads it; Vitest's module runner makes some
 * experiments (the lab's) run about three times slower than plain Node, which would compare two
 * environments instead of the model against the clock.
 */
import { cpuRuns, PROBES } from './cost-probes.ts';

// `--runs N` (default 3): runs per experiment, the least CPU time counts.
const args = process.argv.slice(2);
const at = args.indexOf('--runs');
const runs = at >= 0 ? Number(args.splice(at, 2)[1]) : 3;
if (!(Number.isInteger(runs) && runs >= 1)) throw new Error('cost-check: --runs needs a positive integer');
const only = args;
const out: Record<string, { measured: number; estimated: number }> = {};
for (const id of only.length ? only : Object.keys(PROBES)) {
  const { seconds, estimated } = await cpuRuns(id, PROBES[id].check, runs);
  out[id] = { measured: Math.min(...seconds), estimated };
}
process.stdout.write(`${JSON.stringify(out)}\n`);
