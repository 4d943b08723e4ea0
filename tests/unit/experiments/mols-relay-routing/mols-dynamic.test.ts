import { describe, expect, it } from 'vitest';
import type { MolsDynamicData } from '../../../../src/experiments/mols-relay-routing/mols-dynamic.ts';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';

describe('mols.dynamic', () => {
  it('defaults: the same seed gives the same run, with the failure forcing clients off and the sticky layer keeping reconnections low', async () => {
    const a = await runExperiment('mols.dynamic', {});
    const b = await runExperiment('mols.dynamic', {});
    expect(a.output).toEqual(b.output);
    const d = a.output.data as MolsDynamicData;
    expect(d.steps).toHaveLength(100);
    expect(d.steps[d.failAt - 1].forced).toBeGreaterThan(0);
    expect(d.steps[d.failAt].alive).toBe(6);
    const loose = await runExperiment('mols.dynamic', { sticky: 'off' });
    expect(Number(loose.output.results.reconnects)).toBeGreaterThan(5 * Number(a.output.results.reconnects));
  });

  it('caps clients × steps', () => {
    expect(resolve('mols.dynamic', { clients: '4000', steps: '751' }).ok).toBe(false);
    expect(resolve('mols.dynamic', { clients: '4001' }).ok).toBe(false);
    expect(resolve('mols.dynamic', { p2c: 'maybe' }).ok).toBe(false);
  });
});
