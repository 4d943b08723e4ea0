import { describe, expect, it } from 'vitest';
import type { LabWeightsData } from '../../../../src/experiments/placement-lab/lab-weights.ts';
import { labWeights } from '../../../../src/experiments/placement-lab/lab-weights.ts';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';
import { expectLabels, expectPromptCancel } from '../queue-cells.ts';

describe('lab.weights', () => {
  it('at its defaults: weights 1, 2, 3, 4; mod-N, jump and Maglev give each node its weight’s share within sampling noise', async () => {
    const { output } = await runExperiment('lab.weights');
    expectLabels('lab.weights', Object.keys(output.results));
    const data = output.data as LabWeightsData;
    expect(data.targets).toEqual([0.1, 0.2, 0.3, 0.4]);
    const r = output.results as Record<string, number>;
    for (const id of ['mod-n', 'jump', 'maglev']) expect(r[`error.${id}`]).toBeLessThan(4 * r.noise);
    for (const row of data.rows) expect(row.shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(data.rows.find((x) => x.id === 'jump')!.how).toBe('emulated');
  });

  it('accepts repeated weights and refuses more points than allowed', () => {
    expect(resolve('lab.weights', { weights: '1,1,2,2' }).ok).toBe(true);
    const r = resolve('lab.weights', { weights: Array(21).fill(100).join(','), V: '1000', schemes: 'ring-nginx' });
    expect(r.ok ? null : r.errors[0].code).toBe('too-many-points');
  });

  it('stops promptly when cancelled', async () => {
    const r = resolve('lab.weights', { keys: '500000' });
    if (!r.ok) throw new Error('bad params');
    await expectPromptCancel(labWeights, r.params);
  });
});
