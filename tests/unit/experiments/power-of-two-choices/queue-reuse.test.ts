/**
 * The page's worker reuses the queueing cells' simulations (queue-runs.ts): a run that asks for a
 * simulation an earlier run made takes its estimate instead of running it again, and reports the
 * same numbers as a run that simulates everything.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queueCache } from '../../../../src/experiments/power-of-two-choices/queue-runs.ts';
import { runExperiment } from '../../../../src/experiments/shared/run.ts';

beforeEach(() => queueCache.clear());
afterEach(() => {
  queueCache.clear();
  queueCache.enabled = false;
});

describe('queue cells reuse what the page has simulated', () => {
  it('herd.stale: another age on the grid simulates nothing again, an age off it only one simulation per strategy, and the numbers are those of a fresh run', async () => {
    const base = { n: '20', choices: '1,2', horizon: '60' };
    const fresh = await runExperiment('herd.stale', { ...base, age: '10' });
    const offGrid = await runExperiment('herd.stale', { ...base, age: '3' });
    // Without reuse the two runs kept nothing: 30 and 33 simulations, and none reused.
    expect([queueCache.runs, queueCache.hits]).toEqual([63, 0]);
    queueCache.clear();
    queueCache.enabled = true;
    await runExperiment('herd.stale', { ...base, age: '5' });
    const first = queueCache.runs;
    expect(first).toBe(3 * 10); // two d and least loaded, ten ages
    const again = await runExperiment('herd.stale', { ...base, age: '10' });
    expect(queueCache.runs).toBe(first);
    expect(again.output).toEqual(fresh.output);
    const off = await runExperiment('herd.stale', { ...base, age: '3' });
    expect(queueCache.runs).toBe(first + 3);
    expect(off.output).toEqual(offGrid.output);
  });

  it('supermarket.t and supermarket.table share the simulations of one system (n, λ, d, horizon, seed); a changed seed or horizon runs anew', async () => {
    queueCache.enabled = true;
    await runExperiment('supermarket.t', { n: '20', choices: '2', horizon: '60' });
    const first = queueCache.runs;
    await runExperiment('supermarket.t', { n: '20', choices: '2', horizon: '60', lambda: '0.95' });
    expect(queueCache.runs).toBe(first); // 0.95 is on the coarse grid
    await runExperiment('supermarket.t', { n: '20', choices: '2', horizon: '60', seed: '2' });
    expect(queueCache.runs).toBe(2 * first);
    await runExperiment('supermarket.t', { n: '20', choices: '2', horizon: '61' });
    expect(queueCache.runs).toBe(3 * first);
  });

  it('a cancelled run keeps nothing', async () => {
    queueCache.enabled = true;
    const controller = new AbortController();
    const run = runExperiment('herd.stale', { n: '20', choices: '2', horizon: '2000' }, { signal: controller.signal, progress: (done) => done > 0.3 && controller.abort() });
    await expect(run).rejects.toThrow();
    const before = queueCache.runs;
    expect(before).toBeGreaterThan(0);
    await runExperiment('herd.stale', { n: '20', choices: '2', horizon: '2000' });
    expect(queueCache.runs - before).toBe(2 * 10);
  });
});
