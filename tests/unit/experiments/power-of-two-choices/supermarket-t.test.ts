import { describe, expect, it } from 'vitest';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';
import { supermarketT, type SupermarketTData } from '../../../../src/experiments/power-of-two-choices/supermarket-t.ts';
import { fixedPointTime } from '../../../../src/lib/supermarket/fixed-point.ts';
import { expectLabels, expectPromptCancel } from '../queue-cells.ts';

describe('supermarket.t', () => {
  it('at its defaults reports the fixed point and the simulation at λ = 0.95 for d = 1, 2, 3, each simulation within 5% of the fixed point (n = 1000, horizon 1000, seed 1)', async () => {
    const seen: number[] = [];
    const { params, output } = await runExperiment('supermarket.t', {}, { signal: new AbortController().signal, progress: (d) => seen.push(d) });
    expect(params).toEqual({ n: 1000, lambda: 0.95, choices: [1, 2, 3], horizon: 1000, seed: 1 });
    expect(Object.keys(output.results)).toEqual(['t.d1', 'sim.d1', 't.d2', 'sim.d2', 't.d3', 'sim.d3']);
    expectLabels('supermarket.t', Object.keys(output.results));
    for (const d of [1, 2, 3]) {
      expect(output.results[`t.d${d}`]).toBe(fixedPointTime(0.95, d));
      expect(Math.abs((output.results[`sim.d${d}`] as number) / fixedPointTime(0.95, d) - 1)).toBeLessThan(0.05);
    }
    const data = output.data as SupermarketTData;
    expect(data.curves.map((c) => c.d)).toEqual([1, 2, 3]);
    expect(data.curves[0].points[0].lambda).toBe(0.1);
    expect(data.curves[0].points.at(-1)!.lambda).toBe(0.99);
    expect(data.sims).toHaveLength(3 * 11);
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((v, i) => i === 0 || v >= seen[i - 1])).toBe(true);
  });

  it('simulates the cell’s λ too when it is off the coarse grid', async () => {
    const { output } = await runExperiment('supermarket.t', { n: '50', lambda: '0.85', choices: '2', horizon: '40' });
    const data = output.data as SupermarketTData;
    expect(data.sims.map((s) => s.lambda)).toContain(0.85);
    expect(output.results['t.d2']).toBe(fixedPointTime(0.85, 2));
  });

  it('gives the same result for the same parameters, byte for byte', async () => {
    const given = { n: '200', choices: '1,2', horizon: '50', seed: '12' };
    const a = await runExperiment('supermarket.t', given);
    const b = await runExperiment('supermarket.t', given);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('stops within a chunk when cancelled, with an AbortError', async () => {
    await expectPromptCancel(supermarketT, { n: 2000, lambda: 0.95, choices: [1, 2, 3], horizon: 5000, seed: 1 });
  });

  it('refuses bad parameters before running: λ = 1, n = 0, d = 0, too much work', () => {
    for (const [given, param] of [
      [{ lambda: '1' }, 'lambda'],
      [{ lambda: '0.05' }, 'lambda'],
      [{ n: '0' }, 'n'],
      [{ choices: '0,2' }, 'choices'],
      [{ choices: '1,2,3,4,5' }, 'choices'],
      [{ horizon: 'ten' }, 'horizon'],
    ] as const) {
      const r = resolve('supermarket.t', given);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors[0].param).toBe(param);
    }
    const big = resolve('supermarket.t', { n: '10000', horizon: '100000' });
    expect(big.ok).toBe(false);
    if (!big.ok) expect(big.errors[0]).toMatchObject({ param: 'horizon', code: 'too-much-work' });
  });
});
