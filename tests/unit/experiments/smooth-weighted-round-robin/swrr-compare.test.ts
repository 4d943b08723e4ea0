import { describe, expect, it } from 'vitest';
import { runExperiment } from '../../../../src/experiments/shared/run.ts';
import type { SwrrCompareData } from '../../../../src/experiments/smooth-weighted-round-robin/swrr-compare.ts';
import { letters } from '../../../../src/lib/swrr/index.ts';

describe('swrr.compare', () => {
  it('with 2:1 shows the article’s three patterns: A B A B…, A A B…, A B A…', async () => {
    const { output } = await runExperiment('swrr.compare', { shown: '6' });
    const shown = (id: string) => letters((output.data as SwrrCompareData).schemes.find((s) => s.id === id)!.shown);
    expect(shown('rr')).toBe('ABABAB');
    expect(shown('wrr')).toBe('AABAAB');
    expect(shown('swrr')).toBe('ABAABA');
    expect(output.results['rr.share']).toBe(0.5);
    expect(output.results['swrr.share']).toBeCloseTo(2 / 3, 3);
  });

  it('with two nodes at 5:1 SWRR is burst WRR started elsewhere: A runs 5 in a row in both', async () => {
    const { output } = await runExperiment('swrr.compare', { weights: '5,1', shown: '12' });
    expect(output.results['wrr.run']).toBe(5);
    expect(output.results['swrr.run']).toBe(5);
    expect(letters((output.data as SwrrCompareData).schemes[2].shown)).toBe('AAABAAAAABAA');
  });

  it('with three nodes at 5,3,1 burst WRR runs 5 in a row, SWRR 2', async () => {
    const { output } = await runExperiment('swrr.compare', { weights: '5,3,1' });
    expect(output.results['wrr.run']).toBe(5);
    expect(output.results['swrr.run']).toBe(2);
  });

  it('round robin overloads the light node: its queue grows and completion times dwarf the weighted schemes’', async () => {
    const { output } = await runExperiment('swrr.compare');
    expect(output.results['rr.mean']).toBeGreaterThan(50 * (output.results['swrr.mean'] as number));
  });

  it('with 5,3,1, evenly arriving work of fixed size waits longer under bursts than under SWRR', async () => {
    const { output } = await runExperiment('swrr.compare', { weights: '5,3,1' });
    expect(output.results['wrr.mean'] as number).toBeGreaterThan(1.2 * (output.results['swrr.mean'] as number));
  });

  it('with random arrivals and service at load 0.9 the two orders wait within 5% of each other (what the chapter says)', async () => {
    const { output } = await runExperiment('swrr.compare', { weights: '5,3,1', arrivals: 'poisson', service: 'exponential', items: '200000' });
    const ratio = (output.results['wrr.mean'] as number) / (output.results['swrr.mean'] as number);
    expect(Math.abs(ratio - 1)).toBeLessThan(0.05);
  });

  it('gives the same result for the same seed and a distribution that ends at 1', async () => {
    const a = await runExperiment('swrr.compare', { arrivals: 'poisson', seed: '3' });
    const b = await runExperiment('swrr.compare', { arrivals: 'poisson', seed: '3' });
    expect(a.output).toEqual(b.output);
    for (const s of (a.output.data as SwrrCompareData).schemes) expect(s.cdf[s.cdf.length - 1].p).toBe(1);
  });
});
