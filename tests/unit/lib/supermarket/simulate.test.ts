import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heapSupermarket } from '../../../../scripts/bench-baselines/heap-supermarket.ts';
import { makeRng } from '../../../../src/lib/random/make.ts';
import { fixedPointTime } from '../../../../src/lib/supermarket/fixed-point.ts';
import { advance, finished, planRun, startMeasurement, timeInSystem } from '../../../../src/lib/supermarket/measure.ts';
import { makeSupermarket, step, type SupermarketState } from '../../../../src/lib/supermarket/simulate.ts';

/** Runs warm-up and measurement in chunks, as an experiment does, and returns T's estimate. */
function measureT(state: SupermarketState, horizon: number, warmup: number, seed: number) {
  const rng = makeRng('fast', seed);
  const m = startMeasurement(planRun(state.system, horizon, warmup));
  while (!finished(m)) advance(m, state.system, 1 << 17, (e) => step(state, e, rng));
  return timeInSystem(m, state.system);
}

describe('supermarket simulation', () => {
  it('at n = 1000, λ = 0.9, d = 2 lands within 3% of the fixed point 2.6141 (horizon 2000, warm-up 400, seeds 1, 2, 3)', () => {
    for (const seed of [1, 2, 3]) {
      const t = measureT(makeSupermarket({ n: 1000, lambda: 0.9, d: 2 }), 2000, 400, seed);
      expect(Math.abs(t.mean / fixedPointTime(0.9, 2) - 1)).toBeLessThan(0.03);
    }
  });

  it('with d = 1 started empty gives the M/M/1 time 1/(1 − λ) within 3% at λ = 0.5 and 0.8 (n = 1000, horizon 2000, warm-up 500, seed 4)', () => {
    for (const lambda of [0.5, 0.8]) {
      const t = measureT(makeSupermarket({ n: 1000, lambda, d: 1, start: new Int32Array(1000) }), 2000, 500, 4);
      expect(Math.abs(t.mean * (1 - lambda) - 1)).toBeLessThan(0.03);
      // and its interval is honest: it covers the exact value
      expect(Math.abs(t.mean - 1 / (1 - lambda))).toBeLessThan(2 * t.halfWidth);
    }
  });

  it('agrees with an independent heap-based event simulation that times every customer (n = 100, λ = 0.9, d = 2, horizon 20 000, seed 9)', () => {
    const heap = heapSupermarket(100, 0.9, 2, 20_000, 1000, makeRng('fast', 9));
    const t = measureT(makeSupermarket({ n: 100, lambda: 0.9, d: 2 }), 20_000, 1000, 9);
    // Finite n = 100 sits about 2% above the fixed point; both simulations must see that.
    expect(Math.abs(heap.meanSojourn / t.mean - 1)).toBeLessThan(0.02);
    expect(t.mean).toBeGreaterThan(fixedPointTime(0.9, 2));
  });

  it('conserves customers: queues never negative, Σ queues = in system = start + arrivals − departures', () => {
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.nat(),
          n: fc.integer({ min: 1, max: 60 }),
          lambda: fc.double({ min: 0.05, max: 0.99, noNaN: true }),
          d: fc.integer({ min: 1, max: 4 }),
          chunks: fc.array(fc.nat(3000), { minLength: 1, maxLength: 8 }),
        }),
        ({ seed, n, lambda, d, chunks }) => {
          const state = makeSupermarket({ n, lambda, d });
          const start = state.system.inSystem;
          const rng = makeRng('fast', seed);
          for (const events of chunks) {
            step(state, events, rng);
            const { queues, inSystem, arrivals, departures } = state.system;
            expect(queues.every((q) => q >= 0)).toBe(true);
            expect(queues.reduce((a, b) => a + b, 0)).toBe(inSystem);
            expect(inSystem).toBe(start + arrivals - departures);
          }
          expect(state.system.events).toBe(chunks.reduce((a, b) => a + b, 0));
        },
      ),
    );
  });

  it('gives the same queues however the events are chunked', () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(fc.nat(5000), { minLength: 1, maxLength: 6 }), (seed, chunks) => {
        const total = chunks.reduce((a, b) => a + b, 0);
        const a = makeSupermarket({ n: 50, lambda: 0.9, d: 2 });
        const b = makeSupermarket({ n: 50, lambda: 0.9, d: 2 });
        const ra = makeRng('fast', seed);
        const rb = makeRng('fast', seed);
        step(a, total, ra);
        for (const c of chunks) step(b, c, rb);
        expect(Array.from(b.system.queues)).toEqual(Array.from(a.system.queues));
        expect(b.system.area).toBe(a.system.area);
      }),
    );
  });

  it('joins the shortest of the d sampled queues, the first drawn on a tie', () => {
    // Scripted 32-bit words: 0 makes the event an arrival; with n = 2 a word below 2^31 draws
    // server 0 and one from 2^31 up draws server 1.
    const scripted = (words: number[]) => ({ nextUint32: () => words.shift()!, below: () => { throw new Error('unused'); } });
    const shorter = makeSupermarket({ n: 2, lambda: 0.5, d: 2, start: Int32Array.from([3, 1]) });
    step(shorter, 1, scripted([0, 0, 2 ** 31]));
    expect(Array.from(shorter.system.queues)).toEqual([3, 2]);
    const tie = makeSupermarket({ n: 2, lambda: 0.5, d: 2, start: Int32Array.from([2, 2]) });
    step(tie, 1, scripted([0, 2 ** 31, 0]));
    expect(Array.from(tie.system.queues)).toEqual([2, 3]);
  });

  it('refuses d < 1 and a start of the wrong length', () => {
    expect(() => makeSupermarket({ n: 10, lambda: 0.5, d: 0 })).toThrow(RangeError);
    expect(() => makeSupermarket({ n: 10, lambda: 0.5, d: 2, start: new Int32Array(3) })).toThrow(RangeError);
    expect(() => makeSupermarket({ n: 10, lambda: 1, d: 2 })).toThrow(RangeError);
  });
});
