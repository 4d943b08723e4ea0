import { describe, expect, it } from 'vitest';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';
import type { SwrrWarmupData } from '../../../../src/experiments/smooth-weighted-round-robin/swrr-warmup.ts';

describe('swrr.warmup', () => {
  it('without a warm-up every restart starts with the heaviest node', async () => {
    const { output } = await runExperiment('swrr.warmup');
    expect(output.results['none.share']).toBe(1);
  });

  it('the article’s skip (below the node count) still favours the heaviest node: 2 of 3 starting points for 5,3,1', async () => {
    const { output } = await runExperiment('swrr.warmup', { restarts: '200000' });
    expect(output.results['article.share']).toBeCloseTo(2 / 3, 2);
    // Its first picks are the first three of the cycle, A B A: C never starts.
    expect((output.data as SwrrWarmupData).shares.article[2]).toBe(0);
  });

  it('a skip below the total weight gives each node its weight’s share of starts', async () => {
    const { output } = await runExperiment('swrr.warmup', { restarts: '200000' });
    const shares = (output.data as SwrrWarmupData).shares.cycle;
    [5 / 9, 3 / 9, 1 / 9].forEach((w, i) => expect(shares[i]).toBeCloseTo(w, 2));
  });

  it('refuses more than 200 million picks', () => {
    const r = resolve('swrr.warmup', { restarts: '20000000', window: '20' });
    expect(r.ok ? null : r.errors[0].code).toBe('too-many-picks');
  });
});
