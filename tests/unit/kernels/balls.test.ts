import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { throwBalls } from '../../../src/experiments/power-of-two-choices/balls-throw.ts';
import { meter } from '../../../src/experiments/shared/meter.ts';
import { ballsKernel } from '../../../src/kernels/balls.ts';
import { kernelModule, setKernelModule } from '../../../src/kernels/load.ts';
import { loadHistogram, maxLoad, placeBalls } from '../../../src/lib/balls/index.ts';
import { makeRng, type GeneratorName } from '../../../src/lib/random/index.ts';
import { vectors } from '../experiments/cpython-vectors.ts';

const quiet = () => ({ progress: () => {}, signal: new AbortController().signal });

/** placeBalls, the TypeScript reference: the bins and the generator's next draw after. */
function reference(start: Uint32Array, balls: number, d: number, generator: GeneratorName, seed: number) {
  const bins = start.slice();
  const rng = makeRng(generator, seed);
  placeBalls(bins, balls, d, rng);
  return { bins, next: rng.nextUint32() };
}

/** The same on the kernel, its balls thrown in the given chunks. */
async function kernel(start: Uint32Array, chunks: readonly number[], d: number, generator: GeneratorName, seed: number) {
  const bins = start.slice();
  const rng = makeRng(generator, seed);
  const k = await ballsKernel(bins, d, rng);
  if (!k) throw new Error('the kernel did not load');
  for (const count of chunks) k.place(count);
  k.finish();
  return { bins, next: rng.nextUint32() };
}

describe('the balls kernel (WebAssembly)', () => {
  afterEach(() => setKernelModule(undefined));

  it('loads in Node from build/kernels.wasm', async () => {
    expect(await kernelModule()).not.toBeNull();
  });

  it('gives placeBalls\' bins and leaves the generator where placeBalls does: d = 1...8, both generators, any chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom<GeneratorName>('cpython', 'fast'),
        fc.nat({ max: Number.MAX_SAFE_INTEGER }),
        fc.array(fc.nat({ max: 6_000 }), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        async (n, d, generator, seed, chunks, loaded) => {
          // Half the runs start from loaded bins, so the copy into the kernel is checked too.
          const start = new Uint32Array(n);
          if (loaded) for (let i = 0; i < n; i += 7) start[i] = i % 5;
          const balls = chunks.reduce((a, b) => a + b, 0);
          expect(await kernel(start, chunks, d, generator, seed)).toEqual(reference(start, balls, d, generator, seed));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('widens its u8 bins to u32 exactly when a bin passes 255, also from bins that start above it', async () => {
    for (const d of [1, 2, 3, 5]) {
      for (const generator of ['cpython', 'fast'] as const) {
        const empty = new Uint32Array(3);
        const mid = Uint32Array.of(250, 0, 0);
        expect(await kernel(empty, [700, 1300], d, generator, 3)).toEqual(reference(empty, 2000, d, generator, 3));
        expect(await kernel(mid, [5, 100], d, generator, 3)).toEqual(reference(mid, 105, d, generator, 3));
      }
    }
    const high = Uint32Array.of(70_000, 3, 9);
    expect(await kernel(high, [500], 2, 'cpython', 1)).toEqual(reference(high, 500, 2, 'cpython', 1));
  });

  it(`replays CPython ${vectors.python}'s maxima, histograms and Figure 1 bins in CPython mode`, async () => {
    const runs = [...vectors.balls, ...vectors.grid, ...vectors.growth.filter((v) => v.n <= 1e5)];
    for (const run of runs) {
      const { bins } = await kernel(new Uint32Array(run.n), [run.n], run.d, 'cpython', run.seed);
      expect(maxLoad(bins), `seed ${run.seed}, n ${run.n}, d ${run.d}`).toBe(run.maxLoad);
      if (run.histogram) expect(loadHistogram(bins)).toEqual(run.histogram);
      if (run.bins) expect(Array.from(bins)).toEqual(run.bins);
    }
  });

  it('throwBalls runs the TypeScript when the kernel cannot load, with the same bins', async () => {
    const run = async () => {
      const bins = new Uint32Array(5_000);
      await throwBalls(bins, 2, makeRng('cpython', 11), meter(10_000, quiet()));
      return bins;
    };
    const onKernel = await run();
    setKernelModule(null);
    expect(await run()).toEqual(onKernel);
  });
});
