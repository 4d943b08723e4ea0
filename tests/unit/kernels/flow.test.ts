import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { openFlow } from '../../../src/kernels/flow.ts';
import { CAP, IN_SYSTEM, RING, SLOTS } from '../../../src/kernels/assembly/flow-slots.ts';
import { setKernelModule, type KernelExports } from '../../../src/kernels/load.ts';
import { POLICIES, type FlowOptions } from '../../../src/lib/flow/index.ts';
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
  return { warm, now: session.now, ...m, latencies: Array.from(m.latencies.subarray(0, m.count)), busy: Array.from(m.busy) };
}

const cases = fc.record({
  options: fc.record({
    servers: fc.integer({ min: 1, max: 40 }),
    speeds: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 4 }),
    // Up to 0.99: long queues, so the departure rings double (16 slots a server at the start).
    load: fc.double({ min: 0.05, max: 0.99, noNaN: true }),
    // The kernel's policies; the production ones run on the TypeScript engine (the next test).
    policy: fc.constantFrom(...POLICIES.slice(0, 5)),
    choices: fc.integer({ min: 1, max: 8 }),
    refresh: fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 20, noNaN: true })),
    seed: fc.nat({ max: 2 ** 40 }),
  }),
  warmup: fc.array(fc.nat({ max: 3_000 }), { minLength: 0, maxLength: 2 }),
  measured: fc.array(fc.nat({ max: 3_000 }), { minLength: 1, maxLength: 3 }),
});

describe('the flow event-loop kernel (WebAssembly)', () => {
  afterEach(() => setKernelModule(undefined));

  it('runs the TypeScript engine request for request: times, latencies, sums, busy times, the longest queue', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        expect(await after(c, true)).toEqual(await after(c, false));
      }),
      { numRuns: 120 },
    );
  });

  it('agrees where the queues grow long and the ziggurat takes its slow path often: 10^5 requests at load 0.99, random', async () => {
    const c: Case = { options: { servers: 7, speeds: [1, 3], load: 0.99, policy: 'random', choices: 2, refresh: 0, seed: 9 }, warmup: [20_000], measured: [50_000, 30_000] };
    const onKernel = await after(c, true);
    expect(onKernel.queueMax).toBeGreaterThan(64);
    expect(onKernel).toEqual(await after(c, false));
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

  it('leaves the production policies and the new traffic to the TypeScript engine, which is the reference', async () => {
    const o: FlowOptions = { servers: 3, speeds: [1], load: 0.5, policy: 'p2c', choices: 2, refresh: 0, seed: 1 };
    for (const extra of [{ policy: 'least_conn' }, { policy: 'random_two' }, { policy: 'least_request' }, { policy: 'peak_ewma' }, { service: 'lognormal' }, { capacity: 4 }, { slow: 1, slowFactor: 2 }] as const) {
      expect((await openFlow({ ...o, ...extra }, 10)).onKernel, JSON.stringify(extra)).toBe(false);
    }
    expect((await openFlow({ ...o, slow: 1, slowFactor: 1 }, 10)).onKernel).toBe(true);
  });

  it('runs the TypeScript engine when the kernel cannot load', async () => {
    setKernelModule(null);
    const s = await openFlow({ servers: 3, speeds: [1], load: 0.5, policy: 'p2c', choices: 2, refresh: 0, seed: 1 }, 10);
    expect(s.onKernel).toBe(false);
  });
});
