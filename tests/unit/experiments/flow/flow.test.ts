import { describe, expect, it } from 'vitest';
import { flowCompare } from '../../../../src/experiments/flow/flow-compare.ts';
import type { FlowData } from '../../../../src/experiments/flow/flow-common.ts';
import { flowSim } from '../../../../src/experiments/flow/flow-sim.ts';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';
import type { Experiment } from '../../../../src/experiments/shared/types.ts';
import { fixedPointTime } from '../../../../src/lib/supermarket/index.ts';
import { expectLabels, expectPromptCancel } from '../queue-cells.ts';

describe('flow.sim', () => {
  it('one server at load 0.5 (`reproduce -- flow.sim --servers 1 --load 0.5 --policy random`) is M/M/1: mean 2, p99 9.21', async () => {
    // 2 000 000 requests; across seeds the mean varies by about 0.005 and p99 by 0.04 here.
    const { params, output } = await runExperiment('flow.sim', { servers: '1', load: '0.5', policy: 'random', requests: '2000000' });
    expect(params).toMatchObject({ servers: 1, load: 0.5, policy: 'random', choices: 2, refresh: 0, speeds: [1], seed: 1, service: 'exp', capacity: 0, slow: 0 });
    const r = output.results as Record<string, number>;
    expect(Object.keys(r)).toEqual(['latency.mean', 'latency.p50', 'latency.p95', 'latency.p99', 'latency.max', 'queue.max']);
    expectLabels('flow.sim', Object.keys(r));
    expect(Math.abs(r['latency.mean'] - 2)).toBeLessThan(0.03);
    expect(Math.abs(r['latency.p99'] - Math.log(100) / 0.5)).toBeLessThan(0.2);
    expect(Math.abs(r['latency.p95'] - Math.log(20) / 0.5)).toBeLessThan(0.1);
    const data = output.data as FlowData;
    expect(data.warmup.requests).toBe(400_000);
    expect(data.measured).toBe(1_600_000);
    // One server at load 0.5 is busy half the time.
    expect(Math.abs(data.policies[0].utilisation[0] - 0.5)).toBeLessThan(0.01);
    expect(data.policies[0].histogram.reduce((a, b) => a + b, 0) + data.policies[0].overflow).toBe(1_600_000);
  });

  it('p2c over 1000 servers at load 0.9 lands on chapter 1’s supermarket fixed point', async () => {
    const { output } = await runExperiment('flow.sim', { servers: '1000', load: '0.9', policy: 'p2c', requests: '1000000' });
    const mean = output.results['latency.mean'] as number;
    expect(mean).toBeGreaterThan(fixedPointTime(0.9, 2) - 0.04);
    expect(mean).toBeLessThan(fixedPointTime(0.9, 2) + 0.06);
  });

  it('gives the same result for the same parameters, byte for byte', async () => {
    const given = { servers: '7', policy: 'jsq', refresh: '0.5', speeds: '1,3', requests: '20000', seed: '9' };
    const a = await runExperiment('flow.sim', given);
    const b = await runExperiment('flow.sim', given);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('stops within a chunk when cancelled, with an AbortError', async () => {
    const p = { servers: 1000, load: 0.9, policy: 'jsq', choices: 2, refresh: 0, speeds: [1], requests: 900_000, seed: 1 };
    await expectPromptCancel(flowSim as unknown as Experiment, p);
  });

  it('refuses bad parameters before running, and runs too long for the work bound', () => {
    for (const [given, param, code] of [
      [{ load: '0.995' }, 'load', undefined],
      [{ servers: '1001' }, 'servers', undefined],
      [{ choices: '9' }, 'choices', undefined],
      [{ policy: 'least' }, 'policy', undefined],
      [{ servers: '2', slow: '3' }, 'slow', 'flow-slow-gt-servers'],
      [{ servers: '2', speeds: '1,2,3' }, 'speeds', 'flow-speeds-gt-servers'],
      [{ servers: '1000', policy: 'jsq', requests: '2000000' }, 'requests', 'flow-too-much-work'],
    ] as const) {
      const r = resolve('flow.sim', given);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.errors[0].param).toBe(param);
        expect(r.errors[0].code).toBe(code);
      }
    }
    expect(resolve('flow.sim', { servers: '1000', policy: 'p2c', requests: '2000000' }).ok).toBe(true);
  });
});

describe('flow.compare', () => {
  it('at its defaults runs random, p2c and jsq on the same requests: jsq < p2c < random in mean and p99', async () => {
    const { params, output } = await runExperiment('flow.compare');
    expect(params).toEqual({ policies: 'random, p2c, jsq', servers: 10, load: 0.9, choices: 2, refresh: 0, speeds: [1], requests: 200_000, seed: 1, service: 'exp', cv: 1, capacity: 0, slow: 0, slowFactor: 5, slowFrom: 0.4, slowFor: 0.3, decay: 10 });
    const r = output.results as Record<string, number>;
    expect(Object.keys(r)).toEqual(['latency.mean.random', 'latency.mean.p2c', 'latency.mean.jsq', 'latency.p99.random', 'latency.p99.p2c', 'latency.p99.jsq']);
    expectLabels('flow.compare', Object.keys(r));
    expect(r['latency.mean.jsq']).toBeLessThan(r['latency.mean.p2c']);
    expect(r['latency.mean.p2c']).toBeLessThan(r['latency.mean.random']);
    expect(r['latency.p99.jsq']).toBeLessThan(r['latency.p99.p2c']);
    expect(r['latency.p99.p2c']).toBeLessThan(r['latency.p99.random']);
    // The chapter's sentence: two samples buy most of what knowing every queue buys, more so in the tail.
    const share = (stat: string) => (r[`latency.${stat}.random`] - r[`latency.${stat}.p2c`]) / (r[`latency.${stat}.random`] - r[`latency.${stat}.jsq`]);
    expect(share('mean')).toBeGreaterThan(0.5);
    expect(share('p99')).toBeGreaterThan(share('mean'));
    // Random sends each server a Poisson stream at 0.9: ten M/M/1 queues, mean 10, p99 ln(100)/0.1.
    expect(Math.abs(r['latency.mean.random'] - 10) / 10).toBeLessThan(0.1);
    expect(Math.abs(r['latency.p99.random'] - Math.log(100) / 0.1) / 46).toBeLessThan(0.1);
  });

  it('pins its numbers for a seed: every draw is + − × ÷ and libm.ts, so Chromium gives these same doubles', async () => {
    const { output } = await runExperiment('flow.compare', { requests: '20000' });
    expect(output.results).toEqual({
      'latency.mean.random': 8.825508290607678,
      'latency.mean.p2c': 3.035059279364455,
      'latency.mean.jsq': 1.7949016167946528,
      'latency.p99.random': 44.373034828861364,
      'latency.p99.p2c': 10.24974855877906,
      'latency.p99.jsq': 7.006479123076701,
    });
  });

  it('matches flow.sim policy by policy (same seed, same requests)', async () => {
    const common = { servers: '5', speeds: '2,1', requests: '5000', seed: '3', refresh: '1' };
    const { output } = await runExperiment('flow.compare', { ...common, policies: 'rr swrr p2c' });
    for (const policy of ['rr', 'swrr', 'p2c']) {
      const single = await runExperiment('flow.sim', { ...common, policy });
      expect(output.results[`latency.mean.${policy}`]).toBe(single.output.results['latency.mean']);
      expect(output.results[`latency.p99.${policy}`]).toBe(single.output.results['latency.p99']);
    }
    expectLabels('flow.compare', ['rr', 'swrr', 'p2c'].flatMap((p) => [`latency.mean.${p}`, `latency.p99.${p}`]));
  });

  it('names the policy it cannot read, or the one listed twice', () => {
    const bad = resolve('flow.compare', { policies: 'random, p3c' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors[0]).toMatchObject({ param: 'policies', code: 'flow-policy-unknown', vars: { name: 'p3c' } });
    const twice = resolve('flow.compare', { policies: 'jsq,p2c,jsq' });
    if (!twice.ok) expect(twice.errors[0]).toMatchObject({ param: 'policies', code: 'flow-policy-repeated', vars: { name: 'jsq' } });
    expect(twice.ok).toBe(false);
    expect(resolve('flow.compare', { policies: 'constructor' }).ok).toBe(false);
  });

  it('stops within a chunk when cancelled', async () => {
    const p = { policies: 'random, p2c, jsq', servers: 1000, load: 0.9, choices: 2, refresh: 0, speeds: [1], requests: 300_000, seed: 1 };
    await expectPromptCancel(flowCompare as unknown as Experiment, p);
  });
});
