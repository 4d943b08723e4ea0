import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyLayers, DynamicFleet, keeps, layeredGrid, layeredRank, nextSaturated, pressure } from '../../../../src/lib/mols/index.ts';
import type { DynamicStep, LayerSwitches, RelayState } from '../../../../src/lib/mols/index.ts';
import { xoshiro128ss } from '../../../../src/lib/random/index.ts';

const relay = (over: Partial<RelayState> = {}): RelayState => ({ alive: true, load: 0.25, ewma: 0.25, previous: 0.25, jitter: 0.05, rttMs: 80, saturated: false, ...over });
const all: LayerSwitches = { p2c: true, congestion: true, sticky: true };

describe('the system layers', () => {
  it('P2C moves the first candidate to the end of the open ones only when its pressure leads by more than 0.3', () => {
    const rs = [relay({ ewma: 0.7 }), relay(), relay(), relay({ saturated: true })];
    expect(applyLayers([0, 1, 2, 3], rs, all)).toEqual([1, 2, 0, 3]);
    expect(applyLayers([0, 1, 2, 3], rs, { ...all, p2c: false })).toEqual([0, 1, 2, 3]);
    rs[0].ewma = 0.5;
    expect(applyLayers([0, 1, 2, 3], rs, all)).toEqual([0, 1, 2, 3]);
  });

  it('P2C reads a pressure difference, not a load ratio: a load 30% (up to 50%) above the second’s never swaps an unsaturated pair, a 0.31 lead in pressure does at any load', () => {
    const steady = (load: number) => relay({ load, ewma: load, previous: load, jitter: 0 });
    fc.assert(
      // Second loads up to 0.5 and ratios up to 1.5 keep the first below saturation (0.8).
      fc.property(fc.double({ min: 0.01, max: 0.5, noNaN: true }), fc.double({ min: 1.3, max: 1.5, noNaN: true }), (b, ratio) => {
        const first = steady(ratio * b);
        expect(applyLayers([0, 1], [first, steady(b)], all)).toEqual([0, 1]);
        expect(applyLayers([0, 1], [{ ...first, ewma: b + 0.31 }, steady(b)], all)).toEqual([1, 0]);
      }),
    );
  });

  it('puts relays slower than 2 s after the rest and drops dead ones', () => {
    const rs = [relay({ rttMs: 2500 }), relay({ alive: false }), relay({ saturated: true }), relay()];
    expect(applyLayers([0, 1, 2, 3], rs, all)).toEqual([3, 2, 0]);
  });

  it('saturates above 0.8 and recovers below 0.6 (hysteresis)', () => {
    expect([nextSaturated(false, 0.79), nextSaturated(false, 0.81), nextSaturated(true, 0.61), nextSaturated(true, 0.59)]).toEqual([false, true, true, false]);
  });

  it('the sticky layer keeps a healthy relay and leaves one past pressure 0.5 or RTT 2 s', () => {
    expect(keeps(relay())).toBe(true);
    expect(pressure(relay({ ewma: 0.3, load: 0.5, previous: 0.3, jitter: 0.1 }))).toBeCloseTo(0.5, 12);
    expect(keeps(relay({ ewma: 0.5 }))).toBe(false);
    expect(keeps(relay({ rttMs: 2001 }))).toBe(false);
    expect(keeps(relay({ saturated: true }))).toBe(false);
  });

  it('the “latency reorder” is a fixed permutation of the order: no relay latency enters it', () => {
    const g = layeredGrid(7);
    for (let h = 0; h < 2000; h += 37) {
      const plain = layeredRank(h * 2654435761, g);
      const mirrored = layeredRank(h * 2654435761, g, true);
      expect([...mirrored].sort()).toEqual([...plain].sort());
      // Mirrored: relay j ranks where relay n − 1 − j ranked from the bottom.
      expect(mirrored).toEqual([...plain].reverse().map((j) => 6 - j));
    }
  });
});

describe('the dynamic fleet', () => {
  const run = (layers: LayerSwitches, steps = 100): DynamicStep[] => {
    const f = new DynamicFleet({ clients: 400, relays: 7, steps, turnover: 0.01, design: 'article', layers }, xoshiro128ss(3));
    return Array.from({ length: steps }, () => f.advance());
  };
  const sum = (s: DynamicStep[], k: 'reconnects' | 'forced') => s.reduce((a, x) => a + x[k], 0);

  it('is a pure function of its seed', () => {
    expect(run(all)).toEqual(run(all));
  });

  it('the sticky layer cuts reconnections; the congestion reorder adds many and lowers no latency', () => {
    const sticky = run(all);
    const loose = run({ ...all, sticky: false });
    const calm = run({ ...all, sticky: false, congestion: false });
    expect(sum(sticky, 'reconnects') * 5).toBeLessThan(sum(loose, 'reconnects'));
    expect(sum(loose, 'reconnects')).toBeGreaterThan(sum(calm, 'reconnects') + 200);
    const meanRtt = (s: DynamicStep[]) => s.reduce((a, x) => a + x.rtt, 0) / s.length;
    expect(meanRtt(loose)).toBeGreaterThan(meanRtt(calm) * 0.97);
    expect(sum(sticky, 'forced')).toBeGreaterThan(0);
    expect(loose.some((x) => x.congested)).toBe(true);
  });
});
