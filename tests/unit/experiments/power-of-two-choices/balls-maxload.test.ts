import { describe, expect, it } from 'vitest';
import { ballsMaxload, type MaxLoadData } from '../../../../src/experiments/power-of-two-choices/balls-maxload.ts';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';

describe('balls.maxload', () => {
  it('reproduces the article: n = 10^6, seed 7, CPython stream gives 9 (d=1) and 4 (d=2)', async () => {
    const { output } = await runExperiment('balls.maxload', { n: '1000000' });
    expect(output.results).toEqual({ 'max.d1': 9, 'max.d2': 4 });
  });

  it('has one result per compared d, and each histogram accounts for every bin and every ball', async () => {
    const { output } = await runExperiment('balls.maxload', { n: '5000', choices: '1,3,2', generator: 'fast', seed: '3' });
    expect(Object.keys(output.results)).toEqual(['max.d1', 'max.d3', 'max.d2']);
    for (const { d, counts } of (output.data as MaxLoadData).histograms) {
      expect(counts.reduce((a, b) => a + b, 0)).toBe(5000);
      expect(counts.reduce((a, c, load) => a + c * load, 0)).toBe(5000);
      expect(counts.length - 1).toBe(output.results[`max.d${d}`]);
    }
  });

  it('gives the same result for the same parameters, byte for byte', async () => {
    const a = await runExperiment('balls.maxload', { n: '20000', seed: '11', generator: 'fast' });
    const b = await runExperiment('balls.maxload', { n: '20000', seed: '11', generator: 'fast' });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('refuses d > n before running', () => {
    const r = resolve('balls.maxload', { n: '1', choices: '1,2' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ param: 'choices', code: 'd-gt-n' });
  });

  it('stops promptly when cancelled and reports progress up to 1', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const run = ballsMaxload.run(
      { n: 10_000_000, choices: [1, 2], seed: 7, generator: 'fast' },
      {
        signal: controller.signal,
        progress(done) {
          seen.push(done);
          if (done > 0.1) controller.abort();
        },
      },
    );
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(Math.max(...seen)).toBeLessThan(0.2);

    const all: number[] = [];
    await ballsMaxload.run({ n: 300_000, choices: [2], seed: 1, generator: 'fast' }, { signal: new AbortController().signal, progress: (d) => all.push(d) });
    expect(all.at(-1)).toBe(1);
    expect(all.every((v, i) => i === 0 || v >= all[i - 1])).toBe(true);
  });
});
