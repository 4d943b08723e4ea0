import { describe, expect, it } from 'vitest';
import { clockStep, MIN_TICKS, NOISE_SPREAD, timeEach, timeOps } from '../../../../src/lib/timing/index.ts';

/**
 * A fake machine: virtual time in ms that each reading of the clock and each operation advances,
 * and a clock that shows it floored to `step` ms (as Firefox's and WebKit's 1 ms clocks do).
 */
function machine(step: number, readCost = 1e-5) {
  let t = 0.3; // not on a tick
  const now = () => {
    t += readCost;
    return step > 0 ? Math.floor(t / step) * step : t;
  };
  return { now, spend: (ms: number) => (t += ms), time: () => t };
}

describe('clockStep', () => {
  it('finds a 1 ms clock’s step, a 0.1 ms clock’s, and a fine clock’s reading cost', () => {
    expect(clockStep(machine(1).now)).toBe(1);
    expect(clockStep(machine(0.1).now)).toBeCloseTo(0.1, 12);
    expect(clockStep(machine(0, 5e-5).now)).toBeCloseTo(5e-5, 12);
  });
  it('is Infinity for a clock that never moves', () => {
    expect(clockStep(() => 7, 3, 1000)).toBe(Infinity);
  });
});

describe('timeOps', () => {
  it('on a 1 ms clock, times a 33 ns operation within 5% (one reading of 30 000 ops reads 0 or 1 ms: 0 or 33.3 ns)', async () => {
    const m = machine(1);
    const cost = 33e-6;
    // The loop as the lab timed it before: one reading around a pass over 30 000 keys.
    const t0 = m.now();
    m.spend(30_000 * cost);
    const naive = ((m.now() - t0) * 1e6) / 30_000;
    expect([0, 1e6 / 30_000]).toContainEqual(naive);

    const step = clockStep(m.now);
    const t = await timeOps((ops) => m.spend(ops * cost), { now: m.now, step });
    expect(t.perOp).toBeGreaterThan(cost * 0.95);
    expect(t.perOp).toBeLessThan(cost * 1.05);
    expect(t.ticks).toBeGreaterThanOrEqual(MIN_TICKS);
    expect(t.step).toBe(1);
    expect(t.samples).toHaveLength(5);
    expect(t.noise).toBe(false);
    expect(t.spread).toBeLessThan(0.11);
  });

  it('two runs on a 1 ms clock agree within 10%, where single readings swing from 0 to 1 ms', async () => {
    const runs = [];
    for (const offset of [0.1, 0.7]) {
      const m = machine(1);
      m.spend(offset);
      runs.push((await timeOps((ops) => m.spend(ops * 2e-4), { now: m.now, step: 1 })).perOp);
    }
    expect(Math.max(...runs) / Math.min(...runs)).toBeLessThan(1.1);
  });

  it('a loop that gets ten times faster once hot (a tiered JIT) reads the same on its first run as on its second, each slice spanning its ticks', async () => {
    const m = machine(1);
    let done = 0;
    // Cold for its first 40 000 operations (past the slice's sizing), then compiled: ten times faster.
    const subject = (ops: number) => {
      for (let i = 0; i < ops; i++) m.spend(done++ < 40_000 ? 1e-3 : 1e-4);
    };
    const first = await timeOps(subject, { now: m.now, step: 1 });
    const second = await timeOps(subject, { now: m.now, step: 1 });
    expect(first.ticks).toBeGreaterThanOrEqual(MIN_TICKS);
    expect(first.perOp).toBeCloseTo(1e-4, 5);
    expect(Math.max(first.perOp, second.perOp) / Math.min(first.perOp, second.perOp)).toBeLessThan(1.1);
    expect(first.noise).toBe(false);
  });

  it('runs at least minOps operations a sample, in whole slices', async () => {
    const m = machine(1);
    let total = 0;
    const t = await timeOps(
      (ops) => {
        total += ops;
        m.spend(ops * 1e-3);
      },
      { now: m.now, step: 1, minOps: 100_000, samples: 3 },
    );
    expect(t.ops).toBeGreaterThanOrEqual(100_000);
    expect(t.ops % t.sliceOps).toBe(0);
    expect(total).toBeGreaterThanOrEqual(3 * 100_000);
    expect(t.perOp).toBeCloseTo(1e-3, 4);
  });

  it('calls between before each slice with the share done, ending at 1, and stops when it throws', async () => {
    const m = machine(1);
    const seen: number[] = [];
    await timeOps((ops) => m.spend(ops * 1e-3), { now: m.now, step: 1, between: async (d) => void seen.push(d) });
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((d, i) => i === 0 || d >= seen[i - 1])).toBe(true);
    let calls = 0;
    const stopped = timeOps((ops) => m.spend(ops * 1e-3), {
      now: m.now,
      step: 1,
      between: async () => {
        if (++calls > 3) throw new Error('cancelled');
      },
    });
    await expect(stopped).rejects.toThrow('cancelled');
  });

  it('calls a timing noise when its samples disagree by more than NOISE_SPREAD, and says by how much', async () => {
    const m = machine(1);
    let sample = 0;
    let slow = false;
    const t = await timeOps((ops) => m.spend(ops * (slow ? 3e-3 : 1e-3)), {
      now: m.now,
      step: 1,
      samples: 5,
      between: async (d) => {
        // Past the calibration (d > 0), every other slice runs on a machine three times slower.
        if (d > 0) slow = sample++ % 2 === 1;
      },
    });
    expect(t.spread).toBeGreaterThan(NOISE_SPREAD);
    expect(t.spread).toBeGreaterThan(1.5);
    expect(t.noise).toBe(true);
  });

  it('on a fine clock, runs each reading for at least minMs', async () => {
    const m = machine(0, 1e-5);
    const t = await timeOps((ops) => m.spend(ops * 1e-4), { now: m.now, step: clockStep(m.now), minMs: 1 });
    expect(t.sliceOps * 1e-4).toBeGreaterThanOrEqual(1);
    expect(t.perOp).toBeCloseTo(1e-4, 6);
  });
});

describe('timeEach', () => {
  it('interleaves the subjects’ samples and times each at its own cost', async () => {
    const m = machine(1);
    const order: string[] = [];
    let sampling = false;
    const [a, b] = await timeEach(
      [
        (ops) => {
          if (sampling) order.push('a');
          m.spend(ops * 1e-3);
        },
        (ops) => {
          if (sampling) order.push('b');
          m.spend(ops * 4e-3);
        },
      ],
      { now: m.now, step: 1, samples: 3, between: async (d) => void (sampling = d > 0 || sampling) },
    );
    // Each within the clock's error over the ticks its slices span.
    expect(Math.abs(a.perOp / 1e-3 - 1)).toBeLessThanOrEqual(1 / a.ticks);
    expect(Math.abs(b.perOp / 4e-3 - 1)).toBeLessThanOrEqual(1 / b.ticks);
    // After the first sample starts, a and b alternate sample by sample.
    expect(order.join('')).toMatch(/^a*(b+a+)+b+$/);
  });
});
