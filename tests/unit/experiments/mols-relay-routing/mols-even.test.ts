import { describe, expect, it } from 'vitest';
import { runExperiment } from '../../../../src/experiments/shared/run.ts';

describe('mols.even', () => {
  it('N = 6: multiplier 3 puts half the clients on each of two relays; one Latin square spreads them; the fallback herds the failover', async () => {
    const { output } = await runExperiment('mols.even', {});
    const r = output.results as Record<string, number>;
    expect(r['collapse.used']).toBe(2);
    expect(Math.abs(r['collapse.max_share'] - 0.5)).toBeLessThan(0.05);
    expect(r['single.max_share']).toBeLessThan(0.22);
    expect(r.even_share).toBeCloseTo(1 / 6, 12);
    expect(r['layered.failover']).toBe(1);
    expect(r['rows.failover']).toBeLessThan(0.4);
  });

  it('an odd N with a multiplier coprime to it does not collapse', async () => {
    const { output } = await runExperiment('mols.even', { relays: '7', clients: '700' });
    expect(output.results['collapse.used']).toBe(7);
  });
});
