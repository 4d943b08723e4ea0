import { describe, expect, it } from 'vitest';
import { runExperiment } from '../../../../src/experiments/shared/run.ts';

describe('swrr.pods', () => {
  it('pods started together and fed in turn send each pick M times in a row: bursts of M', async () => {
    const { output } = await runExperiment('swrr.pods');
    expect(output.results['shared.run']).toBe(2);
    expect(output.results['pods.run']).toBe(6);
    expect(output.results['pods.share']).toBeCloseTo(5 / 9, 2);
  });

  it('one pod is the shared instance', async () => {
    const { output } = await runExperiment('swrr.pods', { pods: '1' });
    expect(output.results['pods.run']).toBe(output.results['shared.run']);
    expect(output.results['pods.share']).toBe(output.results['shared.share']);
  });

  it('a random front and a warm-up keep the aggregate share near the weight', async () => {
    const { output } = await runExperiment('swrr.pods', { front: 'random', warmup: 'cycle', requests: '90000', pods: '8' });
    expect(output.results['pods.share'] as number).toBeCloseTo(5 / 9, 2);
  });
});
