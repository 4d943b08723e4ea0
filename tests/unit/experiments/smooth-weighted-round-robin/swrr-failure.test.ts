import { describe, expect, it } from 'vitest';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';
import type { SwrrFailureData } from '../../../../src/experiments/smooth-weighted-round-robin/swrr-failure.ts';

describe('swrr.failure', () => {
  it('A fails at its first pick from round 3, is out for 4 rounds, then climbs back 1 a round', async () => {
    const { output } = await runExperiment('swrr.failure');
    expect(output.results).toMatchObject({ 'failed.round': 4, 'back.round': 11, 'full.round': 13 });
    expect(output.results.sequence).toBe('AABCCCCBCBACAABAACAAABAACAAABA');
    const eff = (output.data as SwrrFailureData).rounds.map((r) => r.effective[0]);
    expect(eff.slice(0, 13)).toEqual([5, 5, 5, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5]);
  });

  it('refuses a node past the end, a node of weight 0 and a failure after the last round', () => {
    const code = (given: Record<string, string>) => {
      const r = resolve('swrr.failure', given);
      return r.ok ? null : r.errors[0].code;
    };
    expect(code({ node: '4' })).toBe('node-past-end');
    expect(code({ weights: '0,1,1' })).toBe('node-off');
    expect(code({ failAt: '40' })).toBe('fail-after-end');
    expect(code({ weights: '0,0,0' })).toBe('all-zero-weights');
  });
});
