import { describe, expect, it } from 'vitest';
import type { MolsChurnData } from '../../../../src/experiments/mols-relay-routing/mols-churn.ts';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';

describe('mols.churn', () => {
  it('7 → 6: textbook and non-sticky layered move about 5/6 of the unaffected clients; sticky layered and rendezvous none', async () => {
    const { output } = await runExperiment('mols.churn', { spread: '10' });
    const r = output.results as Record<string, number>;
    expect(r.random).toBeCloseTo(5 / 6, 12);
    expect(r['moved.layered']).toBe(0);
    expect(r['moved.rendezvous']).toBe(0);
    const d = output.data as MolsChurnData;
    for (const id of ['textbook', 'layered_nosticky'] as const) {
      const s = d.settings.find((x) => x.id === id)!;
      expect(s.moved).toHaveLength(10);
      const mean = s.moved.reduce((a, b) => a + b, 0) / s.moved.length;
      expect(Math.abs(mean - 5 / 6)).toBeLessThan(0.03);
    }
    expect(r['count.textbook'] / r['unaffected.textbook']).toBe(r['moved.textbook']);
    expect(Object.keys(r)).not.toContain('count.rendezvous');
  });

  it('caps clients × spread', () => {
    expect(resolve('mols.churn', { clients: '5000', spread: '81' }).ok).toBe(false);
    expect(resolve('mols.churn', { clients: '5000', spread: '80' }).ok).toBe(true);
  });
});
