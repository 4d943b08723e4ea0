import { describe, expect, it } from 'vitest';
import { molsSpeed, type MolsSpeedData } from '../../../../src/experiments/mols-relay-routing/mols-speed.ts';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';

describe('mols.speed', () => {
  it('measures three settings, each a median of its repeats; every result is marked as timed', async () => {
    const { output } = await runExperiment('mols.speed', { calls: '2000', repeats: '3' });
    const d = output.data as MolsSpeedData;
    for (const s of ['mols', 'rendezvous', 'rendezvous_text'] as const) {
      expect(d.samples[s]).toHaveLength(3);
      expect(d.median[s]).toBe([...d.samples[s]].sort((a, b) => a - b)[1]);
      expect(d.median[s]).toBeGreaterThan(0);
    }
    expect(Object.keys(output.results).every((k) => molsSpeed.timed!(k))).toBe(true);
    expect(output.results.ratio).toBeCloseTo(d.median.rendezvous_text / d.median.mols, 12);
  });

  it('caps calls × repeats', () => {
    expect(resolve('mols.speed', { calls: '5000000', repeats: '11' }).ok).toBe(false);
  });
});
