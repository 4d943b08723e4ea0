/**
 * The cost model against the clock: for each experiment with a cost formula, a parameter set other
 * than the one that calibrated it runs here, and the measured CPU time must lie within a factor of
 * two of the estimate (the phone estimate divided by PHONE_FACTOR, i.e. this machine). CPU time of
 * this process, not wall time, so other load on the machine barely moves it.
 */
import { describe, expect, it } from 'vitest';
import { cpuRuns, PROBES } from '../../../scripts/cost-probes.ts';
import { MAX_PHONE_SECONDS, phoneSeconds } from '../../../src/experiments/cost.ts';
import { registry } from '../../../src/experiments/registry.ts';
import { resolve } from '../../../src/experiments/run.ts';

async function cpu(id: string, given: Record<string, string>): Promise<{ measured: number; estimated: number }> {
  const { seconds, estimated } = await cpuRuns(id, given, 2);
  return { measured: Math.min(...seconds), estimated };
}

describe('cost model', () => {
  it.each(Object.keys(PROBES))('%s: the estimate is within a factor of two of the measured CPU time', async (id) => {
    const { measured, estimated } = await cpu(id, PROBES[id].check);
    expect(measured, `${id}: measured ${measured.toFixed(3)} s, estimated ${estimated.toFixed(3)} s`).toBeGreaterThanOrEqual(estimated / 2);
    expect(measured, `${id}: measured ${measured.toFixed(3)} s, estimated ${estimated.toFixed(3)} s`).toBeLessThanOrEqual(estimated * 2);
  }, 60_000);

  it('accepts every experiment’s defaults, and refuses the links that used to start minutes of work, naming the cost', () => {
    for (const id of Object.keys(registry)) expect(resolve(id, {}).ok, id).toBe(true);
    for (const [id, given] of [
      ['mols.speed', { candidates: '256', calls: '5000000', repeats: '10' }],
      ['balls.growth', { from: '1', to: '7', seeds: '20', choices: '5,6,7,8' }],
    ] as const) {
      const r = resolve(id, given);
      expect(r.ok, id).toBe(false);
      if (!r.ok) expect(r.errors[0], id).toMatchObject({ code: 'too-costly' });
    }
  });

  it('bounds every accepted parameter set by two minutes on a phone', () => {
    // The check is joined to every experiment's own: whatever it accepts costs at most the limit.
    for (const [id, exp] of Object.entries(registry)) {
      const r = resolve(id, {});
      if (r.ok) expect(phoneSeconds(exp, r.params), id).toBeLessThanOrEqual(MAX_PHONE_SECONDS);
    }
  });
});
