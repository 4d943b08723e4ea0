import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeFlow, next, run, startMeasure, summarise, type FlowOptions } from '../../../../src/lib/flow/index.ts';
import { draw, serviceLaw, slowedDeparture } from '../../../../src/lib/flow/service.ts';
import { makeStreams } from '../../../../src/lib/flow/streams.ts';
import { runExperiment } from '../../../../src/experiments/shared/run.ts';

const base: FlowOptions = { servers: 1, speeds: [1], load: 0.5, policy: 'random', choices: 2, refresh: 0, seed: 1 };

/** Pollaczek–Khinchine: mean time in system of M/G/1 with mean service 1, E[S²] = 1 + cv². */
const pk = (rho: number, cv: number) => 1 + (rho * (1 + cv * cv)) / (2 * (1 - rho));

function mean(o: Partial<FlowOptions>, requests: number) {
  const s = makeFlow({ ...base, ...o });
  run(s, requests / 10, null);
  const m = startMeasure(s, requests);
  run(s, requests, m);
  return { s, m, summary: summarise(m) };
}

describe('flow traffic: service laws of mean 1 and the asked cv', () => {
  it.each([
    ['lognormal', 0.5],
    ['lognormal', 2],
    ['pareto', 0.5],
    ['pareto', 1.5],
  ] as const)('%s at cv %s has mean 1 and that cv', (service, cv) => {
    const law = serviceLaw(service, cv);
    const rng = makeStreams(5).requests;
    const n = 1_000_000;
    let sum = 0;
    let sq = 0;
    for (let k = 0; k < n; k++) {
      const x = draw(law, rng);
      sum += x;
      sq += x * x;
    }
    const m = sum / n;
    expect(Math.abs(m - 1)).toBeLessThan(0.01);
    // The sample cv of a heavy tail converges slowly (pareto at 1.5 has no fourth moment).
    expect(Math.abs(Math.sqrt(sq / n - m * m) / cv - 1)).toBeLessThan(service === 'pareto' && cv > 1 ? 0.25 : 0.03);
  });
});

describe('flow traffic: checks against queueing theory', () => {
  // Spread over three seeds at 2·10^6 requests: within 0.4% (exp), 0.3% (lognormal 0.5), 1.9%
  // (lognormal 2), 0.5% (pareto 0.5). Pareto past cv ≈ 0.7 has α < 3, an infinite third moment,
  // and so a waiting time of infinite variance: its sample mean wanders too far to check at 3%.
  it.each([
    ['exp', 1, 0.5],
    ['lognormal', 0.5, 0.5],
    ['lognormal', 2, 0.5],
    ['pareto', 0.5, 0.5],
  ] as const)('one server, %s service at cv %s, load %s: the mean latency is Pollaczek–Khinchine’s within 3%', (service, cv, load) => {
    const { summary } = mean({ service, cv, load }, 2_000_000);
    expect(Math.abs(summary.mean / pk(load, cv) - 1)).toBeLessThan(0.03);
  });

  it('`reproduce -- flow.sim --servers 1 --load 0.5 --service lognormal --cv 2` (its default 2 000 000 requests) is within 3% of PK’s 3.5', async () => {
    const { params, output } = await runExperiment('flow.sim', { servers: '1', load: '0.5', service: 'lognormal', cv: '2' });
    expect(params.requests).toBe(2_000_000);
    expect(pk(0.5, 2)).toBe(3.5);
    expect(Math.abs((output.results['latency.mean'] as number) / 3.5 - 1)).toBeLessThan(0.03);
  });

  it('a bounded queue drops at M/M/1/K’s rate: capacity 5 at load 0.9 (`reproduce -- flow.sim --servers 1 --load 0.9 --capacity 5`)', async () => {
    const rho = 0.9;
    const K = 5;
    const rhoK = rho ** K;
    const expected = ((1 - rho) * rhoK) / (1 - rhoK * rho);
    const { output } = await runExperiment('flow.sim', { servers: '1', load: '0.9', capacity: '5' });
    const r = output.results as Record<string, number>;
    expect(r['queue.max']).toBe(5);
    // 1 600 000 measured arrivals (the default): the binomial's sd would be 0.00026; drops come in
    // runs (a full queue refuses the arrivals close behind each other), and at 800 000 over seeds
    // 1 to 20 the rate's sd was 0.0007, about twice the binomial's. The tolerance is four of those.
    expect(Math.abs(r['drop.rate'] - expected)).toBeLessThan(0.003);
  });

  it('never holds more than `capacity` at a server, and counts every drop', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 6 }), fc.constantFrom('random', 'jsq', 'p2c', 'least_conn', 'random_two', 'peak_ewma') , (seed, capacity, policy) => {
        const s = makeFlow({ ...base, servers: 4, load: 0.97, policy, capacity, seed });
        let dropped = 0;
        for (let k = 0; k < 3000; k++) {
          const i = next(s);
          if (s.lastDropped) dropped++;
          if (s.inSystem[i] > capacity) throw new Error(`request ${k}: server ${i} holds ${s.inSystem[i]} > ${capacity}`);
        }
        expect(s.dropped).toBe(dropped);
      }),
      { numRuns: 20 },
    );
  });

  it('a slowed stretch does the work at speed / factor inside it and at speed outside', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 20, noNaN: true }), fc.double({ min: 0.01, max: 10, noNaN: true }), fc.integer({ min: 1, max: 5 }), fc.double({ min: 1, max: 10, noNaN: true }), (start, work, speed, factor) => {
        const from = 5;
        const to = 12;
        const d = slowedDeparture(start, work, speed, factor, from, to);
        // The work done between start and d, integrated over the two rates.
        const overlap = Math.max(0, Math.min(d, to) - Math.max(start, from));
        const done = (d - start - overlap) * speed + (overlap * speed) / factor;
        expect(d).toBeGreaterThanOrEqual(start);
        expect(Math.abs(done - work)).toBeLessThan(1e-9 * (1 + work));
      }),
    );
  });

  it('a slow server with slowFactor 1 or slow 0 gives the run it would give without', () => {
    const a = mean({ servers: 4, load: 0.8, policy: 'p2c' }, 20_000).summary;
    const b = mean({ servers: 4, load: 0.8, policy: 'p2c', slow: 2, slowFactor: 1, slowFrom: 100, slowTo: 2000 }, 20_000).summary;
    const c = mean({ servers: 4, load: 0.8, policy: 'p2c', slow: 0, slowFactor: 8, slowFrom: 100, slowTo: 2000 }, 20_000).summary;
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    const slowed = mean({ servers: 4, load: 0.8, policy: 'random', slow: 1, slowFactor: 4, slowFrom: 100, slowTo: 2000 }, 20_000).summary;
    expect(slowed.p99).toBeGreaterThan(mean({ servers: 4, load: 0.8, policy: 'random' }, 20_000).summary.p99);
  });
});

describe('the chapter’s sentences on the production policies (power-of-two-choices, both locales)', () => {
  const base = { policies: 'random, p2c, least_conn, peak_ewma', load: '0.7', requests: '100000' };
  const run = async (extra: Record<string, string>) => (await runExperiment('flow.compare', { ...base, ...extra })).output.results as Record<string, number>;

  it('exponential work: Peak EWMA’s p99 sits between p2c’s and random’s; lognormal at cv 3: above random’s', async () => {
    const exp = await run({});
    expect(exp['latency.p99.peak_ewma']).toBeGreaterThan(exp['latency.p99.p2c']);
    expect(exp['latency.p99.peak_ewma']).toBeLessThan(exp['latency.p99.random']);
    const heavy = await run({ service: 'lognormal', cv: '3' });
    expect(heavy['latency.p99.peak_ewma']).toBeGreaterThan(heavy['latency.p99.random']);
  });

  it('one server ten times slower for 30% of the run: random’s mean far above the policies that read the servers', async () => {
    const r = await run({ slow: '1', slowFactor: '10' });
    for (const p of ['p2c', 'least_conn', 'peak_ewma']) expect(r['latency.mean.random']).toBeGreaterThan(10 * r[`latency.mean.${p}`]);
  });
});
