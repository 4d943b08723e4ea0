/**
 * `npm test`: every check the project has, in two lanes on the machine's two cores, with the
 * browser suite starting as soon as the builds it tests exist.
 *
 *   lane 1: build (astro build + pagefind), build:lb (the same under BASE=/lb/, for the sub-path
 *           checks; it reuses the first build's experiment runs through LB_RUN_CACHE, as the unit
 *           tests that read runs through src/build/memo.ts do: claims, figures), then the
 *           browser suite against both builds (`playwright test`: playwright.config.ts, on two
 *           workers; the page visits first beside the tests that read none, then their readers)
 *   lane 2: lint, then the unit and property tests (Vitest, in two shards so each prints as it
 *           ends; the files of a shard share one module graph, see vitest.config.ts), then check
 *           (astro check: TypeScript over the .astro files and every .ts file of tsconfig.json),
 *           once the builds are done too
 *
 * Deterministic checks only: what reads a clock (the cost model against CPU time, cancel latency,
 * long tasks, the terminal's start-up) is `npm run test:perf`'s, run before a release.
 * `check`, `build` and `build:lb` never run at the same time: all write Astro's generated types (.astro/).
 * Each lane step's output is printed whole when the step ends; the browser suite streams (Playwright's
 * `list` reporter: a line per test as it ends).
 * A failed step stops lane 1 (each step needs the one before); lane 2's steps are independent and
 * all run. The summary gives each step's time and when it started.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

interface Step {
  name: string;
  ok: boolean;
  seconds: number;
  /** Seconds from the start of `npm test` to the step's start. */
  at: number;
}

const t0 = Date.now();
const quiet = mkdtempSync(join(tmpdir(), 'lb-test-'));
// The builds keep their runs here (src/build/memo.ts): the second build reuses the first's.
const runCache = join(quiet, 'runs');
// Node's module compile cache (V8 code cache, and the type-stripped output of our .ts files), for
// every process this run starts: the second astro, the Vitest shards after the first, and the
// many short Node processes the tests spawn (reproduce, cost-check) load
// the same modules again; with the cache a reproduce start takes about 0.08 s instead of 0.25 s.
const compileCache = join(quiet, 'compile-cache');

function run(command: string, stream: boolean): Promise<Step> {
  const started = Date.now();
  const [script, ...args] = command.split(' ');
  return new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
      cwd: ROOT,
      stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      // The builds and the unit tests share the run cache.
      env: { ...process.env, NODE_COMPILE_CACHE: compileCache, ...(script.startsWith('build') || script === 'test:unit' ? { LB_RUN_CACHE: runCache } : {}) },
    });
    const out: Buffer[] = [];
    child.stdout?.on('data', (d: Buffer) => out.push(d));
    child.stderr?.on('data', (d: Buffer) => out.push(d));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      if (!stream) {
        process.stdout.write(`\n===== npm run ${command} (${seconds.toFixed(1)} s, ${code === 0 ? 'passed' : `failed, exit ${code}`})\n`);
        process.stdout.write(Buffer.concat(out));
      } else {
        process.stdout.write(`\n===== npm run ${command}: ${seconds.toFixed(1)} s, ${code === 0 ? 'passed' : `failed, exit ${code}`}\n`);
      }
      done({ name: command, ok: code === 0, seconds, at: (started - t0) / 1000 });
    });
  });
}

async function lane(scripts: string[], streamLast = false, independent = false): Promise<Step[]> {
  const steps: Step[] = [];
  for (const [i, s] of scripts.entries()) {
    const stream = streamLast && i === scripts.length - 1;
    if (stream) process.stdout.write(`\n===== npm run ${s} (streaming; lane 2's steps print as they end)\n`);
    const step = await run(s, stream);
    steps.push(step);
    if (!step.ok && !independent) break;
  }
  return steps;
}

const plan = [
  ['build', 'build:lb', 'test:browser'],
  ['lint', 'test:unit --shard=1/2', 'test:unit --shard=2/2', 'check'],
];
// The browser suite is the longest chain: it starts as soon as both builds exist. `check` (which
// writes .astro/ like the builds, so never beside them) runs last in the other lane, once the
// builds are done too: beside the browser suite's start it took a core the suite needed (its
// tail overlaps the suite's, when the unit shards have ended).
const builds = lane(plan[0].slice(0, 2));
const lane1 = builds.then(async (built) => (built.every((s) => s.ok) ? [...built, ...(await lane([plan[0][2]], true))] : built));
// Lint and the unit shards do not depend on each other: one failing does not skip the others.
const lane2 = lane(plan[1].slice(0, 3), false, true).then(async (steps) => {
  await builds;
  return [...steps, ...(await lane([plan[1][3]]))];
});
const lanes = await Promise.all([lane1, lane2]);
rmSync(quiet, { recursive: true, force: true });
const steps = lanes.flat().sort((a, b) => a.at - b.at);
const total = (Date.now() - t0) / 1000;
const ran = new Set(steps.map((s) => s.name));
process.stdout.write(`\n===== summary (${total.toFixed(0)} s in all)\n`);
for (const s of steps) process.stdout.write(`${s.ok ? 'passed' : 'FAILED'}  ${s.name} (${s.seconds.toFixed(1)} s, from ${s.at.toFixed(0)} s)\n`);
for (const name of plan.flat()) if (!ran.has(name)) process.stdout.write(`skipped ${name} (a step before it in its lane failed)\n`);
process.exit(steps.every((s) => s.ok) && ran.size === plan.flat().length ? 0 : 1);
