import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARRIVAL, CANDIDATE, DEPARTURE, makeFlow, next, record, REPORTED, SAMPLED, SERVER, START, STRIDE, type Policy } from '../../../../src/lib/flow/index.ts';

describe('flow trace rows', () => {
  it('hold each request’s times, server and what the balancer sampled', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.constantFrom<Policy>('random', 'rr', 'swrr', 'jsq', 'p2c'), fc.integer({ min: 1, max: 8 }), (seed, policy, choices) => {
        const s = makeFlow({ servers: 6, speeds: [1, 2], load: 0.9, policy, choices, refresh: 0, seed });
        const out = new Float64Array(300 * STRIDE);
        for (let k = 0; k < 300; k++) {
          const before = Array.from(s.inSystem);
          const server = next(s);
          record(s, out, k);
          const o = k * STRIDE;
          expect(out[o + SERVER]).toBe(server);
          expect(out[o + ARRIVAL]).toBe(s.lastArrival);
          expect(out[o + START]).toBeGreaterThanOrEqual(out[o + ARRIVAL]);
          expect(out[o + DEPARTURE]).toBeGreaterThan(out[o + START]);
          const sampled = out[o + SAMPLED];
          expect(sampled).toBe(policy === 'p2c' ? choices : policy === 'random' ? 1 : 0);
          if (sampled === 0) expect(out[o + CANDIDATE]).toBe(server);
          // With exact information a reported load is the true load before this request joined.
          for (let c = 0; c < Math.max(1, sampled); c++) {
            const j = out[o + CANDIDATE + c];
            expect(out[o + REPORTED + c]).toBe(s.inSystem[j] - (j === server ? 1 : 0));
            expect(out[o + REPORTED + c]).toBeLessThanOrEqual(before[j]);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});
