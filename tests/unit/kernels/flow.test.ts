import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { openFlow } from '../../../src/kernels/flow.ts';
import { CAP, DEPARTURES, EWMA, IN_SYSTEM, RING, SLOTS, STAMP } from '../../../src/kernels/assembly/flow-slots.ts';
import { kernelUse, pathBetween, setKernelModule, type KernelExports } from '../../../src/kernels/load.ts';
import { makeFlow, POLICIES, run, SERVICES, type FlowOptions } from '../../../src/lib/flow/index.ts';
import { isOutOfMemory } from '../../../src/worker/protocol.ts';

interface Case {
  options: FlowOptions;
  warmup: number[];
  measured: number[];
}

/** Everything a run measured, read after the chunks: the two paths must agree on all of it. */
async function after(c: Case, kernel: boolean) {
  if (!kernel) setKernelModule(null);
  const total = c.measured.reduce((a, b) => a + b, 0);
  const session = await openFlow(c.options, total);
  setKernelModule(undefined);
  expect(session.onKernel).toBe(kernel);
  for (const count of c.warmup) session.run(count, false);
  const warm = session.now;
  for (const count of c.measured) session.run(count, true);
  const m = session.measurement();
  return { warm, now: session.now, ...m, latencies: m.latencies.subarray(0, m.count), busy: Array.from(m.busy) };
}

/** The two runs agree on everything; a latency that differs is named by its index (a deep diff of 10^5 numbers takes minutes). */
function expectSame(a: Awaited<ReturnType<typeof after>>, b: Awaited<ReturnType<typeof after>>): void {
  const first = a.latencies.findIndex((x, k) => !Object.is(x, b.latencies[k]));
  expect(first === -1 ? null : { request: first, kernel: a.latencies[first], typescript: b.latencies[first] }).toBeNull();
  expect({ ...a, latencies: a.latencies.length }).toEqual({ ...b, latencies: b.latencies.length });
}

/** Every policy and every traffic setting: a service law and its cv, bounded queues, a slow stretch, Peak EWMA's decay. */
const cases = fc
  .record({
    options: fc.record({
      servers: fc.integer({ min: 1, max: 40 }),
      speeds: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 4 }),
      // Up to 0.99: long queues, so the departure rings double (16 slots a server at the start).
      load: fc.double({ min: 0.05, max: 0.99, noNaN: true }),
      policy: fc.constantFrom(...POLICIES),
      choices: fc.integer({ min: 1, max: 8 }),
      refresh: fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 20, noNaN: true })),
      seed: fc.nat({ max: 2 ** 40 }),
      service: fc.constantFrom(...SERVICES),
      cv: fc.double({ min: 0.1, max: 10, noNaN: true }),
      capacity: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40 })),
      slow: fc.nat({ max: 40 }),
      slowFactor: fc.oneof(fc.constant(1), fc.double({ min: 1, max: 100, noNaN: true })),
      decay: fc.double({ min: 0.01, max: 10_000, noNaN: true }),
    }),
    // The slow stretch, as fractions of the run's expected length (as flow.sim gives it).
    slowFrom: fc.double({ min: 0, max: 1, noNaN: true }),
    slowFor: fc.double({ min: 0, max: 1, noNaN: true }),
    warmup: fc.array(fc.nat({ max: 3_000 }), { minLength: 0, maxLength: 2 }),
    measured: fc.array(fc.nat({ max: 3_000 }), { minLength: 1, maxLength: 3 }),
  })
  .map(({ options, slowFrom, slowFor, warmup, measured }): Case => {
    let capacity = 0;
    for (let i = 0; i < options.servers; i++) capacity += options.speeds[i % options.speeds.length];
    const length = [...warmup, ...measured].reduce((a, b) => a + b, 0) / (options.load * capacity);
    const from = slowFrom * length;
    return { options: { ...options, slow: Math.min(options.slow, options.servers), slowFrom: from, slowTo: from + slowFor * length }, warmup, measured };
  });

describe('the flow event-loop kernel (WebAssembly)', () => {
  afterEach(() => setKernelModule(undefined));

  it('leaves Peak EWMA\'s estimates, their times and every queue as the TypeScript engine leaves them, to the bit', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async ({ options, warmup }) => {
        const o = { ...options, policy: 'peak_ewma' } as const;
        const session = await openFlow(o, 0);
        expect(session.onKernel).toBe(true);
        const ts = makeFlow(o);
        for (const count of warmup) {
          session.run(count, false);
          run(ts, count, null);
        }
        const { k, block } = session as unknown as { k: KernelExports; block: number };
        const slots = new Float64Array(k.memory.buffer, block, SLOTS);
        const n = o.servers;
        expect(Array.from(new Float64Array(k.memory.buffer, slots[EWMA], n))).toEqual(Array.from(ts.ewma));
        expect(Array.from(new Float64Array(k.memory.buffer, slots[STAMP], n))).toEqual(Array.from(ts.stamp));
        expect(Array.from(new Int32Array(k.memory.buffer, slots[IN_SYSTEM], n))).toEqual(Array.from(ts.inSystem));
        expect(slots[DEPARTURES]).toBe(ts.departures);
      }),
      { numRuns: 60 },
    );
  });

  it('runs the TypeScript engine request for request, every policy and every traffic setting: times, latencies, sums, busy times, the longest queue, the drops', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        expectSame(await after(c, true), await after(c, false));
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    // Peak EWMA's rings (two doubles a slot) doubling under long queues, a slow stretch and a snapshot board.
    ['peak_ewma', { servers: 9, speeds: [1, 2], load: 0.99, policy: 'peak_ewma', choices: 2, refresh: 0.5, seed: 3, service: 'lognormal', cv: 3, slow: 2, slowFactor: 20, slowFrom: 300, slowTo: 1500, decay: 5 }],
    // Weights 100 and 1: nginx's peek finds no second server in 20 draws one time in eight, and falls back to SWRR.
    ['random_two', { servers: 2, speeds: [100, 1], load: 0.9, policy: 'random_two', choices: 2, refresh: 0, seed: 5 }],
    // Every server tied at the start and often after: SWRR among the tied.
    ['least_conn', { servers: 12, speeds: [3, 1, 2], load: 0.95, policy: 'least_conn', choices: 2, refresh: 0, seed: 6, service: 'pareto', cv: 2, capacity: 3 }],
    ['least_request', { servers: 30, speeds: [1, 5], load: 0.97, policy: 'least_request', choices: 3, refresh: 2, seed: 8, service: 'pareto', cv: 0.5, capacity: 50 }],
  ] as const)('agrees over 10^5 requests of %s', async (_, options) => {
    const c: Case = { options, warmup: [20_000], measured: [50_000, 30_000] };
    const onKernel = await after(c, true);
    expectSame(onKernel, await after(c, false));
    expect(onKernel.count + onKernel.dropped).toBe(80_000);
    // Past 16 and 32 a server: the rings doubled (twice), Peak EWMA's arrivals with them.
    if (options.policy === 'peak_ewma') expect(onKernel.queueMax).toBeGreaterThan(32);
    // Capacity 3: drops, counted alike.
    if (options.policy === 'least_conn') expect(onKernel.dropped).toBeGreaterThan(0);
  });

  it('agrees where the queues grow long and the ziggurat takes its slow path often: 10^5 requests at load 0.99, random', async () => {
    const c: Case = { options: { servers: 7, speeds: [1, 3], load: 0.99, policy: 'random', choices: 2, refresh: 0, seed: 9 }, warmup: [20_000], measured: [50_000, 30_000] };
    const onKernel = await after(c, true);
    expect(onKernel.queueMax).toBeGreaterThan(64);
    expectSame(onKernel, await after(c, false));
  });

  it('refuses, with a RangeError, rings that would outgrow a 32-bit memory, instead of letting a size wrap past 4 GiB', async () => {
    const s = await openFlow({ servers: 2, speeds: [1], load: 0.5, policy: 'rr', choices: 2, refresh: 0, seed: 1 }, 10);
    expect(s.onKernel).toBe(true);
    // A state as if server 0 held 2^28 requests: doubling two such rings needs 2 · 2^28 · 8 · 3 bytes.
    const { k, block } = s as unknown as { k: KernelExports; block: number };
    const slots = new Float64Array(k.memory.buffer, block, SLOTS);
    slots[CAP] = 2 ** 28;
    new Int32Array(k.memory.buffer, slots[IN_SYSTEM], 2)[0] = 2 ** 28;
    // Its oldest departure far ahead, so nothing drains.
    new Float64Array(k.memory.buffer, slots[RING], 1)[0] = 1e300;
    let thrown: unknown;
    try {
      s.run(1, false);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(RangeError);
    expect(String(thrown)).toMatch(/outgrew the memory/);
    // The worker tells the page it was memory, and the page says so in its own words.
    expect(isOutOfMemory(thrown)).toBe(true);
    expect(() => s.run(1, false)).toThrow(RangeError);
  });

  it('counts the engine\'s own allocation failures as lack of memory, and nothing else', () => {
    let thrown: unknown;
    try {
      new Float64Array(2 ** 40);
    } catch (e) {
      thrown = e;
    }
    expect(isOutOfMemory(thrown)).toBe(true);
    expect(isOutOfMemory(new RangeError('flow: servers must be a positive integer, got 0'))).toBe(false);
    expect(isOutOfMemory(new Error('Array buffer allocation failed'))).toBe(false);
  });

  it('refuses to measure more requests than it was opened for, as the TypeScript does', async () => {
    const o = { servers: 3, speeds: [1], load: 0.5, policy: 'p2c', choices: 2, refresh: 0, seed: 1 } as const;
    for (const kernel of [true, false]) {
      if (!kernel) setKernelModule(null);
      const s = await openFlow(o, 10);
      setKernelModule(undefined);
      expect(s.onKernel).toBe(kernel);
      s.run(8, true);
      expect(() => s.run(3, true), kernel ? 'kernel' : 'TypeScript').toThrow(/more requests than the measurement holds/);
    }
  });

  it('runs the production policies and the new traffic on the kernel, and a run it cannot hold on the TypeScript, saying so', async () => {
    const o: FlowOptions = { servers: 3, speeds: [1], load: 0.5, policy: 'p2c', choices: 2, refresh: 0, seed: 1 };
    for (const extra of [{ policy: 'least_conn' }, { policy: 'random_two' }, { policy: 'least_request' }, { policy: 'peak_ewma' }, { service: 'lognormal' }, { service: 'pareto' }, { capacity: 4 }, { slow: 1, slowFactor: 2 }] as const) {
      expect((await openFlow({ ...o, ...extra }, 10)).onKernel, JSON.stringify(extra)).toBe(true);
    }
    // random_two's peek on a total weight past 2^21: the TypeScript multiplies doubles past 2^53, which the kernel does not mimic.
    const before = kernelUse();
    const s = await openFlow({ ...o, policy: 'random_two', speeds: [2 ** 22] }, 10);
    expect(s.onKernel).toBe(false);
    expect(pathBetween(before, kernelUse())).toBe('typescript');
    s.run(10, true);
    expect(s.measurement().count).toBe(10);
  });

  it('runs the TypeScript engine when the kernel cannot load', async () => {
    setKernelModule(null);
    const s = await openFlow({ servers: 3, speeds: [1], load: 0.5, policy: 'p2c', choices: 2, refresh: 0, seed: 1 }, 10);
    expect(s.onKernel).toBe(false);
  });
});
