import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeFlow, next, type FlowOptions } from '../../../../src/lib/flow/index.ts';

const base: FlowOptions = { servers: 10, speeds: [1], load: 0.9, policy: 'least_conn', choices: 2, refresh: 0, seed: 1 };

/** The chosen server's count before this request joined it. */
const before = (s: ReturnType<typeof makeFlow>, i: number, j: number) => (j === i && !s.lastDropped ? s.inSystem[j] - 1 : s.inSystem[j]);

describe('nginx least_conn', () => {
  it('picks the fewest connections per weight (speed), the first such server unless SWRR among the tied moves it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 2, max: 12 }), (seed, servers) => {
        const s = makeFlow({ ...base, servers, speeds: [1, 2, 1, 3], seed });
        for (let k = 0; k < 2000; k++) {
          const i = next(s);
          const load = (j: number) => before(s, i, j) / s.speeds[j];
          for (let j = 0; j < servers; j++) if (!(load(i) <= load(j))) throw new Error(`request ${k}: ${i} at ${load(i)}, ${j} at ${load(j)}`);
        }
      }),
      { numRuns: 20 },
    );
  });

  it('breaks ties by SWRR among the tied: idle servers 5, 1, 1 are taken a, b, c, then as SWRR orders the tied', () => {
    // With all three idle the first pick is SWRR's first over all of them (a); then a is busy.
    const s = makeFlow({ ...base, servers: 3, speeds: [5, 1, 1], load: 0.05 });
    const first = next(s);
    expect(first).toBe(0);
  });
});

describe('nginx random two least_conn', () => {
  it('samples two distinct servers and takes the first only when it is strictly lighter per weight', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 2, max: 20 }), (seed, servers) => {
        const s = makeFlow({ ...base, servers, policy: 'random_two', speeds: [1, 3, 2], seed });
        let sampled = 0;
        for (let k = 0; k < 2000; k++) {
          const i = next(s);
          if (s.candidateCount === 0) continue; // 20 draws without a second server: round robin
          sampled++;
          const [a, b] = [s.candidates[0], s.candidates[1]];
          if (s.candidateCount !== 2 || a === b) throw new Error(`request ${k}: candidates ${a}, ${b}`);
          const la = before(s, i, a) * s.speeds[b];
          const lb = before(s, i, b) * s.speeds[a];
          expect(i).toBe(la < lb ? a : b);
        }
        expect(sampled).toBeGreaterThan(1900);
      }),
      { numRuns: 20 },
    );
  });

  it('draws by weight: with speeds 3 and 1 the first candidate is server 0 three times in four', () => {
    const s = makeFlow({ ...base, servers: 2, policy: 'random_two', speeds: [3, 1], load: 0.5, seed: 4 });
    let zero = 0;
    let sampled = 0;
    for (let k = 0; k < 40_000; k++) {
      next(s);
      if (s.candidateCount === 2) {
        sampled++;
        if (s.candidates[0] === 0) zero++;
      }
    }
    // nginx's peek is by weight: the first draw is server 0 with probability 3/4 (the second is redrawn until it differs).
    expect(Math.abs(zero / sampled - 0.75)).toBeLessThan(0.01);
  });
});

describe('Envoy least request and Peak EWMA', () => {
  it('least_request takes the fewest active requests among its `choices` samples, speeds ignored', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 8 }), (seed, choices) => {
        const s = makeFlow({ ...base, servers: 20, policy: 'least_request', speeds: [1, 4], choices, seed });
        for (let k = 0; k < 2000; k++) {
          const i = next(s);
          const cands = Array.from(s.candidates.subarray(0, choices));
          expect(cands).toContain(i);
          for (const j of cands) if (before(s, i, j) < before(s, i, i)) throw new Error(`request ${k}: ${j} had fewer than ${i}`);
        }
      }),
      { numRuns: 15 },
    );
  });

  it('least_request on equal speeds is p2c, draw for draw', () => {
    const a = makeFlow({ ...base, policy: 'p2c' });
    const b = makeFlow({ ...base, policy: 'least_request' });
    for (let k = 0; k < 5000; k++) expect(next(b)).toBe(next(a));
  });

  it('peak_ewma samples two distinct servers and learns to avoid a slow one', () => {
    const s = makeFlow({ ...base, servers: 5, policy: 'peak_ewma', speeds: [1], slow: 1, slowFactor: 10, slowFrom: 0, slowTo: 1e9, load: 0.5 });
    const counts = [0, 0, 0, 0, 0];
    for (let k = 0; k < 20_000; k++) {
      const i = next(s);
      counts[i]++;
      if (s.candidates[0] === s.candidates[1]) throw new Error(`request ${k}: one server twice`);
    }
    // Random would give the slow server 1/5 of the requests; it can take only 1/10 of a normal one's rate.
    expect(counts[0] / 20_000).toBeLessThan(0.05);
  });
});
