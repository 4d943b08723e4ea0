import { describe, expect, it } from 'vitest';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';
import { supermarketTable, type SupermarketTableData } from '../../../../src/experiments/power-of-two-choices/supermarket-table.ts';
import { expectLabels, expectPromptCancel } from '../queue-cells.ts';

describe('supermarket.table', () => {
  it('at its defaults gives the article’s table: fixed points 100, 5.43, 3.86, 3.24 (λ = 0.99) and 20, 3.38 (λ = 0.95), and n = 100 simulations (horizon 40 000, seed 1)', async () => {
    const { params, output } = await runExperiment('supermarket.table');
    expect(params).toEqual({ n: 100, horizon: 40_000, seed: 1, seeds: 1 });
    const r = output.results as Record<string, number>;
    expect(Object.keys(r)).toEqual([
      't.d1.l0.99', 'sim.d1.l0.99', 't.d2.l0.99', 'sim.d2.l0.99', 't.d3.l0.99', 'sim.d3.l0.99', 't.d4.l0.99', 'sim.d4.l0.99',
      't.d1.l0.95', 'sim.d1.l0.95', 't.d2.l0.95', 'sim.d2.l0.95',
    ]);
    expectLabels('supermarket.table', Object.keys(r));
    expect(r['t.d1.l0.99']).toBeCloseTo(100, 9);
    expect(r['t.d2.l0.99']).toBeCloseTo(5.432, 3);
    expect(r['t.d3.l0.99']).toBeCloseTo(3.8578, 4);
    expect(r['t.d4.l0.99']).toBeCloseTo(3.2412, 4);
    expect(r['t.d1.l0.95']).toBeCloseTo(20, 9);
    expect(r['t.d2.l0.95']).toBeCloseTo(3.383, 3);
    // The article's 3.5 at (0.95, 2) is a finite-n value: n = 100 lands near it, clearly above 3.383.
    expect(Math.abs(r['sim.d2.l0.95'] - 3.5)).toBeLessThan(0.06);
    expect(r['sim.d2.l0.95'] - r['t.d2.l0.95']).toBeGreaterThan(0.05);
    // At n = 100 every d ≥ 2 simulation sits above its fixed point (algorithms.md §4.1).
    for (const d of [2, 3, 4]) expect(r[`sim.d${d}.l0.99`]).toBeGreaterThan(r[`t.d${d}.l0.99`]);
    const data = output.data as SupermarketTableData;
    expect(data.rows).toHaveLength(6);
    expect(data.rows.every((row) => row.halfWidth > 0)).toBe(true);
    expect(data.rows.every((row) => row.means.length === 1 && row.means[0] === row.mean)).toBe(true);
  });

  it('with seeds > 1 gives the mean of the seeds’ own runs (the first is seeds = 1’s run), with a narrower interval', async () => {
    const given = { n: '30', horizon: '400', seed: '5' };
    const one = (await runExperiment('supermarket.table', given)).output;
    const next = (await runExperiment('supermarket.table', { ...given, seed: '6' })).output;
    const two = (await runExperiment('supermarket.table', { ...given, seeds: '2' })).output;
    const [a, b, both] = [one, next, two].map((o) => o.data as SupermarketTableData);
    expect(both.seeds).toBe(2);
    both.rows.forEach((row, k) => {
      expect(row.means).toEqual([a.rows[k].mean, b.rows[k].mean]);
      expect(row.mean).toBeCloseTo((a.rows[k].mean + b.rows[k].mean) / 2, 12);
      expect(row.halfWidth).toBeCloseTo(Math.hypot(a.rows[k].halfWidth, b.rows[k].halfWidth) / 2, 12);
      expect(row.halfWidth).toBeLessThan(Math.max(a.rows[k].halfWidth, b.rows[k].halfWidth));
    });
    // The results are the rows' means; the fixed points do not depend on the seeds.
    expect(two.results['sim.d2.l0.95']).toBe(both.rows[5].mean);
    expect(two.results['t.d2.l0.95']).toBe(one.results['t.d2.l0.95']);
  });

  it('gives the same result for the same parameters, byte for byte', async () => {
    const given = { n: '30', horizon: '300', seed: '5' };
    const a = await runExperiment('supermarket.table', given);
    const b = await runExperiment('supermarket.table', given);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('stops within a chunk when cancelled, with an AbortError', async () => {
    await expectPromptCancel(supermarketTable, { n: 1000, horizon: 100_000, seed: 1, seeds: 1 });
  });

  it('refuses bad parameters before running', () => {
    const bad: Record<string, string>[] = [{ n: '0' }, { horizon: '10' }, { seed: '-1' }, { d: '2' }, { seeds: '0' }, { seeds: '21' }];
    for (const given of bad) expect(resolve('supermarket.table', given).ok).toBe(false);
    const past = resolve('supermarket.table', { seed: String(Number.MAX_SAFE_INTEGER - 1), seeds: '3', horizon: '20' });
    expect(past.ok).toBe(false);
    if (!past.ok) expect(past.errors[0]).toMatchObject({ param: 'seeds', code: 'seeds-past-max' });
    // Seeds multiply the work: what one seed may run, twenty may not.
    expect(resolve('supermarket.table', { n: '10000', horizon: '5000' }).ok).toBe(true);
    const many = resolve('supermarket.table', { n: '10000', horizon: '5000', seeds: '20' });
    expect(many.ok).toBe(false);
    if (!many.ok) expect(many.errors[0]).toMatchObject({ param: 'horizon', code: 'too-much-work' });
    const big = resolve('supermarket.table', { n: '10000', horizon: '1000000' });
    expect(big.ok).toBe(false);
    if (!big.ok) expect(big.errors[0]).toMatchObject({ param: 'horizon', code: 'too-much-work' });
  });
});
