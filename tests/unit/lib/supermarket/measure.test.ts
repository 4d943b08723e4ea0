import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeRng } from '../../../../src/lib/random/make.ts';
import { advance, finished, planRun, startMeasurement, totalEvents } from '../../../../src/lib/supermarket/measure.ts';
import { makeSupermarket, step } from '../../../../src/lib/supermarket/simulate.ts';

describe('measurement plan', () => {
  it('turns time into events at the uniformised rate n(λ + 1)', () => {
    const plan = planRun({ n: 100, lambda: 0.9 }, 1000, 200);
    expect(plan.warmupEvents).toBe(38_000);
    expect(plan.batches).toBe(20);
    expect(plan.batchEvents).toBe(9_500);
    expect(totalEvents(plan)).toBe(38_000 + 190_000);
  });

  it('gives the same batch means whatever the chunk size', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 20_000 }), (seed, chunk) => {
        const run = (budget: number) => {
          const state = makeSupermarket({ n: 20, lambda: 0.8, d: 2 });
          const rng = makeRng('fast', seed);
          const m = startMeasurement(planRun(state.system, 100, 20));
          let steps = 0;
          while (!finished(m)) {
            const ran = advance(m, state.system, budget, (e) => step(state, e, rng));
            expect(ran).toBeGreaterThan(0);
            expect(ran).toBeLessThanOrEqual(budget);
            steps++;
          }
          return { means: m.batchMeans, steps, events: state.system.events, total: totalEvents(m.plan) };
        };
        const whole = run(Number.MAX_SAFE_INTEGER);
        const chunked = run(chunk);
        expect(chunked.means).toEqual(whole.means);
        expect(chunked.means).toHaveLength(20);
        expect(chunked.events).toBe(whole.total);
      }),
      { numRuns: 25 },
    );
  });

  it('drops the warm-up: the first batch mean is the mean over the events right after it', () => {
    // Started with 50 customers a queue, the warm-up's queues are far above the steady state.
    const state = makeSupermarket({ n: 20, lambda: 0.5, d: 2, start: new Int32Array(20).fill(50) });
    const m = startMeasurement(planRun(state.system, 200, 100));
    const rng = makeRng('fast', 3);
    while (!finished(m)) advance(m, state.system, 777, (e) => step(state, e, rng));

    const replay = makeSupermarket({ n: 20, lambda: 0.5, d: 2, start: new Int32Array(20).fill(50) });
    const again = makeRng('fast', 3);
    step(replay, m.plan.warmupEvents, again);
    replay.system.area = 0;
    step(replay, m.plan.batchEvents, again);
    expect(m.batchMeans[0]).toBe(replay.system.area / m.plan.batchEvents);
    expect(m.batchMeans[0]).toBeLessThan(20 * 5);
  });
});
