import fc from 'fast-check';
import { describe, it } from 'vitest';
import { ARRIVAL, CANDIDATE, DEPARTURE, ESTIMATE, makeFlow, next, record, REPORTED, SAMPLED, SERVER, START, STRIDE, type Policy } from '../../../../src/lib/flow/index.ts';

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
          // Checked plainly per request (an expect per field costs more than the request); the
          // first wrong field fails the property, named.
          const row = Array.from(out.subarray(o, o + STRIDE)).join(', ');
          const fail = (what: string) => {
            throw new Error(`request ${k} (${policy}, ${choices} choices): ${what}; row ${row}`);
          };
          if (out[o + SERVER] !== server) fail(`server ${out[o + SERVER]}, picked ${server}`);
          if (out[o + ARRIVAL] !== s.lastArrival) fail(`arrival ${out[o + ARRIVAL]}, engine ${s.lastArrival}`);
          if (!(out[o + START] >= out[o + ARRIVAL])) fail('starts before it arrives');
          // Not strictly after: the ziggurat draws a work of exactly 0 once in 2^24 draws (its
          // position 0 in a layer, as NumPy's does), about once in 1 400 runs of this property.
          if (!(out[o + DEPARTURE] >= out[o + START])) fail('departs before it starts');
          const sampled = out[o + SAMPLED];
          if (sampled !== (policy === 'p2c' ? choices : policy === 'random' ? 1 : 0)) fail(`sampled ${sampled}`);
          if (sampled === 0 && out[o + CANDIDATE] !== server) fail(`candidate ${out[o + CANDIDATE]} without sampling`);
          // With exact information a reported load is the true load before this request joined.
          for (let c = 0; c < Math.max(1, sampled); c++) {
            const j = out[o + CANDIDATE + c];
            const reported = out[o + REPORTED + c];
            if (reported !== s.inSystem[j] - (j === server ? 1 : 0)) fail(`candidate ${j} reported ${reported}, holds ${s.inSystem[j]}`);
            if (!(reported <= before[j])) fail(`candidate ${j} reported ${reported}, held ${before[j]} before`);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('random two, step by step', () => {
  it('over 200 steps of random_two (nginx’s random two: the second drawn again until it differs) the two candidates always differ, as Peak EWMA’s do', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 2, max: 12 }), fc.constantFrom<Policy>('random_two', 'peak_ewma'), (seed, servers, policy) => {
        const s = makeFlow({ servers, speeds: [1], load: 0.9, policy, choices: 2, refresh: 0, seed });
        const out = new Float64Array(200 * STRIDE);
        for (let k = 0; k < 200; k++) {
          const server = next(s);
          record(s, out, k);
          const o = k * STRIDE;
          const [a, b] = [out[o + CANDIDATE], out[o + CANDIDATE + 1]];
          if (out[o + SAMPLED] !== 2 || a === b || (server !== a && server !== b)) throw new Error(`step ${k} (${policy}, ${servers} servers): sampled ${out[o + SAMPLED]}, candidates ${a} and ${b}, chose ${server}`);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('Peak EWMA, step by step', () => {
  it('each row carries the latency estimate of both candidates, and estimate × (reported + 1) is what the pick compared: the lower wins, the first drawn on a tie', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 2, max: 10 }), fc.constantFrom(0, 3), fc.constantFrom<readonly number[]>([1], [1, 3]), (seed, servers, refresh, speeds) => {
        const s = makeFlow({ servers, speeds, load: 0.9, policy: 'peak_ewma', choices: 2, refresh, seed, decay: 5 });
        const out = new Float64Array(300 * STRIDE);
        for (let k = 0; k < 300; k++) {
          const server = next(s);
          record(s, out, k);
          const o = k * STRIDE;
          const [a, b] = [out[o + CANDIDATE], out[o + CANDIDATE + 1]];
          const [ea, eb] = [out[o + ESTIMATE], out[o + ESTIMATE + 1]];
          const fail = (what: string) => {
            throw new Error(`step ${k} (${servers} servers, refresh ${refresh}, speeds ${speeds.join(',')}): ${what}`);
          };
          // The pick read both at this arrival, so the row's estimate is the engine's own, to the bit.
          if (ea !== s.ewma[a] || eb !== s.ewma[b]) fail(`estimates ${ea}, ${eb}; the engine holds ${s.ewma[a]}, ${s.ewma[b]}`);
          if (!(ea >= 0 && eb >= 0) || ea + eb === 0) fail(`estimates ${ea}, ${eb}`);
          const ca = ea * (out[o + REPORTED] + 1);
          const cb = eb * (out[o + REPORTED + 1] + 1);
          if (server !== (ca <= cb ? a : b)) fail(`costs ${ca} (server ${a}) and ${cb} (server ${b}), chose ${server}`);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('the other policies leave the estimates at 0', () => {
    for (const policy of ['random', 'p2c', 'random_two', 'least_request'] as const) {
      const s = makeFlow({ servers: 5, speeds: [1], load: 0.9, policy, choices: 3, refresh: 0, seed: 4 });
      const out = new Float64Array(100 * STRIDE);
      for (let k = 0; k < 100; k++) {
        next(s);
        record(s, out, k);
        for (let c = 0; c < s.candidateCount; c++) if (out[k * STRIDE + ESTIMATE + c] !== 0) throw new Error(`${policy}, step ${k}: estimate ${out[k * STRIDE + ESTIMATE + c]}`);
      }
    }
  });
});
