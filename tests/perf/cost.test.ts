/**
 * The cost model against the clock: for each experiment with a cost formula, a parameter set other
 * than the one that calibrated it runs here, and its measured CPU time is compared with the
 * estimate (the phone estimate divided by PHONE_FACTOR, i.e. this machine).
 *
 * CPU time of a plain Node process (scripts/cost-check.ts, the environment `npm run calibrate`
 * measures in), each run from a collected heap, not wall time; still, on a machine shared with other work CPU time
 * itself stretches (beside other work, by about 1.4× for most experiments here and up to 3× for
 * the memory-bound WebAssembly balls kernels), so `npm run test:perf` runs it on its own. The
 * stretch left is about alike for every experiment, so the machine's factor is measured in the
 * same run, as the median of measured ÷ estimated over all experiments (each the least of two
 * runs, and of three more when it falls outside the bounds: a burst of other work on the machine
 * stretches one run, rarely all of them), and:
 * - each experiment lies within a factor of two of the estimate times that factor (a formula or a
 *   constant that is wrong for one experiment fails, whatever the load);
 * - the factor itself lies within 1/3 … 3 (constants gone stale together, or a machine far from the
 *   one that calibrated them, fail: `npm run calibrate` then writes them anew).
 */
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROBES } from '../../scripts/cost-probes.ts';

const measured = new Map<string, { measured: number; estimated: number }>();
let factor = 1;

describe('cost model', () => {
  beforeAll(() => {
    // Measured in a plain Node process, where `npm run calibrate` measures (scripts/cost-check.ts):
    // Vitest's module runner slows some experiments (the lab's) about threefold.
    const check = (ids: string[], runs: number) => {
      const r = spawnSync(process.execPath, ['scripts/cost-check.ts', '--runs', String(runs), ...ids], { encoding: 'utf8', timeout: 240_000 });
      if (r.status !== 0) throw new Error(`scripts/cost-check.ts failed: ${r.stderr}`);
      return Object.entries(JSON.parse(r.stdout) as Record<string, { measured: number; estimated: number }>);
    };
    // Two runs each ...
    for (const [id, m] of check([], 2)) measured.set(id, m);
    const ratios = [...measured.values()].map((m) => m.measured / m.estimated).sort((a, b) => a - b);
    factor = ratios[Math.floor(ratios.length / 2)];
    // ... and one more measurement (three runs) for an experiment outside the bounds: a burst of
    // other work on the machine stretches a few seconds, rarely all of them; the lesser time counts.
    const outside = [...measured].filter(([, m]) => m.measured > m.estimated * factor * 2 || m.measured < (m.estimated * factor) / 2).map(([id]) => id);
    if (outside.length) for (const [id, m] of check(outside, 3)) if (m.measured < measured.get(id)!.measured) measured.set(id, m);
    if (process.env.COST_DEBUG) for (const [id, m] of measured) console.log(`${id} measured ${m.measured.toFixed(3)} estimated ${m.estimated.toFixed(3)} ratio ${(m.measured / m.estimated).toFixed(2)}`);
  }, 300_000);

  it('this machine, now, runs at 1/3 … 3 times the calibrated speed (the median of measured ÷ estimated)', () => {
    expect(factor).toBeGreaterThanOrEqual(1 / 3);
    expect(factor).toBeLessThanOrEqual(3);
  });

  it.each(Object.keys(PROBES))('%s: the estimate, times the machine factor, is within a factor of two of the measured CPU time', (id) => {
    const m = measured.get(id)!;
    const why = `${id}: measured ${m.measured.toFixed(3)} s, estimated ${m.estimated.toFixed(3)} s, machine factor ${factor.toFixed(2)}`;
    expect(m.measured, why).toBeGreaterThanOrEqual((m.estimated * factor) / 2);
    expect(m.measured, why).toBeLessThanOrEqual(m.estimated * factor * 2);
  });
});
