import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ballsHistogram } from '../../../../src/experiments/power-of-two-choices/balls-histogram.ts';
import { ballsMaxload, type MaxLoadData } from '../../../../src/experiments/power-of-two-choices/balls-maxload.ts';
import { defaults } from '../../../../src/experiments/shared/params.ts';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';
import { vectors } from '../cpython-vectors.ts';

describe('balls.histogram', () => {
  it(`reproduces Figure 3 bin count for bin count (CPython ${vectors.python}, n = 10^6, seed 7): the d=1 tail reaches 9, the d=2 tail stops at 4`, async () => {
    const { params, output } = await runExperiment('balls.histogram');
    expect(params).toEqual({ n: 1_000_000, choices: [1, 2], seed: 7, generator: 'cpython' });
    expect(output.results).toEqual({ 'max.d1': 9, 'max.d2': 4 });
    const { histograms } = output.data as MaxLoadData;
    for (const { d, counts } of histograms) {
      const v = vectors.growth.find((r) => r.n === 1_000_000 && r.d === d && r.seed === 7)!;
      expect(counts).toEqual(v.histogram);
    }
    expect(histograms.map((h) => h.counts.length - 1)).toEqual([9, 4]);
  });

  it('is balls.maxload with n = 10^6 by default: same parameters, same output, byte for byte', async () => {
    expect(Object.keys(ballsHistogram.params)).toEqual(Object.keys(ballsMaxload.params));
    expect({ ...defaults(ballsHistogram.params), n: 0 }).toEqual({ ...defaults(ballsMaxload.params), n: 0 });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3000 }), fc.nat({ max: 1e6 }), fc.constantFrom('cpython', 'fast'), async (n, seed, generator) => {
        const given = { n: String(n), seed: String(seed), generator, choices: n >= 3 ? '1,3' : '1' };
        const a = await runExperiment('balls.histogram', given);
        const b = await runExperiment('balls.maxload', given);
        expect(JSON.stringify(a)).toBe(JSON.stringify(b));
      }),
      { numRuns: 30 },
    );
  });

  it('refuses d > n before running, as balls.maxload does', () => {
    const r = resolve('balls.histogram', { n: '2', choices: '1,3' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ param: 'choices', code: 'd-gt-n' });
    expect(resolve('balls.histogram', { n: '10000001' }).ok).toBe(false);
  });

  it('stops with an AbortError when cancelled', async () => {
    const controller = new AbortController();
    const run = ballsHistogram.run({ n: 1_000_000, choices: [1, 2], seed: 7, generator: 'cpython' }, { signal: controller.signal, progress: () => controller.abort() });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });
});
