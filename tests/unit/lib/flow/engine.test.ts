import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exponential, makeFlow, makeStreams, next, run, startMeasure, summarise, utilisation, type FlowOptions, type Policy } from '../../../../src/lib/flow/index.ts';
import { fixedPointTime } from '../../../../src/lib/supermarket/index.ts';
import { picks, swrr } from '../../../../src/lib/swrr/index.ts';

const base: FlowOptions = { servers: 10, speeds: [1], load: 0.9, policy: 'random', choices: 2, refresh: 0, seed: 1 };

/** Warm-up then `requests` measured: the experiments' shape of a run. */
function measure(o: Partial<FlowOptions>, requests: number, warmup = Math.floor(requests / 4)) {
  const s = makeFlow({ ...base, ...o });
  run(s, warmup, null);
  const m = startMeasure(s, requests);
  run(s, requests, m);
  return { s, m, summary: summarise(m) };
}

describe('flow engine: exact where theory is', () => {
  // Spread over 12 seeds at these settings: sd 0.010 for the mean, 0.077 for p99. The bounds
  // are about five of those.
  it('one server at load 0.5 is M/M/1: mean time in system 2, p99 ln(100)/0.5 = 9.21', () => {
    const { summary } = measure({ servers: 1, load: 0.5 }, 400_000);
    expect(Math.abs(summary.mean - 2)).toBeLessThan(0.05);
    expect(Math.abs(summary.p99 - Math.log(100) / 0.5)).toBeLessThan(0.35);
    // Median of an exponential(1/2) is 2 ln 2.
    expect(Math.abs(summary.p50 - 2 * Math.LN2)).toBeLessThan(0.04);
  });

  // Spread over 12 seeds: mean 2.625 (a finite system sits a little above n → ∞), sd 0.013.
  it('p2c (d = 2) with 1000 servers at load 0.9 lands on the supermarket fixed point', () => {
    const { summary } = measure({ servers: 1000, load: 0.9, policy: 'p2c', choices: 2 }, 1_000_000);
    const t = fixedPointTime(0.9, 2);
    expect(summary.mean).toBeGreaterThan(t - 0.04);
    expect(summary.mean).toBeLessThan(t + 0.06);
  });

  it('one server is Lindley’s recursion on the request stream, request for request', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.double({ min: 0.3, max: 0.99, noNaN: true }), (seed, load) => {
        const s = makeFlow({ ...base, servers: 1, load, seed });
        const ref = makeStreams(seed).requests;
        let t = 0;
        let free = 0;
        for (let k = 0; k < 3000; k++) {
          next(s);
          t += exponential(ref) / load;
          const start = Math.max(t, free);
          free = start + exponential(ref);
          // Checked plainly in the loop (an expect per step costs more than the step); the first
          // difference fails the property with what differed.
          if (s.lastArrival !== t || s.lastDeparture !== free) {
            throw new Error(`request ${k}: arrival ${s.lastArrival} against ${t}, departure ${s.lastDeparture} against ${free}`);
          }
        }
      }),
      { numRuns: 20 },
    );
  });
});

describe('flow engine: the loads it decides on are the true loads', () => {
  it('jsq with exact information sees every server’s count of requests not yet departed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 8 }), (seed, servers) => {
        const s = makeFlow({ ...base, servers, load: 0.95, policy: 'jsq', speeds: [1, 2, 3], seed });
        const departures: number[][] = Array.from({ length: servers }, () => []);
        for (let k = 0; k < 2000; k++) {
          const i = next(s);
          departures[i].push(s.lastDeparture);
          // After the choice, every server was drained to the arrival time: compare them all.
          for (let j = 0; j < servers; j++) {
            const waiting = departures[j].filter((d) => d > s.lastArrival).length;
            if (s.inSystem[j] !== waiting) throw new Error(`request ${k}: server ${j} holds ${s.inSystem[j]}, but ${waiting} of its requests have not departed`);
          }
        }
      }),
      { numRuns: 15 },
    );
  });

  it('jsq picks a server whose load is the least of all (load = requests in system / speed), ties rotating', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 12 }), (seed, servers) => {
        const s = makeFlow({ ...base, servers, load: 0.9, policy: 'jsq', speeds: [1, 2, 1, 3], seed });
        const picked = new Set<number>();
        for (let k = 0; k < 2000; k++) {
          const i = next(s);
          picked.add(i);
          // Every server was drained to this arrival; the chosen one now holds the new request.
          const loadOf = (j: number) => (j === i ? s.inSystem[j] - 1 : s.inSystem[j]) / s.speeds[j];
          for (let j = 0; j < servers; j++) {
            if (!(loadOf(i) <= loadOf(j))) throw new Error(`request ${k}: picked server ${i} at load ${loadOf(i)}, but server ${j} was at ${loadOf(j)}`);
          }
        }
        // Idle servers tie, and the scan's start moves, so every server gets work.
        expect(picked.size).toBe(servers);
      }),
      { numRuns: 25 },
    );
  });

  it('p2c picks the lightest of the servers it sampled (load = requests in system / speed)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 8 }), (seed, choices) => {
        const s = makeFlow({ ...base, servers: 20, load: 0.95, policy: 'p2c', choices, speeds: [1, 3], seed });
        for (let k = 0; k < 3000; k++) {
          const i = next(s);
          const cands = Array.from(s.candidates.subarray(0, choices));
          if (s.candidateCount !== choices || !cands.includes(i)) throw new Error(`request ${k}: ${s.candidateCount} candidates ${cands.join(',')}, picked ${i} (wanted ${choices}, the pick among them)`);
          // The chosen server's load before this request joined it is the least among the candidates.
          const loadOf = (j: number) => (j === i ? s.inSystem[j] - 1 : s.inSystem[j]) / s.speeds[j];
          for (const j of cands) {
            if (!(loadOf(i) <= loadOf(j))) throw new Error(`request ${k}: picked server ${i} at load ${loadOf(i)}, but candidate ${j} was at ${loadOf(j)}`);
          }
        }
      }),
      { numRuns: 15 },
    );
  });

  it('a queue longer than the ring grows the ring and keeps every departure', () => {
    // One server at load 0.99 holds hundreds of requests at times: far past the first 16 slots.
    const { s, m, summary } = measure({ servers: 1, load: 0.99, seed: 3 }, 50_000, 0);
    expect(s.cap).toBeGreaterThan(16);
    expect(m.queueMax).toBeGreaterThan(16);
    expect(summary.max).toBeGreaterThan(summary.p99);
  });
});

describe('flow engine: policies on the same streams', () => {
  it('swrr dispatches in exactly the SWRR chapter’s order (weights = speeds)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 7 }), fc.integer({ min: 0, max: 1e6 }), (speeds, seed) => {
        const s = makeFlow({ ...base, servers: speeds.length, speeds, policy: 'swrr', seed });
        const order = Array.from({ length: 200 }, () => next(s));
        expect(order).toEqual(picks(swrr(speeds), 200));
      }),
    );
    // nginx's own example: weights 5, 1, 1 give a a b a c a a.
    const s = makeFlow({ ...base, servers: 3, speeds: [5, 1, 1], policy: 'swrr' });
    expect(Array.from({ length: 7 }, () => 'abc'[next(s)]).join(' ')).toBe('a a b a c a a');
  });

  it('rr visits the servers in turn, ignoring speeds', () => {
    const s = makeFlow({ ...base, servers: 4, speeds: [1, 5], policy: 'rr' });
    expect(Array.from({ length: 9 }, () => next(s))).toEqual([0, 1, 2, 3, 0, 1, 2, 3, 0]);
  });

  it('every policy sees the same requests at the same times with the same work', () => {
    const policies: Policy[] = ['random', 'rr', 'swrr', 'jsq', 'p2c'];
    const runs = policies.map((policy) => {
      const s = makeFlow({ ...base, policy, speeds: [1, 2], choices: 3, seed: 7 });
      return Array.from({ length: 500 }, () => {
        const i = next(s);
        return [s.lastArrival, (s.lastDeparture - s.lastStart) * s.speeds[i]];
      });
    });
    for (const r of runs.slice(1)) {
      r.forEach(([t, w], k) => {
        expect(t).toBe(runs[0][k][0]);
        expect(w).toBeCloseTo(runs[0][k][1], 12);
      });
    }
  });

  it('with exact information jsq’s mean queue ≤ p2c’s ≤ random’s, on the same streams, for any seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.constantFrom(0.7, 0.8, 0.9), (seed, load) => {
        const q = (policy: Policy) => measure({ servers: 10, load, policy, seed }, 40_000).summary.inSystem;
        const jsq = q('jsq');
        const p2c = q('p2c');
        const random = q('random');
        expect(jsq).toBeLessThanOrEqual(p2c);
        expect(p2c).toBeLessThanOrEqual(random);
      }),
      { numRuns: 20 },
    );
  });

  it('stale loads make the least loaded server a herd: jsq on a 5-unit-old snapshot is worse than random', () => {
    const fresh = measure({ servers: 20, policy: 'jsq', refresh: 0 }, 100_000).summary.mean;
    const stale = measure({ servers: 20, policy: 'jsq', refresh: 5 }, 100_000).summary.mean;
    const random = measure({ servers: 20, policy: 'random' }, 100_000).summary.mean;
    expect(stale).toBeGreaterThan(random);
    expect(fresh).toBeLessThan(random);
  });
});

describe('flow engine: reproducible', () => {
  it('same options, same latencies, however the run is chunked', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.constantFrom<Policy>('random', 'rr', 'swrr', 'jsq', 'p2c'), fc.integer({ min: 1, max: 4999 }), (seed, policy, cut) => {
        const o = { ...base, policy, refresh: 0.5, speeds: [2, 1], seed };
        const a = makeFlow(o);
        const ma = startMeasure(a, 5000);
        run(a, 5000, ma);
        const b = makeFlow(o);
        const mb = startMeasure(b, 5000);
        run(b, cut, mb);
        run(b, 5000 - cut, mb);
        expect(mb.latencies).toEqual(ma.latencies);
        expect(utilisation(mb)).toEqual(utilisation(ma));
      }),
      { numRuns: 30 },
    );
  });

  it('round robin over equal servers keeps each one busy a fraction `load` of the time', () => {
    const { m } = measure({ servers: 4, load: 0.6, policy: 'rr' }, 200_000);
    for (const u of utilisation(m)) expect(Math.abs(u - 0.6)).toBeLessThan(0.02);
  });
});

describe('exponential (ziggurat)', () => {
  it('has mean 1, variance 1 and the exponential’s quantiles', () => {
    const rng = makeStreams(42).requests;
    const n = 1_000_000;
    const xs = new Float64Array(n);
    let sum = 0;
    let sq = 0;
    for (let k = 0; k < n; k++) {
      const x = exponential(rng);
      xs[k] = x;
      sum += x;
      sq += x * x;
    }
    expect(Math.abs(sum / n - 1)).toBeLessThan(0.005);
    expect(Math.abs(sq / n - (sum / n) ** 2 - 1)).toBeLessThan(0.015);
    xs.sort();
    // P(X > x) = e^(−x): the empirical tail at the 50%, 90%, 99%, 99.9% and 99.99% points.
    for (const p of [0.5, 0.9, 0.99, 0.999, 0.9999]) {
      const q = -Math.log(1 - p);
      const above = n - lowerBound(xs, q);
      const expected = n * (1 - p);
      expect(Math.abs(above - expected)).toBeLessThan(5 * Math.sqrt(expected) + 1);
    }
    expect(xs[0]).toBeGreaterThanOrEqual(0);
  });
});

function lowerBound(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
