import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ballsGrowth, type GrowthData } from '../../../../src/experiments/power-of-two-choices/balls-growth.ts';
import { KERNEL_CHUNK } from '../../../../src/experiments/power-of-two-choices/balls-throw.ts';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';
import { maxLoadOrder } from '../../../../src/lib/balls/index.ts';
import { expectCancelAtChunk } from '../cancel.ts';
import { vectors } from '../cpython-vectors.ts';

const quiet = () => ({ progress: () => {}, signal: new AbortController().signal });

// The unit suite replays the sweep up to 10^6 (about half a second). The 10^7 column costs several
// seconds in CPython mode, so it is left to the claims and the build, which run the default sweep.
const REPLAY_TO = 6;

describe('balls.growth', () => {
  it(`replays CPython ${vectors.python}: seed 7, every d and every n up to 10^${REPLAY_TO}, maximum for maximum`, async () => {
    const replayed = vectors.growth.filter((v) => v.n <= 10 ** REPLAY_TO);
    expect(replayed).toHaveLength(3 * (REPLAY_TO - 2));
    const { output } = await runExperiment('balls.growth', { to: String(REPLAY_TO) });
    expect(output.results).toEqual(Object.fromEntries(replayed.map((v) => [`max.d${v.d}.n${v.n}`, v.maxLoad])));
  });

  it("the vectors hold the article's Figure 2 series: d=1 6 7 8 9 10, d=2 3 3 3 4 4, d=3 2 3 3 3 3", () => {
    const series = (d: number) => vectors.growth.filter((v) => v.d === d && v.seed === 7).map((v) => v.maxLoad);
    expect(series(1)).toEqual([6, 7, 8, 9, 10]);
    expect(series(2)).toEqual([3, 3, 3, 4, 4]);
    expect(series(3)).toEqual([2, 3, 3, 3, 3]);
  });

  it('names its results max.d<d>.n<n>, d in the order given and n ascending, one per (d, n)', async () => {
    const { output } = await runExperiment('balls.growth', { from: '2', to: '4', choices: '3,1', generator: 'fast' });
    expect(Object.keys(output.results)).toEqual(['max.d3.n100', 'max.d3.n1000', 'max.d3.n10000', 'max.d1.n100', 'max.d1.n1000', 'max.d1.n10000']);
  });

  it("its first seed's maxima are balls.maxload's for the same n, d and seed", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }).chain((from) => fc.tuple(fc.constant(from), fc.integer({ min: from, max: 4 }))),
        fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 3 }),
        fc.nat({ max: 1e6 }),
        fc.constantFrom('cpython', 'fast'),
        fc.integer({ min: 1, max: 3 }),
        async ([from, to], choices, seed, generator, seeds) => {
          const { results } = await ballsGrowth.run({ from, to, choices, seed, seeds, generator }, quiet());
          for (let e = from; e <= to; e++) {
            const n = 10 ** e;
            const maxload = await runExperiment('balls.maxload', { n: String(n), choices: choices.join(','), seed: String(seed), generator });
            for (const d of choices) expect(results[`max.d${d}.n${n}`]).toBe(maxload.output.results[`max.d${d}`]);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('with several seeds, keeps the first seed as the results and runs seed + k as the k-th draw', async () => {
    const base = { from: 2, to: 4, choices: [1, 2], generator: 'fast' };
    const many = await ballsGrowth.run({ ...base, seed: 40, seeds: 4 }, quiet());
    const one = await ballsGrowth.run({ ...base, seed: 40, seeds: 1 }, quiet());
    expect(many.results).toEqual(one.results);
    const data = many.data as GrowthData;
    expect(data).toMatchObject({ seed: 40, seeds: 4 });
    expect(data.runs).toHaveLength(2 * 3);
    for (let k = 0; k < 4; k++) {
      const single = await ballsGrowth.run({ ...base, seed: 40 + k, seeds: 1 }, quiet());
      for (const run of data.runs) expect(run.maxima[k]).toBe(single.results[`max.d${run.d}.n${run.n}`]);
    }
  });

  it('carries the d = 1 order ln n / ln ln n a quarter decade past each end of the sweep', async () => {
    const { output } = await runExperiment('balls.growth', { from: '2', to: '3', generator: 'fast' });
    const { order } = output.data as GrowthData;
    expect(order[0].n).toBeCloseTo(10 ** 1.75, 0);
    expect(order.at(-1)!.n).toBeCloseTo(10 ** 3.25, 0);
    expect(order.some((o) => o.n === 100) && order.some((o) => o.n === 1000)).toBe(true);
    for (const o of order) expect(o.value).toBeCloseTo(maxLoadOrder(o.n, 1), 4);
  });

  it('gives the same result for the same parameters, byte for byte', async () => {
    const given = { from: '3', to: '5', seed: '11', seeds: '3', generator: 'fast' };
    const a = await runExperiment('balls.growth', given);
    const b = await runExperiment('balls.growth', given);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('refuses bad parameters before running', () => {
    for (const [given, param, code] of [
      [{ from: '0' }, 'from', undefined],
      [{ to: '8' }, 'to', undefined],
      [{ from: '5', to: '4' }, 'to', 'to-lt-from'],
      [{ seeds: '0' }, 'seeds', undefined],
      [{ seeds: '21' }, 'seeds', undefined],
      [{ choices: '1,9' }, 'choices', undefined],
      [{ choices: '2,2' }, 'choices', undefined],
      [{ seed: String(Number.MAX_SAFE_INTEGER - 1), seeds: '3' }, 'seeds', 'seeds-past-max'],
      [{ generator: 'random' }, 'generator', undefined],
    ] as const) {
      const r = resolve('balls.growth', given);
      expect(r.ok, JSON.stringify(given)).toBe(false);
      if (!r.ok) expect(r.errors[0]).toMatchObject({ param, ...(code ? { code } : {}) });
    }
    expect(resolve('balls.growth', { seed: String(Number.MAX_SAFE_INTEGER - 2), seeds: '3' }).ok).toBe(true);
    expect(resolve('balls.growth', { from: '4', to: '4' }).ok).toBe(true);
    // d > n cannot be typed within today's bounds (n >= 10, d <= 8); the check still guards it.
    expect(ballsGrowth.check!({ from: 0, to: 1, choices: [2], seed: 7, seeds: 1, generator: 'fast' })).toMatchObject({ code: 'd-gt-n' });
  });

  it('stops at the next chunk after a cancel in the 10^7 runs, with an AbortError', async () => {
    await expectCancelAtChunk((ctx) => ballsGrowth.run({ from: 7, to: 7, choices: [1, 2, 3], seed: 7, seeds: 1, generator: 'cpython' }, ctx));
  });

  it('reports progress while a 10^7 run is under way, not only at its end', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const run = ballsGrowth.run({ from: 7, to: 7, choices: [1], seed: 7, seeds: 1, generator: 'fast' }, {
      signal: controller.signal,
      progress(done) {
        seen.push(done);
        if (seen.length === 10) controller.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    // Chunks of KERNEL_CHUNK balls at d = 1 (the unit tests run on the kernel): ten reports come
    // about half of the way through the 10^7 balls.
    expect(seen).toHaveLength(10);
    expect(seen[9]).toBeCloseTo((10 * KERNEL_CHUNK) / 1e7, 6);
  });

  it('reports progress that only rises, and ends at 1', async () => {
    const seen: number[] = [];
    await ballsGrowth.run({ from: 3, to: 6, choices: [1, 2], seed: 7, seeds: 2, generator: 'fast' }, { signal: new AbortController().signal, progress: (d) => seen.push(d) });
    expect(seen.length).toBeGreaterThan(8);
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((v, i) => i === 0 || v >= seen[i - 1])).toBe(true);
  });
});
