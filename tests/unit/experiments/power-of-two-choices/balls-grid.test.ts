import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ballsGrid, type GridData } from '../../../../src/experiments/power-of-two-choices/balls-grid.ts';
import type { MaxLoadData } from '../../../../src/experiments/power-of-two-choices/balls-maxload.ts';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';
import { vectors } from '../cpython-vectors.ts';

const quiet = () => ({ progress: () => {}, signal: new AbortController().signal });

describe('balls.grid', () => {
  it("reproduces Figure 1: 900 balls into a 30 x 30 grid, seed 7, CPython stream: maxima 6 (d=1) and 3 (d=2)", async () => {
    const { params, output } = await runExperiment('balls.grid');
    expect(params).toEqual({ side: 30, choices: [1, 2], seed: 7, generator: 'cpython' });
    expect(output.results).toEqual({ 'max.d1': 6, 'max.d2': 3 });
  });

  it(`matches CPython ${vectors.python} bin by bin for seed 7, and in its maxima for every recorded seed`, async () => {
    const withBins = vectors.grid.filter((v) => v.bins);
    expect(withBins.map((v) => v.d)).toEqual([1, 2]);
    const { output } = await runExperiment('balls.grid', { seed: String(withBins[0].seed) });
    const grids = (output.data as GridData).grids;
    for (const v of withBins) expect(grids.find((g) => g.d === v.d)!.loads).toEqual(v.bins);

    const seeds = [...new Set(vectors.grid.map((v) => v.seed))];
    expect(seeds.length).toBeGreaterThanOrEqual(3);
    for (const seed of seeds) {
      const { output: o } = await runExperiment('balls.grid', { seed: String(seed) });
      for (const v of vectors.grid.filter((r) => r.seed === seed)) {
        expect(v.n).toBe(900);
        expect(o.results[`max.d${v.d}`]).toBe(v.maxLoad);
      }
    }
  });

  it('holds every ball: each grid has side² bins whose loads sum to side², and its maximum is the result', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 5, max: 40 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 4 }),
        fc.nat({ max: 1e6 }),
        fc.constantFrom('cpython', 'fast'),
        async (side, choices, seed, generator) => {
          const { results, data } = await ballsGrid.run({ side, choices, seed, generator }, quiet());
          const { grids } = data as GridData;
          expect(grids.map((g) => g.d)).toEqual(choices);
          for (const { d, loads } of grids) {
            expect(loads).toHaveLength(side * side);
            expect(loads.reduce((a, b) => a + b, 0)).toBe(side * side);
            expect(results[`max.d${d}`]).toBe(Math.max(...loads));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("is balls.maxload's run at n = side², laid out as a grid: the same loads, so the same histograms", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 5, max: 30 }), fc.nat({ max: 1e6 }), fc.constantFrom('cpython', 'fast'), async (side, seed, generator) => {
        const grid = await runExperiment('balls.grid', { side: String(side), seed: String(seed), generator, choices: '1,2,3' });
        const maxload = await runExperiment('balls.maxload', { n: String(side * side), seed: String(seed), generator, choices: '1,2,3' });
        expect(grid.output.results).toEqual(maxload.output.results);
        for (const [i, { loads }] of (grid.output.data as GridData).grids.entries()) {
          const counts = new Array<number>(Math.max(...loads) + 1).fill(0);
          for (const load of loads) counts[load]++;
          expect(counts).toEqual((maxload.output.data as MaxLoadData).histograms[i].counts);
        }
      }),
      { numRuns: 20 },
    );
  });

  it('gives the same result for the same parameters, byte for byte', async () => {
    const a = await runExperiment('balls.grid', { side: '60', seed: '11', generator: 'fast', choices: '1,2,4' });
    const b = await runExperiment('balls.grid', { side: '60', seed: '11', generator: 'fast', choices: '1,2,4' });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('refuses bad parameters before running', () => {
    for (const [given, param] of [
      [{ side: '4' }, 'side'],
      [{ side: '61' }, 'side'],
      [{ side: '3.5' }, 'side'],
      [{ choices: '0,1' }, 'choices'],
      [{ choices: '1,9' }, 'choices'],
      [{ choices: '1,1' }, 'choices'],
      [{ choices: '1,2,3,4,5' }, 'choices'],
      [{ generator: 'mt' }, 'generator'],
      [{ seed: '-1' }, 'seed'],
      [{ n: '900' }, 'n'],
    ] as const) {
      const r = resolve('balls.grid', given);
      expect(r.ok, JSON.stringify(given)).toBe(false);
      if (!r.ok) expect(r.errors[0].param).toBe(param);
    }
    // d > n cannot be typed within today's bounds (side >= 5, d <= 8); the check still guards it.
    expect(ballsGrid.check!({ side: 2, choices: [1, 5], seed: 7, generator: 'fast' })).toMatchObject({ param: 'choices', code: 'd-gt-n', vars: { d: 5, n: 4 } });
  });

  it('stops with an AbortError when cancelled, and reports progress up to 1', async () => {
    const controller = new AbortController();
    const run = ballsGrid.run({ side: 60, choices: [1, 2, 3, 4], seed: 7, generator: 'fast' }, {
      signal: controller.signal,
      progress: () => controller.abort(),
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });

    const seen: number[] = [];
    await ballsGrid.run({ side: 30, choices: [1, 2], seed: 7, generator: 'fast' }, { signal: new AbortController().signal, progress: (d) => seen.push(d) });
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((v, i) => i === 0 || v >= seen[i - 1])).toBe(true);
  });
});
