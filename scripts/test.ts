/**
 * `npm test`: every check the project has, in two lanes where they cannot disturb each other,
 * then the browser suite alone (its timing checks want the machine to themselves).
 *
 *   lane 1: check (astro check + tsc), build (astro build + pagefind), build:lb (the same under
 *           BASE=/lb/, for the sub-path checks), then a share of the unit tests
 *   lane 2: lint, then the other shares of the unit tests
 *   then:   the browser suite against both builds
 *
 * `check`, `build` and `build:lb` stay in one lane because all write Astro's generated types (.astro/).
 * The unit tests are split with Vitest's `--shard` so that the two lanes end at about the same time.
 * Each step's output is printed whole when the step ends, so the lanes do not interleave.
 * A failed step stops its lane; the browser suite runs only when every step before it passed.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

interface Step {
  name: string;
  ok: boolean;
  seconds: number;
}

function run(command: string, stream: boolean): Promise<Step> {
  const started = Date.now();
  const [script, ...args] = command.split(' ');
  return new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], { cwd: ROOT, stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout?.on('data', (d: Buffer) => out.push(d));
    child.stderr?.on('data', (d: Buffer) => out.push(d));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      if (!stream) {
        process.stdout.write(`\n===== npm run ${command} (${seconds.toFixed(1)} s, ${code === 0 ? 'passed' : `failed, exit ${code}`})\n`);
        process.stdout.write(Buffer.concat(out));
      }
      done({ name: command, ok: code === 0, seconds });
    });
  });
}

async function lane(scripts: string[]): Promise<Step[]> {
  const steps: Step[] = [];
  for (const s of scripts) {
    const step = await run(s, false);
    steps.push(step);
    if (!step.ok) break;
  }
  return steps;
}

const t0 = Date.now();
// Lane 1's check and two builds take about as long as lint and most of the unit tests.
const plan = [
  ['check', 'build', 'build:lb', 'test:unit --shard=1/4'],
  ['lint', 'test:unit --shard=2/4', 'test:unit --shard=3/4', 'test:unit --shard=4/4'],
];
const lanes = await Promise.all(plan.map(lane));
const steps = lanes.flat();
const before = steps.every((s) => s.ok) && steps.length === plan.flat().length;
if (before) {
  process.stdout.write('\n===== npm run test:browser\n');
  steps.push(await run('test:browser', true));
}
const total = (Date.now() - t0) / 1000;
process.stdout.write(`\n===== summary (${total.toFixed(0)} s in all)\n`);
for (const s of steps) process.stdout.write(`${s.ok ? 'passed' : 'FAILED'}  ${s.name} (${s.seconds.toFixed(1)} s)\n`);
if (!before) process.stdout.write('skipped test:browser (a step before it failed)\n');
process.exit(steps.every((s) => s.ok) && before ? 0 : 1);
