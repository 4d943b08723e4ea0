import { describe, expect, it } from 'vitest';
import type { MolsFailoverData } from '../../../../src/experiments/mols-relay-routing/mols-failover.ts';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';

describe('mols.failover', () => {
  it('defaults (700 clients, 7 relays): the textbook backup takes 100%, rendezvous about 1/6 plus noise', async () => {
    const { output } = await runExperiment('mols.failover', {});
    const r = output.results as Record<string, number>;
    expect(r['max_share.textbook']).toBe(1);
    expect(r.ideal_share).toBeCloseTo(1 / 6, 12);
    expect(r.structural_share).toBeCloseTo(2 / 7, 12);
    expect(r['max_share.rendezvous']).toBeGreaterThan(1 / 6);
    expect(r['max_share.rendezvous']).toBeLessThan(0.3);
    const d = output.data as MolsFailoverData;
    for (const x of d.routers) {
      expect(x.primary.reduce((s, c) => s + c, 0)).toBe(700);
      expect(x.moved.reduce((s, c) => s + c, 0)).toBe(x.displaced);
      expect(x.moved[x.failed]).toBe(0);
    }
  });

  it('grid placement: χ² near 0 and the layered backup near 2/7 (row 0 and one other row on one backup); the rows design at most 1/6 + 2%', async () => {
    const { output } = await runExperiment('mols.failover', { placement: 'grid' });
    const r = output.results as Record<string, number>;
    expect(r['chi2.textbook']).toBe(0);
    expect(Math.abs(r['max_share.layered'] - 2 / 7)).toBeLessThan(0.015);
    expect(r['max_share.rows']).toBeLessThan(1 / 6 + 0.02);
  });

  it('refuses fewer clients than relays', () => {
    expect(resolve('mols.failover', { clients: '10', relays: '12' }).ok).toBe(false);
  });
});
