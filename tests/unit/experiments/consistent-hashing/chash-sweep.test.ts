import { describe, expect, it } from 'vitest';
import { chashSweep, sweepGrid, type ChashSweepData } from '../../../../src/experiments/consistent-hashing/chash-sweep.ts';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';
import { expectLabels, expectPromptCancel } from '../queue-cells.ts';

/** Everything but the measured lookup times, which vary from run to run. */
function withoutTiming(output: { results: Record<string, number | string>; data?: unknown }) {
  const results = Object.fromEntries(Object.entries(output.results).filter(([k]) => !k.startsWith('lookup.')));
  const series = (output.data as ChashSweepData).series.map((s) => ({ ...s, lookupNs: 0 }));
  return { results, data: { ...(output.data as ChashSweepData), series } };
}

describe('chash.sweep', () => {
  it('at its defaults: load spread falls many-fold from V = 1 to V = 100, about a fifth of the keys move at V = 100, 6 bytes a point', async () => {
    const { params, output } = await runExperiment('chash.sweep');
    expect(params).toEqual({ keys: 50_000, from: 4, to: 5, maxV: 1000, salt: 0 });
    const r = output.results;
    expect(Object.keys(r)).toEqual(['moved.v1', 'moved.v100', 'std.v1', 'std.v100', 'bytes.v100', 'bytes.per.point', 'lookup.ns.v1', 'lookup.ns.v1000']);
    expectLabels('chash.sweep', Object.keys(r));
    const n = (k: string) => r[k] as number;
    expect(n('std.v1') / n('std.v100')).toBeGreaterThan(4);
    expect(n('moved.v100')).toBeGreaterThanOrEqual(0.15);
    expect(n('moved.v100')).toBeLessThanOrEqual(0.27);
    expect(n('bytes.per.point')).toBe(6);
    expect(n('lookup.ns.v1')).toBeGreaterThan(0);
    const data = output.data as ChashSweepData;
    expect(data.series.map((s) => s.v)).toEqual([1, 2, 3, 5, 10, 20, 30, 50, 100, 200, 300, 500, 1000]);
    expect(data.ideal).toBeCloseTo(0.2, 12);
    for (const s of data.series) expect(s.bytes).toBe(s.points * 6);
    expect(n('bytes.v100')).toBe(data.series.find((s) => s.v === 100)!.points * 6);
  });

  it('clips the grid at maxV, adding maxV when it is not on it, and reads the headline there', async () => {
    expect(sweepGrid(40)).toEqual([1, 2, 3, 5, 10, 20, 30, 40]);
    expect(sweepGrid(1)).toEqual([1]);
    const { output } = await runExperiment('chash.sweep', { keys: '2000', maxV: '40' });
    expect(Object.keys(output.results)).toEqual(['moved.v1', 'moved.v40', 'std.v1', 'std.v40', 'bytes.v40', 'bytes.per.point', 'lookup.ns.v1', 'lookup.ns.v40']);
  });

  it('gives the same results for the same parameters, apart from the measured lookup times', async () => {
    const given = { keys: '5000', from: '7', to: '9', maxV: '300', salt: '3' };
    const a = await runExperiment('chash.sweep', given);
    const b = await runExperiment('chash.sweep', given);
    expect(JSON.stringify(withoutTiming(a.output))).toBe(JSON.stringify(withoutTiming(b.output)));
    const c = await runExperiment('chash.sweep', { ...given, salt: '4' });
    expect(JSON.stringify(withoutTiming(c.output))).not.toBe(JSON.stringify(withoutTiming(a.output)));
  });

  it('stops within a chunk when cancelled, with an AbortError', async () => {
    await expectPromptCancel(chashSweep, { keys: 500_000, from: 4, to: 5, maxV: 1000, salt: 0 });
  });

  it('refuses bad parameters before running', () => {
    for (const [given, param] of [
      [{ keys: '999' }, 'keys'],
      [{ maxV: '1001' }, 'maxV'],
      [{ from: '0' }, 'from'],
    ] as const) {
      const r = resolve('chash.sweep', given);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors[0].param).toBe(param);
    }
  });
});
