import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PanelModel } from '../../../components/flow/model.ts';
import { nearestRanksOf } from '../../../src/lib/stats/quantile.ts';
import { makeFlow, next, record, STRIDE, type Policy } from '../../../src/lib/flow/index.ts';

function rows(policy: Policy, count: number, refresh = 0, seed = 1): Float64Array {
  const s = makeFlow({ servers: 5, speeds: [1], load: 0.9, policy, choices: 2, refresh, seed });
  const out = new Float64Array(count * STRIDE);
  for (let k = 0; k < count; k++) {
    next(s);
    record(s, out, k);
  }
  return out;
}

describe('the view’s panel model', () => {
  it('replays the engine: with exact information every reported load is the true load it counts itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.constantFrom<Policy>('random', 'jsq', 'p2c'), (seed, policy) => {
        const m = new PanelModel(5);
        const all = rows(policy, 400, 0, seed);
        // In uneven batches, as the worker sends them.
        m.push(all.subarray(0, 123 * STRIDE));
        m.push(all.subarray(123 * STRIDE));
        for (let k = 0; k < 400; k++) {
          m.advance(m.nextArrival()!);
          for (const c of m.last!.candidates) expect(c.actual).toBe(c.reported);
        }
        expect(m.pending()).toBe(0);
      }),
      { numRuns: 20 },
    );
  });

  it('on a stale board the reported and true loads part: the herd the view shows', () => {
    const m = new PanelModel(5);
    m.push(rows('jsq', 2000, 5));
    let apart = 0;
    for (let k = 0; k < 2000; k++) {
      m.advance(m.nextArrival()!);
      const c = m.last!.candidates[0];
      if (c.actual !== c.reported) apart++;
      expect(m.last!.age).toBeGreaterThanOrEqual(0);
      expect(m.last!.age).toBeLessThan(5);
    }
    expect(apart).toBeGreaterThan(500);
  });

  it('moves time forward: arrivals up to t join queues, departures up to t leave with their latency', () => {
    const all = rows('p2c', 1000);
    const m = new PanelModel(5);
    m.push(all);
    m.advance(50);
    const arrived = m.arrived;
    expect(arrived).toBeGreaterThan(0);
    expect(m.latencies.length + m.inSystem()).toBe(arrived);
    for (const q of m.queues) for (const r of q) expect(r.departure).toBeGreaterThan(50);
    m.advance(1e9);
    expect(m.inSystem()).toBe(0);
    expect(m.latencies).toHaveLength(1000);
    const [p50, p99] = nearestRanksOf(m.latencies, [0.5, 0.99]);
    expect(p50).toBeLessThanOrEqual(p99);
  });
});
